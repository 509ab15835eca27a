"""A round run across two app instances (two gunicorns, two workers each) that share the test's
PostgreSQL database and a Redis database: what one instance records, the other's polls see within a
second. Needs PostgreSQL (DATABASE_URL) and Redis (LIVE_TEST_REDIS_URL, default database 7)."""

import os
import re
import time

import httpx
import pytest
from django.conf import settings
from django.db import connection
from django.test import Client

from bench import instances
from tests.tutor.classroom.conftest import make_set
from tests.tutor.live.conftest import joined, right_and_wrong, set_round
from tutor.live.models import LiveAnswer
from tutor.practice.models import Attempt

REDIS_URL = os.environ.get("LIVE_TEST_REDIS_URL", "redis://127.0.0.1:6379/7")
PORTS = [int(p) for p in os.environ.get("LIVE_TEST_PORTS", "8701,8702").split(",")]
WITHIN = 1.0
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
VERSION = re.compile(r'data-version="([^"]+)"')


def _needs(what: str) -> None:
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(f"the two-instance test cannot run in CI: {what}", pytrace=False)
    pytest.skip(what)


@pytest.fixture
def servers(transactional_db):
    if connection.vendor != "postgresql":
        # Not a pass: scripts/test runs the suite again on PostgreSQL, where this test runs.
        pytest.skip("two instances share a PostgreSQL database: runs in the PostgreSQL pass")
    import redis

    try:
        redis.Redis.from_url(REDIS_URL).flushdb()
    except redis.ConnectionError:
        _needs(f"no Redis at {REDIS_URL}")
    db = settings.DATABASES["default"]
    url = f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
    # The test's own key: the sessions it makes (force_login) must be valid on the instances.
    env = instances.instance_env(
        database_url=url, redis_url=REDIS_URL, secret_key=settings.SECRET_KEY, debug=True
    )
    running = instances.start(PORTS, env, workers=2)
    yield [f"http://127.0.0.1:{port}" for port in PORTS]
    instances.stop(running)
    redis.Redis.from_url(REDIS_URL).flushdb()


def _client(base: str, user=None) -> httpx.Client:
    client = httpx.Client(base_url=base, timeout=5, headers={"Host": "127.0.0.1"})
    if user is not None:
        django_client = Client()
        django_client.force_login(user)  # a session row in the shared database
        client.cookies.set(
            settings.SESSION_COOKIE_NAME, django_client.cookies[settings.SESSION_COOKIE_NAME].value
        )
    return client


def _post(client: httpx.Client, page: str, action: str, data: dict) -> httpx.Response:
    token = CSRF.search(client.get(page).text).group(1)
    return client.post(
        action, data={"csrfmiddlewaretoken": token, **data}, headers={"Referer": str(client.base_url)}
    )


def _seen_within(client: httpx.Client, poll: str, version: str, text: str) -> float:
    """Seconds until the poll of ``version`` answers with a page holding ``text`` (fails past WITHIN)."""
    started = time.monotonic()
    while time.monotonic() - started < WITHIN:
        response = client.get(poll, params={"v": version}, headers={"HX-Request": "true"})
        if response.status_code == 200 and text in response.text:
            return time.monotonic() - started
        assert response.status_code in (200, 204), response.status_code
        time.sleep(0.05)
    pytest.fail(f"{poll} did not show «{text}» within {WITHIN} s")


def test_a_round_runs_across_two_instances(servers, classroom, teresa, alice, bob):
    a, b = servers
    practice_set = make_set(
        classroom, teresa, items=[{"kind": "family", "family": "obligacion", "count": 1, "difficulty": 1}]
    )
    live = set_round(classroom, teresa, practice_set, count=2)
    joined(live, bob)
    teacher_a, alice_b, bob_a = _client(a, teresa), _client(b, alice), _client(a, bob)
    projector, projector_poll = f"/directo/{live.code}/proyector/", f"/directo/{live.code}/proyector/estado/"
    phone, phone_poll = f"/directo/{live.code}/", f"/directo/{live.code}/estado/"
    board = teacher_a.get(projector)
    assert board.status_code == 200 and "0 de 1 han respondido" in board.text
    version = VERSION.search(board.text).group(1)
    assert teacher_a.get(projector_poll, params={"v": version}).status_code == 204

    # alice joins and answers on instance B; the projector on A counts her.
    assert _post(alice_b, phone, f"/directo/{live.code}/unirse/", {}).status_code == 302
    right, wrong = right_and_wrong(live.questions.get(number=1))
    answer_url = f"/directo/{live.code}/responder/1/"
    assert _post(alice_b, phone, answer_url, {"answer": right}).status_code == 302
    _seen_within(teacher_a, projector_poll, version, "1 de 2 ha respondido")
    # The same answer again, on the other instance: counted once.
    alice_a = _client(a)
    alice_a.cookies = alice_b.cookies
    _post(alice_a, phone, answer_url, {"answer": wrong})
    assert _post(bob_a, phone, answer_url, {"answer": wrong}).status_code == 302
    assert LiveAnswer.objects.count() == 2 and Attempt.objects.filter(learner=alice).count() == 1

    # The teacher reveals on A: alice's phone, polling B, shows her feedback.
    phone_version = VERSION.search(alice_b.get(phone).text).group(1)
    assert alice_b.get(phone_poll, params={"v": phone_version}).status_code == 204
    assert _post(teacher_a, projector, f"/directo/{live.code}/control/mostrar/", {}).status_code == 302
    _seen_within(alice_b, phone_poll, phone_version, "¡Correcto!")
    histogram = teacher_a.get(projector).text
    assert f'data-value="{right}"\n          data-count="1"' in histogram
    assert f'data-value="{wrong}"\n          data-count="1"' in histogram

    # «Siguiente» from instance B reaches bob's phone on A.
    teacher_b = _client(b)
    teacher_b.cookies = teacher_a.cookies
    bob_version = VERSION.search(bob_a.get(phone).text).group(1)
    assert _post(teacher_b, projector, f"/directo/{live.code}/control/siguiente/", {}).status_code == 302
    _seen_within(bob_a, phone_poll, bob_version, "Pregunta 2")
