"""A student doing a set: their own scenarios, graded by practice, moving their progress row."""

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.tutor.classroom.conftest import make_set
from tests.tutor.classroom.helpers import answer, right_answer, wrong_card
from tutor.classroom.models import Assignment, Question
from tutor.practice.models import Attempt, Issued

ITEMS = [{"kind": "family", "family": "jugada", "count": 3, "difficulty": 2}]


@pytest.fixture
def position_items(position):
    return [
        *ITEMS,
        {
            "kind": "position",
            "family": "jugada",
            "count": 1,
            "difficulty": 2,
            "position": position.data,
            "position_title": position.title,
        },
    ]


def test_publishing_creates_a_not_started_row_per_student_at_once(classroom, teresa, alice, bob):
    practice_set = make_set(classroom, teresa, items=ITEMS)
    rows = Assignment.objects.filter(practice_set=practice_set)
    assert sorted(r.student.username for r in rows) == ["alice", "bob"]
    assert {r.state for r in rows} == {"sin_empezar"}
    assert {r.total for r in rows} == {3}


def test_a_set_for_chosen_students_reaches_only_them(classroom, teresa, alice):
    practice_set = make_set(classroom, teresa, whole_class=False, students=[alice])
    assert list(practice_set.assignments.values_list("student__username", flat=True)) == ["alice"]


def test_opening_the_set_issues_the_students_own_scenarios(
    classroom, teresa, alice, bob, alice_client, bob_client, position_items
):
    practice_set = make_set(classroom, teresa, items=position_items)
    url = reverse("classroom:task", args=[practice_set.pk])
    assert alice_client.get(url).status_code == 200
    assert bob_client.get(url).status_code == 200
    alice_issued = Issued.objects.filter(learner=alice).order_by("pk")
    bob_issued = Issued.objects.filter(learner=bob).order_by("pk")
    assert alice_issued.count() == 4
    for issued in alice_issued:
        assert issued.mode == "tarea"
        assert issued.set_question.assignment.practice_set == practice_set
        assert issued.set_question.assignment.student == alice
        assert issued.rules == classroom.get_rules().to_dict()
    assert {i.seed for i in alice_issued[:3]}.isdisjoint({i.seed for i in bob_issued[:3]})
    # The built position is the teacher's, for everyone.
    assert alice_issued[3].scenario["position"]["hand"] == ["12c", "4c", "6b"]
    assert alice_issued[3].scenario["answer"] == ["12c"]


def test_reopening_the_set_issues_nothing_new(classroom, teresa, alice, alice_client):
    practice_set = make_set(classroom, teresa, items=ITEMS)
    url = reverse("classroom:task", args=[practice_set.pk])
    alice_client.get(url)
    alice_client.get(url)
    assert Issued.objects.filter(learner=alice).count() == 3


def test_asking_for_a_question_the_set_does_not_have_issues_nothing(classroom, teresa, alice, alice_client):
    # A refused request changes nothing: the 404 for «?n=99» must not leave the questions issued
    # (the first GET of a set issues them; found by tests/tutor/test_no_input_breaks_a_page.py).
    practice_set = make_set(classroom, teresa, items=ITEMS)
    url = reverse("classroom:task", args=[practice_set.pk])
    assert alice_client.get(url, {"n": "99"}).status_code == 404
    assert not Issued.objects.filter(learner=alice).exists()
    assert not Question.objects.filter(assignment__student=alice).exists()
    assert alice_client.get(url, {"n": "3"}).status_code == 200
    assert Issued.objects.filter(learner=alice).count() == 3


def test_the_page_shows_the_first_unanswered_question(classroom, teresa, alice, alice_client):
    practice_set = make_set(classroom, teresa, items=ITEMS)
    url = reverse("classroom:task", args=[practice_set.pk])
    alice_client.get(url)
    first, second = Question.objects.filter(assignment__student=alice).order_by("number")[:2]
    answer(alice_client, first.issued, right_answer(first.issued))
    page = alice_client.get(url).content.decode()
    assert f'data-scenario="{second.issued.token}"' in page
    assert f'data-scenario="{first.issued.token}"' not in page


def test_answers_move_the_row_to_en_curso_then_entregada(classroom, teresa, alice, alice_client):
    practice_set = make_set(classroom, teresa, items=ITEMS)
    alice_client.get(reverse("classroom:task", args=[practice_set.pk]))
    questions = list(Question.objects.filter(assignment__student=alice).select_related("issued"))
    answer(alice_client, questions[0].issued, wrong_card(questions[0].issued))
    row = Assignment.objects.get(practice_set=practice_set, student=alice)
    assert (row.state, row.answered, row.correct) == ("en_curso", 1, 0)
    for q in questions[1:]:
        answer(alice_client, q.issued, right_answer(q.issued))
    row.refresh_from_db()
    assert (row.state, row.answered, row.correct, row.score) == ("entregada", 3, 2, 67)
    assert row.finished_at is not None
    assert Attempt.objects.filter(learner=alice, issued__set_question__assignment=row).count() == 3


def test_a_replayed_answer_counts_once(classroom, teresa, alice, alice_client):
    practice_set = make_set(classroom, teresa, items=ITEMS)
    alice_client.get(reverse("classroom:task", args=[practice_set.pk]))
    q = Question.objects.filter(assignment__student=alice).first()
    answer(alice_client, q.issued, right_answer(q.issued))
    answer(alice_client, q.issued, right_answer(q.issued))
    assert Assignment.objects.get(practice_set=practice_set, student=alice).answered == 1


def test_finishing_after_the_due_date_is_tarde(classroom, teresa, alice, alice_client):
    practice_set = make_set(classroom, teresa, items=[{**ITEMS[0], "count": 1}])
    alice_client.get(reverse("classroom:task", args=[practice_set.pk]))
    practice_set.due_at = timezone.now() - timezone.timedelta(minutes=1)
    practice_set.save()
    q = Question.objects.get(assignment__student=alice)
    answer(alice_client, q.issued, right_answer(q.issued))
    assert Assignment.objects.get(practice_set=practice_set, student=alice).state == "tarde"


def test_a_set_not_open_yet_issues_nothing(classroom, teresa, alice, alice_client):
    practice_set = make_set(classroom, teresa, items=ITEMS)
    practice_set.opens_at = timezone.now() + timezone.timedelta(days=1)
    practice_set.save()
    page = alice_client.get(reverse("classroom:task", args=[practice_set.pk])).content.decode()
    assert "se abre" in page
    assert not Issued.objects.filter(learner=alice).exists()


def test_a_mastery_goal_is_met_from_the_students_attempts(classroom, teresa, alice, alice_client):
    from tutor.practice.identity import Owner
    from tutor.practice.services import issue, submit

    practice_set = make_set(
        classroom, teresa, items=[], kind="goal", goal_skill="R-OBL-MONTAR", goal_level=80
    )
    row = Assignment.objects.get(practice_set=practice_set, student=alice)
    assert row.state == "sin_empezar"
    owner = Owner(alice, "")
    states = []
    for seed in range(3):
        issued = issue(owner=owner, mode="habilidad", family="jugada", target="R-OBL-MONTAR", seed=seed)
        submit(owner=owner, token=issued.token, raw=right_answer(issued))
        row.refresh_from_db()
        states.append(row.state)
    # progress's levels: 1 or 2 right answers are "Familiar" (50); 3 of 3 is "Competente" (80).
    assert states == ["en_curso", "en_curso", "entregada"]


def test_mis_tareas_lists_the_students_sets_and_not_others(
    classroom, other_classroom, teresa, tomas, alice, alice_client
):
    mine = make_set(classroom, teresa, title="Montar sin miedo")
    make_set(other_classroom, tomas, title="Tarea del club")
    make_set(classroom, teresa, publish=False, title="Borrador secreto")
    page = alice_client.get(reverse("classroom:tasks")).content.decode()
    assert "Montar sin miedo" in page
    assert reverse("classroom:task", args=[mine.pk]) in page
    assert "Tarea del club" not in page
    assert "Borrador secreto" not in page


def test_students_never_see_real_names(classroom, teresa, alice, alice_client):
    practice_set = make_set(classroom, teresa)
    pages = [
        alice_client.get(reverse("classroom:tasks")),
        alice_client.get(reverse("classroom:task", args=[practice_set.pk])),
        alice_client.get(reverse("classroom:index")),
    ]
    for page in pages:
        text = page.content.decode()
        assert "Alicia Gómez" not in text
        assert "Roberto Díaz" not in text


@pytest.mark.parametrize("n", ["²", "፩", "٣", "9" * 5000, "-1", "1.0"])
def test_a_question_number_in_odd_digits_shows_the_first_unanswered_question(
    classroom, teresa, alice, alice_client, n
):
    practice_set = make_set(classroom, teresa, items=ITEMS)
    url = reverse("classroom:task", args=[practice_set.pk])
    response = alice_client.get(url, {"n": n})
    assert response.status_code == 200
    first = Question.objects.get(assignment__student=alice, number=1)
    assert f'data-scenario="{first.issued.token}"' in response.content.decode()


def test_a_finished_set_shows_its_score_and_reopens_each_questions_feedback(
    classroom, teresa, alice, alice_client
):
    practice_set = make_set(classroom, teresa, items=ITEMS)
    url = reverse("classroom:task", args=[practice_set.pk])
    alice_client.get(url)
    questions = list(Question.objects.filter(assignment__student=alice).select_related("issued"))
    answer(alice_client, questions[0].issued, wrong_card(questions[0].issued))
    for q in questions[1:]:
        answer(alice_client, q.issued, right_answer(q.issued))
    body = alice_client.get(url).content.decode()
    assert "Has acertado 2 de 3 (67 %)." in body
    for q in questions:
        assert f'href="?n={q.number}#feedback-{q.issued.token}"' in body
    again = alice_client.get(url + "?n=1").content.decode()
    assert f'id="feedback-{questions[0].issued.token}"' in again
    assert "Incorrecto." in again and "Respuesta correcta:" in again
