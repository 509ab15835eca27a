"""Redis stopped or frozen (SIGSTOP) under the app: every form still answers, within 2 s, and does
what it was asked once. Our own redis-server on a free port (tests/redis_server.py), never the
machine's shared one."""

import logging
import re
import time

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from tests.conftest import PASSWORD
from tests.redis_server import redis_server
from tutor.classroom import services
from tutor.classroom.models import Classroom, Membership
from tutor.lib import outage
from tutor.lib.outage import shared

__all__ = ["redis_server"]
pytestmark = pytest.mark.django_db
SLOWEST = 2.0


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    # The time limit is Redis's share of a request; the production hasher alone can take seconds.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _fault(server, how: str) -> None:
    server.stop() if how == "stopped" else server.freeze()


def _timed(call, *args, **kwargs):
    started = time.monotonic()
    response = call(*args, **kwargs)
    elapsed = time.monotonic() - started
    assert response.status_code < 500, (args, response.status_code)
    assert elapsed < SLOWEST, (args, elapsed)
    return response


def test_cache_calls_go_to_the_database_while_redis_is_stopped(redis_server, caplog):
    assert shared.add("k", 1, 60)  # Redis answers
    redis_server.stop()
    with caplog.at_level(logging.WARNING):
        assert shared.add("twin", "first", 60)
        assert not shared.add("twin", "second", 60)
        assert shared.get("twin") == "first"
    assert "did not answer" in caplog.text


def test_a_frozen_redis_costs_one_short_wait_then_none(redis_server):
    shared.set("k", 1, 60)
    redis_server.freeze()
    started = time.monotonic()
    assert shared.get("k") is None  # from the database's cache, which never had it
    first = time.monotonic() - started
    started = time.monotonic()
    shared.get("k")
    second = time.monotonic() - started
    assert first < 1.0 and second < 0.1, (first, second)
    assert outage.redis_down()


@pytest.mark.parametrize("how", ["stopped", "frozen"])
def test_healthz_says_the_cache_does_not_answer(redis_server, client, how):
    assert client.get("/healthz").json() == {"status": "ok"}
    _fault(redis_server, how)
    response = _timed(client.get, "/healthz")
    assert response.status_code == 200  # the pages still work: degraded, not down
    assert response.json() == {"status": "degraded", "cache": "unavailable"}


@pytest.mark.parametrize("how", ["stopped", "frozen"])
def test_every_form_answers_and_acts_once_without_redis(
    redis_server, how, alice, teresa, alice_client, teresa_client
):
    classroom = services.create_classroom(teacher=teresa, name="4º B", rules="guia")
    visitor = Client()
    login = reverse("accounts:login")
    assert visitor.get(login).status_code == 200  # the pool holds a connection to Redis
    _fault(redis_server, how)

    # The site's login: a wrong password is refused, the right one signs in.
    refused = _timed(visitor.post, login, {"username": "alice", "password": "wrong"})
    assert refused.status_code == 200 and "no son correctos" in refused.text
    assert _timed(visitor.post, login, {"username": "alice", "password": PASSWORD}).status_code == 302

    # The admin's login (its own form, the same throttle).
    admin = _timed(Client().post, "/admin/login/", {"username": "alice", "password": "wrong"})
    assert admin.status_code == 200

    # Password reset: one mail per request.
    reset = _timed(Client().post, reverse("accounts:password_reset"), {"email": "alice@example.org"})
    assert reset.status_code == 302 and len(mail.outbox) == 1

    # Joining a class by its code.
    join = reverse("classroom:join")
    assert _timed(alice_client.post, join, {"code": classroom.join_code}).status_code == 302
    assert Membership.objects.filter(classroom=classroom, student=alice).count() == 1

    # The double-submit guard: a double click still creates one class, the twin is told so.
    create = reverse("classroom:create")
    data = {"name": "5º A", "rules": "guia"}
    first = _timed(teresa_client.post, create, data)
    twin = _timed(teresa_client.post, create, data, follow=True)
    assert first.status_code == 302
    assert Classroom.objects.filter(name="5º A").count() == 1
    assert "Esto ya estaba hecho" in twin.text

    # Children's accounts made by a double click: one batch, and the sheet shows their passwords.
    teachers_class = services.create_classroom(teacher=teresa, name="1º C", rules="guia")
    new = reverse("classroom:new_students", args=[teachers_class.pk])
    names = {"names": "Lucía Pérez\nMarco Ruiz"}
    assert _timed(teresa_client.post, new, names).status_code == 302
    _timed(teresa_client.post, new, names)
    assert Membership.objects.filter(classroom=teachers_class).count() == 2
    sheet = _timed(teresa_client.get, reverse("classroom:logins", args=[teachers_class.pk])).content.decode()
    assert "Lucía Pérez" in sheet and "Marco Ruiz" in sheet

    # A password changed by a double click is changed once (the twin is not refused as wrong).
    change = reverse("accounts:password_change")
    data = {
        "old_password": PASSWORD,
        "new_password1": "brisca-y-tute-77",
        "new_password2": "brisca-y-tute-77",
    }
    assert _timed(alice_client.post, change, data).status_code == 302
    assert "Esto ya estaba hecho" in _timed(alice_client.post, change, data, follow=True).text


def test_the_login_throttle_keeps_counting_in_the_database(redis_server, settings):
    settings.LOGIN_ATTEMPTS_PER_USERNAME = 3
    redis_server.stop()
    login = reverse("accounts:login")
    for _attempt in range(3):
        Client().post(login, {"username": "alice", "password": "wrong"})
    refused = Client().post(login, {"username": "alice", "password": PASSWORD})
    assert refused.status_code == 200
    assert re.search(r"Demasiados intentos fallidos", refused.text)


@pytest.mark.parametrize("how", ["stopped", "frozen"])
def test_a_learners_pages_answer_without_redis(redis_server, how, alice, alice_client):
    """Mi progreso keeps its drawn page in the cache: with Redis away it is drawn again, never a 500."""
    from tests.tutor.progress.factories import owner_of, record

    record(owner_of(alice), correct=True)
    pages = [reverse("core:home"), reverse("progress:index"), reverse("play:index")]
    for url in pages:
        assert alice_client.get(url).status_code == 200
    _fault(redis_server, how)
    for url in pages:
        assert _timed(alice_client.get, url).status_code == 200
    assert "1 de 1 ejercicio" in _timed(alice_client.get, reverse("progress:index")).text


@pytest.mark.parametrize("how", ["stopped", "frozen"])
def test_the_pages_that_count_the_hands_answer_without_redis(
    redis_server, how, teresa, alice, alice_client, teresa_client
):
    """The class dashboard and Mi progreso keep their drawn pages and each student's counts at the table in
    the cache: with Redis away they are counted and drawn again, the same, never a 500."""
    from tests.tutor.progress.test_table_pages_queries import _hands, _section

    classroom = services.create_classroom(teacher=teresa, name="4º B", rules="guia")
    Membership.objects.create(classroom=classroom, student=alice, real_name="Alicia")
    _hands(alice, 3)
    pages = [
        (teresa_client, reverse("classroom:heatmap", args=[classroom.pk]), "data-at-table"),
        (alice_client, reverse("progress:index"), "data-table-report"),
    ]
    seen = [_section(client.get(url).text, marker) for client, url, marker in pages]
    _fault(redis_server, how)
    for (client, url, marker), before in zip(pages, seen, strict=True):
        assert _section(_timed(client.get, url).text, marker) == before
