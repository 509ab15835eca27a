"""Load benchmark of the practice loop: issue -> answer -> feedback, against gunicorn on loopback.

    .venv/bin/python bench/practice_load.py                 # SQLite file (WAL) in a temp dir
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
        .venv/bin/python bench/practice_load.py --db postgres   # creates and drops its own database

Each of --clients threads is an anonymous visitor with its own cookies and CSRF token, doing what a
learner does with JavaScript on: it starts a family from the Practicar page's form (POST
/practicar/nuevo/, then the scenario page), answers by htmx and, one time in ten, sends the same
answer again (a duplicate that must not count), then presses "Siguiente" (htmx: the next question's
fragment) or, one time in ten, goes back and starts another family. With --no-js every answer and
"Siguiente" is a POST that redirects to a whole page, as in a browser without JavaScript. At the end
the Attempt rows are compared with the submissions the server accepted: lost, doubled and failed
submissions are printed with requests/s and the p50/p95/p99 latency of the answer round-trips (the
answer POST until its feedback is read; without JavaScript, the redirect's page included). The first
--warmup seconds load the server without being measured (their submissions are still checked).
Bounded by --warmup + --seconds and --max-requests.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import random
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import instances  # noqa: E402

GUNICORN = Path(sys.executable).with_name("gunicorn")
FAMILIES = ("jugada", "validas", "obligacion", "ganador", "tantos", "cante", "renuncio")
ANSWER_VALUE = re.compile(r'name="answer"\s+value="([^"]+)"')
CSRF_INPUT = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
DUPLICATE_SHARE = 0.10
NEW_FAMILY_SHARE = 0.10

COUNT_SCRIPT = """
import json, django
django.setup()
from tutor.practice.models import Attempt
rows = list(Attempt.objects.values_list("issued__token", flat=True))
print(json.dumps(rows))
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Client:
    """One visitor: a keep-alive connection, its cookies and its CSRF token."""

    def __init__(self, port: int, measure_from: float) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.cookies: dict[str, str] = {}
        self.csrf = ""
        self.measure_from = measure_from
        self.requests = 0  # started inside the measured window (after the warm-up)
        self.last_headers: dict[str, str] = {}

    def request(self, method: str, path: str, form: dict | list | None = None, htmx: bool = False):
        headers = {"Host": "127.0.0.1"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if form is not None:
            body = urllib.parse.urlencode(form, doseq=True)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["X-CSRFToken"] = self.csrf
            headers["Referer"] = "http://127.0.0.1/"
        if htmx:
            headers["HX-Request"] = "true"
        if time.monotonic() >= self.measure_from:
            self.requests += 1
        self.conn.request(method, path, body=body, headers=headers)
        response = self.conn.getresponse()
        text = response.read().decode()
        self.last_headers = {name.lower(): value for name, value in response.getheaders()}
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key.strip()] = rest.split(";", 1)[0]
        return response.status, response.getheader("Location") or "", text


class Stats:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.latencies: list[float] = []
        self.accepted: set[str] = set()  # tokens whose first answer came back with the feedback
        self.duplicates_sent = 0
        self.duplicates_ok = 0  # the duplicate showed the recorded answer ("Ya habías respondido")
        self.failed: list[str] = []
        self.requests = 0


def _start(client: Client, rng: random.Random, stats: Stats) -> tuple[str, str] | None:
    """A new family and difficulty from the Practicar page's form (Post/Redirect/Get, as without
    JavaScript): returns (scenario path, its page) or None after a failure."""
    form = {
        "kind": "family",
        "family": rng.choice(FAMILIES),
        "difficulty": rng.choice("123"),
        "rules": "guia",
    }
    status, location, _ = client.request("POST", "/practicar/nuevo/", form)
    if status != 302 or "/practicar/s/" not in location:
        stats.failed.append(f"new {status}")
        return None
    path = urllib.parse.urlparse(location).path
    status, _, page = client.request("GET", path)
    if status != 200:
        stats.failed.append(f"open {status} {path}")
        return None
    return path, page


def _next(client: Client, path: str, htmx: bool, stats: Stats) -> tuple[str, str] | None:
    """ "Siguiente": with htmx the next question's fragment comes back with its address in HX-Push-Url;
    without, a redirect to its page."""
    if htmx:
        status, _, fragment = client.request("POST", path + "siguiente/", {}, htmx=True)
        nxt = client.last_headers.get("hx-push-url", "")
        if status != 200 or "/practicar/s/" not in nxt or "data-practice-form" not in fragment:
            stats.failed.append(f"next {status} {path}")
            return None
        return nxt, fragment
    status, location, _ = client.request("POST", path + "siguiente/", {})
    if status != 302 or "/practicar/s/" not in location:
        stats.failed.append(f"next {status} {path}")
        return None
    nxt = urllib.parse.urlparse(location).path
    status, _, page = client.request("GET", nxt)
    if status != 200:
        stats.failed.append(f"open {status} {nxt}")
        return None
    return nxt, page


def _answer(client: Client, path: str, answer: list[str], htmx: bool) -> tuple[int, str]:
    """The answer and its feedback: by htmx a fragment; without, the redirect and the page it leads to."""
    if htmx:
        status, _, fragment = client.request("POST", path + "responder/", {"answer": answer}, htmx=True)
        return status, fragment
    status, location, _ = client.request("POST", path + "responder/", {"answer": answer})
    if status != 302:
        return status, ""
    return client.request("GET", urllib.parse.urlparse(location).path)[::2]


def _cpu_seconds(server_pid: int, database: str = "") -> tuple[float, float, float, float]:
    """(whole machine busy, gunicorn and its workers, PostgreSQL, this client) CPU seconds so far, from
    /proc. PostgreSQL is the backends serving ``database`` when it is named (on a machine shared with
    other runs, every PostgreSQL process would count theirs too, and one that ends in between would
    take its time away: negative figures), else every PostgreSQL process on the machine."""
    machine, processes = instances.cpu_reading()
    server = postgres = 0.0
    for pid, (name, parent, used, _reaped) in processes.items():
        if server_pid in (pid, parent):
            server += used
        elif name.startswith("postgres") and (not database or _serves(str(pid), database)):
            postgres += used
    return machine, server, postgres, time.process_time()


def _serves(pid: str, database: str) -> bool:
    """Whether that PostgreSQL process is a backend connected to ``database`` (its title names it)."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            title = f.read().decode(errors="replace")
    except OSError:
        return False
    return f" {database} " in title


def visitor(
    port: int, stats: Stats, measure_from: float, stop_at: float, budget: list[int], seed: int, htmx: bool
) -> None:
    rng = random.Random(seed)
    client = Client(port, measure_from)
    try:
        status, _, page = client.request("GET", "/practicar/")
        client.csrf = client.cookies.get("csrftoken") or CSRF_INPUT.search(page).group(1)
        current = None
        while time.monotonic() < stop_at:
            with stats.lock:
                if budget[0] <= 0:
                    break
                budget[0] -= 6  # the most one loop sends: new + open, answer twice, next + open
            if current is None:
                current = _start(client, rng, stats)
                if current is None:
                    continue
            path, page = current
            token = path.rstrip("/").rsplit("/", 1)[-1]
            values = ANSWER_VALUE.findall(page)
            answer = [rng.choice(values)] if values else [str(rng.randrange(0, 130))]
            measured = time.monotonic() >= measure_from
            started = time.perf_counter()
            status, feedback = _answer(client, path, answer, htmx)
            elapsed = time.perf_counter() - started
            if measured:  # the warm-up's answers are checked below but not timed
                with stats.lock:
                    stats.latencies.append(elapsed)
            if status == 200 and "data-feedback" in feedback and "Ya habías respondido" not in feedback:
                with stats.lock:
                    stats.accepted.add(token)
            else:
                stats.failed.append(f"answer {status} {token}")
                current = None
                continue
            if rng.random() < DUPLICATE_SHARE:
                status, feedback = _answer(client, path, answer, htmx)
                with stats.lock:
                    stats.duplicates_sent += 1
                    if status == 200 and "Ya habías respondido" in feedback:
                        stats.duplicates_ok += 1
                    else:
                        stats.failed.append(f"duplicate {status} {token}")
            # Mostly "Siguiente" (same family and level); now and then back to Practicar for another.
            current = None if rng.random() < NEW_FAMILY_SHARE else _next(client, path, htmx, stats)
    except Exception as exc:  # noqa: BLE001 - a broken visitor is a failure to report, not a crash
        stats.failed.append(f"client error {exc!r}")
    finally:
        with stats.lock:
            stats.requests += client.requests
        client.conn.close()


def _percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    return (
        statistics.quantiles(values, n=100, method="inclusive")[int(p) - 1] if len(values) > 1 else values[0]
    )


def latency_line(name: str, values: list[float]) -> str:
    """«name: n … p50 … p99 … max … ms» of latencies in milliseconds."""
    return (
        f"{name}: n {len(values)}  p50 {_percentile(values, 50):.0f}  p99 {_percentile(values, 99):.0f}  "
        f"max {max(values, default=float('nan')):.0f} ms"
    )


def _postgres_env(base_url: str) -> tuple[str, str]:
    """Create a fresh database next to the one DATABASE_URL names; returns (its URL, its name).

    Its name starts with that database's (``h14`` gives ``h14_bench_<pid>``; the default
    ``postgres`` gives ``tutor_bench_<pid>``), so runs given databases of their own never meet."""
    import psycopg

    parsed = urllib.parse.urlparse(base_url)
    own = parsed.path.strip("/")
    name = f"{own if own and own != 'postgres' else 'tutor'}_bench_{os.getpid()}"
    admin = parsed._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')
    return parsed._replace(path=f"/{name}").geturl(), name


def database_name(env: dict) -> str:
    """The PostgreSQL database a server of ``env`` uses ("" for SQLite)."""
    return urllib.parse.urlparse(env.get("DATABASE_URL", "")).path.strip("/")


def _drop_postgres(base_url: str, name: str) -> None:
    import psycopg

    admin = urllib.parse.urlparse(base_url)._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def bench_env(tmp: Path, db: str) -> tuple[dict, str, str]:
    """The server's environment (a SQLite file in ``tmp``, or a fresh PostgreSQL database beside
    DATABASE_URL's); returns it, the PostgreSQL database's name ("" for SQLite) and the base URL."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_URL", "REDIS_URL"))}
    env.update(
        DJANGO_SETTINGS_MODULE="tutor.settings",
        DJANGO_SECRET_KEY="bench-" + "x" * 50,
        DJANGO_ALLOWED_HOSTS="127.0.0.1",
        DJANGO_STATIC_ROOT=str(tmp / "static"),
    )
    pg_name = ""
    base_url = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres")
    if db == "postgres":
        env["DATABASE_URL"], pg_name = _postgres_env(base_url)
    else:
        env["DJANGO_SQLITE_PATH"] = str(tmp / "bench.sqlite3")
    return env, pg_name, base_url


def start_gunicorn(env: dict, workers: int, threads: int = 1, worker_class: str = "", port: int = 0) -> tuple:
    """Migrate, collect the static files and start gunicorn on loopback (``port``, or a free one),
    answering /healthz; returns (the process, its port)."""
    for command in (["migrate", "--noinput"], ["collectstatic", "--noinput"]):
        subprocess.run(
            [sys.executable, "manage.py", *command], cwd=ROOT, env=env, check=True, capture_output=True
        )
    port = port or _free_port()
    server = subprocess.Popen(
        [
            str(GUNICORN),
            "tutor.wsgi:application",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(workers),
            "--threads",
            str(threads),
            *(["--worker-class", worker_class] if worker_class else []),
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 30
    while True:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/healthz", headers={"Host": "127.0.0.1"})
            if conn.getresponse().status == 200:
                return server, port
        except OSError:
            pass
        if time.monotonic() > deadline:
            server.terminate()
            raise SystemExit("gunicorn did not start")
        time.sleep(0.2)


@contextlib.contextmanager
def bench_server(prefix: str, db: str, workers: int, threads: int = 1, worker_class: str = "", port: int = 0):
    """A gunicorn over a fresh database (``bench_env``) for the length of a ``with``; yields (its
    environment, the process, its port) and afterwards stops it and drops what it made."""
    tmp = Path(tempfile.mkdtemp(prefix=prefix))
    env, pg_name, base_url = bench_env(tmp, db)
    server = None
    try:
        server, port = start_gunicorn(env, workers, threads, worker_class, port)
        yield env, server, port
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=15)
        if pg_name:
            _drop_postgres(base_url, pg_name)
        shutil.rmtree(tmp, ignore_errors=True)


def run_clients(
    server_pid: int, client, clients: int, warmup: float, seconds: float, database: str = ""
) -> tuple[float, list]:
    """Run ``client(n, measure_from, stop_at)`` in ``clients`` threads; the measured window opens after
    ``warmup`` seconds and lasts ``seconds``. Returns its wall time and the CPU seconds spent meanwhile
    (machine, the server, PostgreSQL's backends of ``database``, this client: ``_cpu_seconds``)."""
    started = time.monotonic() + warmup
    threads = [threading.Thread(target=client, args=(n, started, started + seconds)) for n in range(clients)]
    for t in threads:
        t.start()
    time.sleep(max(started - time.monotonic(), 0))
    cpu_before = _cpu_seconds(server_pid, database)
    for t in threads:
        t.join(timeout=warmup + seconds + 60)
    wall = time.monotonic() - started
    cpu_after = _cpu_seconds(server_pid, database)
    return wall, [after - before for after, before in zip(cpu_after, cpu_before, strict=True)]


def recorded_rows(env: dict, script: str) -> list:
    """What the server's database holds, as the JSON list ``script`` prints last (run in a child with
    the server's environment)."""
    rows = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, check=True, capture_output=True, text=True
    )
    return json.loads(rows.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", choices=("sqlite", "postgres"), default="sqlite")
    # The production command's 3 sync workers: on 2 cores threads only fight over the GIL (README,
    # Benchmarks, has the other shapes measured).
    parser.add_argument("--workers", type=int, default=3, choices=(1, 2, 3, 4))
    parser.add_argument("--threads", type=int, default=1, help="threads per worker (more than 1: gthread)")
    parser.add_argument("--worker-class", default="", help="gunicorn's --worker-class (sync, gthread)")
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=20.0, help="how long to measure (at most 120)")
    parser.add_argument("--warmup", type=float, default=3.0, help="seconds of load before measuring")
    parser.add_argument("--max-requests", type=int, default=40_000)
    parser.add_argument(
        "--no-js",
        action="store_true",
        help="the learner without JavaScript: every answer and Siguiente redirects to a whole page",
    )
    args = parser.parse_args()
    seconds = min(args.seconds, 120.0)

    with bench_server("practice-load-", args.db, args.workers, args.threads, args.worker_class) as (
        env,
        server,
        port,
    ):
        load_before = " ".join(f"{x:.2f}" for x in os.getloadavg())
        stats = Stats()
        budget = [args.max_requests]
        warmup = min(max(args.warmup, 0.0), 30.0)
        wall, cpu = run_clients(
            server.pid,
            lambda n, start, stop: visitor(port, stats, start, stop, budget, n, not args.no_js),
            args.clients,
            warmup,
            seconds,
            database_name(env),
        )
        recorded = recorded_rows(env, COUNT_SCRIPT)

    recorded_set = set(recorded)
    lost = len(stats.accepted - recorded_set)
    doubled = len(recorded) - len(recorded_set)
    unreported = len(recorded_set - stats.accepted)  # recorded although the client saw a failure
    answers = len(stats.latencies)
    ms = [x * 1000 for x in stats.latencies]
    print(
        f"flow: {'no JavaScript (whole pages)' if args.no_js else 'htmx'}; "
        f"database: {args.db}; gunicorn workers: {args.workers} x {args.threads} threads; "
        f"clients: {args.clients}; {wall:.1f} s measured after {warmup:.0f} s of warm-up; "
        f"load average before: {load_before}"
    )
    print(f"requests: {stats.requests} ({stats.requests / wall:.0f}/s)")
    machine, served, database, client = cpu
    print(
        f"CPU while measured, cores busy: {machine / wall:.2f} of {os.cpu_count()} (gunicorn "
        f"{served / wall:.2f}, PostgreSQL (its backends) {database / wall:.2f}, this client {client / wall:.2f}, the rest "
        f"{(machine - served - database - client) / wall:.2f}); CPU ms per answer round-trip: gunicorn "
        f"{1000 * served / max(len(stats.latencies), 1):.1f}, PostgreSQL "
        f"{1000 * database / max(len(stats.latencies), 1):.1f}"
    )
    print(f"answer round-trips: {answers} ({answers / wall:.0f}/s), duplicates sent: {stats.duplicates_sent}")
    print(
        f"answer latency ms: p50 {_percentile(ms, 50):.1f}  p95 {_percentile(ms, 95):.1f}  "
        f"p99 {_percentile(ms, 99):.1f}  max {max(ms, default=float('nan')):.1f}"
    )
    print(
        f"attempt rows: {len(recorded)}; accepted submissions: {len(stats.accepted)}; lost: {lost}; "
        f"doubled: {doubled}; recorded but reported failed: {unreported}; "
        f"duplicates answered with the recorded feedback: {stats.duplicates_ok}/{stats.duplicates_sent}; "
        f"failed: {len(stats.failed)}"
    )
    for line in stats.failed[:5]:
        print("  failure:", line)
    ok = not (lost or doubled or unreported or stats.failed) and stats.duplicates_ok == stats.duplicates_sent
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
