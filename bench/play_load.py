"""Load benchmark of «Jugar»: learners playing whole hands against three bots, against gunicorn.

    .venv/bin/python bench/play_load.py                       # SQLite file (WAL) in a temp dir
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \\
        .venv/bin/python bench/play_load.py --db postgres       # creates and drops its own database

Each of --clients threads is an anonymous visitor with its own cookies and CSRF token. It starts a
match (the «Jugar» form, Post/Redirect/Get), then plays with JavaScript on: every move is an htmx POST
whose answer is the new table (the learner's card and the bots' replies up to the learner's next
move). It plays a legal card (worked out by the engine from what the page shows: its hand, the trick,
the trump), sings when offered, deals the next hand when one ends and starts a new match when one is
won. One move in ten is sent twice: the second must be answered «Ya estaba hecho» and change nothing.
With --no-js each move is a POST that redirects to the whole page. At the end the learner's card
events in the database are compared with the moves the server accepted (lost, doubled).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import sys
import threading
import time
import urllib.parse

from practice_load import (
    CSRF_INPUT,
    ROOT,
    Client,
    _percentile,
    bench_server,
    database_name,
    recorded_rows,
    run_clients,
)

sys.path.insert(0, str(ROOT))

from engine.cards import mask_of, parse_card  # noqa: E402
from engine.obligations import legal_mask  # noqa: E402
from engine.rules import GUIA  # noqa: E402

DUPLICATE_SHARE = 0.10
SEQ = re.compile(r'name="seq" value="(\d+)"')
CARD_BUTTON = re.compile(r'name="card" value="(\w+)"')
CANTE_BUTTON = re.compile(r'name="cante" value="([\w:]+)"')
TRUMP = re.compile(r'data-trump="(\w)"')
TRICK_STATE = re.compile(r'data-trick="(\w+)"')
TRICK_CARDS = re.compile(
    r'class="trick__seat[^"]*"[^>]*>\s*<span class="trick__who">[^<]*</span>\s*<span class="playing-card[^"]*"\s*data-card="(\w+)"'
)
HAND = re.compile(r'data-hand="(\d+)"')
LAST_TRICK = "data-last-trick"
NEXT_HAND = re.compile(r'name="number" value="(\d+)"')

COUNT_SCRIPT = """
import json, django
django.setup()
from tutor.play.models import Event
rows = list(Event.objects.filter(seat=0, kind="card").values_list("hand__match__token", "hand__number", "seq"))
print(json.dumps(rows))
"""


class Stats:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.latencies: list[float] = []
        self.accepted: set[tuple[str, int, int]] = set()
        self.duplicates_sent = 0
        self.duplicates_ok = 0
        self.hands = 0
        self.failed: list[str] = []
        self.requests = 0


def _choose(page: str, rng: random.Random) -> dict | None:
    """The move to make on this table: a cante offered, else a legal card (None: nothing to do)."""
    cantes = CANTE_BUTTON.findall(page)
    if cantes:
        return {"cante": cantes[0]}
    cards = CARD_BUTTON.findall(page)
    if not cards:
        return None
    trick = TRICK_CARDS.findall(page) if TRICK_STATE.search(page).group(1) == "abierta" else []
    if LAST_TRICK in page:  # the trick just collected, shown before the open one until the learner plays
        trick = trick[4:]
    hand = mask_of(parse_card(c) for c in cards)
    legal = legal_mask(hand, [parse_card(c) for c in trick], "oceb".index(TRUMP.search(page).group(1)), GUIA)
    choices = [c for c in cards if legal >> parse_card(c) & 1]
    return {"card": rng.choice(choices)}


def _open(client: Client, location: str) -> str:
    return client.request("GET", urllib.parse.urlparse(location).path)[2]


def _start_match(client: Client) -> tuple[str, str]:
    status, location, _ = client.request(
        "POST", "/jugar/nueva/", {"rules": "guia", "level": LEVEL, "mode": "aprendiz"}
    )
    if status != 302:
        raise RuntimeError(f"new match {status}")
    path = urllib.parse.urlparse(location).path
    return path, _open(client, location)


def _move(client: Client, path: str, form: dict, htmx: bool) -> tuple[int, str]:
    status, location, text = client.request("POST", path + "jugar/", form, htmx=htmx)
    if not htmx and status == 302:
        return 200, _open(client, location)
    return status, text


def visitor(port, stats, measure_from, stop_at, budget, seed, htmx) -> None:
    rng = random.Random(seed)
    client = Client(port, measure_from)
    try:
        page = client.request("GET", "/jugar/")[2]
        client.csrf = client.cookies.get("csrftoken") or CSRF_INPUT.search(page).group(1)
        path, page = _start_match(client)
        while time.monotonic() < stop_at:
            with stats.lock:
                if budget[0] <= 0:
                    break
                budget[0] -= 3
            token = path.rstrip("/").rsplit("/", 1)[-1]
            move = _choose(page, rng)
            if move is None:
                number = NEXT_HAND.search(page)
                with stats.lock:
                    stats.hands += 1
                if number:
                    status, location, _ = client.request(
                        "POST", path + "siguiente-mano/", {"number": number.group(1)}
                    )
                    page = _open(client, location)
                else:
                    path, page = _start_match(client)
                continue
            seq = int(SEQ.search(page).group(1))
            form = {"seq": seq, **move}
            measured = time.monotonic() >= measure_from
            started = time.perf_counter()
            status, answer = _move(client, path, form, htmx)
            elapsed = time.perf_counter() - started
            if status != 200 or "data-refusal" in answer or "Ya estaba hecho" in answer:
                stats.failed.append(f"move {status} {token} {form}")
                page = _open(client, path)
                continue
            if measured and "card" in move:
                with stats.lock:
                    stats.latencies.append(elapsed)
            if "card" in move:
                hand_no = int(HAND.search(answer).group(1))
                with stats.lock:
                    stats.accepted.add((token, hand_no, seq))
            if rng.random() < DUPLICATE_SHARE:
                status, again = _move(client, path, form, htmx)
                with stats.lock:
                    stats.duplicates_sent += 1
                    if status == 200 and "Ya estaba hecho" in again:
                        stats.duplicates_ok += 1
                    else:
                        stats.failed.append(f"duplicate {status} {token}")
                answer = again
            page = answer
    except Exception as exc:  # noqa: BLE001 - a broken visitor is a failure to report, not a crash
        stats.failed.append(f"client error {exc!r}")
    finally:
        with stats.lock:
            stats.requests += client.requests
        client.conn.close()


LEVEL = "normal"


def main() -> int:
    global LEVEL
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--workers", type=int, default=3, choices=(1, 2, 3, 4))
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--level", default="normal", choices=("principiante", "normal", "fuerte"))
    parser.add_argument("--seconds", type=float, default=20.0, help="how long to measure (at most 120)")
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument("--max-requests", type=int, default=60_000)
    parser.add_argument("--no-js", action="store_true", help="every move a POST that redirects to the page")
    parser.add_argument("--port", type=int, default=0, help="port for gunicorn (default: a free one)")
    args = parser.parse_args()
    LEVEL = args.level
    seconds = min(args.seconds, 120.0)

    with bench_server("play-load-", args.db, args.workers, port=args.port) as (env, server, port):
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
        recorded = [tuple(r) for r in recorded_rows(env, COUNT_SCRIPT)]

    recorded_set = set(recorded)
    lost = len(stats.accepted - recorded_set)
    doubled = len(recorded) - len(recorded_set) + max(len(recorded_set) - len(stats.accepted) - lost, 0)
    plays = len(stats.latencies)
    ms = [x * 1000 for x in stats.latencies]
    print(
        f"flow: {'no JavaScript' if args.no_js else 'htmx'}; database: {args.db}; bots: {args.level}; "
        f"gunicorn workers: {args.workers}; clients: {args.clients}; {wall:.1f} s measured after "
        f"{warmup:.0f} s of warm-up; load average before: {load_before}"
    )
    machine, served, database, client = cpu
    print(
        f"requests: {stats.requests} ({stats.requests / wall:.0f}/s); hands finished: {stats.hands}; CPU cores "
        f"busy {machine / wall:.2f} (gunicorn {served / wall:.2f}, PostgreSQL {database / wall:.2f}, client "
        f"{client / wall:.2f}); gunicorn CPU ms per play {1000 * served / max(plays, 1):.1f}"
    )
    print(f"learner plays (each with the bots' replies): {plays} ({plays / wall:.0f}/s)")
    print(
        f"play latency ms: p50 {_percentile(ms, 50):.1f}  p95 {_percentile(ms, 95):.1f}  "
        f"p99 {_percentile(ms, 99):.1f}  max {max(ms, default=float('nan')):.1f}"
    )
    print(
        f"learner card rows: {len(recorded)}; accepted: {len(stats.accepted)}; lost: {lost}; doubled: {doubled}; "
        f"duplicates answered «Ya estaba hecho»: {stats.duplicates_ok}/{stats.duplicates_sent}; "
        f"failed: {len(stats.failed)}"
    )
    for line in stats.failed[:5]:
        print("  failure:", line)
    ok = not (lost or doubled or stats.failed) and stats.duplicates_ok == stats.duplicates_sent
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
