import re
from pathlib import Path

from lessons.course import CONTENT_DIR, load_course

UNIT_ORDER = [
    "baraja",
    "reparto",
    "baza",
    "asistir",
    "montar",
    "fallar",
    "pisar",
    "baza-cortada",
    "salida-de-triunfo",
    "descarte-libre",
    "sin-excepcion-companero",
    "renuncio",
    "tantos",
    "diez-de-ultimas",
    "cantes",
    "tute",
    "partida",
    "variantes-y-errores",
]


def test_the_whole_course_loads_and_validates(course):
    assert len(course.units) == len(UNIT_ORDER)
    assert all(unit.title and unit.summary for unit in course.units)


def test_units_come_in_the_order_of_the_issue(course):
    assert [unit.slug for unit in course.units] == UNIT_ORDER
    assert [unit.order for unit in course.units] == list(range(1, len(UNIT_ORDER) + 1))


def test_every_unit_has_two_to_five_short_steps(course):
    for unit in course.units:
        assert 2 <= len(unit.steps) <= 5, unit.slug
        for step in unit.steps:
            assert len(step.body.split()) <= 260, f"{step.key} is too long for a step"


def test_every_step_has_a_title_a_body_and_names_its_rule_ids(course):
    for step in course.steps:
        assert step.title and step.body.strip() and step.rules, step.key


def test_step_finds_a_step_by_its_unit_and_step_slugs(course):
    step = course.step("montar", "la-mas-fuerte-de-la-baza")
    assert step.title == "Supera la más fuerte, no solo la de salida"
    assert step.number == "5.2"
    assert step.key == "montar/la-mas-fuerte-de-la-baza"


def test_next_step_walks_the_whole_course_across_units(course):
    walked = [course.steps[0]]
    while (following := course.next_step(walked[-1])) is not None:
        walked.append(following)
    assert walked == list(course.steps)
    last_of_baraja = course.unit("baraja").steps[-1]
    assert course.next_step(last_of_baraja) == course.unit("reparto").steps[0]
    assert course.previous_step(course.unit("reparto").steps[0]) == last_of_baraja


def test_next_step_after_the_last_step_is_none(course):
    assert course.next_step(course.steps[-1]) is None
    assert course.previous_step(course.steps[0]) is None


def test_steps_for_rule_lists_the_teaching_steps_in_course_order(course):
    keys = [step.key for step in course.steps_for_rule("R-OBL-CORTADA")]
    assert keys[:2] == ["baza-cortada/ya-no-hace-falta-montar", "baza-cortada/sigues-teniendo-que-asistir"]
    assert course.steps_for_rule("R-NO-EXISTE") == ()


def test_load_course_is_cached_per_directory(course):
    assert load_course() is course
    assert load_course(CONTENT_DIR) is course


def test_no_file_under_lessons_refers_to_shared():
    lessons = Path(__file__).resolve().parents[2] / "lessons"
    offenders = [
        str(path)
        for path in lessons.rglob("*")
        if path.is_file()
        and path.suffix != ".pyc"
        and re.search(r"\.\./shared|/work/shared", path.read_text("utf-8"))
    ]
    assert offenders == []
