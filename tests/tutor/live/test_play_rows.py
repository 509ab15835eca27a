"""A live round asks questions: a set's «jugar N manos» rows are hands at the table, not questions.
A round from a set that mixes both cycles through its question rows only (it answered 500 when the
cycle reached the hands row); a set of hands only is not offered, and the form says why."""

from html import unescape

import pytest
from django.urls import reverse

from tests.tutor.classroom.conftest import make_set
from tutor.live import services
from tutor.live.models import Round

PLAY = {"kind": "play", "family": "", "count": 2, "difficulty": 1, "bot_level": "principiante"}
QUESTION = {"kind": "family", "family": "obligacion", "count": 1, "difficulty": 1}


@pytest.mark.parametrize("rows", [[QUESTION, PLAY], [PLAY, QUESTION], [PLAY, QUESTION, PLAY]])
def test_a_round_from_a_set_with_hands_rows_asks_only_its_questions(teresa_client, classroom, teresa, rows):
    practice_set = make_set(classroom, teresa, items=rows)
    response = teresa_client.post(
        reverse("live:start", args=[classroom.pk]),
        {"source": "tarea", "practice_set": practice_set.pk, "family": "jugada", "count": 5},
    )
    assert response.status_code == 302
    live = Round.objects.get()
    assert [q.family for q in live.questions.all()] == ["obligacion"] * 5


def test_a_set_of_hands_only_is_not_offered_and_the_form_says_why(teresa_client, classroom, teresa):
    hands = make_set(classroom, teresa, items=[PLAY], title="Solo manos")
    asks = make_set(classroom, teresa, items=[QUESTION, PLAY], title="Preguntas y manos")
    page = unescape(teresa_client.get(reverse("live:start", args=[classroom.pk])).content.decode())
    assert "Preguntas y manos" in page and "Solo manos" not in page
    assert "«jugar manos» no entran en una ronda" in page
    refused = teresa_client.post(
        reverse("live:start", args=[classroom.pk]),
        {"source": "tarea", "practice_set": hands.pk, "family": "jugada", "count": 3},
    )
    assert refused.status_code == 400 and not Round.objects.exists()
    with pytest.raises(services.LiveError):
        services.start_round(
            classroom=classroom,
            teacher=teresa,
            source="tarea",
            practice_set=hands,
            count=3,
            allow_guests=False,
        )
    assert asks.pk
