"""A table whose hand had a false «¡Renuncio!» (a match point for the caller's rivals) and a renuncio
called and upheld: the score line, the winner, the hand's page and the kept record agree, and say why."""

import html
import re

import pytest
from django.urls import reverse

from tutor.hands.models import HandRecord
from tutor.tables.models import RenuncioRule

from .conftest import client_of, game, legal_post, move_url, open_table, play_out

pytestmark = pytest.mark.django_db


def _text(response) -> str:
    return re.sub(r"\s+", " ", html.unescape(response.content.decode()))


def _played_to_a_renuncio_after_a_false_call(alice, bob, lang):
    """alice (seat 1, pair A) and bob (seat 2, pair B); bob calls a false renuncio on alice early, then the
    first person to hold a card the rules forbid plays it and the other calls it. (table, clients, culprit)."""
    table = open_table(alice, [(bob, 1)], seed=5, renuncio=RenuncioRule.REAL)
    clients = {0: client_of(alice, lang), 1: client_of(bob, lang)}
    for _ in range(2):
        seat = game(table)[1].waiting_for()[0]
        clients[seat].post(move_url(table), legal_post(table, seat))
    _hand, g = game(table)
    clients[1].post(move_url(table), {"seq": len(g.steps), "contra": "0"})  # nothing renounced yet
    for _ in range(80):
        _hand, g = game(table)
        seat = g.waiting_for()[0]
        if g.hand.turn == seat and not g.deciding() and not g.cantes_of(seat):
            illegal = [c for c in g.hand.hand_of(seat) if c not in set(g.hand.legal())]
            if illegal:
                clients[seat].post(move_url(table), {"seq": len(g.steps), "card": illegal[0].code})
                _hand, g = game(table)
                clients[1 - seat].post(move_url(table), {"seq": len(g.steps), "contra": str(seat)})
                break
        clients[seat].post(move_url(table), legal_post(table, seat))
    else:
        raise AssertionError("nobody could renounce")
    play_out(table, {0: clients[0], 1: clients[1], 2: clients[0], 3: clients[1]})
    table.refresh_from_db()
    return table, clients, seat


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_false_call_and_a_renuncio_the_score_the_winner_the_hand_and_the_record_agree(alice, bob, lang):
    table, clients, culprit = _played_to_a_renuncio_after_a_false_call(alice, bob, lang)
    bad, good = "AB"[culprit % 2], "BA"[culprit % 2]
    # pair B's false call gave pair A a point; the renuncio lost the match (guía): the winners get the 3
    points = [1, 3] if good == "B" else [3, 0]
    assert table.winner == "AB".index(good) and table.points == points
    page = _text(clients[0].get(table.get_absolute_url()))
    hand_page = _text(clients[0].get(reverse("tables:hand", args=[table.token, 1])))
    kept = _text(clients[0].get(HandRecord.objects.get(learner=alice).get_absolute_url()))
    if lang == "es":
        score = f"Partida: pareja A (sitios 1 y 3) {points[0]}, pareja B (sitios 2 y 4) {points[1]}."
        won = f"Gana la partida la pareja {good}, 3 a {min(points)}, porque la pareja contraria cometió renuncio."
        why = f"La pareja {bad} comete renuncio y pierde la partida: gana la pareja {good}."
        false_point = (
            "La pareja A se apunta 1 punto de la partida por el renuncio que la pareja B cantó sin serlo."
        )
        false_call = "no lo hubo"
    else:
        score = f"Match: pair A (seats 1 and 3) {points[0]}, pair B (seats 2 and 4) {points[1]}."
        won = f"Pair {good} wins the match, 3 to {min(points)}, because the other pair committed renuncio."
        why = f"Pair {bad} commits renuncio and loses the match: pair {good} wins."
        false_point = "Pair A scores 1 match point for the false renuncio call by pair B."
        false_call = "there was none"
    assert score in page and won in page
    for shown in (page, hand_page):
        assert why in shown, shown
        assert false_point in shown, shown
    assert why in kept and false_call in kept, kept
    # the note after the false call is written in the notation's language: one text for everyone who kept it
    note = "La pareja A se apunta 1 punto de la partida por el renuncio que la pareja B cantó sin serlo."
    assert note in kept, kept
