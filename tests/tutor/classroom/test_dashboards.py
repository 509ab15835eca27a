"""Teacher dashboards: heatmap, set results with each mistake, CSV exports; query counts do not grow."""

import csv
import io

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.conftest import hashed
from tests.tutor.classroom.conftest import make_set
from tests.tutor.classroom.helpers import right_answer, wrong_card
from tutor.accounts.models import User
from tutor.classroom import services
from tutor.classroom.models import Assignment, Membership, Question
from tutor.practice.identity import Owner
from tutor.practice.services import submit

ITEMS = [{"kind": "family", "family": "jugada", "count": 2, "difficulty": 2}]


def _do_set(practice_set, student, *, wrong_first: bool) -> None:
    services.ensure_questions(assignment=Assignment.objects.get(practice_set=practice_set, student=student))
    owner = Owner(student, "")
    for q in Question.objects.filter(assignment__practice_set=practice_set, assignment__student=student):
        raw = wrong_card(q.issued) if wrong_first and q.number == 1 else right_answer(q.issued)
        submit(owner=owner, token=q.issued.token, raw=raw)


def _populate(classroom, teacher, n_students: int, n_sets: int):
    students = []
    for i in range(n_students):
        user = User.objects.create(username=f"c{classroom.pk}-estudiante{i}", password=hashed("x"))
        Membership.objects.create(classroom=classroom, student=user, real_name=f"Nombre Real {i}")
        students.append(user)
    sets = [make_set(classroom, teacher, items=ITEMS, title=f"Tarea {n}") for n in range(n_sets)]
    for student in students:
        _do_set(sets[0], student, wrong_first=True)
    return sets


def _body(response) -> str:
    if response.streaming:
        return b"".join(response.streaming_content).decode("utf-8-sig")
    return response.content.decode("utf-8-sig")


def _count(client, url) -> int:
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url).status_code == 200
    return len(ctx.captured_queries)


@pytest.mark.parametrize("url_name", ["classroom:detail", "classroom:heatmap", "set"])
def test_query_counts_do_not_grow_with_students_and_sets(db, teresa, teresa_client, url_name):
    counts = []
    for n_students, n_sets in ((3, 1), (30, 10)):
        classroom = services.create_classroom(teacher=teresa, name=f"Clase {n_students}", rules="guia")
        sets = _populate(classroom, teresa, n_students, n_sets)
        urls = {
            "classroom:detail": reverse("classroom:detail", args=[classroom.pk]),
            "classroom:heatmap": reverse("classroom:heatmap", args=[classroom.pk]),
            "set": reverse("classroom:set_detail", args=[sets[0].pk]),
        }
        counts.append(_count(teresa_client, urls[url_name]))
    assert counts[0] == counts[1]


@pytest.mark.parametrize(
    "url_name", ["classroom:set_results_csv", "classroom:set_attempts_csv", "classroom:tasks"]
)
def test_other_pages_query_counts_do_not_grow(
    db, teresa, teresa_client, url_name, django_assert_max_num_queries
):
    classroom = services.create_classroom(teacher=teresa, name="Grande", rules="guia")
    sets = _populate(classroom, teresa, 30, 10)
    if url_name == "classroom:tasks":
        client = teresa_client.__class__()
        client.force_login(User.objects.get(username=f"c{classroom.pk}-estudiante0"))
        url = reverse(url_name)
    else:
        client, url = teresa_client, reverse(url_name, args=[sets[0].pk])
    with django_assert_max_num_queries(8):
        response = client.get(url)
        assert response.status_code == 200
        _body(response)  # a streamed CSV runs its queries while it is read


def _count_read(client, url) -> int:
    """Queries of one request, a streamed CSV read to its end inside the count."""
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(url)
        assert response.status_code == 200
        _body(response)
    return len(ctx.captured_queries)


def test_a_class_of_three_costs_the_same_queries_while_the_school_around_it_grows(db, teresa, teresa_client):
    """The school's answers grow (other classes, their sets and practice); a teacher page of one class
    of three reads no more for it: the class page, the dashboard, the set page and its mistakes'
    second page, both CSVs, a student's answers for a skill (both pages), the teacher's home, the list
    of classes, the new set's form and the class's logins."""
    from tutor.practice.models import Attempt

    classroom = services.create_classroom(teacher=teresa, name="Pequeña", rules="guia")
    practice_set = _populate(classroom, teresa, 3, 1)[0]
    membership = Membership.objects.filter(classroom=classroom).order_by("pk").first()
    rule_id = Attempt.objects.filter(learner_id=membership.student_id).values_list("rule_ids", flat=True)[0][
        0
    ]
    skill = reverse("classroom:student_skill", args=[classroom.pk, membership.pk, rule_id])
    urls = [
        skill,
        skill + "?pagina=2",
        "/",
        reverse("classroom:index"),
        reverse("classroom:set_create", args=[classroom.pk]),
        reverse("classroom:logins", args=[classroom.pk]),
        reverse("classroom:detail", args=[classroom.pk]),
        reverse("classroom:heatmap", args=[classroom.pk]),
        reverse("classroom:set_detail", args=[practice_set.pk]),
        reverse("classroom:set_detail", args=[practice_set.pk]) + "?pagina=2",
        reverse("classroom:set_results_csv", args=[practice_set.pk]),
        reverse("classroom:set_attempts_csv", args=[practice_set.pk]),
    ]
    alone = [_drawn(teresa_client, url) for url in urls]
    other = User.objects.create(username="otra-profe", role=User.Role.TEACHER, password=hashed("x"))
    for n in range(3):
        around = services.create_classroom(teacher=other, name=f"Vecina {n}", rules="guia")
        _populate(around, other, 8, 2)
    mine = Attempt.objects.filter(learner__username__startswith=f"c{classroom.pk}-").count()
    assert mine and Attempt.objects.count() >= 9 * mine  # the school's log is nine times the class's
    assert [_drawn(teresa_client, url) for url in urls] == alone


def _drawn(client, url) -> int:
    """Queries of one request with nothing kept (the dashboard read again unchanged reads fewer)."""
    cache.clear()
    return _count_read(client, url)


def test_the_heatmap_shows_real_names_and_text_levels(classroom, teresa, alice, teresa_client):
    practice_set = make_set(classroom, teresa, items=ITEMS)
    _do_set(practice_set, alice, wrong_first=False)
    page = teresa_client.get(reverse("classroom:heatmap", args=[classroom.pk])).content.decode()
    assert "Alicia Gómez" in page
    assert "Roberto Díaz" in page
    assert "Familiar" in page or "Competente" in page or "Dominada" in page or "Por aprender" in page


def test_the_set_page_names_each_mistake_and_shows_the_position(classroom, teresa, alice, bob, teresa_client):
    from engine.scenarios import MISCONCEPTIONS

    practice_set = make_set(classroom, teresa, items=ITEMS)
    _do_set(practice_set, alice, wrong_first=True)
    _do_set(practice_set, bob, wrong_first=False)
    page = teresa_client.get(reverse("classroom:set_detail", args=[practice_set.pk])).content.decode()
    q = Question.objects.select_related("issued__attempt").get(assignment__student=alice, number=1)
    attempt = q.issued.attempt
    assert not attempt.correct
    assert str(MISCONCEPTIONS[attempt.misconception]) in page
    from engine.cards import parse_card

    assert "Respondió" in page
    assert parse_card(attempt.answer).name in page
    for code in q.issued.scenario["position"]["hand"]:
        assert parse_card(code).name in page
    assert "Alicia Gómez" in page
    assert "Cartas erróneas más elegidas" in page


def test_results_csv_holds_every_students_row_in_spanish(classroom, teresa, alice, bob, teresa_client):
    practice_set = make_set(classroom, teresa, items=ITEMS)
    _do_set(practice_set, alice, wrong_first=True)
    response = teresa_client.get(reverse("classroom:set_results_csv", args=[practice_set.pk]))
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0][:3] == ["usuario", "nombre real", "estado"]
    by_user = {r[0]: r for r in rows[1:]}
    assert by_user["alice"][1:6] == ["Alicia Gómez", "entregada", "2", "1", "2"]
    assert by_user["bob"][2] == "sin empezar"


def test_attempts_csv_lists_each_answer_with_its_misconception(classroom, teresa, alice, teresa_client):
    from engine.scenarios import MISCONCEPTIONS

    practice_set = make_set(classroom, teresa, items=ITEMS)
    _do_set(practice_set, alice, wrong_first=True)
    response = teresa_client.get(reverse("classroom:set_attempts_csv", args=[practice_set.pk]))
    assert response.streaming
    rows = list(csv.DictReader(io.StringIO(_body(response))))
    assert len(rows) == 2
    wrong = [r for r in rows if r["correcta"] == "no"]
    assert len(wrong) == 1
    q = Question.objects.select_related("issued__attempt").get(assignment__student=alice, number=1)
    assert wrong[0]["usuario"] == "alice"
    assert wrong[0]["nombre real"] == "Alicia Gómez"
    assert wrong[0]["respuesta (código)"] == q.issued.attempt.answer
    assert wrong[0]["error típico"] == str(MISCONCEPTIONS[q.issued.attempt.misconception])


@pytest.mark.parametrize("start", ["=", "+", "-", "@"])
def test_names_and_titles_that_start_a_formula_are_plain_text_in_both_csvs(
    classroom, teresa, teresa_client, position, start
):
    student = User.objects.create(username=f"{start}pupil", password=hashed("x"))
    Membership.objects.create(classroom=classroom, student=student, real_name=f'{start}HYPERLINK("http://x")')
    items = [
        {
            "kind": "position",
            "family": "jugada",
            "count": 1,
            "difficulty": 1,
            "position": position.data,
            "position_title": f"{start}SUM(A1:A9)",
        }
    ]
    practice_set = make_set(classroom, teresa, items=items)
    _do_set(practice_set, student, wrong_first=False)
    cells = []
    for name in ("classroom:set_results_csv", "classroom:set_attempts_csv"):
        response = teresa_client.get(reverse(name, args=[practice_set.pk]))
        rows = list(csv.reader(io.StringIO(_body(response))))
        cells += [value for row in rows[1:] for value in row]
    assert f"'{start}pupil" in cells
    assert f'\'{start}HYPERLINK("http://x")' in cells
    assert not [value for value in cells if value[:1] in ("=", "+", "-", "@")]


def test_the_streamed_answers_csv_is_in_the_teachers_language(classroom, teresa, alice, teresa_client):
    """The rows are made while the response streams, after the request's language was put back: an
    English teacher's file was Spanish but for its header («sí», «no», the belief in Spanish)."""
    from django.utils import translation

    from engine.scenarios import MISCONCEPTIONS
    from tutor.classroom.views.exports import attempts_csv_header

    practice_set = make_set(classroom, teresa, items=ITEMS)
    _do_set(practice_set, alice, wrong_first=True)
    teresa.language = "en"
    teresa.save(update_fields=["language"])
    response = teresa_client.get(reverse("classroom:set_attempts_csv", args=[practice_set.pk]))
    rows = list(csv.reader(io.StringIO(_body(response).lstrip("\ufeff"))))
    with translation.override("en"):
        header = attempts_csv_header()
        yes, no = translation.gettext("sí"), translation.gettext("no")
        q = Question.objects.select_related("issued__attempt").get(assignment__student=alice, number=1)
        belief = str(MISCONCEPTIONS[q.issued.attempt.misconception])
    assert rows[0] == header
    by_column = {name: [r[i] for r in rows[1:]] for i, name in enumerate(header)}
    right_or_wrong = by_column[header[9]]
    assert sorted(right_or_wrong) == sorted([yes, no]) and yes != "sí"
    assert belief in by_column[header[10]]
