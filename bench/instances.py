"""Several app instances (gunicorn, each with its own workers) sharing one database and one Redis,
as they would behind a proxy. Used by bench/live_load.py and tests/tutor/live/test_two_instances.py.
Everything binds 127.0.0.1."""

from __future__ import annotations

import http.client
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GUNICORN = Path(sys.executable).with_name("gunicorn")
OWN_VARS = ("DJANGO_", "DATABASE_URL", "REDIS_URL")


def instance_env(
    *, database_url: str, redis_url: str, secret_key: str = "", debug: bool = False, static_root: str = ""
) -> dict:
    """The environment of every instance: the same secret key (a session made on one is valid on
    all), database and Redis."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(OWN_VARS)}
    env.update(
        DJANGO_SETTINGS_MODULE="tutor.settings",
        DJANGO_SECRET_KEY=secret_key or "instances-" + "k" * 50,
        DJANGO_ALLOWED_HOSTS="127.0.0.1",
        DATABASE_URL=database_url,
        REDIS_URL=redis_url,
    )
    if debug:  # unhashed static files: no collectstatic needed
        env["DJANGO_DEBUG"] = "1"
    if static_root:
        env["DJANGO_STATIC_ROOT"] = static_root
    return env


def start(
    ports: list[int], env: dict, workers: int = 2, timeout: float = 40.0, asgi: bool = False
) -> list[subprocess.Popen]:
    """One gunicorn per port (sync workers, or with ``asgi`` uvicorn workers serving tutor.asgi);
    returns once every one answers /healthz (or raises RuntimeError)."""
    app = (
        ["-k", "uvicorn_worker.UvicornWorker", "tutor.asgi:application"]
        if asgi
        else ["tutor.wsgi:application"]
    )
    servers = [
        subprocess.Popen(
            [str(GUNICORN), *app, "--bind", f"127.0.0.1:{port}", "--workers", str(workers)],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for port in ports
    ]
    deadline = time.monotonic() + timeout
    waiting = list(ports)
    while waiting:
        port = waiting[0]
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/healthz", headers={"Host": "127.0.0.1"})
            if conn.getresponse().status == 200:
                waiting.pop(0)
                continue
        except OSError:
            pass
        if time.monotonic() > deadline or any(s.poll() is not None for s in servers):
            stop(servers)
            raise RuntimeError(f"gunicorn on port {port} did not start")
        time.sleep(0.2)
    return servers


def stop(servers: list[subprocess.Popen]) -> None:
    for server in servers:
        server.terminate()
    for server in servers:
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()


def run_json(env: dict, code: str, *args: str):
    """Run ``code`` in a fresh interpreter with ``env`` (Django set up by the code itself) and
    return the JSON it printed last."""
    done = subprocess.run(
        [sys.executable, "-c", code, *args], cwd=ROOT, env=env, capture_output=True, text=True
    )
    if done.returncode:
        raise RuntimeError(f"the script failed:\n{done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])
