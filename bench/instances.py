"""Several app instances (gunicorn, each with its own workers) sharing one database and one Redis,
as they would behind a proxy. Used by bench/live_load.py and tests/tutor/live/test_two_instances.py.
Everything binds 127.0.0.1."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
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


@contextlib.contextmanager
def fresh_site(prefix: str, default_redis: str):
    """What instances share, fresh for one run: a PostgreSQL database made beside the one DATABASE_URL
    names (migrated, the static files collected) and an emptied Redis database (REDIS_URL, or
    ``default_redis``). Yields the instances' environment; afterwards drops the database and empties
    Redis again."""
    import redis

    from bench.practice_load import _drop_postgres, _postgres_env

    redis_url = os.environ.get("REDIS_URL", default_redis)
    if redis_url.rstrip("/").endswith("/0"):
        raise SystemExit("use a Redis database of your own, not 0")
    redis.Redis.from_url(redis_url).flushdb()
    tmp = Path(tempfile.mkdtemp(prefix=prefix))
    base_url = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres")
    database_url, pg_name = _postgres_env(base_url)
    env = instance_env(database_url=database_url, redis_url=redis_url, static_root=str(tmp / "static"))
    try:
        for command in (["migrate", "--noinput"], ["collectstatic", "--noinput"]):
            subprocess.run(
                [sys.executable, "manage.py", *command], cwd=ROOT, env=env, check=True, capture_output=True
            )
        yield env
    finally:
        _drop_postgres(base_url, pg_name)
        redis.Redis.from_url(redis_url).flushdb()
        shutil.rmtree(tmp, ignore_errors=True)


def start(
    ports: list[int],
    env: dict,
    workers: int = 2,
    timeout: float = 120.0,
    asgi: bool = False,
    own_group: bool = False,
) -> list[subprocess.Popen]:
    """One gunicorn per port (sync workers, or with ``asgi`` uvicorn workers serving tutor.asgi);
    returns once every one answers /healthz (or raises RuntimeError). With ``own_group`` each
    gunicorn leads a process group of its own, so that ``kill`` can end it with its workers at once."""
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
            start_new_session=own_group,
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


def session_for(user) -> str:
    """A signed-in session of ``user`` made in the database (every instance reads it), for seed scripts
    run with ``run_json``; returns its key, the sessionid cookie's value."""
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY

    from tutor.accounts.sessions import SessionStore

    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return session.session_key


def kill(servers: list[subprocess.Popen]) -> None:
    """End each server and its workers at once, as a crash would (SIGKILL to its process group: the
    servers must have been started with ``own_group``)."""
    for server in servers:
        try:
            os.killpg(server.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    for server in servers:
        server.wait(timeout=10)


def throughput(port: int, path: str, seconds: float = 3.0, clients: int = 8) -> float:
    """Requests a second ``clients`` threads get from ``path`` on the server at ``port`` (each request
    on a connection of its own, as sync gunicorn answers): the baseline a benchmark prints beside its
    figures, measured on the same server in the same run."""
    stop_at = time.monotonic() + seconds
    done = [0] * clients

    def read(n: int) -> None:
        while time.monotonic() < stop_at:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            try:
                conn.request("GET", path, headers={"Host": "127.0.0.1"})
                if conn.getresponse().read() is not None:
                    done[n] += 1
            except OSError:
                pass
            finally:
                conn.close()

    threads = [threading.Thread(target=read, args=(n,)) for n in range(clients)]
    started = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=seconds + 30)
    return sum(done) / (time.monotonic() - started)


def baseline(port: int, seconds: float = 3.0) -> str:
    """The run's baseline, as one line: the anonymous home page's and /healthz's requests a second."""
    home, health = throughput(port, "/", seconds), throughput(port, "/healthz", seconds)
    return f"home {home:.0f}/s, /healthz {health:.0f}/s"


def run_json(env: dict, code: str, *args: str):
    """Run ``code`` in a fresh interpreter with ``env`` (Django set up by the code itself) and
    return the JSON it printed last."""
    done = subprocess.run(
        [sys.executable, "-c", code, *args], cwd=ROOT, env=env, capture_output=True, text=True
    )
    if done.returncode:
        raise RuntimeError(f"the script failed:\n{done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def cpu_reading() -> tuple[float, dict[int, tuple[str, int, float, float]]]:
    """(the machine's busy CPU seconds so far: all but idle and iowait, {pid: (name, parent's pid, CPU
    seconds of that process, CPU seconds of its children it has reaped)}), from /proc. A process that
    ends while it is read is left out."""
    tick = os.sysconf("SC_CLK_TCK")
    with open("/proc/stat") as f:
        fields = [int(x) for x in f.readline().split()[1:]]
    processes = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                name, stat = f.read().split(" (", 1)[1].rsplit(")", 1)
        except OSError:
            continue
        # The fields from the state on: [1] the parent, [11:13] utime and stime, [13:15] their children's.
        stat = stat.split()
        own, reaped = (int(stat[11]) + int(stat[12])) / tick, (int(stat[13]) + int(stat[14])) / tick
        processes[int(entry)] = (name, int(stat[1]), own, reaped)
    return (sum(fields) - fields[3] - fields[4]) / tick, processes
