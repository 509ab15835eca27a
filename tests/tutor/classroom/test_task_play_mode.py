"""A class task's «jugar manos» row plays in the mode the teacher chose on the set form (examen
unless she says otherwise), and the task page says which before the first card."""

import re

import pytest
from django.urls import reverse

from tests.tutor.classroom.conftest import make_set
from tutor.classroom.models import SetMatch


def _play(mode: str | None) -> dict:
    row = {"kind": "play", "family": "", "count": 2, "difficulty": 1, "bot_level": "principiante"}
    return row if mode is None else {**row, "play_mode": mode}


@pytest.mark.parametrize(
    ("chosen", "mode", "said"),
    [
        ("aprendiz", "aprendiz", "Aprendiz: te avisa si una carta no vale y te da pistas"),
        ("examen", "examen", "Examen: como en una mesa de verdad; el renuncio se castiga"),
        (None, "examen", "Examen: como en una mesa de verdad; el renuncio se castiga"),  # rows made before
    ],
)
def test_the_task_plays_in_the_chosen_mode_and_says_so_first(
    classroom, teresa, alice_client, chosen, mode, said
):
    practice_set = make_set(classroom, teresa, items=[_play(chosen)])
    page = alice_client.get(reverse("classroom:task", args=[practice_set.pk])).content.decode()
    text = re.sub(r"\s+", " ", page)
    assert f"Modo del tutor: {said}." in text
    assert text.index("Modo del tutor") < text.index("Empezar a jugar")
    item = practice_set.items.get()
    alice_client.post(reverse("classroom:task_play", args=[practice_set.pk, item.pk]))
    assert SetMatch.objects.get(item=item).match.mode == mode
