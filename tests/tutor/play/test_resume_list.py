"""/jugar/ lists every unfinished match to resume, each with its table, level, mode and when it was
started; a replayed hand and a class task's match read as such; a match can be left (abandoned), a
class task's cannot."""

import re
from html import unescape

from django.urls import reverse
from django.utils import timezone

from engine.rules import PRESETS
from tutor.play import services
from tutor.play.models import Match
from tutor.practice.identity import Owner


def _text(client) -> str:
    return re.sub(r"\s+", " ", unescape(client.get(reverse("play:index")).content.decode()))


def test_every_unfinished_match_is_listed_with_its_table_and_date(alice, alice_client):
    owner = Owner(alice, "")
    for _ in range(12):
        services.start_match(owner=owner, level="principiante")
    services.start_match(owner=owner, rules=PRESETS["estricta"], level="fuerte", mode="examen")
    text = _text(alice_client)
    assert text.count("Continuar la partida") == 13
    assert "Mesa estricta · empezada" in text and "bots fuerte, modo examen" in text


def test_a_class_task_match_reads_as_such_and_cannot_be_left(alice, alice_client):
    task = services.start_match(owner=Owner(alice, ""), max_hands=2)
    text = _text(alice_client)
    assert "Continuar la partida de una tarea de clase" in text
    assert (
        reverse("play:abandon", args=[task.token])
        not in alice_client.get(reverse("play:index")).content.decode()
    )
    told = alice_client.post(reverse("play:abandon", args=[task.token]), follow=True).content.decode()
    assert "tarea de clase" in told
    assert Match.objects.get(pk=task.pk).abandoned_at is None


def test_a_match_left_is_no_longer_offered(alice, alice_client, bob_client):
    match = services.start_match(owner=Owner(alice, ""))
    assert bob_client.post(reverse("play:abandon", args=[match.token])).status_code == 404
    response = alice_client.post(reverse("play:abandon", args=[match.token]), follow=True)
    assert "Has dejado esa partida" in response.content.decode()
    assert "Continuar la partida" not in _text(alice_client)
    assert alice_client.get(match.get_absolute_url()).status_code == 200  # its hands stay


def test_leaving_a_match_twice_says_the_second_press_found_it_done(alice, alice_client):
    match = services.start_match(owner=Owner(alice, ""))
    url = reverse("play:abandon", args=[match.token])
    alice_client.post(url, follow=True)  # its message is shown and spent
    again = unescape(alice_client.post(url, follow=True).content.decode())
    assert "Ya estaba hecho: esa partida ya la habías dejado." in again
    assert "Has dejado esa partida" not in again


def test_the_kept_list_shows_a_new_score_a_new_order_and_a_match_left_at_once(alice, alice_client):
    owner = Owner(alice, "")
    first, second = (services.start_match(owner=owner) for _ in range(2))
    assert _text(alice_client).count("Continuar la partida (bots normal, modo aprendiz): 0 a 0") == 2
    Match.objects.filter(pk=first.pk).update(points=[3, 1], updated_at=timezone.now())  # as a hand ends
    text = _text(alice_client)
    assert "0 a 0" in text and "3 a 1" in text
    # The match moved last comes first.
    assert text.index(first.token) < text.index(second.token)
    Match.objects.filter(pk=second.pk).update(points=[0, 2], updated_at=timezone.now())
    text = _text(alice_client)
    assert text.index(second.token) < text.index(first.token)
    Match.objects.filter(pk=second.pk).update(finished_at=timezone.now())
    assert second.token not in _text(alice_client) and first.token in _text(alice_client)


def test_each_visitor_sees_only_their_own_kept_list(alice, bob, alice_client, bob_client):
    mine = services.start_match(owner=Owner(alice, ""))
    assert mine.token in _text(alice_client)
    assert mine.token not in _text(bob_client) and "Partidas sin terminar" not in _text(bob_client)


def test_a_refused_new_match_page_still_lists_the_matches_to_resume(alice, alice_client):
    mine = services.start_match(owner=Owner(alice, ""))
    response = alice_client.post(reverse("play:new"), {"rules": "chinchon", "level": "x", "mode": "aprendiz"})
    assert response.status_code == 400
    assert mine.token in response.content.decode() and Match.objects.count() == 1


def test_the_page_offers_the_newest_match_as_the_state_of_its_form(alice, alice_client):
    # «Nueva partida» carries the newest match, finished or not (tutor.lib.pressed): one match per press.
    owner = Owner(alice, "")
    first = services.start_match(owner=owner)
    newest = services.start_match(owner=owner)
    Match.objects.filter(pk=newest.pk).update(finished_at=timezone.now())
    body = alice_client.get(reverse("play:index")).content.decode()
    assert f'value="{newest.pk}"' in body and first.token in body and newest.token not in body
    rows, newest_id = services.index_state(owner)
    assert [row[0] for row in rows] == [first.token] and newest_id == newest.pk == services.newest_match_id(
        owner
    )
