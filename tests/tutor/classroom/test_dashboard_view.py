"""The class dashboard: skills named as the course names them, colour and words, the weakest first."""

import re

import pytest
from django.urls import reverse

from engine.cards import NAME_OF
from engine.scenarios.common import CODE_INDEX
from lessons.course import load_course
from tests.conftest import hashed
from tests.tutor.classroom.conftest import make_set
from tests.tutor.classroom.helpers import right_answer, wrong_card
from tutor.classroom import services
from tutor.classroom.models import Assignment, Membership, Question
from tutor.practice.identity import Owner
from tutor.practice.services import submit
from tutor.progress.models import SkillStat


def _stat(student, rule_id: str, recent: str) -> None:
    SkillStat.objects.create(
        learner=student,
        kind=SkillStat.Kind.RULE,
        key=rule_id,
        attempts=len(recent),
        correct=recent.count("1"),
        recent=recent,
    )


def _first_step(rule_id: str):
    course = load_course()
    step = course.steps_for_rule(rule_id)[0]
    return step, course.unit(step.unit_slug)


def _page(client, classroom) -> str:
    response = client.get(reverse("classroom:heatmap", args=[classroom.pk]))
    assert response.status_code == 200
    return response.content.decode()


@pytest.fixture
def practised(classroom, alice, bob):
    """Alice strong at asistir, weak at montar; Bob weak at both, nothing at all of fallar."""
    _stat(alice, "R-OBL-ASISTIR", "1111111111")  # 100 Dominada
    _stat(alice, "R-OBL-MONTAR", "0001")  # 0 Por aprender
    _stat(bob, "R-OBL-ASISTIR", "1010")  # 50 Familiar
    _stat(bob, "R-OBL-MONTAR", "0000")  # 0
    _stat(alice, "R-DECK-4", "111")  # 80 Competente
    return classroom


def test_skills_carry_the_courses_names_grouped_by_unit_with_the_id_as_small_print(practised, teresa_client):
    page = _page(teresa_client, practised)
    for rule_id in ("R-OBL-ASISTIR", "R-OBL-MONTAR", "R-DECK-4"):
        step, unit = _first_step(rule_id)
        assert f'<span class="dashboard__skill-name">{step.title}</span>' in page
        assert re.search(
            rf'scope="colgroup"\s+colspan="1"\s+class="dashboard__unit">{re.escape(unit.title)}</th>', page
        )
        assert re.search(rf'<small class="dashboard__skill-id">\s*<a href="[^"]+"[^>]*>{rule_id}</a>', page)


def test_each_cell_says_its_mastery_in_colour_and_words(practised, alice, bob, teresa_client):
    page = _page(teresa_client, practised)
    cells = re.findall(r'<td class="dashboard__cell (mastery--\w+)">(.*?)</td>', page, re.S)
    words = {css: re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body)).strip() for css, body in cells}
    assert words["mastery--100"].startswith("Dominada 100 · 10 respuestas")
    assert words["mastery--80"].startswith("Competente 80 · 3 respuestas")
    assert words["mastery--50"].startswith("Familiar 50 · 4 respuestas")
    assert words["mastery--0"].startswith("Por aprender 0 · 4 respuestas")
    # bob has never practised R-DECK-4: a dash to the eye, words to a screen reader
    assert words["mastery--none"] == "— sin practicar"
    assert '<span aria-hidden="true">—</span><span class="visually-hidden">sin practicar</span>' in page
    assert sum(1 for css, _ in cells if css == "mastery--none") == 1


def test_the_weakest_skill_unit_and_student_come_first(practised, teresa_client):
    page = _page(teresa_client, practised)
    names = re.findall(r'<span class="dashboard__skill-name">([^<]+)</span>', page)
    montar, asistir, tantos = (_first_step(r)[0].title for r in ("R-OBL-MONTAR", "R-OBL-ASISTIR", "R-DECK-4"))
    assert names == [montar, asistir, tantos]  # class means 0, 75, 80
    students = re.findall(r'<th scope="row" class="dashboard__student"[^>]*>([^<]+)</th>', page)
    assert students == ["Roberto Díaz", "Alicia Gómez"]  # means 25 and 60
    weakest = re.findall(r'data-testid="weakest-skill">\s*<strong>([^<]+)</strong>', page)
    assert weakest[0] == montar


def test_the_scroll_region_is_reachable_by_keyboard_and_labelled(practised, teresa_client):
    page = _page(teresa_client, practised)
    region = re.search(r'<div class="dashboard-scroll"([^>]*)>', page).group(1)
    assert 'tabindex="0"' in region and 'role="region"' in region
    assert 'aria-labelledby="dashboard-caption"' in region
    assert '<caption id="dashboard-caption">' in page
    assert "css/classroom.css" in page


def test_the_dashboard_says_when_nobody_has_practised(classroom, teresa_client):
    assert "Nadie de la clase ha practicado todavía." in _page(teresa_client, classroom)


def test_a_cell_opens_that_students_answers_for_that_skill(classroom, teresa, alice, bob, teresa_client):
    practice_set = make_set(
        classroom, teresa, items=[{"kind": "family", "family": "jugada", "count": 2, "difficulty": 2}]
    )
    services.ensure_questions(assignment=Assignment.objects.get(practice_set=practice_set, student=alice))
    questions = list(Question.objects.filter(assignment__student=alice).select_related("issued"))
    submit(owner=Owner(alice, ""), token=questions[0].issued.token, raw=wrong_card(questions[0].issued))
    submit(owner=Owner(alice, ""), token=questions[1].issued.token, raw=right_answer(questions[1].issued))
    rule_id = questions[0].issued.rule_ids[0]
    membership = Membership.objects.get(classroom=classroom, student=alice)
    url = reverse("classroom:student_skill", args=[classroom.pk, membership.pk, rule_id])
    assert f'href="{url}"' in _page(teresa_client, classroom)

    response = teresa_client.get(url)
    assert response.status_code == 200
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))
    assert "Alicia Gómez" in text
    assert _first_step(rule_id)[0].title in text
    wrong = questions[0].issued
    assert f"Respondió: {NAME_OF[CODE_INDEX[wrong_card(wrong)]]}" in text
    expected = ", ".join(NAME_OF[CODE_INDEX[c]] for c in wrong.scenario["answer"])
    assert f"Respuesta correcta: {expected}" in text
    assert "✘ Mal" in text
    cited = sum(rule_id in q.issued.rule_ids for q in questions)
    assert text.count("Respondió:") == cited
    # Bob's answers are not Alice's.
    assert Membership.objects.get(classroom=classroom, student=bob).pk != membership.pk


def test_the_answers_of_a_skill_are_paged(classroom, alice, teresa_client):
    from tests.tutor.classroom.test_teacher_answers import _answer_wrong

    practice_set = make_set(
        classroom,
        classroom.teachers.get(),
        items=[{"kind": "family", "family": "tantos", "count": 12, "difficulty": 1}] * 2,
    )
    assert len(_answer_wrong(practice_set, alice)) == 24
    membership = Membership.objects.get(classroom=classroom, student=alice)
    url = reverse("classroom:student_skill", args=[classroom.pk, membership.pk, "R-DECK-4"])
    first = teresa_client.get(url).content.decode()
    second = teresa_client.get(url, {"pagina": 2}).content.decode()
    assert first.count('class="student-answer"') == 20
    assert second.count('class="student-answer"') == 4
    assert "24 respuestas, las más recientes primero" in first


@pytest.mark.parametrize("who", ["tomas_client", "alice_client"])
def test_no_one_else_opens_a_students_answers(classroom, alice, request, who):
    membership = Membership.objects.get(classroom=classroom, student=alice)
    url = reverse("classroom:student_skill", args=[classroom.pk, membership.pk, "R-OBL-MONTAR"])
    assert request.getfixturevalue(who).get(url).status_code == 404


def test_a_student_of_another_class_or_an_unknown_skill_is_not_found(
    classroom, other_classroom, charlie, teresa_client, alice
):
    theirs = Membership.objects.get(classroom=other_classroom, student=charlie)
    url = reverse("classroom:student_skill", args=[classroom.pk, theirs.pk, "R-OBL-MONTAR"])
    assert teresa_client.get(url).status_code == 404
    mine = Membership.objects.get(classroom=classroom, student=alice)
    url = reverse("classroom:student_skill", args=[classroom.pk, mine.pk, "R-NADA"])
    assert teresa_client.get(url).status_code == 404


def test_a_big_class_is_drawn_a_page_of_students_at_a_time_the_weakest_first(
    classroom, teresa, teresa_client, django_assert_max_num_queries
):
    from tutor.accounts.models import User
    from tutor.classroom.dashboard import STUDENTS_PER_PAGE

    total = STUDENTS_PER_PAGE + 5
    for n in range(total):
        student = User.objects.create(username=f"grande{n:02d}", password=hashed("x"))
        Membership.objects.create(classroom=classroom, student=student, real_name=f"Alumno {n:02d}")
        _stat(student, "R-OBL-MONTAR", "1" * (n % 10) + "0" * (10 - n % 10))  # n % 10 right of ten
    url = reverse("classroom:heatmap", args=[classroom.pk])
    with django_assert_max_num_queries(12):
        first = teresa_client.get(url).content.decode()
    second = teresa_client.get(url, {"pagina": 2}).content.decode()
    names_first = re.findall(r'<th scope="row" class="dashboard__student"[^>]*>([^<]+)</th>', first)
    names_second = re.findall(r'<th scope="row" class="dashboard__student"[^>]*>([^<]+)</th>', second)
    assert len(names_first) == STUDENTS_PER_PAGE
    assert len(names_second) == total - STUDENTS_PER_PAGE + 2  # alice and bob, never practised, last
    # Those with 0-4 right of ten (Por aprender) come before anyone better.
    weak = {f"Alumno {n:02d}" for n in range(total) if n % 10 < 5}
    assert set(names_first[: len(weak)]) == weak
    assert names_second[-2:] == ["Alicia Gómez", "Roberto Díaz"]
    assert f"Alumnos 1 a {STUDENTS_PER_PAGE} de {total + 2}" in first


def test_a_students_answers_page_costs_the_same_queries_whatever_their_history(
    classroom, alice, teresa_client
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tests.tutor.classroom.test_teacher_answers import _answer_wrong

    membership = Membership.objects.get(classroom=classroom, student=alice)
    url = reverse("classroom:student_skill", args=[classroom.pk, membership.pk, "R-DECK-4"])
    counts = []
    for n in (2, 20):
        practice_set = make_set(
            classroom,
            classroom.teachers.get(),
            items=[{"kind": "family", "family": "tantos", "count": n, "difficulty": 1}],
        )
        _answer_wrong(practice_set, alice)
        with CaptureQueriesContext(connection) as ctx:
            assert teresa_client.get(url).status_code == 200
        counts.append(len(ctx.captured_queries))
    assert counts[0] == counts[1]


def test_the_dashboard_is_its_teachers_only_with_students_or_without(
    teresa, tomas, alice, bob, teresa_client, tomas_client, alice_client, client
):
    """The class and its members are read in one query that holds the teacher's check: a class of
    students and a class of none are both refused to a teacher of another class, to a student of
    the class and to a visitor, and opened to their own teacher."""
    full = services.create_classroom(teacher=teresa, name="4º B", rules="guia")
    empty = services.create_classroom(teacher=teresa, name="4º C", rules="guia")
    Membership.objects.create(classroom=full, student=alice, real_name="Alicia Pérez")
    Membership.objects.create(classroom=full, student=bob)
    for classroom in (full, empty):
        url = reverse("classroom:heatmap", args=[classroom.pk])
        for stranger in (tomas_client, alice_client):
            response = stranger.get(url)
            assert response.status_code == 404 and "Alicia" not in response.content.decode()
        assert client.get(url).status_code == 302  # to log in
        assert classroom.name in _page(teresa_client, classroom)
