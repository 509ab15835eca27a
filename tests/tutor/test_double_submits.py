"""Double clicks on state-changing forms: the thing is done once, every response is a page, never a 500
(SQLite and PostgreSQL).

As in tests/tutor/practice/test_concurrent_answers.py, on SQLite the race runs in a subprocess on a
WAL file database (threads cannot share pytest-django's in-memory one); on PostgreSQL it runs here.
"""

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _at_once(n: int, post) -> list:
    """Call ``post(i)`` from n threads released together; each result is a status or an error."""
    barrier = threading.Barrier(n)
    results = [None] * n

    def run(i):
        try:
            barrier.wait()
            results[i] = post(i)
        except Exception as exc:  # noqa: BLE001 - reported to the test
            results[i] = repr(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    return results


def _client(user):
    from django.test import Client

    client = Client(raise_request_exception=False)
    client.force_login(user)
    return client


def race_publish() -> dict:
    from django.urls import reverse
    from django.utils import timezone

    from tutor.accounts.models import User
    from tutor.classroom import services
    from tutor.classroom.models import Assignment, Membership

    teacher = User.objects.create_user(username="maestra", password="x", role=User.Role.TEACHER)
    classroom = services.create_classroom(teacher=teacher, name="Clase", rules="guia")
    for i in range(3):
        Membership.objects.create(
            classroom=classroom, student=User.objects.create_user(f"a{i}", password="x")
        )
    practice_set = services.save_set(
        classroom=classroom,
        teacher=teacher,
        fields={
            "title": "Tarea",
            "instructions": "",
            "kind": "items",
            "goal_skill": "",
            "goal_level": None,
            "opens_at": timezone.now(),
            "due_at": timezone.now() + timezone.timedelta(days=2),
            "whole_class": True,
        },
        items=[{"kind": "family", "family": "jugada", "count": 1, "difficulty": 1}],
        students=[],
        publish=False,
    )
    clients = [_client(teacher) for _ in range(6)]
    url = reverse("classroom:set_publish", args=[practice_set.pk])
    statuses = _at_once(6, lambda i: clients[i].post(url).status_code)
    pages = [c.get(practice_set.get_absolute_url()).content.decode() for c in clients]
    return {
        "statuses": statuses,
        "assignments": Assignment.objects.filter(practice_set=practice_set).count(),
        "published": sum("Tarea publicada para 3 alumnos." in p for p in pages),
        "already": sum("Esta tarea ya está publicada." in p for p in pages),
    }


def race_signup() -> dict:
    from django.test import Client
    from django.urls import reverse

    from tutor.accounts.models import User

    clients = [Client(raise_request_exception=False) for _ in range(6)]
    data = {
        "username": "gemela",
        "password1": "baraja-de-oros-9",
        "password2": "baraja-de-oros-9",
        "role": "learner",
    }
    responses = _at_once(6, lambda i: clients[i].post(reverse("accounts:signup"), data))
    return {
        "statuses": [r if isinstance(r, str) else r.status_code for r in responses],
        "refused": sum(
            "Ya existe" in r.content.decode()
            for r in responses
            if not isinstance(r, str) and r.status_code == 200
        ),
        "users": User.objects.filter(username="gemela").count(),
    }


def race_checkpoints() -> dict:
    from django.urls import reverse

    from lessons.course import load_course
    from lessons.models import CheckpointIssue
    from tutor.accounts.models import User

    step = next(s for s in load_course().steps if len(s.checkpoints) >= 2)
    user = User.objects.create_user(username="rapida", password="x")
    clients = [_client(user) for _ in range(20)]
    url = reverse("lessons:start", args=[step.unit_slug, step.slug])
    statuses = _at_once(20, lambda i: clients[i].post(url).status_code)
    per_index = list(
        CheckpointIssue.objects.filter(step_key=step.key, issued__learner=user).values_list(
            "index", flat=True
        )
    )
    return {"statuses": statuses, "per_index": sorted(per_index), "checkpoints": len(step.checkpoints)}


def race_create_class_and_accounts() -> dict:
    from django.urls import reverse

    from tutor.accounts.models import User
    from tutor.classroom.models import Classroom, Membership

    teacher = User.objects.create_user(username="maestra", password="x", role=User.Role.TEACHER)
    clients = [_client(teacher) for _ in range(6)]

    def told(response) -> list:
        return [response.status_code, "Esto ya estaba hecho." in response.content.decode()]

    create = _at_once(
        6,
        lambda i: told(
            clients[i].post(reverse("classroom:create"), {"name": "3º A", "rules": "guia"}, follow=True)
        ),
    )
    classroom = Classroom.objects.get()
    url = reverse("classroom:new_students", args=[classroom.pk])
    accounts = _at_once(6, lambda i: told(clients[i].post(url, {"names": "Lucía\nMateo"}, follow=True)))
    return {
        "create": create,
        "accounts": accounts,
        "classes": Classroom.objects.count(),
        "members": Membership.objects.filter(classroom=classroom).count(),
    }


SCRIPT = """
import json, sys, django
django.setup()
from django.core.management import call_command
call_command("migrate", verbosity=0)
from django.conf import settings
settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
settings.ALLOWED_HOSTS = ["testserver"]
settings.STORAGES = {**settings.STORAGES, "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}
from tests.tutor import test_double_submits as races
print(json.dumps(getattr(races, sys.argv[1])()))
"""


def _run(race, tmp_path, settings) -> dict:
    if connection.vendor != "sqlite":
        settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
        return race()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_URL"))}
    env.update(DJANGO_SETTINGS_MODULE="tutor.settings", DJANGO_SQLITE_PATH=str(tmp_path / "race.sqlite3"))
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, race.__name__],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.django_db(transaction=True)
def test_publishing_a_set_twice_at_once_publishes_it_once_and_says_so(tmp_path, settings):
    outcome = _run(race_publish, tmp_path, settings)
    assert outcome["statuses"] == [302] * 6
    assert outcome["assignments"] == 3
    assert outcome["published"] == 1
    assert outcome["already"] == 5


@pytest.mark.django_db(transaction=True)
def test_two_signups_with_one_name_at_once_make_one_account_and_a_clear_refusal(tmp_path, settings):
    outcome = _run(race_signup, tmp_path, settings)
    assert outcome["users"] == 1
    assert sorted(outcome["statuses"]).count(302) == 1
    assert outcome["statuses"].count(200) == 5 == outcome["refused"]


@pytest.mark.django_db(transaction=True)
def test_twenty_parallel_starts_leave_one_open_question_per_checkpoint(tmp_path, settings):
    outcome = _run(race_checkpoints, tmp_path, settings)
    assert outcome["statuses"] == [302] * 20
    assert outcome["per_index"] == list(range(outcome["checkpoints"]))


@pytest.mark.django_db(transaction=True)
def test_a_double_click_on_create_class_or_accounts_does_it_once(tmp_path, settings):
    outcome = _run(race_create_class_and_accounts, tmp_path, settings)
    assert outcome["classes"] == 1
    assert outcome["members"] == 2
    for race in ("create", "accounts"):
        assert [status for status, _told in outcome[race]] == [200] * 6
        assert sorted(told for _status, told in outcome[race]) == [False] + [True] * 5


def test_the_same_submit_again_within_seconds_is_shown_the_first_result(teresa_client):
    from django.urls import reverse

    from tutor.classroom.models import Classroom

    first = teresa_client.post(reverse("classroom:create"), {"name": "3º A", "rules": "guia"})
    again = teresa_client.post(reverse("classroom:create"), {"name": "3º A", "rules": "guia"}, follow=True)
    assert again.redirect_chain[0][0] == first["Location"]
    assert "Esto ya estaba hecho." in again.content.decode()
    assert Classroom.objects.count() == 1
    other = teresa_client.post(reverse("classroom:create"), {"name": "3º B", "rules": "guia"})
    assert other.status_code == 302 and Classroom.objects.count() == 2


def test_a_refused_submit_can_be_sent_again(teresa_client):
    from django.urls import reverse

    for _ in range(2):
        response = teresa_client.post(reverse("classroom:create"), {"name": "", "rules": "guia"})
        assert response.status_code == 200
        assert "Esto ya estaba hecho." not in response.content.decode()
