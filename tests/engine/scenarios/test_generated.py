"""Every family, difficulty and preset: 200 generated scenarios each are consistent, graded right and varied."""

import json

import pytest

from engine.rules import PRESETS
from engine.scenarios import FAMILIES, Scenario, generate, grade
from engine.scenarios.consistency import check_position

SEEDS = range(200)
CASES = [(f, d, p) for f in FAMILIES for d in (1, 2, 3) for p in PRESETS]
# A mesa question is a handful of facts (a dealer, a shown card, a score), not a dealt hand: fewer exist.
MIN_DISTINCT = {"mesa": 150}


def _right_answer(s: Scenario):
    if s.answer_kind in ("card", "choice") and isinstance(s.answer, list):
        return s.answer[0]
    return s.answer


def _is_right(s: Scenario, value) -> bool:
    if s.answer_kind == "cards":
        return set(value) == set(s.answer)
    if isinstance(s.answer, list):
        return value in s.answer
    return value == s.answer


def _wrong_answers(s: Scenario):
    if s.answer_kind in ("card", "choice"):
        return [o.value for o in s.options if not _is_right(s, o.value)]
    if s.answer_kind == "cards":
        right = set(s.answer)
        return [sorted(right ^ {o.value}) for o in s.options]  # every set differing by one card
    return [s.answer - 1, s.answer + 1, s.answer + 10, max(0, s.answer - 10)]


@pytest.mark.parametrize(("family", "difficulty", "preset"), CASES)
def test_generated_scenarios_are_consistent_and_graded_by_their_own_key(family, difficulty, preset):
    rules = PRESETS[preset]
    positions = set()
    for seed in SEEDS:
        s = generate(family, seed, difficulty, rules)
        assert s.family == family and s.difficulty == difficulty and s.seed == seed and s.rules == rules
        assert s.rule_ids and s.question and s.options or s.answer_kind == "number"
        assert check_position(s) == [], (seed, check_position(s))
        assert Scenario.from_dict(json.loads(json.dumps(s.to_dict()))) == s
        g = grade(s, _right_answer(s))
        assert g.correct, (seed, s.answer)
        assert g.misconception is None and g.explanation and g.engine_version
        for wrong in _wrong_answers(s):
            g = grade(s, wrong)
            assert not g.correct, (seed, wrong)
            if family in ("jugada", "validas", "obligacion"):
                # A named misconception only where it is the mistake; otherwise a note naming what it missed.
                assert g.misconception is not None or g.note, (seed, wrong)
            elif family != "tantos" or s.answer_kind == "choice":
                assert g.misconception is not None, (seed, wrong)
        if s.answer_kind in ("card", "cards"):
            assert [v[0] for v in g.verdicts] == s.position["hand"]  # a verdict for every card of the hand
        positions.add(json.dumps(s.position, sort_keys=True))
    assert len(positions) >= MIN_DISTINCT.get(family, 190), "generated positions must be varied"


@pytest.mark.parametrize("family", FAMILIES)
def test_generate_is_deterministic_per_seed(family):
    for seed in (0, 1, 17, 10**12):
        for difficulty in (1, 2, 3):
            assert generate(family, seed, difficulty) == generate(family, seed, difficulty)


@pytest.mark.parametrize("family", ["jugada", "validas"])
def test_play_positions_usually_have_an_illegal_card(family):
    illegal = sum(
        len(generate(family, seed, d).answer) < len(generate(family, seed, d).position["hand"])
        for seed in range(100)
        for d in (1, 2)
    )
    assert illegal == 200


def test_difficulty_one_uses_short_hands():
    sizes = [len(generate("jugada", seed, 1).position["hand"]) for seed in range(100)]
    assert sum(sizes) / len(sizes) <= 6


def test_cante_answers_agree_with_the_engine_cante_rules():
    from engine.cantes import cante_options
    from engine.scenarios.cante import cante_state

    for difficulty in (1, 2, 3):
        for seed in range(150):
            s = generate("cante", seed, difficulty)
            st = cante_state(s.position)
            opts = cante_options(
                st["hand"],
                st["trump"],
                pair_won=st["pair_won"],
                first_win=st["first"],
                sung=st["sung"],
                already_sang=st["sang_now"],
                played=st["played"],
                partner_hand=st["partner"],
                rules=s.rules,
            )
            values = [
                "tute-" + o.tute
                if o.tute
                else "cuarenta"
                if o.kind == "cuarenta"
                else "veinte-" + o.suit.letter
                for o in opts.allowed
            ] or ["nada"]
            assert set(values) == set(s.answer), (seed, difficulty, values, s.answer)


def test_renuncio_answers_agree_with_the_referee():
    from engine.referee import check_trick
    from engine.scenarios.renuncio import renuncio_facts

    for difficulty in (1, 2, 3):
        for seed in range(150):
            s = generate("renuncio", seed, difficulty)
            trump, hands, leader, trick = renuncio_facts(s.position)
            found = check_trick(hands, leader, trick, trump, s.rules)
            assert s.answer == (str(found[0].seat) if found else "nadie")
            assert len(found) <= 1


@pytest.mark.parametrize("seed", [259, 578, 947, 990, 1107])
def test_a_strength_trick_that_is_cut_is_found_for_the_seeds_that_found_none_in_40_hands(seed):
    # The lesson checkpoint «ganador», level 2, target R-DECK-3: these seeds raised ScenarioError
    # (a lesson step that failed for about 1 learner in 230) before find_trick tried 200 hands.
    scenario = generate("ganador", seed, 2, PRESETS["guia"], target="R-DECK-3")
    assert "R-DECK-3" in scenario.rule_ids
