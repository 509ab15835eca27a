"""What the load benchmarks run as tests need: PostgreSQL (each bench makes its own database beside
TEST_DATABASE_URL's or DATABASE_URL's), Redis and uvicorn-worker; skipped without them (failed in CI)."""

import os
import subprocess
import sys
from pathlib import Path

from tests.tutor.live.test_two_instances import _needs


def postgres_redis_uvicorn(redis_url: str) -> str:
    """The PostgreSQL URL a bench makes its database beside, once all three answer."""
    import psycopg

    base = (
        os.environ.get("TEST_DATABASE_URL")
        or os.environ.get("DATABASE_URL")
        or "postgres://postgres@127.0.0.1:5432/postgres"
    )
    if not base.startswith("postgres"):
        base = "postgres://postgres@127.0.0.1:5432/postgres"
    try:
        psycopg.connect(base, connect_timeout=5).close()
    except psycopg.OperationalError:
        _needs(f"no PostgreSQL at {base}")
    redis_answers(redis_url)
    uvicorn_worker_installed()
    return base


def redis_answers(redis_url: str, *, flush: bool = False) -> None:
    """Redis answers at ``redis_url`` (its database emptied when ``flush``); skipped without it (failed in CI)."""
    import redis

    try:
        server = redis.Redis.from_url(redis_url)
        if flush:
            server.flushdb()
        else:
            server.ping()
    except redis.ConnectionError:
        _needs(f"no Redis at {redis_url}")


def uvicorn_worker_installed() -> None:
    """uvicorn-worker (the stream instances' gunicorn worker) is installed; skipped without it (failed in CI)."""
    try:
        import uvicorn_worker  # noqa: F401
    except ImportError:
        _needs("uvicorn-worker is not installed")


def run_bench(script: str, redis_url: str, *args: str) -> str:
    """Run ``bench/<script>`` with ``args`` beside the PostgreSQL and Redis found (skipped without
    them); its output once it has exited 0."""
    base = postgres_redis_uvicorn(redis_url)
    env = {**os.environ, "DATABASE_URL": base, "REDIS_URL": redis_url}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    done = subprocess.run(
        [sys.executable, f"bench/{script}", *args],
        cwd=Path(__file__).resolve().parents[2],
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 0, done.stdout + done.stderr[-3000:]
    return done.stdout
