"""The PostgreSQL backend's health check (tutor/lib/postgresql): a kept connection the server has said
nothing on is used without a round trip; one the server ended is replaced before a request uses it."""

import select
import time

import psycopg
import pytest
from django.db import OperationalError, connection


@pytest.fixture
def postgres(transactional_db):
    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL's backend: runs in the PostgreSQL pass")
    connection.ensure_connection()
    yield
    connection.close()  # the next test opens a fresh one


def _backend_pid() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return cursor.fetchone()[0]


def _new_request() -> None:
    """What Django does when a request starts (``request_started``): the next use checks the connection."""
    connection.close_if_unusable_or_obsolete()
    assert connection.connection is not None and not connection.health_check_done


def _end_from_the_server(pid: int) -> None:
    """The server ends the session, as a restart or ``pg_terminate_backend`` does, and its last
    message reaches our socket."""
    settings = connection.settings_dict
    with psycopg.connect(
        host=settings["HOST"] or "127.0.0.1",
        port=settings["PORT"] or 5432,
        user=settings["USER"],
        password=settings["PASSWORD"] or None,
        dbname=settings["NAME"],
        autocommit=True,
    ) as admin:
        assert admin.execute("SELECT pg_terminate_backend(%s)", [pid]).fetchone()[0] is True
    deadline = time.monotonic() + 10
    while not select.select([connection.connection.pgconn.socket], [], [], 0.1)[0]:
        assert time.monotonic() < deadline, "the ended session's socket never became readable"


def test_the_settings_use_this_backend_with_health_checks(postgres):
    assert connection.settings_dict["ENGINE"] == "tutor.lib.postgresql"
    assert connection.health_check_enabled


def test_a_quiet_kept_connection_is_used_without_asking_the_server(postgres, monkeypatch):
    pid = _backend_pid()
    asked = []
    real = connection.is_usable
    monkeypatch.setattr(connection, "is_usable", lambda: asked.append(1) or real())  # Django's SELECT 1
    for _ in range(3):
        _new_request()
        assert _backend_pid() == pid  # the same connection, kept
        assert connection.health_check_done
    assert asked == []


def test_a_connection_the_server_ended_is_replaced_before_the_request_uses_it(postgres):
    pid = _backend_pid()
    _new_request()
    _end_from_the_server(pid)
    new_pid = _backend_pid()  # the request's first query: no error, on a new connection
    assert new_pid != pid
    _new_request()
    assert _backend_pid() == new_pid  # and that one is kept


def test_without_the_check_that_request_would_fail(postgres):
    """The case above is a real one: without a health check the first query meets the dead connection."""
    pid = _backend_pid()
    _new_request()
    _end_from_the_server(pid)
    connection.health_check_enabled = False
    try:
        with pytest.raises(OperationalError):
            _backend_pid()
    finally:
        connection.health_check_enabled = True
