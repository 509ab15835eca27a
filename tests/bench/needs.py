"""What the load benchmarks run as tests need: PostgreSQL (each bench makes its own database beside
TEST_DATABASE_URL's or DATABASE_URL's), Redis and uvicorn-worker; skipped without them (failed in CI)."""

import os

from tests.tutor.live.test_two_instances import _needs


def postgres_redis_uvicorn(redis_url: str) -> str:
    """The PostgreSQL URL a bench makes its database beside, once all three answer."""
    import psycopg
    import redis

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
    try:
        redis.Redis.from_url(redis_url).ping()
    except redis.ConnectionError:
        _needs(f"no Redis at {redis_url}")
    try:
        import uvicorn_worker  # noqa: F401
    except ImportError:
        _needs("uvicorn-worker is not installed")
    return base
