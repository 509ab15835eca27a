"""Load benchmark of tables with people: --tables tables of four signed-in people on two app instances
deployed as the README's Production section does (per instance a gunicorn of sync workers and a
uvicorn worker for the server-sent events), sharing PostgreSQL and Redis.

    .venv/bin/python bench/tables_load.py                 # 50 tables x 4 people, 60 s, ports 8721-8724
    .venv/bin/python bench/tables_load.py --kill          # the same, one instance killed and restarted mid-run
    .venv/bin/python bench/tables_load.py --tables 2 --seconds 8   # a small run (the test's)

It creates (and drops) its own PostgreSQL database beside the one DATABASE_URL names and empties its
Redis database (REDIS_URL, default redis://127.0.0.1:6379/9) before and after. Each table's four
people sit two on each instance (seats 0 and 2 on one, 1 and 3 on the other, so that every play
crosses from one instance to the other through Redis); they sit down as the run starts and open
their tables within its first 3 s, and play as a browser with JavaScript does: the
page opens the table's stream (/mesas/m/<token>/eventos/ on the instance's uvicorn); an event that
brings the region (each change after the first, drawn for that person by the stream instance) is the
screen at once, one that brings only a version makes the page fetch its region (estado/?v=<version>);
while the stream is down it polls every 4 s, as the page's hx-trigger does. A person whose turn it is thinks 0 to --think seconds, then
plays a legal card (worked out with the engine from the trick and the trump the page shows), sings
when offered and, at seat 1, deals the next hand; one post in ten is sent twice and must be answered
«Ya estaba hecho».

With --kill, one instance (its gunicorn and its stream server) is killed with SIGKILL at 40 % of the
run and started again --down seconds later. Its people find it gone: those at seats 0 and 1 go on
with the other instance at once (as a proxy would send them), those at seats 2 and 3 retry theirs
until it is back (or, after 10 s, reload and are sent to the other). A post whose answer never came is sent again as it was: «Ya estaba hecho» tells
it had been stored.

Printed: plays a second; play -> the other three screens, from the moment the play is sent to the
event on each of the other seats' streams that brings its version, and to their screens (the region
fetched and showing that version or a later one), p50/p99; the post's round trip; and the checks:
every play the server accepted is in the database once, no person's seat was played by a bot, every
accepted play reached the other three streams and screens, no stream sent one version twice; the
baseline of the run (home and /healthz requests a second on the first instance's gunicorn, before
the load) and the load average; the CPU of the app servers (gunicorn and uvicorn with their workers),
of this run's PostgreSQL backends and of this client; the slow screens by window of the run, and
how much of their time came before the stream's event and after it. Exit status 1 when anything was
lost, doubled or failed.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import instances  # noqa: E402
from bench.live_load import Client  # noqa: E402
from bench.practice_load import _cpu_seconds, _percentile, latency_line  # noqa: E402
from engine.cards import Suit, mask_of, parse_card  # noqa: E402
from engine.obligations import legal_mask  # noqa: E402
from engine.rules import GUIA  # noqa: E402

DUPLICATE_SHARE = 0.10
POLL = 4.0  # the region's own poll while its stream is down (hx-trigger "every 4s")
RETRY = 1.0  # EventSource's reconnection delay (the stream's «retry:»)
ARRIVAL = 3.0  # the people open their tables within this many seconds of the start
# A person waiting for their instance reloads after this long (and the proxy sends them to the other).
GIVE_UP = 10.0
# After the last moves the screens catch up this long (counted from a restart, if later).
DRAIN = 5.0
VERSION = re.compile(r'data-version="(\d+)"')
HAND = re.compile(r'data-hand="(\d+)"')
SEQ = re.compile(r'name="seq" value="(\d+)"')
CARD_BUTTON = re.compile(r'name="card" value="(\w+)"')
CANTE_BUTTON = re.compile(r'name="cante" value="([\w:]+)"')
NEXT_HAND = re.compile(r'name="number" value="(\d+)"')
TRICK_LABEL = re.compile(r'<section class="trick" aria-label="([^"]*)"')
TRICK_CARDS = re.compile(
    r'class="trick__seat[^"]*"[^>]*>\s*<span class="trick__who">[^<]*</span>\s*<span class="playing-card[^"]*"\s*data-card="(\w+)"'
)
TRUMP = re.compile(r'class="trick__trump-label">[^:<]*:\s*([^<]+)<')

SEED_SCRIPT = """
import json, sys, django
django.setup()
from bench.instances import session_for as session
from engine.rules import GUIA
from tutor.accounts.models import User
from tutor.tables import services

tables = int(sys.argv[1])

out = []
for t in range(tables):
    people = User.objects.bulk_create(
        User(username=f"mesa{t}-{n}", role=User.Role.LEARNER, password="!") for n in range(4)
    )
    table = services.create_table(user=people[0], rules=GUIA, seat=0, mode="aprendiz", seed=1000 + t)
    for n in (1, 2, 3):
        services.sit(user=people[n], token=table.token, number=n, mode="examen" if n % 2 else "aprendiz")
    services.start(user=people[0], token=table.token)
    out.append({"token": table.token, "sessions": [session(p) for p in people]})
print(json.dumps(out))
"""

# The people sit down at their tables as the run starts (the seeding and the servers' start took
# longer than a seat may go unseen before a bot plays it).
ARRIVE_SCRIPT = """
import json, django
django.setup()
from django.utils import timezone
from tutor.tables.models import Seat
print(json.dumps(Seat.objects.update(last_seen=timezone.now())))
"""

COUNT_SCRIPT = """
import json, django
django.setup()
from tutor.tables.models import TableEvent
rows = list(TableEvent.objects.values_list(
    "hand__table__token", "hand__number", "seq", "seat", "kind", "value", "by_bot"))
print(json.dumps(rows))
"""


@dataclass
class Move:
    token: str
    hand: int
    seq: int
    seat: int
    kind: str
    value: str
    sent: float
    answered: float
    version: int  # the table's version on the mover's page after it


@dataclass
class Person:
    """One seat's browser: its connections (it may move to the other instance), stream and screen."""

    table: int
    token: str
    seat: int
    client: Client
    home: int  # the instance it started on
    at: int = 0  # the instance it uses now
    events: list = field(default_factory=list)  # (time, version) of every stream event
    doubled_events: int = 0  # one connection sent a version it had already sent
    screens: list = field(default_factory=list)  # (time, version) the region shown
    stream_open: bool = False
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    pending: int | None = None  # the version of the stream's last event, not yet looked at
    region: tuple[int, str] | None = None  # the last event's region, when it brought one
    failovers: int = 0
    failures: list = field(default_factory=list)


class Run:
    def __init__(self, args, ports, stream_ports) -> None:
        self.args = args
        self.ports = ports
        self.stream_ports = stream_ports
        self.moves: list[Move] = []
        self.duplicates_sent = 0
        self.duplicates_ok = 0
        self.refused_cards = 0  # cards the client thought legal and the server refused (a parse slip)
        self.retried = 0  # posts sent again after their answer never came
        self.down: set[int] = set()  # instances killed and not yet back
        self.kill_log: list[str] = []
        self.started = 0.0
        self.drain_until = 0.0  # people stop looking at their tables then
        self.unfinished = 0
        self.client_cpu = 0.0  # this process's CPU seconds during the run (the 200 browsers' side)
        self.steady: tuple | None = None  # (first, last) samples of _steady


def _legal(page: str) -> list[str]:
    """The cards in the page's hand that may be played now, by the engine, from the trick and trump shown."""
    cards = CARD_BUTTON.findall(page)
    label = TRICK_LABEL.search(page)
    trump = TRUMP.search(page)
    if not cards or label is None or trump is None:
        return cards
    trick = TRICK_CARDS.findall(page) if "en la mesa" in label.group(1) else []
    hand = mask_of(parse_card(c) for c in cards)
    legal = legal_mask(hand, [parse_card(c) for c in trick], int(Suit.parse(trump.group(1).strip())), GUIA)
    return [c for c in cards if legal >> parse_card(c) & 1] or cards


async def _request(run: Run, person: Person, method: str, path: str, form=None, stop_at=0.0):
    """A request that survives its instance's death: on a failed connection the person goes on with
    the other instance (seats 0 and 1) or retries theirs every half second (seats 2 and 3) until
    GIVE_UP; it gives up at ``stop_at`` or the end of the run's drain, whichever is later."""
    first_failure = None
    while True:
        try:
            status, text = await person.client.request(method, path, form, port=run.ports[person.at])
        except (IndexError, ValueError):  # the connection closed mid-answer: the instance died
            status, text = 0, ""
        if status:
            return status, text
        now = time.monotonic()
        if now > max(stop_at, run.drain_until):
            person.failures.append(f"{method} {path}: no answer")
            return 0, ""
        first_failure = first_failure or now
        if person.seat < 2 or now - first_failure > GIVE_UP:
            person.at = 1 - person.at
            person.failovers += 1
            first_failure = None
        else:
            await asyncio.sleep(0.5)


async def _stream(run: Run, person: Person) -> None:
    """The page's EventSource, reconnecting after RETRY seconds whenever it breaks."""
    path = f"/mesas/m/{person.token}/eventos/"
    cookie = f"sessionid={person.client.cookies['sessionid']}"
    broken_since = None
    while time.monotonic() < run.drain_until:
        seen: set[int] = set()
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection("127.0.0.1", run.stream_ports[person.at]), 10
            )
        except (OSError, TimeoutError):
            broken_since = broken_since or time.monotonic()
            if person.seat < 2 or time.monotonic() - broken_since > GIVE_UP:
                person.at, broken_since = 1 - person.at, None
            await asyncio.sleep(RETRY)
            continue
        broken_since = None
        try:
            writer.write(
                f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nCookie: {cookie}\r\n\r\n".encode()
            )
            status = int((await asyncio.wait_for(reader.readline(), 10)).split()[1])
            while (await reader.readline()).strip():
                pass
            person.stream_open = status == 200
            while person.stream_open:
                # One event at a time (a region is many data lines: read as one block, not line by line).
                block = await asyncio.wait_for(
                    reader.readuntil(b"\n\n"), min(max(run.drain_until - time.monotonic(), 0.1), 60)
                )
                kind, data = "message", []
                for line in block.decode().split("\n"):
                    if line.startswith("event: "):
                        kind = line[7:]
                    elif line.startswith("data: "):
                        data.append(line[6:])
                if not data:  # the retry hint, a keep-alive comment
                    continue
                version = int(data[0])
                if version in seen and version >= 0:
                    person.doubled_events += 1
                seen.add(version)
                now = time.monotonic()
                person.events.append((now, version))
                if kind == "region":  # the region itself: on the screen as it arrives (live.js swaps it in)
                    person.screens.append((now, version))
                    person.region = (version, "\n".join(data[1:]))
                else:
                    person.region = None
                person.pending = version
                person.changed.set()
        except (
            OSError,
            ValueError,
            IndexError,
            TimeoutError,
            asyncio.IncompleteReadError,
            asyncio.LimitOverrunError,
        ):
            pass
        finally:
            person.stream_open = False
            person.changed.set()
            writer.close()
        if time.monotonic() < run.drain_until:
            await asyncio.sleep(RETRY)


def _shown(person: Person, page: str) -> int:
    found = VERSION.search(page)
    version = int(found.group(1)) if found else -1
    if found:
        person.screens.append((time.monotonic(), version))
    return version


async def _wait_change(person: Person, shown: int, timeout: float) -> int | None:
    """Until the stream brings a version other than ``shown`` (that version: take its region, or fetch
    it, as live.js does), or ``timeout`` (None)."""
    ends = time.monotonic() + timeout
    while True:
        if person.pending is not None:
            version, person.pending = person.pending, None
            if version != shown:
                return version
            continue
        left = ends - time.monotonic()
        if left <= 0:
            return None
        person.changed.clear()
        try:
            await asyncio.wait_for(person.changed.wait(), left)
        except TimeoutError:
            return None


def _version(page: str, default: int) -> int:
    found = VERSION.search(page)
    return int(found.group(1)) if found else default


async def _send(run: Run, person: Person, form: dict, stop_at: float) -> tuple[int, str]:
    path = f"/mesas/m/{person.token}/jugar/"
    status, answer = await _request(run, person, "POST", path, form, stop_at)
    return status, answer


async def _play(run: Run, person: Person, page: str, form: dict, kind: str, value: str, stop_at: float):
    """One move: sent (again if its answer never came), recorded when the server took it, sometimes doubled."""
    seq = int(SEQ.search(page).group(1))
    hand = int(HAND.search(page).group(1))
    form = {"seq": str(seq), **form}
    sent = time.monotonic()
    status, answer = await _send(run, person, form, stop_at)
    answered = time.monotonic()
    if status != 200:
        person.failures.append(f"move {status}")
        return None, answer
    if "data-refusal" in answer:
        return False, answer
    run.moves.append(
        Move(person.token, hand, seq, person.seat, kind, value, sent, answered, _shown(person, answer))
    )
    if random.random() < DUPLICATE_SHARE:
        run.duplicates_sent += 1
        status, again = await _send(run, person, form, stop_at)
        if status == 200 and "Ya estaba hecho" in again:
            run.duplicates_ok += 1
            _shown(person, again)
            answer = again
        else:
            person.failures.append(f"duplicate {status}")
    return True, answer


async def person_loop(run: Run, person: Person, seed: int, stop_at: float) -> None:
    """One person at their table until the run's drain ends (``run.run.drain_until``, later while an
    instance is being started again)."""
    rng = random.Random(seed)
    base = f"/mesas/m/{person.token}/"
    stream = None
    try:
        await asyncio.sleep(rng.uniform(0, ARRIVAL))  # people open their tables over the first seconds
        status, page = await _request(run, person, "GET", base, stop_at=run.drain_until)
        if status != 200:
            person.failures.append(f"page {status}")
            return
        stream = asyncio.ensure_future(_stream(run, person))
        shown = _shown(person, page)
        while time.monotonic() < run.drain_until:
            moving = time.monotonic() < stop_at and "data-closed" not in page
            cantes = CANTE_BUTTON.findall(page) if moving else []
            legal = _legal(page) if moving and "<strong>Te toca jugar." in page else []
            if cantes or legal:
                await asyncio.sleep(rng.uniform(0, run.args.think))
                if cantes:
                    done, answer = await _play(
                        run, person, page, {"cante": cantes[0]}, "cante", cantes[0], run.drain_until
                    )
                    if done is False:  # not this cante after all: let the moment pass
                        done, answer = await _play(
                            run, person, page, {"pasar": "1"}, "pass", "", run.drain_until
                        )
                else:
                    done = False
                    for card in rng.sample(legal, len(legal)):
                        done, answer = await _play(
                            run, person, page, {"card": card}, "card", card, run.drain_until
                        )
                        if done is not False:
                            break
                        run.refused_cards += 1
                        if "<strong>Te toca jugar." not in answer:
                            break
                if done is None:
                    await asyncio.sleep(0.5)
                    status, page = await _request(
                        run, person, "GET", base + "estado/", stop_at=run.drain_until
                    )
                    shown = _shown(person, page) if status == 200 else shown
                    continue
                page, shown = answer, _version(answer, shown)
                continue
            number = (
                NEXT_HAND.search(page) if moving and person.seat == 1 and "data-hand-over" in page else None
            )
            if number:
                await asyncio.sleep(rng.uniform(0, run.args.think))
                status, answer = await _request(
                    run,
                    person,
                    "POST",
                    base + "siguiente-mano/",
                    {"number": number.group(1)},
                    run.drain_until,
                )
                if status == 200:
                    page, shown = answer, _shown(person, answer)
                continue
            # Nothing to do: wait for the stream (or poll while it is down), then fetch the region.
            changed = await _wait_change(
                person, shown, min(POLL, max(run.drain_until - time.monotonic(), 0.01))
            )
            if time.monotonic() >= run.drain_until:
                break
            if changed is None and person.stream_open:
                continue
            region = person.region
            if changed is not None and region is not None and region[0] == changed:
                if region[0] > shown:  # the stream brought the region: no fetch (an older one is left)
                    page, shown = region[1], region[0]
                continue
            status, answer = await _request(
                run, person, "GET", f"{base}estado/?v={shown}", stop_at=run.drain_until
            )
            if status == 200:
                page, shown = answer, _shown(person, answer)
    except Exception as exc:  # noqa: BLE001 - a broken page is a failure to report, not a crash
        person.failures.append(f"error {exc!r}")
    finally:
        if stream is not None:
            stream.cancel()
            await asyncio.gather(stream, return_exceptions=True)


async def _killer(run: Run, groups: list[list], env: dict, at: float, down: float) -> None:
    """Kill the second instance (its gunicorn and its stream server) at ``at``, start it again ``down`` s later."""
    await asyncio.sleep(max(at - time.monotonic(), 0))
    instances.kill(groups[1])
    run.down.add(1)
    killed = time.monotonic()
    run.kill_log.append(f"instance 2 killed at {killed - run.started:.1f} s")
    # The people go on (and wait for their instance) until it is back, however long its start takes on
    # a loaded machine, then DRAIN more.
    planned, run.drain_until = run.drain_until, float("inf")
    try:
        await asyncio.sleep(down)
        restarted = await asyncio.to_thread(
            lambda: (
                instances.start([run.ports[1]], env, workers=run.args.workers, timeout=180, own_group=True)
                + instances.start(
                    [run.stream_ports[1]],
                    env,
                    workers=run.args.stream_workers,
                    timeout=180,
                    asgi=True,
                    own_group=True,
                )
            )
        )
    finally:
        run.drain_until = max(planned, time.monotonic() + DRAIN)
    groups[1][:] = restarted
    run.down.discard(1)
    run.kill_log.append(
        f"started again, answering at {time.monotonic() - run.started:.1f} s ({time.monotonic() - killed:.1f} s down)"
    )


def _reached(persons: list[Person], move: Move, what: str) -> list[float | None]:
    """For the other three seats of the move's table, when their stream (``events``) or screen
    (``screens``) first carried the move's version or a later one (None: never)."""
    out = []
    for other in persons:
        if other.token != move.token or other.seat == move.seat:
            continue
        times = [t for t, v in getattr(other, what) if v >= move.version and t >= move.sent]
        out.append(min(times) - move.sent if times else None)
    return out


class DatabaseCPU:
    """The CPU of this run's own PostgreSQL backends (those connected to its database; the machine's
    other databases are other people's), sampled every half second from /proc while the run lasts: a
    backend that ends between two samples is missed, one born during the run counts from nothing."""

    def __init__(self, name: str) -> None:
        self.marker = f" {name} ".encode()
        self.first: dict[int, float] = {}
        self.last: dict[int, float] = {}
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._sample, daemon=True)

    def _backends(self) -> dict[int, float]:
        tick = os.sysconf("SC_CLK_TCK")
        found = {}
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                with open(f"/proc/{entry}/cmdline", "rb") as f:
                    command = f.read()
                if not command.startswith(b"postgres: ") or self.marker not in command:
                    continue
                with open(f"/proc/{entry}/stat") as f:
                    stat = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            found[int(entry)] = (int(stat[11]) + int(stat[12])) / tick
        return found

    def start(self) -> None:
        self.first = self._backends()
        self.last = dict(self.first)
        self.thread.start()

    def _sample(self) -> None:
        while not self.stop.wait(0.5):
            for pid, used in self._backends().items():
                self.first.setdefault(pid, 0.0)
                self.last[pid] = used

    def so_far(self) -> float:
        return sum(self.last[pid] - self.first[pid] for pid in list(self.last))

    def seconds(self) -> float:
        self.stop.set()
        self.thread.join()
        return self.so_far()


# The steady state: from this many seconds into the run (the 200 pages and streams opened) to its end.
STEADY_FROM = 10.0


async def _steady(run: Run, servers: list, database: DatabaseCPU, stop_at: float) -> None:
    """The CPU of the app servers, this run's PostgreSQL and this client between STEADY_FROM and the
    end of play, with the plays sent meanwhile (``run.steady``)."""

    def sample() -> tuple[float, float, float, float, float]:
        used = [_cpu_seconds(s.pid)[1] for s in servers]
        streams = sum(
            u for u, s in zip(used, servers, strict=True) if "uvicorn_worker.UvicornWorker" in s.args
        )
        return time.monotonic(), sum(used), database.so_far(), time.process_time(), streams

    await asyncio.sleep(max(run.started + STEADY_FROM - time.monotonic(), 0))
    first = sample()
    await asyncio.sleep(max(stop_at - time.monotonic(), 0))
    last = sample()
    run.steady = (first, last)


def _where_the_tail_is(persons: list[Person], plays: list[Move], started: float, window: float = 10.0):
    """Where the slow screens come from: by window of the run (the start's page loads, a hand's end), and
    for each screen over 500 ms how much of it was before the event (the play's POST until it committed
    and published) and after it (the stream's event until the region was fetched)."""
    by_window: dict[int, list[float]] = {}
    before = after = slow = 0.0
    for m in plays:
        for other in persons:
            if other.token != m.token or other.seat == m.seat:
                continue
            screen = [t for t, v in other.screens if v >= m.version and t >= m.sent]
            event = [t for t, v in other.events if v >= m.version and t >= m.sent]
            if not screen:
                continue
            took = min(screen) - m.sent
            by_window.setdefault(int((m.sent - started) // window), []).append(1000 * took)
            if took > 0.5:
                slow += 1
                reached = min(event) if event else min(screen)
                before += min(reached, min(screen)) - m.sent
                after += min(screen) - min(reached, min(screen))
    yield "play -> screens by window of the run (sent at): " + "; ".join(
        f"{int(w * window)}-{int((w + 1) * window)} s n {len(v)} p50 {_percentile(v, 50):.0f} p99 {_percentile(v, 99):.0f}"
        for w, v in sorted(by_window.items())
    )
    if slow:
        yield (
            f"screens over 500 ms: {slow:.0f}; of their time, before the event (POST to commit and publish) "
            f"{1000 * before / slow:.0f} ms, event to screen (the region's fetch) {1000 * after / slow:.0f} ms on average"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50, choices=range(1, 101))
    parser.add_argument("--seconds", type=float, default=60.0, help="how long people play (at most 300)")
    parser.add_argument("--think", type=float, default=2.0, help="longest think time before a move (s)")
    parser.add_argument(
        "--workers", type=int, default=3, choices=(1, 2, 3, 4), help="sync workers per instance"
    )
    parser.add_argument(
        "--stream-workers", type=int, default=1, choices=(1, 2, 3), help="uvicorn workers per instance"
    )
    parser.add_argument("--ports", default="8721,8722")
    parser.add_argument("--stream-ports", default="8723,8724")
    parser.add_argument(
        "--kill", action="store_true", help="kill the second instance mid-run and start it again"
    )
    parser.add_argument("--down", type=float, default=5.0, help="seconds the killed instance stays down")
    args = parser.parse_args()
    seconds = min(max(args.seconds, 2.0), 300.0)
    ports = [int(p) for p in args.ports.split(",")]
    stream_ports = [int(p) for p in args.stream_ports.split(",")]
    groups: list[list] = [[], []]
    run = Run(args, ports, stream_ports)
    with instances.fresh_site("tables-load-", "redis://127.0.0.1:6379/9") as env:
        try:
            seeded = instances.run_json(env, SEED_SCRIPT, str(args.tables))
            for n in range(2):
                groups[n] += instances.start([ports[n]], env, workers=args.workers, own_group=True)
                groups[n] += instances.start(
                    [stream_ports[n]], env, workers=args.stream_workers, asgi=True, own_group=True
                )
            base_line = instances.baseline(ports[0])
            load_before = " ".join(f"{x:.2f}" for x in os.getloadavg())
            persons = []
            for t, table in enumerate(seeded):
                for seat, session in enumerate(table["sessions"]):
                    home = seat % 2  # partners on one instance, rivals on the other
                    persons.append(Person(t, table["token"], seat, Client(ports[home], session), home, home))
            servers = [s for group in groups for s in group]
            database_cpu = DatabaseCPU(env["DATABASE_URL"].rsplit("/", 1)[1])
            database_cpu.start()
            cpu_before = [_cpu_seconds(s.pid) for s in servers]

            async def run_all() -> None:
                run.started = time.monotonic()
                client_cpu = time.process_time()
                stop_at = run.started + seconds
                run.drain_until = stop_at + DRAIN
                tasks = [
                    asyncio.ensure_future(person_loop(run, p, 7919 * p.table + p.seat, stop_at))
                    for p in persons
                ]
                if args.kill:
                    tasks.append(
                        asyncio.ensure_future(
                            _killer(run, groups, env, run.started + 0.4 * seconds, args.down)
                        )
                    )
                elif seconds > 2 * STEADY_FROM:
                    tasks.append(asyncio.ensure_future(_steady(run, servers, database_cpu, stop_at)))
                _done, late = await asyncio.wait(tasks, timeout=seconds + (400 if args.kill else 90))
                for task in late:
                    task.cancel()
                await asyncio.gather(*late, return_exceptions=True)
                run.unfinished = len(late)
                run.client_cpu = time.process_time() - client_cpu

            instances.run_json(env, ARRIVE_SCRIPT)
            asyncio.run(run_all())
            wall = time.monotonic() - run.started
            cpu_after = [_cpu_seconds(s.pid) for s in servers]
            own_database = database_cpu.seconds()
            load_after = " ".join(f"{x:.2f}" for x in os.getloadavg())
            recorded = instances.run_json(env, COUNT_SCRIPT)
        finally:
            for group in groups:
                instances.stop(group)

    # The database: every move taken is there once, with its seat and card; no bot played for a person.
    stored = {}
    doubled = bots = 0
    for token, hand, seq, seat, kind, value, by_bot in recorded:
        if (token, hand, seq) in stored:
            doubled += 1
        stored[(token, hand, seq)] = (seat, kind, value)
        bots += by_bot
    taken = {(m.token, m.hand, m.seq): m for m in run.moves}
    lost = sum(
        1
        for key, m in taken.items()
        if key not in stored
        or stored[key][:2] != (m.seat, m.kind)
        or (m.kind == "card" and stored[key][2] != m.value)
    )
    unexplained = sum(1 for key in stored if key not in taken)  # stored, but no person was told it was taken
    doubled += len(run.moves) - len(taken)
    plays = [m for m in run.moves if m.kind == "card"]
    events = [x for m in plays for x in _reached(persons, m, "events")]
    screens = [x for m in plays for x in _reached(persons, m, "screens")]
    events_missing = sum(x is None for x in events)
    screens_missing = sum(x is None for x in screens)
    event_ms = [1000 * x for x in events if x is not None]
    screen_ms = [1000 * x for x in screens if x is not None]
    post_ms = [1000 * (m.answered - m.sent) for m in plays]
    doubled_events = sum(p.doubled_events for p in persons)
    failures = [f for p in persons for f in p.failures]
    failures += [f"{run.unfinished} people still waiting at the time limit"] if run.unfinished else []

    print(
        f"{args.tables} tables x 4 people on 2 instances (each {args.workers} sync workers + {args.stream_workers} "
        f"uvicorn worker(s) for the streams), PostgreSQL and Redis; think 0-{args.think:g} s; {seconds:.0f} s of play "
        f"({wall:.1f} s with the drain){'; instance 2 killed and restarted' if args.kill else ''}"
    )
    print(
        f"baseline (instance 1's gunicorn, before the load): {base_line}; load average before {load_before}, after {load_after}"
    )
    for entry in run.kill_log:
        print("  " + entry)
    print(
        f"plays {len(plays)} ({len(plays) / seconds:.1f}/s), moves in all {len(run.moves)} "
        f"(cantes and passes {len(run.moves) - len(plays)})"
    )
    print(latency_line("play -> the other three streams", event_ms))
    print(latency_line("play -> the other three screens", screen_ms))
    print(latency_line("play POST round trip", post_ms))
    late = [m for m in plays if m.sent >= run.started + STEADY_FROM]
    print(
        latency_line(
            f"play -> the other three screens, plays sent after {STEADY_FROM:.0f} s (the pages and streams opened)",
            [1000 * x for m in late for x in _reached(persons, m, "screens") if x is not None],
        )
    )
    print(
        f"database: moves taken {len(taken)}, stored {len(stored)}, lost {lost}, doubled {doubled}, stored "
        f"without a person told {unexplained}, played by a bot {bots}; duplicates answered «Ya estaba hecho» "
        f"{run.duplicates_ok}/{run.duplicates_sent}"
    )
    print(
        f"streams: plays missing from another seat's stream {events_missing}, from its screen {screens_missing}; "
        f"a version sent twice on one stream {doubled_events}"
    )
    if args.kill:
        print(
            f"people who went on with the other instance: {sum(1 for p in persons if p.failovers)}; "
            f"refused cards (client's parse) {run.refused_cards}"
        )
    else:
        served = sum(after[1] - before[1] for after, before in zip(cpu_after, cpu_before, strict=True))
        database = own_database
        machine = cpu_after[0][0] - cpu_before[0][0]
        print(
            f"CPU cores busy: machine {machine / wall:.2f} of {os.cpu_count()}, app servers {served / wall:.2f}, "
            f"PostgreSQL (this run's database) {database / wall:.2f}; CPU ms per play: app servers "
            f"{1000 * served / max(len(plays), 1):.1f} + PostgreSQL {1000 * database / max(len(plays), 1):.1f} = "
            f"{1000 * (served + database) / max(len(plays), 1):.1f}; refused cards (client's parse) {run.refused_cards}"
        )
    print(
        f"bench client (this process, the 200 browsers): {run.client_cpu / wall:.2f} of a core, "
        f"{1000 * run.client_cpu / max(len(plays), 1):.1f} CPU ms per play"
    )
    if run.steady:
        (t0, app0, db0, client0, streams0), (t1, app1, db1, client1, streams1) = run.steady
        steady = sum(1 for m in plays if t0 <= m.sent < t1)
        each = 1000 / max(steady, 1)
        print(
            f"steady state ({STEADY_FROM:.0f} s to the end of play, the pages and streams opened): "
            f"{steady / (t1 - t0):.1f} plays/s; CPU ms per play: app servers {each * (app1 - app0):.1f} "
            f"(of which the stream servers {each * (streams1 - streams0):.1f}) + "
            f"PostgreSQL {each * (db1 - db0):.1f} = {each * (app1 - app0 + db1 - db0):.1f}, client "
            f"{each * (client1 - client0):.1f}; cores: app servers {(app1 - app0) / (t1 - t0):.2f}, "
            f"PostgreSQL {(db1 - db0) / (t1 - t0):.2f}, client {(client1 - client0) / (t1 - t0):.2f}"
        )
    for line in _where_the_tail_is(persons, plays, run.started):
        print(line)
    print(f"failures {len(failures)}")
    for failure in failures[:5]:
        print("  failure:", failure)
    # With an instance killed, the plays made while a person's stream was down reach their screen by the
    # resync when it opens again (or a poll), not by an event: only the screens must have them all.
    events_missing_fails = events_missing if not args.kill else 0
    ok = (
        plays
        and not (
            lost
            or doubled
            or unexplained
            or bots
            or events_missing_fails
            or screens_missing
            or doubled_events
        )
        and not failures
        and run.duplicates_ok == run.duplicates_sent
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
