"""The tables' load benchmark runs, small (2 tables, one instance killed and restarted mid-run), so that
it does not rot: its checks (every play stored once, on the other seats' screens, no version sent
twice on a stream) pass. Its figures are not looked at: speed is the full run's (README, Benchmarks).
Needs PostgreSQL (the bench makes its own database beside TEST_DATABASE_URL's or DATABASE_URL's), Redis
and uvicorn-worker."""

import os

import pytest

from tests.bench.needs import run_bench

REDIS_URL = os.environ.get("TABLES_TEST_REDIS_URL", "redis://127.0.0.1:6379/10")
PORTS = os.environ.get("TABLES_TEST_PORTS", "8731,8732")
STREAM_PORTS = os.environ.get("TABLES_TEST_STREAM_PORTS", "8733,8734")
# Fixed ports and a Redis database that the bench flushes.
pytestmark = pytest.mark.serial


def test_two_tables_on_two_instances_lose_and_double_nothing_when_one_instance_dies():
    # No test database: the bench makes its own beside this server's, so the test runs in scripts/test's
    # first pass (the PostgreSQL pass keeps only the tests that use the test database).
    out = run_bench(
        "tables_load.py",
        REDIS_URL,
        *("--tables", "2", "--seconds", "10", "--think", "0.3", "--kill", "--down", "3"),
        *("--ports", PORTS, "--stream-ports", STREAM_PORTS),
    )
    assert "instance 2 killed at" in out and "started again" in out
    assert ", lost 0, doubled 0," in out
    assert "from its screen 0;" in out
    assert "plays 0 " not in out
