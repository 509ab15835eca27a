"""gunicorn, started as the README says (its config read from ./gunicorn.conf.py), trusts
X-Forwarded-Proto only when Django does (DJANGO_BEHIND_PROXY): without a proxy the header does not
skip the HTTPS redirect."""

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]
GUNICORN = Path(sys.executable).with_name("gunicorn")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def gunicorn(tmp_path):
    running = []

    def start(**env) -> str:
        port = _free_port()
        environment = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "DJANGO_HTTPS": "1",
            "DJANGO_DEBUG": "1",  # plain static files: no collectstatic for this test
            "DJANGO_ALLOWED_HOSTS": "tute.example.org",
            "DJANGO_SQLITE_PATH": str(tmp_path / "db.sqlite3"),
            **env,
        }
        server = subprocess.Popen(
            [str(GUNICORN), "tutor.wsgi:application", "--bind", f"127.0.0.1:{port}", "--workers", "1"],
            cwd=ROOT,
            env=environment,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        running.append(server)
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while True:
            try:
                httpx.get(base + "/healthz", timeout=1)
                return base
            except httpx.TransportError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)

    yield start
    for server in running:
        server.terminate()
        server.wait(timeout=10)


HEADERS = {"Host": "tute.example.org", "X-Forwarded-Proto": "https"}


def test_without_a_proxy_a_forwarded_proto_header_does_not_skip_the_https_redirect(gunicorn):
    base = gunicorn()
    response = httpx.get(base + "/baraja/", headers=HEADERS)
    assert response.status_code == 301
    assert response.headers["location"] == "https://tute.example.org/baraja/"


def test_behind_the_proxy_its_header_is_trusted(gunicorn):
    base = gunicorn(DJANGO_BEHIND_PROXY="1")
    assert httpx.get(base + "/baraja/", headers=HEADERS).status_code == 200
    assert httpx.get(base + "/baraja/", headers={"Host": "tute.example.org"}).status_code == 301
