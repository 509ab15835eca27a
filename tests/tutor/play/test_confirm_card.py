"""«Confirmar la carta»: with it on, a card posted at the table is asked about once more and played only
when confirmed; «No» plays nothing; without it a card is played at once."""

from django.urls import reverse

from tests.tutor.play.conftest import move_url, table
from tutor.lib.cards import card_name
from tutor.play.table import LEARNER


def _learner_card(match):
    for _ in range(5):
        hand, t = table(match)
        if t.hand.turn == LEARNER and not t.learner_cantes():
            return len(t.steps), t.hand.legal()[0].code
    raise AssertionError("not the learner's turn")


def test_a_card_is_asked_about_then_played_only_when_confirmed(alice_client, alice_match):
    alice_client.post(reverse("accounts:display"), {"confirmar": "si"})
    seq, card = _learner_card(alice_match)
    asked = alice_client.post(move_url(alice_match), {"seq": seq, "card": card})
    assert asked.status_code == 200
    html = asked.content.decode()
    assert "¿Juegas esta carta?" in html and f"Sí, jugar: {card_name(card)}" in html
    assert 'name="confirmada" value="1"' in html
    assert len(table(alice_match)[1].steps) == seq  # nothing played yet
    assert alice_client.get(alice_match.get_absolute_url()).status_code == 200  # «No»: back, nothing played
    assert len(table(alice_match)[1].steps) == seq
    played = alice_client.post(move_url(alice_match), {"seq": seq, "card": card, "confirmada": "1"})
    assert played.status_code == 302
    assert len(table(alice_match)[1].steps) > seq


def test_with_htmx_the_question_comes_in_the_table(alice_client, alice_match):
    alice_client.post(reverse("accounts:display"), {"letra": "si"})  # on by default with Letra grande
    seq, card = _learner_card(alice_match)
    asked = alice_client.post(move_url(alice_match), {"seq": seq, "card": card}, HTTP_HX_REQUEST="true")
    html = asked.content.decode()
    assert asked.status_code == 200 and "<html" not in html
    assert "data-confirm-yes" in html and 'id="play-table"' in html


def test_a_card_not_in_the_hand_is_not_asked_about_but_refused(alice_client, alice_match):
    alice_client.post(reverse("accounts:display"), {"confirmar": "si"})
    seq, _card = _learner_card(alice_match)
    mine = {c.code for c in table(alice_match)[1].hand.hand_of(LEARNER)}
    other = next(c for c in ("1o", "1c", "1e", "1b", "3o", "3c") if c not in mine)
    for value in (other, "zz", "99"):
        response = alice_client.post(move_url(alice_match), {"seq": seq, "card": value})
        assert response.status_code == 302
        assert len(table(alice_match)[1].steps) == seq


def test_without_the_setting_a_card_is_played_at_once(alice_client, alice_match):
    seq, card = _learner_card(alice_match)
    assert alice_client.post(move_url(alice_match), {"seq": seq, "card": card}).status_code == 302
    assert len(table(alice_match)[1].steps) > seq
