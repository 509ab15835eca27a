"""The tables' load benchmark runs, small (2 tables, one instance killed and restarted mid-run), so that
it does not rot: its checks (every play stored once, on the other seats' screens, no version sent
twice on a stream) pass. Its figures are not looked at: speed is the full run's (README, Benchmarks).
Needs PostgreSQL (the bench makes its own database beside TEST_DATABASE_URL's or DATABASE_URL's), Redis
and uvicorn-worker."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.bench.needs import postgres_redis_uvicorn

ROOT = Path(__file__).resolve().parents[2]
REDIS_URL = os.environ.get("TABLES_TEST_REDIS_URL", "redis://127.0.0.1:6379/10")
PORTS = os.environ.get("TABLES_TEST_PORTS", "8731,8732")
STREAM_PORTS = os.environ.get("TABLES_TEST_STREAM_PORTS", "8733,8734")
# Fixed ports and a Redis database that the bench flushes.
pytestmark = pytest.mark.serial


def test_two_tables_on_two_instances_lose_and_double_nothing_when_one_instance_dies():
    # No test database: the bench makes its own beside this server's, so the test runs in scripts/test's
    # first pass (the PostgreSQL pass keeps only the tests that use the test database).
    base = postgres_redis_uvicorn(REDIS_URL)
    env = {**os.environ, "DATABASE_URL": base, "REDIS_URL": REDIS_URL}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    done = subprocess.run(
        [
            sys.executable,
            "bench/tables_load.py",
            *("--tables", "2", "--seconds", "10", "--think", "0.3", "--kill", "--down", "3"),
            *("--ports", PORTS, "--stream-ports", STREAM_PORTS),
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    out = done.stdout
    assert done.returncode == 0, out + done.stderr[-3000:]
    assert "instance 2 killed at" in out and "started again" in out
    assert ", lost 0, doubled 0," in out
    assert "from its screen 0;" in out
    assert "plays 0 " not in out
