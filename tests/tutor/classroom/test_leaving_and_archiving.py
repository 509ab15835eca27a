"""Leaving a class, being removed from it or its archiving end its open work cleanly: the questions
stay in the record, take no more answers (a Spanish message, no 5xx) and are not counted twice."""

import csv
import io

from django.urls import reverse

from tests.tutor.classroom.conftest import make_set
from tests.tutor.classroom.helpers import answer, right_answer, wrong_card
from tutor.classroom.models import Assignment, Membership, Question
from tutor.practice.identity import Owner
from tutor.practice.models import Attempt, Issued
from tutor.practice.services import issue, submit

ITEMS = [{"kind": "family", "family": "jugada", "count": 3, "difficulty": 2}]
LEFT = "Ya no estás en la clase de esta tarea"
ARCHIVED = "La clase de esta tarea está archivada"


def _open_set(client, practice_set, student) -> list[Question]:
    assert client.get(reverse("classroom:task", args=[practice_set.pk])).status_code == 200
    questions = Question.objects.filter(assignment__practice_set=practice_set, assignment__student=student)
    return list(questions.select_related("issued").order_by("number"))


def _csv_rows(client, practice_set) -> list[list[str]]:
    response = client.get(reverse("classroom:set_attempts_csv", args=[practice_set.pk]))
    body = b"".join(response.streaming_content).decode()  # the answers CSV is streamed
    return list(csv.reader(io.StringIO(body.lstrip("\ufeff"))))[1:]


def _leave(client, classroom) -> None:
    assert client.post(reverse("classroom:leave", args=[classroom.pk])).status_code == 302


def test_a_student_who_left_keeps_the_questions_but_cannot_answer_them(
    classroom, teresa, alice, alice_client
):
    practice_set = make_set(classroom, teresa, items=ITEMS)
    first, second, _third = _open_set(alice_client, practice_set, alice)
    answer(alice_client, first.issued, right_answer(first.issued))
    _leave(alice_client, classroom)
    url = reverse("practice:answer", args=[second.issued.token])
    response = alice_client.post(url, {"answer": right_answer(second.issued)}, follow=True)
    assert response.redirect_chain[0][1] == 302 and LEFT in response.content.decode()
    response = alice_client.post(url, {"answer": right_answer(second.issued)}, headers={"HX-Request": "true"})
    assert response.status_code == 200 and LEFT in response.content.decode()
    assert not Attempt.objects.filter(issued=second.issued).exists()
    page = alice_client.get(second.issued.get_absolute_url()).content.decode()
    assert LEFT in page and "scenario__form" not in page
    # The record stays: her questions, her answer and her row, withdrawn.
    assert Issued.objects.filter(learner=alice).count() == 3
    assert Attempt.objects.filter(issued=first.issued).exists()
    row = Assignment.objects.get(practice_set=practice_set, student=alice)
    assert row.withdrawn_at is not None and row.answered == 1


def test_a_student_who_rejoins_gets_back_the_same_questions_not_new_ones(
    classroom, teresa, alice, alice_client, teresa_client
):
    practice_set = make_set(classroom, teresa, items=ITEMS)
    first, second, third = _open_set(alice_client, practice_set, alice)
    answer(alice_client, first.issued, wrong_card(first.issued))
    _leave(alice_client, classroom)
    assert [r[0] for r in _csv_rows(teresa_client, practice_set)] == []
    response = alice_client.post(reverse("classroom:join"), {"code": classroom.join_code})
    assert response.status_code == 302
    again = _open_set(alice_client, practice_set, alice)
    assert [q.pk for q in again] == [first.pk, second.pk, third.pk]
    assert Issued.objects.filter(learner=alice).count() == 3
    answer(alice_client, second.issued, right_answer(second.issued))
    row = Assignment.objects.get(practice_set=practice_set, student=alice)
    assert row.withdrawn_at is None and (row.answered, row.correct) == (2, 1)
    rows = _csv_rows(teresa_client, practice_set)
    assert [(r[0], r[2], r[9]) for r in rows] == [("alice", "1", "no"), ("alice", "2", "sí")]


def test_a_removed_students_answers_leave_the_set_page_and_its_exports(
    classroom, teresa, alice, bob, alice_client, bob_client, teresa_client
):
    practice_set = make_set(classroom, teresa, items=ITEMS)
    (a1, *_rest) = _open_set(alice_client, practice_set, alice)
    (b1, *_rest) = _open_set(bob_client, practice_set, bob)
    answer(alice_client, a1.issued, wrong_card(a1.issued))
    answer(bob_client, b1.issued, wrong_card(b1.issued))
    member = Membership.objects.get(classroom=classroom, student=bob)
    teresa_client.post(reverse("classroom:remove_student", args=[classroom.pk, member.pk]))
    body = teresa_client.get(reverse("classroom:set_detail", args=[practice_set.pk])).content.decode()
    assert "Alicia Gómez" in body and "Roberto Díaz" not in body
    assert [r[0] for r in _csv_rows(teresa_client, practice_set)] == ["alice"]
    results = teresa_client.get(reverse("classroom:set_results_csv", args=[practice_set.pk])).content.decode()
    assert "alice" in results and "bob" not in results
    detail = teresa_client.get(reverse("classroom:detail", args=[classroom.pk])).content.decode()
    assert "bob" not in detail


def test_an_archived_classes_tasks_are_closed_and_reopen_with_it(
    classroom, teresa, alice, alice_client, teresa_client
):
    practice_set = make_set(classroom, teresa, items=ITEMS)
    first, *_rest = _open_set(alice_client, practice_set, alice)
    teresa_client.post(reverse("classroom:archive", args=[classroom.pk]))
    url = reverse("practice:answer", args=[first.issued.token])
    response = alice_client.post(url, {"answer": right_answer(first.issued)}, follow=True)
    assert response.redirect_chain[0][1] == 302 and ARCHIVED in response.content.decode()
    assert not Attempt.objects.exists()
    assert practice_set.title not in alice_client.get(reverse("classroom:tasks")).content.decode()
    task = alice_client.get(reverse("classroom:task", args=[practice_set.pk])).content.decode()
    assert ARCHIVED in task and "scenario__form" not in task
    teresa_client.post(reverse("classroom:archive", args=[classroom.pk]))  # recovered
    answer(alice_client, first.issued, right_answer(first.issued))
    assert Assignment.objects.get(practice_set=practice_set, student=alice).answered == 1


def test_an_archived_class_issues_no_questions_and_moves_no_goal(
    classroom, teresa, alice, alice_client, teresa_client
):
    practice_set = make_set(classroom, teresa, items=ITEMS)
    goal = make_set(
        classroom,
        teresa,
        items=[],
        kind="goal",
        goal_skill="R-OBL-MONTAR",
        goal_level=50,
        title="Dominar montar",
    )
    teresa_client.post(reverse("classroom:archive", args=[classroom.pk]))
    assert alice_client.get(reverse("classroom:task", args=[practice_set.pk])).status_code == 200
    assert not Issued.objects.filter(learner=alice).exists()
    drill = issue(owner=Owner(alice, ""), mode="habilidad", family="jugada", target="R-OBL-MONTAR", seed=3)
    submit(owner=Owner(alice, ""), token=drill.token, raw=right_answer(drill))
    row = Assignment.objects.get(practice_set=goal, student=alice)
    assert (row.state, row.answered) == ("sin_empezar", 0)
