"""The play, ganador and tantos families speak in messages: the same decision in Spanish and English, with
the player named from the learner's seat, articles on cards and numbers agreeing, and a note that names what
a wrong answer missed."""

from __future__ import annotations

import json

import pytest

from engine import messages
from engine.messages import render
from engine.rules import GUIA
from engine.scenarios import FIXED, AnswerError, Scenario, build_position, generate, grade, parse_answer
from engine.scenarios.common import describe_trick, player_text
from engine.scenarios.ganador import winner_explanation
from engine.scenarios.tantos import bazas
from tests.engine.helpers import cards

OROS, COPAS = 0, 1


def both(text) -> tuple[str, str]:
    return render(text, "es"), render(text, "en")


def test_a_trick_names_each_player_from_the_learner_seat():
    # The learner sits at seat 0; the partner (seat 2) led the rey de copas, the left rival (3) the sota.
    es, en = both(describe_trick(cards("12c 10c"), 2, 0))
    assert es == "Sale el rey de copas (tu compañero); después, la sota de copas (el rival de tu izquierda)."
    assert (
        en == "The king of copas (your partner) is led; then the jack of copas (the opponent on your left)."
    )
    es, en = both(describe_trick(cards("5c"), 1, 0))
    assert es == "Sale el cinco de copas (el rival de tu derecha)."
    assert en == "The five of copas (the opponent on your right) is led."


def test_a_player_seen_from_outside_is_numbered_with_a_pair():
    assert both(player_text(2)) == ("Jugador 3 (pareja A)", "Player 3 (pair A)")
    assert both(player_text(1)) == ("Jugador 2 (pareja B)", "Player 2 (pair B)")


def test_cards_get_their_article_and_contraction():
    sota, rey = cards("10c 12c")
    # A whole trick: nothing beats it in this baza; two cards played: nothing of what was played, so far.
    four = cards("5c 6c 7o")
    assert render(winner_explanation([cards("4c")[0], sota, *four[:2]], OROS)).endswith(
        "así que nada supera a la sota de copas en esta baza."
    )
    assert render(winner_explanation([cards("4c")[0], rey], OROS)).endswith(
        "de lo jugado, nada supera al rey de copas, pero aún faltan jugadores por echar carta."
    )
    assert render(winner_explanation([cards("4c")[0], rey], OROS), "en").startswith(
        "The four of copas is led and nobody has played a triunfo so far: the strongest card of copas is winning, "
        "the king of copas"
    )


def test_a_number_of_bazas_agrees():
    assert both(bazas(1)) == ("1 baza", "1 baza")
    assert both(bazas(4)) == ("4 bazas", "4 bazas")


def test_validas_note_names_the_cards_left_out_and_the_verb_agrees():
    # No copas, no triunfo in the trick: with oros you must fallar, and both oros are legal.
    scenario = build_position("o", ["5c"], ["12o", "4o", "7b"], GUIA).scenario("validas")
    one = grade(scenario, ["12o"])
    assert not one.correct and one.misconception is None
    assert both(one.note) == (
        "Te has dejado el cuatro de oros, que también se puede jugar.",
        "You left out the four of oros, which can also be played.",
    )
    none = grade(scenario, ["7b"])
    assert render(none.note) == (
        "Te has dejado el rey de oros y el cuatro de oros, que también se pueden jugar. "
        "Has marcado el siete de bastos, que no se puede jugar."
    )
    assert render(none.note, "en") == (
        "You left out the king of oros and the four of oros, which can also be played. "
        "You marked the seven of bastos, which cannot be played."
    )


def test_a_wrong_obligation_is_told_which_one_applies():
    scenario = build_position("o", ["10c"], ["12c", "4c", "6b"], GUIA).scenario("obligacion")
    g = grade(scenario, "asistir")
    assert not g.correct and scenario.answer == "montar"
    assert both(g.note) == (
        "Has elegido «Asistir: seguir el palo de salida», pero aquí la obligación es «Montar: asistir con una "
        "carta que supere».",
        "You chose “Asistir: follow the led suit”, but the obligation here is “Montar: follow suit with a "
        "card that beats it”.",
    )


def test_the_tie_row_says_what_the_totals_decide():
    tie = FIXED["guia-empate-75"]
    graded = grade(tie, "empate")
    rows = {v[0]: v for v in graded.verdicts}
    assert render(rows["empate"][3]) == (
        "Los totales empatan a 75, pero la mano no queda en empate: la gana la pareja que hizo la última baza."
    )
    assert "R-SCORE-3" in graded.rule_ids  # the rule is cited in the «Reglas» lines, not in the sentence
    close = FIXED["guia-80-70"]
    rows = {v[0]: v for v in grade(close, "empate").verdicts}
    assert both(rows["empate"][3]) == (
        "Los totales no empatan: 80 a 70.",
        "The totals are not tied: 80 to 70.",
    )


def test_a_stored_scenario_keeps_its_messages_and_prints_in_either_language():
    s = generate("tantos", 3, 2)
    back = Scenario.from_dict(json.loads(json.dumps(s.to_dict())))
    assert back.question == s.question
    es, en = both(back.question)
    assert es.startswith("Triunfo: ") and "¿Cuántos tantos suma en total?" in es
    assert en.startswith("Triunfo: ") and "How many tantos does it score in total?" in en


def test_an_unreadable_answer_is_said_in_the_language_in_force():
    s = FIXED["guia-cual-puedes-jugar"]
    with pytest.raises(AnswerError) as exc:
        parse_answer(s, "1e")
    assert str(exc.value) == "El as de espadas no está entre tus cartas."
    try:
        messages.set_language_source(lambda: "en")
        assert str(exc.value) == "The ace of espadas is not among your cards."
        assert str(AnswerError(exc.value.text)) == "The ace of espadas is not among your cards."
    finally:
        messages.set_language_source(None)


def test_family_labels_and_misconceptions_print_in_the_language_in_force():
    from engine.scenarios import FAMILY_LABELS, MISCONCEPTIONS

    try:
        messages.set_language_source(lambda: "en")
        assert f"{FAMILY_LABELS['ganador']}" == "Who wins the baza?"
        assert str(MISCONCEPTIONS["no_fallo"]).startswith("Not playing a triunfo")
    finally:
        messages.set_language_source(None)
    assert str(FAMILY_LABELS["ganador"]) == "¿Quién gana la baza?"
