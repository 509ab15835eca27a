"""With REDIS_URL (production) sessions are read from Redis and written through to the database.

Runs against the machine's real Redis (127.0.0.1:6379, database 15, emptied by the test). Outside CI
a missing Redis skips these tests; in CI it fails them.
"""

import os

import pytest
from django.contrib.sessions.models import Session
from django.core.cache import cache
from django.test import override_settings
from django.urls import reverse

from tutor.accounts.models import User
from tutor.practice.identity import SESSION_KEY
from tutor.practice.models import Attempt, Issued

REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/15")
PASSWORD = "sota-de-bastos-77"


@pytest.fixture
def redis_sessions():
    import redis

    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2).ping()
    except redis.RedisError as exc:
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(f"Redis is needed in CI at {REDIS_URL}: {exc}", pytrace=False)
        pytest.skip(f"no Redis at {REDIS_URL}")
    caches = {"default": {"BACKEND": "django_redis.cache.RedisCache", "LOCATION": REDIS_URL}}
    with override_settings(CACHES=caches, SESSION_ENGINE="django.contrib.sessions.backends.cached_db"):
        cache.clear()
        yield
        cache.clear()


def _practise(client) -> Issued:
    client.post(reverse("practice:fixed", args=["guia-cual-puedes-jugar"]))
    issued = Issued.objects.get()
    client.post(reverse("practice:answer", args=[issued.token]), {"answer": "4c"})
    return issued


def test_a_visitor_keeps_their_practice_across_requests_and_after_redis_forgets(client, db, redis_sessions):
    issued = _practise(client)
    anon_id = Attempt.objects.get().anon_id
    key = client.cookies["sessionid"].value
    assert Session.objects.get(session_key=key).get_decoded()[SESSION_KEY] == anon_id  # the record
    assert cache.get(f"django.contrib.sessions.cached_db{key}")[SESSION_KEY] == anon_id  # the copy read
    cache.clear()  # a Redis restart: the database still has the session
    page = client.get(issued.get_absolute_url())
    assert page.status_code == 200 and "Incorrecto." in page.content.decode()


def test_signing_up_moves_the_visitors_work_and_logging_out_ends_the_session(client, db, redis_sessions):
    _practise(client)
    response = client.post(
        reverse("accounts:signup"),
        {
            "username": "nuria",
            "email": "nuria@example.org",
            "role": "learner",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    assert response.status_code == 302
    nuria = User.objects.get(username="nuria")
    assert Attempt.objects.get().learner == nuria
    key = client.cookies["sessionid"].value
    client.post(reverse("accounts:logout"))
    # The logged-out session is gone from both places: replaying its cookie is anonymous.
    assert not Session.objects.filter(session_key=key).exists()
    assert cache.get(f"django.contrib.sessions.cached_db{key}") is None
    client.cookies["sessionid"] = key
    assert client.get(reverse("progress:index")).context["user"].is_anonymous
