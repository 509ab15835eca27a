"""The production commands of the README, run for real: migrate, collectstatic, gunicorn + WhiteNoise."""

import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from tests.tutor.test_settings import production_env

ROOT = Path(__file__).resolve().parents[2]
GUNICORN = Path(sys.executable).with_name("gunicorn")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def production_server(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("prod")
    env = production_env()
    del env["DATABASE_URL"], env["REDIS_URL"]  # SQLite file and local memory: no outside services
    env.update(
        DJANGO_SQLITE_PATH=str(tmp / "db.sqlite3"),
        DJANGO_STATIC_ROOT=str(tmp / "static"),
        DJANGO_BEHIND_PROXY="1",
    )
    for command in (["migrate", "--noinput"], ["collectstatic", "--noinput"]):
        subprocess.run(
            [sys.executable, "manage.py", *command], cwd=ROOT, env=env, check=True, capture_output=True
        )
    port = _free_port()
    server = subprocess.Popen(
        [str(GUNICORN), "tutor.wsgi:application", "--bind", f"127.0.0.1:{port}", "--workers", "2"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            httpx.get(base + "/healthz", timeout=1)
            break
        except httpx.TransportError:
            time.sleep(0.2)
    yield base
    server.terminate()
    server.wait(timeout=10)


HTTPS = {"X-Forwarded-Proto": "https", "Host": "tute.example.org"}


def test_healthz_answers_over_plain_http_for_load_balancers(production_server):
    response = httpx.get(production_server + "/healthz", headers={"Host": "tute.example.org"})
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}


def test_plain_http_is_redirected_to_https(production_server):
    response = httpx.get(production_server + "/baraja/", headers={"Host": "tute.example.org"})
    assert response.status_code == 301
    assert response.headers["location"] == "https://tute.example.org/baraja/"


def test_pages_come_with_hardened_headers_and_hashed_static_files(production_server):
    response = httpx.get(production_server + "/baraja/", headers=HTTPS)
    assert response.status_code == 200
    assert "max-age=31536000" in response.headers["strict-transport-security"]
    assert "script-src 'self'" in response.headers["content-security-policy"]
    css = re.search(r'href="(/static/css/tutor\.[0-9a-f]{12}\.css)"', response.text).group(1)
    card = re.search(r'src="(/static/cards/1o\.[0-9a-f]{12}\.svg)"', response.text).group(1)
    for path in (css, card):
        asset = httpx.get(production_server + path, headers=HTTPS)
        assert asset.status_code == 200
        assert "immutable" in asset.headers["cache-control"]


def test_login_sets_host_only_secure_cookies(production_server):
    response = httpx.get(production_server + "/cuenta/entrar/", headers=HTTPS)
    cookie = response.headers["set-cookie"]
    assert cookie.startswith("__Host-csrftoken=")
    assert "Secure" in cookie and "Path=/" in cookie and "Domain" not in cookie


def test_unknown_hosts_are_refused(production_server):
    response = httpx.get(production_server + "/", headers={**HTTPS, "Host": "evil.example"})
    assert response.status_code == 400
