"""The home page of the one who comes back, per persona: where they are, what is due, one next thing."""

import re

import pytest
from django.urls import reverse
from django.utils import timezone

from lessons.course import load_course
from lessons.models import StepProgress
from tests.tutor.classroom.conftest import make_set
from tests.tutor.progress.factories import owner_of, record
from tutor.accounts.models import User
from tutor.classroom import services as classroom_services
from tutor.practice.identity import SESSION_KEY

URL = reverse("core:home")
STEPS = load_course().steps


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _done(user, *steps):
    now = timezone.now()
    for step in steps:
        StepProgress.objects.create(learner=user, step_key=step.key, last_seen_at=now, done_at=now)


def _action(body: str) -> str:
    match = re.search(r"<(a|button)[^>]*data-home-action[^>]*>(.*?)</\1>", body, re.S)
    assert match, "no home action"
    return match.group(0)


def _step_url(step) -> str:
    return reverse("lessons:step", args=[step.unit_slug, step.slug])


def test_a_first_time_visitor_gets_the_welcome_page_without_a_query(
    client, db, django_assert_max_num_queries
):
    with django_assert_max_num_queries(0):
        body = client.get(URL).content.decode()
    assert "Aprende a jugar al Tute por parejas" in body
    assert "data-home-action" not in body


def test_a_new_learner_is_asked_to_start_the_course(alice_client):
    body = alice_client.get(URL).content.decode()
    assert "Hola, Alice" in body
    action = _action(body)
    assert f'href="{_step_url(STEPS[0])}"' in action and "Empezar" in action
    assert "Has completado 0 de 50 pasos." in body


def test_a_returning_learner_sees_where_she_is_and_continues_there(alice, alice_client):
    _done(alice, *STEPS[:3], STEPS[20])
    body = alice_client.get(URL).content.decode()
    fourth = STEPS[3]
    assert f"Sigues en el paso {fourth.number}, «{fourth.title}»" in body
    assert "Has completado 4 de 50 pasos." in body
    action = _action(body)
    assert f'href="{_step_url(fourth)}"' in action and "Continuar" in action


def test_what_is_due_for_review_comes_before_the_course(alice, alice_client):
    _done(alice, STEPS[0])
    record(owner_of(alice), correct=False, misconception="")
    body = alice_client.get(URL).content.decode()
    assert "Tienes 1 ejercicio por repasar." in body
    action = _action(body)
    assert "Repasar ahora" in action
    assert f'action="{reverse("progress:review")}"' in body
    assert "Tus últimos resultados" in body and "Mal" in body


def test_a_learners_own_results_only(alice, bob_client):
    record(owner_of(alice), correct=False)
    body = bob_client.get(URL).content.decode()
    assert "Tus últimos resultados" not in body
    assert "No tienes nada por repasar ahora mismo." in body


def test_an_anonymous_learner_who_practised_is_welcomed_back(client, db):
    session = client.session
    session[SESSION_KEY] = "b" * 32
    session.save()
    from tests.tutor.progress.factories import anonymous

    record(anonymous("b" * 32), correct=True)
    body = client.get(URL).content.decode()
    assert "Hola de nuevo" in body
    assert "Tus últimos resultados" in body and "Bien" in body


def test_a_child_with_a_set_due_sees_it_first_and_the_button_opens_it(teresa):
    classroom = classroom_services.create_classroom(teacher=teresa, name="3º A", rules="guia")
    (login,) = classroom_services.create_managed_students(classroom=classroom, names=["Lucía Pérez"])
    practice_set = make_set(classroom, teresa, title="Asistir el viernes", due_in_days=2)
    from django.test import Client

    child = Client()
    child.force_login(User.objects.get(username=login.username))
    body = child.get(URL).content.decode()
    assert "Tus tareas" in body and "Asistir el viernes" in body
    assert body.index("Tus tareas") < body.index("Tu curso")
    action = _action(body)
    task_url = reverse("classroom:task", args=[practice_set.pk])
    assert f'href="{task_url}"' in action and "Hacer la tarea" in action
    assert "3º A" in body


def test_a_set_handed_in_is_no_longer_on_the_home_page(teresa, alice, alice_client):
    classroom = classroom_services.create_classroom(teacher=teresa, name="3º A", rules="guia")
    from tutor.classroom.models import Assignment, Membership

    Membership.objects.create(classroom=classroom, student=alice, real_name="Alicia")
    make_set(classroom, teresa, title="Ya entregada")
    Assignment.objects.filter(student=alice).update(state=Assignment.State.SUBMITTED)
    body = alice_client.get(URL).content.decode()
    assert "Ya entregada" not in body and "Hacer la tarea" not in body


def test_another_classes_set_never_shows(teresa, alice, charlie_client):
    classroom = classroom_services.create_classroom(teacher=teresa, name="3º A", rules="guia")
    from tutor.classroom.models import Membership

    Membership.objects.create(classroom=classroom, student=alice, real_name="Alicia")
    make_set(classroom, teresa, title="Solo para la clase de Teresa")
    assert "Solo para la clase de Teresa" not in charlie_client.get(URL).content.decode()


def test_a_teacher_gets_the_welcome_page(teresa_client):
    body = teresa_client.get(URL).content.decode()
    assert "data-home-action" not in body
    assert "Aprende a jugar al Tute por parejas" in body


def test_a_learner_who_finished_the_course_is_sent_to_practise(alice, alice_client):
    _done(alice, *STEPS)
    body = alice_client.get(URL).content.decode()
    assert "¡Has terminado el curso!" in body
    assert f'href="{reverse("practice:index")}"' in _action(body)


def test_the_home_page_reads_a_fixed_number_of_queries(alice, alice_client, django_assert_max_num_queries):
    _done(alice, *STEPS[:10])
    for _ in range(5):
        record(owner_of(alice), correct=False)
    with django_assert_max_num_queries(10):
        assert alice_client.get(URL).status_code == 200


def test_the_kept_part_shows_each_change_at_once(alice, alice_client):
    """The learner's part is drawn once and kept: a new answer, a lesson done, a review falling due,
    a task set, a name changed, each shows on the next visit."""
    body = alice_client.get(URL).content.decode()
    assert "Has completado 0 de 50 pasos." in body and "Tus últimos resultados" not in body
    record(owner_of(alice), correct=True)
    body = alice_client.get(URL).content.decode()
    assert "Tus últimos resultados" in body and "Bien" in body and "hace un momento" in body
    _done(alice, STEPS[0])
    assert "Has completado 1 de 50 pasos." in alice_client.get(URL).content.decode()
    from tutor.progress.models import FamilyCard

    FamilyCard.objects.filter(learner=alice).update(due=timezone.now() - timezone.timedelta(seconds=1))
    assert "Tienes 1 ejercicio por repasar." in alice_client.get(URL).content.decode()
    User.objects.filter(pk=alice.pk).update(first_name="Alicia")
    assert "Hola, Alicia" in alice_client.get(URL).content.decode()


def test_the_kept_part_follows_the_language_and_carries_the_readers_own_token(alice, alice_client, bob):
    from django.test import Client

    _done(alice, STEPS[0])
    record(owner_of(alice), correct=False, misconception="")  # «Repasar ahora» is a form
    spanish = alice_client.get(URL).content.decode()
    User.objects.filter(pk=alice.pk).update(language="en")
    english = alice_client.get(URL).content.decode()
    assert "Repasar ahora" in spanish and "Repasar ahora" not in english and "Review now" in english
    checked = Client(enforce_csrf_checks=True)
    checked.force_login(alice)
    page = checked.get(URL).content.decode()
    assert "csrf-token-of-the-reader" not in page
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    assert checked.post(reverse("progress:review"), {"csrfmiddlewaretoken": token}).status_code == 302


def test_the_kept_part_is_given_as_kept_until_an_answers_words_can_change():
    """Read again, the kept part is not built again before the first moment an «hace …» may read
    otherwise: a whole number of minutes after one of the newest answers (or a minute from now)."""
    from types import SimpleNamespace

    from tutor.core.home import _words_until

    now = timezone.now()
    recent = [SimpleNamespace(created_at=now - timezone.timedelta(seconds=s)) for s in (135, 30)]
    assert _words_until(recent, now) == now + timezone.timedelta(seconds=30)
    assert _words_until(recent[:1], now) == now + timezone.timedelta(seconds=45)
    assert _words_until([], now) == now + timezone.timedelta(minutes=1)


def test_the_kept_parts_words_move_on_with_the_clock(alice, alice_client):
    """«hace un momento» becomes «hace 1 minuto» once the minute has passed, with nothing written."""
    import time

    from tutor.practice.models import Attempt

    record(owner_of(alice), correct=True)
    made = timezone.now() - timezone.timedelta(seconds=58.5)
    Attempt.objects.filter(learner=alice).update(created_at=made)
    first, again = (alice_client.get(URL).content.decode() for _ in range(2))
    # Read within the minute (a slow machine may not have).
    if timezone.now() < made + timezone.timedelta(minutes=1):
        assert "hace un momento" in first and "hace un momento" in again
    time.sleep(max(0.0, (made + timezone.timedelta(seconds=60.3) - timezone.now()).total_seconds()))
    later = alice_client.get(URL).content.decode()
    assert "hace 1\xa0minuto" in later and "hace un momento" not in later
