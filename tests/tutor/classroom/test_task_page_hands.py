"""The student's task page for a set with «jugar manos» items: where it stands (not started, hands played
of N, finished), «0 de 0» and «None» never, and «mano» for one hand."""

import re

import pytest
from django.urls import reverse

from tests.tutor.classroom.conftest import make_set
from tests.tutor.classroom.helpers import answer, right_answer
from tests.tutor.play.conftest import play_out
from tutor.classroom.models import Assignment, Question, SetMatch

FAMILY = {"kind": "family", "family": "ganador", "count": 1, "difficulty": 1}


def _play(count: int, level: str = "principiante") -> dict:
    return {"kind": "play", "family": "", "count": count, "difficulty": 1, "bot_level": level}


def _raw(client, practice_set) -> str:
    return client.get(reverse("classroom:task", args=[practice_set.pk])).content.decode()


def _main(client, practice_set) -> str:
    """The page's main text, tags out and spaces joined."""
    body = _raw(client, practice_set)
    main = body[body.index("<main") : body.index("</main>")]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", main))


def _start(client, practice_set):
    item = practice_set.items.get(kind="play")
    client.post(reverse("classroom:task_play", args=[practice_set.pk, item.pk]))
    return SetMatch.objects.get(item=item).match


def _never_raw(text: str) -> None:
    assert "None" not in text
    assert "0 de 0" not in text


@pytest.fixture
def hands_only(classroom, teresa):
    return make_set(classroom, teresa, items=[_play(2)])


def test_a_set_of_hands_not_started_says_so(hands_only, alice_client):
    text = _main(alice_client, hands_only)
    _never_raw(text)
    assert "sin empezar" in text
    assert "Tarea terminada" not in text and "Has acertado" not in text
    assert "Todavía no has empezado esta tarea: pulsa «Empezar a jugar»." in text
    assert "Preguntas de la tarea" not in _raw(alice_client, hands_only)  # no empty list of questions


def test_a_set_of_hands_in_progress_counts_the_hands_played(hands_only, alice, alice_client):
    match = _start(alice_client, hands_only)
    text = _main(alice_client, hands_only)
    assert "Manos jugadas: 0 de 2." in text and "Seguir jugando" in text
    assert "Tarea terminada" not in text and "Todavía no has empezado" not in text
    play_out(alice_client, match)
    text = _main(alice_client, hands_only)
    _never_raw(text)
    assert "en curso" in text
    assert "Manos jugadas: 1 de 2." in text
    assert "La tarea se termina cuando juegues todas sus manos." in text
    assert "Tarea terminada" not in text and "Has acertado" not in text


def test_a_set_of_hands_played_to_the_end_is_finished_without_a_score(hands_only, alice, alice_client):
    match = _start(alice_client, hands_only)
    play_out(alice_client, match)
    alice_client.post(reverse("play:next_hand", args=[match.token]), {"number": 2})
    play_out(alice_client, match)
    assert Assignment.objects.get(student=alice, practice_set=hands_only).is_done
    text = _main(alice_client, hands_only)
    _never_raw(text)
    assert "¡Tarea terminada! Tu profesor ya puede ver cómo has jugado tus manos." in text
    assert "Partida terminada. Manos jugadas: 2 de 2." in text and "Ver tus manos" in text
    assert "Has acertado" not in text and "ver la corrección" not in text


def test_answered_questions_with_hands_left_are_not_a_finished_set(classroom, teresa, alice, alice_client):
    practice_set = make_set(classroom, teresa, items=[FAMILY, _play(1)])
    alice_client.get(reverse("classroom:task", args=[practice_set.pk]))
    question = Question.objects.get(assignment__student=alice)
    answer(alice_client, question.issued, right_answer(question.issued))
    text = _main(alice_client, practice_set)
    _never_raw(text)
    assert "Tarea terminada" not in text
    assert "Has respondido todas las preguntas. La tarea se termina cuando juegues todas sus manos." in text
    assert "Has acertado 1 de 1 (100 %)." in text

    match = _start(alice_client, practice_set)
    play_out(alice_client, match)
    text = _main(alice_client, practice_set)
    assert "¡Tarea terminada! Tu profesor ya puede ver tus respuestas." in text
    assert "Has acertado 1 de 1 (100 %)." in text


@pytest.mark.parametrize(
    ("count", "line"),
    [
        (
            1,
            "Juega 1 mano contra bots de nivel principiante, con las reglas de la clase: todos tus "
            "compañeros juegan el mismo reparto.",
        ),
        (
            3,
            "Juega 3 manos contra bots de nivel principiante, con las reglas de la clase: todos tus "
            "compañeros juegan los mismos repartos.",
        ),
    ],
)
def test_the_hands_to_play_are_counted_in_singular_and_plural(classroom, teresa, alice_client, count, line):
    practice_set = make_set(classroom, teresa, items=[_play(count)])
    text = _main(alice_client, practice_set)
    assert line in text
    assert "1 manos" not in text


def test_a_closed_class_whose_questions_were_never_issued_claims_nothing(classroom, teresa, alice_client):
    practice_set = make_set(classroom, teresa, items=[FAMILY])
    classroom.archived = True
    classroom.save(update_fields=["archived"])
    text = _main(alice_client, practice_set)
    _never_raw(text)
    assert "Tarea terminada" not in text and "Has acertado" not in text


def test_a_closed_class_never_says_finished_nor_offers_to_start(classroom, teresa, alice, alice_client):
    """Questions and hands in a class archived before the student began: the page says the task can no
    longer be finished, offers no «Empezar a jugar», and a forged start is refused (no match)."""
    practice_set = make_set(classroom, teresa, items=[FAMILY, _play(1)])
    classroom.archived = True
    classroom.save(update_fields=["archived"])
    text = _main(alice_client, practice_set)
    _never_raw(text)
    assert "La clase está archivada: esta tarea ya no se puede terminar." in text
    assert "Tarea terminada" not in text and "Empezar a jugar" not in text
    item = practice_set.items.get(kind="play")
    response = alice_client.post(reverse("classroom:task_play", args=[practice_set.pk, item.pk]))
    assert response.status_code == 302 and not SetMatch.objects.exists()
    assignment = Assignment.objects.get(student=alice, practice_set=practice_set)
    assert assignment.state == Assignment.State.NOT_STARTED


def test_finished_means_handed_in(classroom, teresa, alice, alice_client):
    practice_set = make_set(classroom, teresa, items=[_play(1)])
    match = _start(alice_client, practice_set)
    assert "Tarea terminada" not in _main(alice_client, practice_set)
    play_out(alice_client, match)
    assignment = Assignment.objects.get(student=alice, practice_set=practice_set)
    assert assignment.is_done
    assert "¡Tarea terminada! Tu profesor ya puede ver cómo has jugado tus manos." in _main(
        alice_client, practice_set
    )
