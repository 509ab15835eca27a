import re

from django.urls import reverse
from django.utils import timezone

from lessons.models import StepProgress

URL = reverse("lessons:index")


def _done(user, *keys):
    now = timezone.now()
    for key in keys:
        StepProgress.objects.create(learner=user, step_key=key, last_seen_at=now, done_at=now)


def test_it_lists_every_unit_and_step_in_order(client, db, course):
    body = client.get(URL).content.decode()
    positions = [body.index(f"{step.number} · {step.title}") for step in course.steps]
    assert positions == sorted(positions)
    for unit in course.units:
        assert unit.title in body


def test_a_new_visitor_is_invited_to_start_at_the_first_step(client, db, course):
    body = client.get(URL).content.decode()
    first = course.steps[0]
    assert re.search(rf'href="/lecciones/{first.key}/">\s*Empezar', body)
    assert "Has completado 0 de 50 pasos." in body


def test_continuar_goes_to_the_next_unfinished_step(alice, alice_client, course):
    _done(alice, *(s.key for s in course.steps[:4]))
    body = alice_client.get(URL).content.decode()
    fifth = course.steps[4]
    assert re.search(rf'href="/lecciones/{fifth.key}/">\s*Continuar', body)
    assert "Has completado 4 de 50 pasos." in body


def test_continuar_stays_at_the_first_unfinished_step_after_a_look_at_a_later_one(
    alice, alice_client, course
):
    _done(alice, course.steps[0].key, course.steps[2].key)
    later = course.steps[10]
    alice_client.get(reverse("lessons:step", args=[later.unit_slug, later.slug]))
    StepProgress.objects.create(learner=alice, step_key=course.steps[20].key, last_seen_at=timezone.now())
    body = alice_client.get(URL).content.decode()
    second = course.steps[1]
    assert re.search(rf'href="/lecciones/{second.key}/">\s*Continuar', body)
    assert f'/lecciones/{later.key}/">\n' not in body


def test_a_finished_unit_says_so_in_text(alice, alice_client, course):
    asistir = course.unit("asistir")
    _done(alice, *(s.key for s in asistir.steps))
    body = alice_client.get(URL).content.decode()
    section = body[body.index('id="unidad-asistir"') : body.index('id="unidad-montar"')]
    assert "Unidad completada" in section
    assert section.count("hecho</span>") == len(asistir.steps)
    montar = body[body.index('id="unidad-montar"') : body.index('id="unidad-fallar"')]
    assert "0 de 3 pasos hechos" in montar


def test_one_learners_progress_is_never_shown_to_another(alice, bob_client, course):
    _done(alice, *(s.key for s in course.steps))
    body = bob_client.get(URL).content.decode()
    assert "Has completado 0 de 50 pasos." in body
    assert "Unidad completada" not in body


def test_a_learner_who_finished_everything_is_told_so(alice, alice_client, course):
    _done(alice, *(s.key for s in course.steps))
    body = alice_client.get(URL).content.decode()
    assert "Has terminado el curso" in body
    assert "Continuar" not in body


def test_queries_do_not_grow_with_progress(alice, alice_client, course, django_assert_max_num_queries):
    with django_assert_max_num_queries(3):
        assert alice_client.get(URL).status_code == 200
    _done(alice, *(s.key for s in course.steps))
    with django_assert_max_num_queries(3):
        assert alice_client.get(URL).status_code == 200


def test_it_rejects_post(client, db):
    assert client.post(URL).status_code == 405
