"""Ludoteka's first hand (oros trump, no card shown, the 2 de oros leads): no wrong answer to a
question about it is told a belief about the default deal («es el palo de la carta que enseña el
repartidor», «la primera baza la abre el jugador a su derecha»), and its rules cite the table's own
first, over every seed and level."""

import pytest

from engine.messages import render
from engine.rules import PRESETS
from engine.scenarios import DIFFICULTIES, MISCONCEPTIONS, generate, grade
from engine.scenarios.mesa import KIND_RULES

LUDOTEKA = PRESETS["ludoteka"]
DEFAULT_DEAL = ("enseña el repartidor", "a su derecha", "agujas del reloj")


def _first_hand_questions():
    for difficulty in DIFFICULTIES:
        for seed in range(300):
            for target in ("R-DEAL-2", "R-DEAL-3"):
                scenario = generate("mesa", seed, difficulty, LUDOTEKA, target)
                if scenario.position["kind"] in KIND_RULES:
                    yield scenario


QUESTIONS = list(_first_hand_questions())


def test_there_are_first_hand_questions_of_both_kinds():
    assert {s.position["kind"] for s in QUESTIONS} == set(KIND_RULES)


@pytest.mark.parametrize("kind", sorted(KIND_RULES))
def test_no_wrong_answer_is_told_the_default_deal(kind):
    for scenario in (s for s in QUESTIONS if s.position["kind"] == kind):
        for option in scenario.options:
            graded = grade(scenario, option.value)
            assert graded.rule_ids[0] == "R-VAR-PRIMERA-MANO-LUDOTEKA"
            if graded.correct:
                continue
            assert graded.misconception is not None
            said = render(MISCONCEPTIONS[graded.misconception], "es")
            assert not any(words in said for words in DEFAULT_DEAL), (scenario.seed, option.value, said)


FALSE_AT_LUDOTEKA = ("la partida se cuenta por manos ganadas", "solo sirven para decidir quién gana la mano")


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_no_ludoteka_mesa_diagnosis_says_how_the_default_table_counts_the_match(difficulty):
    """At Ludoteka a hand won is worth 1 or 2 points and the match is won with 6: a wrong answer is
    never told that the match counts hands won, nor that tantos only decide who wins the hand."""
    told = 0
    for seed in range(300):
        scenario = generate("mesa", seed, difficulty, LUDOTEKA)
        for option in scenario.options:
            graded = grade(scenario, option.value)
            if graded.misconception is None:
                continue
            said = render(MISCONCEPTIONS[graded.misconception], "es")
            assert not any(words in said for words in FALSE_AT_LUDOTEKA), (seed, option.value, said)
            told += 1
    assert told > 100
