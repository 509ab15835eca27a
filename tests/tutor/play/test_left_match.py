"""A match its learner left («Dejar esta partida») takes no more moves: a card, a cante, «No cantar» or the
next hand posted to it is refused with a clear message, and nothing changes (no step, no bot's reply)."""

from html import unescape

from django.urls import reverse

from tests.tutor.play.conftest import move_url, play_legal, play_out, start, table
from tutor.play.models import Event, Match

LEFT = "Dejaste esta partida: ya no se juega."


def _leave(client, match: Match) -> None:
    client.post(reverse("play:abandon", args=[match.token]))
    assert Match.objects.get(pk=match.pk).abandoned_at is not None


def test_a_card_posted_to_a_match_left_is_refused_and_changes_nothing(alice, alice_client):
    match = start(alice)
    assert play_legal(alice_client, match).status_code == 302  # playing before leaving works
    _leave(alice_client, match)
    steps = Event.objects.count()
    for extra in ({"follow": True}, {"HTTP_HX_REQUEST": "true"}):  # a plain form, and htmx's swap
        response = play_legal(alice_client, match, **extra)
        assert response.status_code == 200 and LEFT in unescape(response.content.decode())
    _hand, t = table(match)
    response = alice_client.post(move_url(match), {"seq": len(t.steps), "pasar": "1"}, follow=True)
    assert LEFT in unescape(response.content.decode())
    assert Event.objects.count() == steps


def test_the_next_hand_of_a_match_left_is_not_dealt(alice, alice_client):
    match = start(alice)
    play_out(alice_client, match)
    _leave(alice_client, match)
    hands = match.hands.count()
    response = alice_client.post(reverse("play:next_hand", args=[match.token]), {"number": "2"}, follow=True)
    assert LEFT in unescape(response.content.decode())
    assert match.hands.count() == hands
