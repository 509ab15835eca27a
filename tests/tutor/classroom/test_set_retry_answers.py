"""The answers to a set's «repite tus errores de la mesa» items reach the teacher like the questions' (the
list of errors, the all-answers CSV, with what the student played and what was right), and the student's
finished set links each answered item, question or play, to its correction."""

import csv
import io
import re

from django.urls import reverse

from engine.cards import NAME_OF
from engine.scenarios.common import CODE_INDEX
from tests.tutor.classroom.conftest import make_set
from tests.tutor.classroom.helpers import answer, right_answer
from tests.tutor.classroom.test_table_rows import _answer, items_for
from tutor.classroom import services
from tutor.classroom.models import Assignment, SetRetry
from tutor.progress.models import TableRetry, TableRetryAnswer


def _text(response) -> str:
    assert response.status_code == 200
    return re.sub(r"\s+", " ", response.content.decode())


def _csv(response) -> list[list[str]]:
    body = b"".join(response.streaming_content if response.streaming else [response.content]).decode()
    return list(csv.reader(io.StringIO(body.lstrip("\ufeff"))))


def _name(code: str) -> str:
    return NAME_OF[CODE_INDEX[code]]


def _chosen(student) -> list[TableRetry]:
    return [s.retry for s in SetRetry.objects.filter(assignment__student=student).select_related("retry")]


def test_a_wrong_retry_answer_is_in_the_teachers_errors_and_csv(
    classroom, teresa, alice, bob, alice_client, teresa_client
):
    items_for(alice, 2)
    practice_set = make_set(
        classroom,
        teresa,
        items=[
            {"kind": "family", "family": "jugada", "count": 1, "difficulty": 1},
            {"kind": "mesa", "count": 2},
        ],
    )
    alice_client.get(reverse("classroom:task", args=[practice_set.pk]))
    assignment = Assignment.objects.get(student=alice, practice_set=practice_set)
    question = services.ensure_questions(assignment=assignment)[0]
    answer(alice_client, question.issued, right_answer(question.issued))
    wrong, right = _chosen(alice)
    _answer(alice_client, wrong, right=False)
    _answer(alice_client, right, right=True)
    played = TableRetryAnswer.objects.get(item=wrong).card
    legal = sorted(c for c, g in wrong.grades.items() if g == "legal")

    page = _text(teresa_client.get(reverse("classroom:set_detail", args=[practice_set.pk])))
    assert "Ningún error todavía" not in page
    assert "En las jugadas de sus manos" in page
    mistake = re.search(r'data-table-mistake="\d+">(.*?)</li>', page).group(1)
    place = f"Mano contra los bots (mano 1 de la partida), baza {wrong.play // 4 + 1}"  # as her pages say
    assert place in mistake
    assert f"jugó <strong>{_name(played)}</strong>" in mistake
    assert "No se puede jugar: sería renuncio." in mistake
    for code in legal:
        assert _name(code) in mistake
    assert page.count("data-table-mistake=") == 1  # the right one is no error

    rows = _csv(teresa_client.get(reverse("classroom:set_attempts_csv", args=[practice_set.pk])))
    header, *answers = rows
    assert len(header) == 13 and all(len(r) == 13 for r in answers)
    assert [r[0] for r in answers] == [alice.username] * 3
    question_row, *retry_rows = answers
    assert question_row[2] == "1"  # the question first, then her plays
    wrong_row = next(r for r in retry_rows if r[9] == "no")
    assert wrong_row[2] == place
    assert wrong_row[3] == "cada alumno repite 2 jugadas de sus errores de la mesa"
    assert (wrong_row[7], wrong_row[8]) == (_name(played), played)
    assert wrong_row[10] == "No se puede jugar: sería renuncio."
    assert [r[9] for r in retry_rows].count("sí") == 1


def test_retry_answers_come_after_each_students_questions_in_the_csv(
    classroom, teresa, alice, bob, alice_client, bob_client, teresa_client
):
    items_for(alice, 1)
    items_for(bob, 1)
    practice_set = make_set(
        classroom,
        teresa,
        items=[
            {"kind": "family", "family": "jugada", "count": 1, "difficulty": 1},
            {"kind": "mesa", "count": 1},
        ],
    )
    for student, client in ((alice, alice_client), (bob, bob_client)):
        client.get(reverse("classroom:task", args=[practice_set.pk]))
        assignment = Assignment.objects.get(student=student, practice_set=practice_set)
        question = services.ensure_questions(assignment=assignment)[0]
        _answer(client, _chosen(student)[0], right=False)
        answer(client, question.issued, right_answer(question.issued))
    rows = _csv(teresa_client.get(reverse("classroom:set_attempts_csv", args=[practice_set.pk])))[1:]
    names = sorted([alice.username, bob.username])
    assert [(r[0], r[2] == "1") for r in rows] == [
        (names[0], True),
        (names[0], False),
        (names[1], True),
        (names[1], False),
    ]


def test_the_teacher_sees_a_wrong_answer_whose_hand_was_removed(
    classroom, teresa, alice, alice_client, teresa_client
):
    from tutor.hands.models import HandRecord

    items_for(alice, 1)
    practice_set = make_set(classroom, teresa, items=[{"kind": "mesa", "count": 1}])
    alice_client.get(reverse("classroom:task", args=[practice_set.pk]))
    item = _chosen(alice)[0]
    _answer(alice_client, item, right=False)
    played = TableRetryAnswer.objects.get(item=item).card
    HandRecord.objects.filter(pk=item.record_id).delete()
    page = _text(teresa_client.get(reverse("classroom:set_detail", args=[practice_set.pk])))
    assert "Una jugada de una mano que ya no está: jugó" in page and _name(played) in page
    rows = _csv(teresa_client.get(reverse("classroom:set_attempts_csv", args=[practice_set.pk])))[1:]
    assert [(r[8], r[9]) for r in rows] == [(played, "no")]


def test_the_finished_set_links_each_answered_play_to_its_correction(classroom, teresa, alice, alice_client):
    items_for(alice, 2)
    practice_set = make_set(classroom, teresa, items=[{"kind": "mesa", "count": 2}])
    url = reverse("classroom:task", args=[practice_set.pk])
    alice_client.get(url)
    first, second = _chosen(alice)
    _answer(alice_client, first, right=False)
    _answer(alice_client, second, right=True)
    page = _text(alice_client.get(url))
    assert Assignment.objects.get(student=alice).state == "entregada"
    links = re.findall(r'href="([^"]+)" data-review-retry', page)
    assert links == [f"{first.get_absolute_url()}?visto=0", f"{second.get_absolute_url()}?visto=0"]
    assert "Pulsa «ver la corrección» en cada una para volver a leer su explicación." in page
    correction = _text(alice_client.get(links[0]))
    assert 'data-retry-feedback="wrong"' in correction
    assert 'name="card"' not in correction  # the correction, not the question asked again


def test_the_set_page_does_not_promise_links_it_does_not_have(classroom, teresa, alice, alice_client):
    from tutor.hands.models import HandRecord

    items_for(alice, 1)
    practice_set = make_set(classroom, teresa, items=[{"kind": "mesa", "count": 1}])
    url = reverse("classroom:task", args=[practice_set.pk])
    alice_client.get(url)
    _answer(alice_client, _chosen(alice)[0], right=True)
    HandRecord.objects.all().delete()  # her only play's hand is gone: nothing to correct is linked
    page = _text(alice_client.get(url))
    assert "Has acertado 1 de 1" in page
    assert "data-review-retry" not in page
    assert "ver la corrección" not in page


def test_the_teachers_set_page_names_the_row_for_each_student(classroom, teresa, teresa_client):
    practice_set = make_set(classroom, teresa, items=[{"kind": "mesa", "count": 2}])
    page = _text(teresa_client.get(reverse("classroom:set_detail", args=[practice_set.pk])))
    assert "cada alumno repite 2 jugadas de sus errores de la mesa" in page
    assert "tus errores" not in page
