"""«Jugar» is reached from a class task (with the class's table) and from the end of a lesson."""

from django.urls import reverse

from lessons.course import load_course
from tutor.classroom import services as classroom_services
from tutor.classroom.models import Assignment, Membership


def test_the_table_chosen_by_a_link_is_preselected(client, db):
    body = client.get(reverse("play:index") + "?mesa=estricta").content.decode()
    assert '<option value="estricta" selected>' in body
    body = client.get(reverse("play:index") + "?mesa=nada").content.decode()
    assert '<option value="guia" selected>' in body


def test_a_class_task_links_to_a_match_at_the_classs_table(teresa, alice, alice_client):
    from tests.tutor.classroom.conftest import make_set

    classroom = classroom_services.create_classroom(teacher=teresa, name="4º B", rules="estricta")
    Membership.objects.create(classroom=classroom, student=alice)
    make_set(classroom, teresa)
    assignment = Assignment.objects.get(student=alice)
    body = alice_client.get(reverse("classroom:task", args=[assignment.practice_set_id])).content.decode()
    assert f'href="{reverse("play:index")}?mesa=estricta"' in body


def test_the_last_step_of_a_lesson_links_to_jugar(client, db):
    unit = load_course().units[0]
    last, first = unit.steps[-1], unit.steps[0]
    body = client.get(reverse("lessons:step", args=[unit.slug, last.slug])).content.decode()
    assert "Jugar una mano contra los bots" in body
    if len(unit.steps) > 1:
        body = client.get(reverse("lessons:step", args=[unit.slug, first.slug])).content.decode()
        assert "Jugar una mano contra los bots" not in body
