"""«Pista» in aprendiz, none in examen; cantes offered at their moment; missed cantes after the hand."""

import re

from tutor.play import bots
from tutor.play.models import Event
from tutor.play.table import CANTE, LEARNER

from .conftest import (
    advance_to_cante,
    move_url,
    play_out,
    seed_where_learner_may_sing,
    start,
    table,
)


def test_pista_shows_the_legal_cards_with_why_and_the_normal_bots_card(alice_client, alice_match):
    hand, t = table(alice_match)
    body = alice_client.get(alice_match.get_absolute_url() + "?pista=1").content.decode()
    ruling = t.hand.ruling()
    assert str(ruling.explanation) in body
    lines = [
        " ".join(line.split()) for line in re.findall(r"<li[^>]*data-verdict[^>]*>(.*?)</li>", body, re.S)
    ]
    for verdict in ruling.verdicts:  # each card in the line of its verdict's reason
        assert any(verdict.card.name in line and line.endswith(f": {verdict.why}") for line in lines)
    suggestion = bots.suggest(t.hand, LEARNER)
    assert "El bot normal jugaría" in body and str(suggestion["text"]) in body


def test_there_is_no_pista_in_examen(alice_client, alice):
    match = start(alice, mode="examen")
    assert "Pista" not in alice_client.get(match.get_absolute_url()).content.decode()
    body = alice_client.get(match.get_absolute_url() + "?pista=1").content.decode()
    assert "El bot normal jugaría" not in body


def test_las_veinte_are_offered_when_the_learner_may_sing_them(alice_client, alice):
    match = start(alice, seed=seed_where_learner_may_sing("veinte"))
    hand, t, options = advance_to_cante(alice_client, match)
    body = alice_client.get(match.get_absolute_url()).content.decode()
    named = f"las veinte en {options[0].suit.label}"  # the cante's name inside a sentence
    assert f"Cantar {named}" in body
    alice_client.post(move_url(match), {"seq": len(t.steps), "cante": options[0].suit.letter})
    hand, t = table(match)
    assert Event.objects.filter(hand=hand, seat=LEARNER, kind=CANTE).count() == 1
    assert t.hand.cante_points[0] >= 20
    body = alice_client.get(match.get_absolute_url()).content.decode()
    assert f"Cantas {named}." in body
    assert f"Tras la baza {len(t.hand.tricks)}: Cantas {named}." in body  # the cantes sung so far


def test_a_cante_let_pass_is_pointed_out_after_the_hand(alice_client, alice):
    match = start(alice, seed=seed_where_learner_may_sing("veinte"))
    play_out(alice_client, match)  # play_legal lets every cante pass
    body = alice_client.get(match.get_absolute_url()).content.decode()
    assert "Cantes que no cantaste" in body and "podías cantar las veinte en" in body


def test_a_cante_not_allowed_now_is_refused(alice_client, alice_match):
    hand, t = table(alice_match)
    response = alice_client.post(move_url(alice_match), {"seq": len(t.steps), "cante": "o"}, follow=True)
    assert "cantar" in response.content.decode()
    assert not Event.objects.filter(hand=hand, seat=LEARNER).exists()


def test_the_bots_read_the_bot_seats_of_a_normal_table_never_the_learners():
    from tutor.play.bots import table_reads

    assert table_reads(0, "normal") == 0b1110  # seats 1-3: the table's bots
    assert table_reads(0, "fuerte") == table_reads(0, "principiante") == 0
