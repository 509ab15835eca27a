"""A Redis server of the test's own, on a free port: it can be stopped and frozen (SIGSTOP) without
touching the machine's shared Redis. redis-server must be installed (scripts/test installs it); in
CI a missing one fails the test instead of skipping it."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import time

import pytest
import redis

from tutor.lib import outage


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class RedisServer:
    def __init__(self) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
                pytest.fail("redis-server is not installed", pytrace=False)
            pytest.skip("redis-server is not installed")
        self.binary = binary
        self.port = _free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen | None = None
        self.frozen = False

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                self.binary,
                "--bind",
                "127.0.0.1",
                "--port",
                str(self.port),
                "--save",
                "",
                "--appendonly",
                "no",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        probe = redis.Redis.from_url(self.url, socket_timeout=0.2, socket_connect_timeout=0.2)
        deadline = time.monotonic() + 10
        while True:
            try:
                probe.ping()
                break
            except redis.ConnectionError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)
        probe.close()
        outage.reset()

    def stop(self) -> None:
        if self.process is not None:
            if self.frozen:
                self.thaw()
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None

    def freeze(self) -> None:
        os.kill(self.process.pid, signal.SIGSTOP)
        self.frozen = True

    def thaw(self) -> None:
        os.kill(self.process.pid, signal.SIGCONT)
        self.frozen = False

    def cache_settings(self) -> dict:
        from django.conf import settings

        return {
            "default": {
                "BACKEND": "django_redis.cache.RedisCache",
                "LOCATION": self.url,
                "OPTIONS": settings.REDIS_OPTIONS,
            },
            "fallback": settings.FALLBACK_CACHE,
        }


@pytest.fixture
def redis_server(settings):
    """Our own Redis, started, and the cache pointed at it; stopped (thawed first) at the end."""
    server = RedisServer()
    before = settings.CACHES
    server.start()
    settings.CACHES = server.cache_settings()
    yield server
    settings.CACHES = before  # the other fixtures' teardown clears the cache: not a stopped one
    server.stop()
    outage.reset()
