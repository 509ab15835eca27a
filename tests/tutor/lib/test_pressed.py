"""Every state-changing control acts once, at the state it was pressed in (tutor/lib/pressed.py):
pressed again from the same page («Siguiente pregunta», «Empezar la ronda», «Nueva partida», twice
or twenty times), it is answered with what happened and not done again."""

import re
from html import unescape

import pytest
from django.urls import reverse

from tests.tutor.live.conftest import _fast_passwords, classroom, practice_set, set_round
from tutor.live.models import Round
from tutor.play import services as play_services
from tutor.play.models import Match
from tutor.practice.identity import Owner

__all__ = ["_fast_passwords", "classroom", "practice_set"]
PRESSED_AT = re.compile(r'name="pressed_at" value="(\d+)"')


def _pressed_at(page) -> str:
    """The state a page's control carries (the first control's: they all carry the same)."""
    return PRESSED_AT.search(page.content.decode()).group(1)


def _control(live, action: str) -> str:
    return reverse("live:control", args=[live.code, action])


@pytest.mark.parametrize("presses", [2, 20])
def test_siguiente_pregunta_pressed_again_from_the_same_page_skips_no_question(
    teresa_client, classroom, teresa, practice_set, presses
):
    live = set_round(classroom, teresa, practice_set, count=3)
    at = _pressed_at(teresa_client.get(live.get_absolute_url()))
    responses = [teresa_client.post(_control(live, "siguiente"), {"pressed_at": at}) for _ in range(presses)]
    live.refresh_from_db()
    assert (live.current, live.is_finished) == (2, False)
    assert all(r.status_code == 302 for r in responses)
    told = unescape(teresa_client.get(responses[-1]["Location"]).content.decode())
    assert "No se ha vuelto a hacer" in told and "Ahora está abierta la pregunta 2 de 3" in told


def test_each_control_acts_at_the_stage_its_page_showed(teresa_client, classroom, teresa, practice_set):
    live = set_round(classroom, teresa, practice_set, count=3)
    page = teresa_client.get(live.get_absolute_url())
    at = _pressed_at(page)
    assert teresa_client.post(_control(live, "mostrar"), {"pressed_at": at}).status_code == 302
    # «Siguiente» from the page drawn before the reveal: the teacher had not seen the answers.
    stale = teresa_client.post(_control(live, "siguiente"), {"pressed_at": at}, follow=True)
    live.refresh_from_db()
    assert (live.current, live.revealed) == (1, True)
    assert "Ahora se ven las respuestas de la pregunta 1 de 3" in unescape(stale.content.decode())
    # From the page drawn now, it acts.
    at = _pressed_at(teresa_client.get(live.get_absolute_url()))
    teresa_client.post(_control(live, "siguiente"), {"pressed_at": at})
    live.refresh_from_db()
    assert (live.current, live.revealed) == (2, False)


def test_a_control_without_the_state_it_was_pressed_at_does_nothing(
    teresa_client, classroom, teresa, practice_set
):
    live = set_round(classroom, teresa, practice_set, count=3)
    for sent in ({}, {"pressed_at": "x"}, {"pressed_at": "-3"}, {"pressed_at": str(2**70)}):
        assert teresa_client.post(_control(live, "siguiente"), sent).status_code == 302
    live.refresh_from_db()
    assert (live.current, live.stage) == (1, 0)


@pytest.mark.parametrize("presses", [2, 20])
def test_empezar_la_ronda_pressed_again_starts_one_round(teresa_client, classroom, practice_set, presses):
    start = reverse("live:start", args=[classroom.pk])
    at = _pressed_at(teresa_client.get(start))
    data = {
        "source": "tarea",
        "practice_set": practice_set.pk,
        "family": "jugada",
        "count": 2,
        "pressed_at": at,
    }
    responses = [teresa_client.post(start, data) for _ in range(presses)]
    live = Round.objects.get()
    assert {r["Location"] for r in responses} == {live.get_absolute_url()}
    told = teresa_client.get(live.get_absolute_url()).content.decode()
    assert "Ya estaba hecho: esa ronda ya se había empezado." in told
    # A new page starts a new round.
    data["pressed_at"] = _pressed_at(teresa_client.get(start))
    teresa_client.post(start, data)
    assert Round.objects.count() == 2


@pytest.mark.parametrize("presses", [2, 20])
def test_nueva_partida_pressed_again_starts_one_match(alice_client, presses):
    at = _pressed_at(alice_client.get(reverse("play:index")))
    data = {"rules": "guia", "level": "principiante", "mode": "aprendiz", "pressed_at": at}
    responses = [alice_client.post(reverse("play:new"), data) for _ in range(presses)]
    match = Match.objects.get()
    assert {r["Location"] for r in responses} == {match.get_absolute_url()}
    told = unescape(alice_client.get(match.get_absolute_url()).content.decode())
    assert "Ya estaba hecho: esa partida ya se había empezado." in told


def test_nueva_partida_twice_at_once_starts_one_match(alice, monkeypatch):
    """Two presses that both read the owner's matches before either wrote: the unique constraint
    lets one through, and the other is handed that match."""
    owner = Owner(alice, "")
    first = play_services.start_match(owner=owner, follows=0)
    monkeypatch.setattr(play_services, "newest_match_id", lambda owner: 0)  # read before the first wrote
    match, started = play_services.start_match_pressed(owner=owner, pressed_at=0)
    assert (match, started) == (first, False)
    assert Match.objects.count() == 1
