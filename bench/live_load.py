"""Load benchmark of live rounds: --rounds simultaneous rounds of --phones phones each, plus their
projectors, on two app instances (gunicorn, sync workers) sharing PostgreSQL and Redis.

    .venv/bin/python bench/live_load.py      # 5 rounds x 60 phones, 3 questions, ports 8711-8712
    .venv/bin/python bench/live_load.py --events   # server-sent events instead of polls (needs uvicorn)
    .venv/bin/python bench/live_load.py --events --write-ports 8715,8716   # as deployed (README, Production)

It creates (and drops) its own PostgreSQL database next to the one DATABASE_URL names (default
postgres://postgres@127.0.0.1:5432/postgres) and empties its Redis database (REDIS_URL, default
redis://127.0.0.1:6379/7) before and after. Every phone is a signed-in class member (a session made in
the database) on one of the two instances, alternately. With JavaScript on, a phone polls
/directo/<code>/estado/?v=<version> every 0.7 s and answers each question after a random think time
(0 to --think seconds, htmx POST); the projector, on the other instance than half its phones, polls
/proyector/estado/?v= every half second. The teacher reveals once every phone has answered (or after
--question-timeout s) and moves on 1.5 s later. With --events each instance also runs one uvicorn
worker (tutor.asgi, ports 8713-8714) for the pages' streams, as the proxy would route /eventos/ there:
every page opens its stream and, instead of polling, fetches its region (the same ?v= request) when
the stream sends a version other than the one shown (the projector writes the count an event brings into
the page, as live.js does, and fetches its board only when the stage moves or somebody joins); the
projector still looks every half second whether to play the teacher's hand. With --write-ports each
instance also runs a gunicorn of --write-workers sync workers for the round's writes (the answers and
the teacher's controls), as the proxy routes them, so they never queue behind the pages' requests.
Beside each instance runs a task worker (manage.py db_worker), which logs the answers of each closed
question (tutor.live.tasks); the run counts what is stored once the queue is empty.

Printed: answer-to-projector latency (from the moment the phone sends its answer to the first
projector poll, or with --events the first event of the projector's stream, whose count includes it; counts are matched to answers in the order they were
committed), reveal- and next-to-phone latency (from the teacher sending the POST to the phone's poll
showing it), answers lost (accepted by the server but missing from the database or from the
projector's final count), requests and 204s, and CPU per answer and per poll (gunicorn of both
instances, PostgreSQL). --full-polls drops the version from the polls: every poll renders the page,
the alternative the conditional 204 is measured against. All traffic to 127.0.0.1; bounded loops.
The client is one asyncio process: it prints how late its event loop wakes, and a watchdog thread
prints (to stderr, and in the summary) the stack of anything that holds the loop over 1 s, since a
held loop freezes every page and reads as the room's latency.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import subprocess
import sys
import threading
import time
import traceback
import urllib.parse
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import instances  # noqa: E402
from bench.practice_load import _cpu_seconds, _percentile, latency_line  # noqa: E402

VERSION = re.compile(r'data-version="([^"]+)"')
ANSWER_ACTION = re.compile(r'action="(/directo/[^/]+/responder/(\d+)/)"')
ANSWER_VALUE = re.compile(r'name="answer"\s+value="([^"]+)"')
ANSWERED = re.compile(r'data-testid="answered">\s*(\d+) de (\d+)')
QUESTION = re.compile(r"Pregunta (\d+)")
SEAT_URL = re.compile(r'data-live-seat="([^"]+)"')
BEFORE = re.compile(r'data-before="(\d+)"')
# The pages' own intervals (hx-trigger in templates/live/phone.html and projector.html).
PHONE_POLL = 0.7
PROJECTOR_POLL = 0.5

SEED_SCRIPT = """
import json, sys, django
django.setup()
from bench.instances import session_for as session
from tutor.accounts.models import User
from tutor.classroom.models import Classroom, Membership, PracticeSet, SetItem
from tutor.live import services
from django.utils import timezone

rounds, phones, questions = (int(x) for x in sys.argv[1:4])

out = []
for r in range(rounds):
    teacher = User.objects.create_user(username=f"profe{r}", role=User.Role.TEACHER)
    classroom = Classroom.objects.create(name=f"Clase {r}")
    classroom.teachers.add(teacher)
    students = User.objects.bulk_create(
        User(username=f"alumno{r}-{n}", role=User.Role.LEARNER, password="!") for n in range(phones)
    )
    Membership.objects.bulk_create(Membership(classroom=classroom, student=s) for s in students)
    practice_set = PracticeSet.objects.create(
        classroom=classroom, created_by=teacher, title="Obligaciones", due_at=timezone.now()
    )
    SetItem.objects.create(practice_set=practice_set, kind="family", family="obligacion", difficulty=1)
    live = services.start_round(
        classroom=classroom, teacher=teacher, source="tarea", practice_set=practice_set,
        count=questions, allow_guests=False,
    )
    out.append({"code": live.code, "teacher": session(teacher), "phones": [session(s) for s in students]})
print(json.dumps(out))
"""

COUNT_SCRIPT = """
import json, time, django
django.setup()
from django_tasks_db.models import DBTaskResult
from tutor.live.models import LiveAnswer
# The closes' logging is the task workers' (tutor.live.tasks): counted once they have run it.
deadline = time.monotonic() + 120
while DBTaskResult.objects.filter(status__in=("READY", "RUNNING")).exists() and time.monotonic() < deadline:
    time.sleep(0.2)
from tutor.practice.models import Attempt
rows = list(LiveAnswer.objects.values_list("question__round__code", "question__number", "participant__learner__username"))
print(json.dumps({"answers": rows, "attempts": Attempt.objects.filter(mode="directo").count()}))
"""


class Stream:
    """A page's EventSource: the last version the server sent, and whether the stream is open."""

    open_now = peak = 0  # streams open at once, over all pages

    def __init__(self) -> None:
        self.version: str | None = None
        self.open = False
        self.changed = asyncio.Event()
        self.received: list[tuple[float, str]] = []  # (time, version) of every event
        self.asked_at = time.monotonic()
        self.opened_at: float | None = None  # when its headers came

    async def run(self, client: Client, path: str) -> None:
        cookie = "; ".join(f"{k}={v}" for k, v in client.cookies.items())
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection("127.0.0.1", client.stream_port), 30
            )
        except (OSError, TimeoutError):
            return
        client.requests += 1
        try:
            writer.write(
                f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nCookie: {cookie}\r\n\r\n".encode()
            )
            status = int((await reader.readline()).split()[1])
            while (await reader.readline()).strip():  # the headers
                pass
            self.open = status == 200
            self.opened_at = time.monotonic()
            Stream.open_now += self.open
            Stream.peak = max(Stream.peak, Stream.open_now)
            while self.open:
                line = await reader.readline()
                if not line:
                    break
                if line.startswith(b"data: "):  # each event is one chunk: no need to undo the chunking
                    self.version = line[6:].strip().decode()
                    self.received.append((time.monotonic(), self.version))
                    self.changed.set()
        except (OSError, ValueError, IndexError):
            pass
        finally:
            Stream.open_now -= self.open
            self.open = False
            self.changed.set()
            writer.close()

    def fresh(self, shown: str, taken: int = 0) -> bool:
        """Whether the stream's last version differs from ``shown`` and came after the first ``taken``
        events (those the page has already written in)."""
        return self.version not in (None, shown) and len(self.received) > taken

    async def wait(self, shown: str, timeout: float, taken: int = 0) -> None:
        """Until the stream brings a version other than ``shown`` after its first ``taken`` events (or it
        breaks, or ``timeout``). ``taken`` keeps an event the page has written in from waking it again
        (as live.js handles each event once): a projector's event older than its page in one count
        (two instances' messages crossed) leaves the page's version, the larger of each, different
        from the event's, and waiting on ``shown`` alone returned at once, again and again, without
        ever yielding to the event loop (every page of the run froze until the question's time limit
        sent the reveal: 11.5-11.8 s in 2 of 13 full runs on 2026-12-06)."""
        while self.open and not self.fresh(shown, taken):
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), timeout)
            except TimeoutError:
                return


class Client:
    """One browser: its cookies, one connection per request (sync gunicorn closes each anyway).
    asyncio, one thread: 300 phones of threads would measure the GIL, not the server."""

    def __init__(self, port: int, session: str) -> None:
        self.port = port
        self.cookies = {"sessionid": session}
        self.requests = 0
        self.not_modified = 0
        self.tasks: list[asyncio.Future] = []
        self.stream_port = 0  # --events: the streams' own server (the proxy routes them there)
        self.write_port = 0  # --write-ports: the round's writes' own workers (the proxy routes them there)

    async def request(
        self, method: str, path: str, form: dict | None = None, port: int = 0, cookies: bool = True
    ) -> tuple[int, str]:
        """``cookies=False``: as live.js's fetch with credentials "omit" (none sent, none kept)."""
        body = urllib.parse.urlencode(form or {}, doseq=True).encode() if form is not None else b""
        cookie = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nHX-Request: true\r\nConnection: close\r\n"
        if cookies:
            head += f"Cookie: {cookie}\r\n"
        if form is not None:
            head += (
                "Content-Type: application/x-www-form-urlencoded\r\n"
                f"X-CSRFToken: {self.cookies.get('csrftoken', '')}\r\nContent-Length: {len(body)}\r\n"
            )
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection("127.0.0.1", port or self.port), 30
            )
            try:
                writer.write(head.encode() + b"\r\n" + body)
                data = await asyncio.wait_for(reader.read(), 30)
            finally:
                writer.close()
        except (OSError, TimeoutError):
            self.requests += 1
            return 0, ""  # reported by the caller as a failed request
        header, _, content = data.partition(b"\r\n\r\n")
        lines = header.decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        for line in lines[1:] if cookies else ():
            if line.lower().startswith("set-cookie:"):
                for key, morsel in SimpleCookie(line.split(":", 1)[1].strip()).items():
                    self.cookies[key] = morsel.value
        self.requests += 1
        self.not_modified += status == 204
        return status, content.decode()


@dataclass
class RoundLog:
    code: str
    # (question, sent, done, accepted, when the phone had the question's form, its stream's events)
    answers: list = field(default_factory=list)
    seen: list = field(default_factory=list)  # projector polls: (time, question, count)
    reveals: dict = field(default_factory=dict)  # question -> time the reveal POST was sent
    # question -> why the teacher revealed it: True when the projector said everybody had answered
    revealed_all: dict = field(default_factory=dict)
    nexts: dict = field(default_factory=dict)  # question opened -> time the next POST was sent
    phone_reveal: list = field(default_factory=list)
    phone_next: list = field(default_factory=list)
    failures: list = field(default_factory=list)
    joins: list = field(default_factory=list)  # each phone's (start, page loaded, joined with its region)
    streams: list = field(default_factory=list)  # --events: every page's stream
    board_stream: Stream | None = None  # --events: the projector's stream
    crossed: int = 0  # --events: the projector's events older than its page in a count (crossed messages)


async def _poll(client: Client, path: str, version: str, full: bool) -> tuple[int, str]:
    return await client.request("GET", path if full else f"{path}?v={version}")


async def phone(client: Client, log: RoundLog, seed: int, args, stop_at: float) -> None:
    rng = random.Random(seed)
    state = f"/directo/{log.code}/estado/"
    try:
        began = time.monotonic()
        await client.request("GET", f"/directo/{log.code}/")  # the CSRF cookie
        paged = time.monotonic()
        # The page's join form (htmx): the region comes back; a plain form's redirect is followed.
        status, page = await client.request("POST", f"/directo/{log.code}/unirse/", {})
        if status == 302:
            status, page = await client.request("GET", f"/directo/{log.code}/")
        if status != 200 or "data-live-error" in page:
            log.failures.append(f"join {status}")
            return
        log.joins.append((began, paged, time.monotonic()))
        version = VERSION.search(page).group(1)
        shown_question, revealed_for, answered = 0, 0, set()
        seat = None  # the address of the regions it shares with other phones (live.js: no cookies)
        events = await _open_stream(client, log, f"/directo/{log.code}/eventos/", args)
        polled = time.monotonic()
        while time.monotonic() < stop_at:
            if status == 200:
                version = VERSION.search(page).group(1)
                now = time.monotonic()
                if 'data-testid="round-finished"' in page:
                    return
                found = SEAT_URL.search(page)
                seat = found.group(1) if found else seat  # a shared region names none: kept
                question = int(QUESTION.search(page).group(1)) if QUESTION.search(page) else 0
                if question > shown_question:
                    shown_question = question
                    if question in log.nexts:
                        log.phone_next.append(now - log.nexts[question])
                if ("data-feedback" in page or 'data-testid="missed"' in page) and revealed_for < question:
                    revealed_for = question
                    if question in log.reveals:
                        log.phone_reveal.append(now - log.reveals[question])
                action = ANSWER_ACTION.search(page)
                if action and int(action.group(2)) not in answered:
                    number = int(action.group(2))
                    answered.add(number)
                    await asyncio.sleep(rng.uniform(0, args.think))
                    sent = time.monotonic()
                    status, page = await client.request(
                        "POST",
                        action.group(1),
                        {"answer": rng.choice(ANSWER_VALUE.findall(page))},
                        port=client.write_port,
                    )
                    done = time.monotonic()
                    accepted = status == 200 and 'data-testid="sent"' in page
                    log.answers.append((number, sent, done, accepted, now, events.received if events else []))
                    if status != 200:
                        log.failures.append(f"answer {status}")
                    status = 204  # the answer part only: the next poll tells what comes next
            elif status != 204:
                log.failures.append(f"phone poll {status}")
            if events is not None and events.open:
                await events.wait(version, max(stop_at - time.monotonic(), 0.1))
                if seat and events.version not in (None, version):
                    # As live.js: the stage moved, the shared region first (204: the phone's own).
                    status, page = await client.request("GET", seat, cookies=False)
                    if status == 200:
                        continue
            else:
                await asyncio.sleep(max(PHONE_POLL - (time.monotonic() - polled), 0))
            polled = time.monotonic()
            status, page = await _poll(client, state, version, args.full_polls)
    except Exception as exc:  # noqa: BLE001 - a broken phone is reported, not a crash
        log.failures.append(f"phone error {exc!r}")


async def projector(client: Client, log: RoundLog, args, phones: int, stop_at: float) -> None:
    """The projector's polls, and the teacher's hand: reveal when all answered, next 1.5 s later."""
    base = f"/directo/{log.code}"
    try:
        status, page = await client.request("GET", f"{base}/proyector/")
        events = log.board_stream = await _open_stream(client, log, f"{base}/proyector/eventos/", args)
        question, opened = 1, time.monotonic()
        stage = 0  # the round's stage, which the controls carry (tutor/lib/pressed.py)
        polled = opened
        revealed_at = None
        everybody = False
        taken = 0  # the stream's events whose counts the page has written in
        while time.monotonic() < stop_at:
            if status == 200:
                version = VERSION.search(page).group(1)
                if 'data-testid="round-finished"' in page:
                    return
                match = ANSWERED.search(page)
                if match:
                    log.seen.append((time.monotonic(), question, int(match.group(1))))
                    everybody = int(match.group(1)) >= phones
            elif status != 204:
                log.failures.append(f"projector poll {status}")
            # The teacher reveals when the page says everybody answered, or when the question's
            # time is up, whatever the page shows.
            if revealed_at is None and (everybody or time.monotonic() - opened > args.question_timeout):
                # From the moment it is sent: the reveal reaches the phones when it commits,
                # before its request has logged the question's answers and returned.
                log.reveals[question] = time.monotonic()
                log.revealed_all[question] = everybody
                await client.request(
                    "POST", f"{base}/control/mostrar/", {"pressed_at": str(stage)}, port=client.write_port
                )
                stage += 1
                revealed_at = time.monotonic()
                everybody = False
            if revealed_at is not None and time.monotonic() - revealed_at > 1.5:
                # From the moment it is sent, set before: a phone may see the next question before
                # the teacher's request returns.
                log.nexts[question + 1] = time.monotonic()
                await client.request(
                    "POST", f"{base}/control/siguiente/", {"pressed_at": str(stage)}, port=client.write_port
                )
                stage += 1
                question, opened, revealed_at = question + 1, time.monotonic(), None
                status, page = await client.request("GET", f"{base}/proyector/")
                continue
            if events is not None and events.open:
                # Woken by the stream, or every poll interval to play the teacher's hand.
                await events.wait(version, PROJECTOR_POLL, taken)
                if not events.fresh(version, taken):
                    status = 204
                    continue
                counts = _count_from_event(page, version, events.version)
                if counts is not None:  # as live.js does: the counts written from the event, no request
                    taken = len(events.received)
                    log.crossed += counts[0] != events.version  # an older count than the page's
                    version, count, joined = counts
                    page = ANSWERED.sub(f'data-testid="answered">{count} de {joined}', page, count=1)
                    page = VERSION.sub(f'data-version="{version}"', page, count=1)
                    status = 200
                    continue
            else:
                await asyncio.sleep(max(PROJECTOR_POLL - (time.monotonic() - polled), 0))
            polled = time.monotonic()
            status, page = await _poll(client, f"{base}/proyector/estado/", version, args.full_polls)
    except Exception as exc:  # noqa: BLE001
        log.failures.append(f"projector error {exc!r}")


def _count_from_event(page: str, shown: str, sent: str) -> tuple[str, int, int] | None:
    """(version, the open question's count, participants) a projector's event brings, written into
    the page as live.js's countOnly does, or None when the stage moved (the board is fetched)."""
    before = BEFORE.search(page)
    shown_parts, sent_parts = shown.split("."), sent.split(".")
    if before is None or len(shown_parts) != 3 or len(sent_parts) != 3 or not sent_parts[1].isdigit():
        return None
    if shown_parts[0] != sent_parts[0] or "{m}" not in page:  # a new stage (or a page without «{m}»)
        return None
    # An older count (two instances' messages crossed) leaves the newer one shown.
    answers, joined = (max(int(a), int(b)) for a, b in zip(sent_parts[1:], shown_parts[1:], strict=True))
    return f"{shown_parts[0]}.{answers}.{joined}", answers - int(before.group(1)), joined


async def _open_stream(client: Client, log: RoundLog, path: str, args) -> Stream | None:
    """With --events, the page's EventSource (None if the server answers it with anything but a stream)."""
    if not args.events:
        return None
    events = Stream()
    log.streams.append(events)
    client.tasks.append(asyncio.ensure_future(events.run(client, path)))
    for _ in range(50):
        if events.open or events.changed.is_set():
            break
        await asyncio.sleep(0.05)
    return events


async def _calibrate(seed_round: dict, port: int, pid: int, n: int = 200) -> dict[str, float]:
    """Server CPU ms of one poll, one at a time on an idle instance: unchanged (204) and rendered."""
    code = seed_round["code"]
    client = Client(port, seed_round["phones"][0])
    await client.request("GET", f"/directo/{code}/")
    await client.request("POST", f"/directo/{code}/unirse/", {})
    status, page = await client.request("GET", f"/directo/{code}/")
    version = VERSION.search(page).group(1)
    costs = {}
    for name, path in (
        ("204", f"/directo/{code}/estado/?v={version}"),
        ("render", f"/directo/{code}/estado/"),
    ):
        before = _cpu_seconds(pid)[1]
        for _ in range(n):
            await client.request("GET", path)
        costs[name] = 1000 * (_cpu_seconds(pid)[1] - before) / n
    return costs


def _cpu_by_process() -> tuple[float, dict[int, tuple[str, int, float]]]:
    """(the machine's busy CPU seconds, {pid: (name, parent, CPU seconds of it and of its children
    it has reaped)}), from /proc: summed over a tree's live processes, a server's CPU counts its
    workers that have ended, PostgreSQL's its closed connections' backends."""
    machine, processes = instances.cpu_reading()
    return machine, {
        pid: (name, parent, own + reaped) for pid, (name, parent, own, reaped) in processes.items()
    }


def _cpu_groups(servers: dict[str, list]) -> dict[str, float]:
    """CPU seconds so far of each group of servers (each with its workers), of PostgreSQL, Redis, this
    client and the whole machine."""
    machine, processes = _cpu_by_process()
    children: dict[int, list[int]] = {}
    for pid, (_name, parent, _cpu) in processes.items():
        children.setdefault(parent, []).append(pid)

    def tree(pid: int) -> float:
        return processes.get(pid, ("", 0, 0.0))[2] + sum(tree(child) for child in children.get(pid, ()))

    groups = {name: sum(tree(s.pid) for s in group) for name, group in servers.items()}
    for name, prefix in (("PostgreSQL", "postgres"), ("Redis", "redis-server")):
        groups[name] = sum(cpu for n, _parent, cpu in processes.values() if n.startswith(prefix))
    groups["client"] = time.process_time()
    groups["machine"] = machine
    return groups


class LoopWatch:
    """How late this client's event loop wakes a task that sleeps ``every`` s (its own saturation), and
    a watchdog thread that names what holds it: once the loop has not woken for ``stalled`` s, the
    thread saves the loop thread's stack (the coroutine step running then) and prints it to stderr,
    so that a stall of the client (which freezes every page) names itself rather than reading as the
    room's latency. Cheap: one sleep of the loop and one of the thread every ``every`` s."""

    def __init__(self, every: float = 0.05, stalled: float = 1.0) -> None:
        self.every, self.stalled = every, stalled
        self.lags: list[float] = []
        self.stalls: list[list] = []  # [seconds the loop did not wake, the stack it was held in]
        self.beat = time.monotonic()
        self._stop = threading.Event()

    async def run(self, stop: asyncio.Event) -> None:
        loop_thread = threading.get_ident()
        watchdog = threading.Thread(target=self._watch, args=(loop_thread,), daemon=True)
        self.beat = time.monotonic()
        watchdog.start()
        try:
            while not stop.is_set():
                asked = time.monotonic()
                await asyncio.sleep(self.every)
                self.beat = time.monotonic()
                self.lags.append(self.beat - asked - self.every)
        finally:
            self._stop.set()
            watchdog.join()

    def _watch(self, loop_thread: int) -> None:
        held = None  # the stall being watched: [its length so far, its stack]
        while not self._stop.wait(self.every):
            behind = time.monotonic() - self.beat
            if behind <= self.stalled + self.every:
                held = None
                continue
            if held is None:
                frame = sys._current_frames().get(loop_thread)
                stack = "".join(traceback.format_stack(frame)) if frame else "(no frame)\n"
                held = [behind, stack]
                self.stalls.append(held)
                print(
                    f"the client's event loop held for {behind:.1f} s so far, in:\n{stack}", file=sys.stderr
                )
            held[0] = behind

    def summary(self) -> str:
        line = (
            f"this client's event loop late by p50 {1000 * _percentile(self.lags, 50):.0f} ms, p99 "
            f"{1000 * _percentile(self.lags, 99):.0f}, max {1000 * max(self.lags, default=0):.0f} ms; "
            f"stalls over {self.stalled:g} s: {len(self.stalls)}"
        )
        for seconds, stack in self.stalls[:3]:
            where = [s for s in stack.strip().split("\n") if s.strip().startswith("File")][-3:]
            line += f"\n  held {seconds:.1f} s in: " + " <- ".join(reversed([w.strip() for w in where]))
        return line


def _phones_time(logs: list[RoundLog], started: float) -> dict[str, list[float]]:
    """Where each answer's time went, in ms: from its question's opening (the teacher's «Siguiente»
    sent; for question 1 the run's start) to the phone's stream bringing the new stage, from that to
    the phone having the question's form, its think time, its POST; and how far before (negative:
    after) its question's reveal it was sent."""
    spans: dict[str, list[float]] = {
        "joining: the page loaded": [1000 * (paged - began) for log in logs for began, paged, _ in log.joins],
        "joining: the join (region) after it": [
            1000 * (joined - paged) for log in logs for _, paged, joined in log.joins
        ],
        "a stream's opening (asked -> headers)": [
            1000 * (s.opened_at - s.asked_at) for log in logs for s in log.streams if s.opened_at
        ],
        "question 1: start -> form shown": [],
        "next -> phone's stream event": [],
        "stream event -> form shown": [],
        "answer POST sent before the reveal by": [],
    }
    for log in logs:
        for number, sent, _done, _ok, shown, received in log.answers:
            if number == 1:
                spans["question 1: start -> form shown"].append(1000 * (shown - started))
            elif number in log.nexts:
                opened = log.nexts[number]
                event = next((t for t, v in received if v.isdigit() and int(v) >= 2 * (number - 1)), None)
                if event is not None:
                    spans["next -> phone's stream event"].append(1000 * (event - opened))
                    spans["stream event -> form shown"].append(1000 * (shown - event))
            if number in log.reveals:
                spans["answer POST sent before the reveal by"].append(1000 * (log.reveals[number] - sent))
    return spans


def _answer_to_projector(log: RoundLog) -> list[tuple[int, float]]:
    """For each question, the k-th committed answer is on the projector at its first poll (or event)
    counting k."""
    latencies = []
    for number in {a[0] for a in log.answers}:
        answers = sorted((a for a in log.answers if a[0] == number and a[3]), key=lambda a: a[2])
        # In time order: the page's own counts (read as the run went) and those of the stream's events
        # (added after the run) are two lists; the first that counts k is the earliest of either.
        polls = sorted((t, count) for t, q, count in log.seen if q == number)
        for k, (_n, sent, *_rest) in enumerate(answers, start=1):
            first = next((t for t, count in polls if count >= k), None)
            if first is not None:
                latencies.append((number, max(first - sent, 0.0)))
    return latencies


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5, choices=range(1, 11))
    parser.add_argument("--phones", type=int, default=60, choices=range(1, 101))
    parser.add_argument("--questions", type=int, default=3, choices=range(1, 11))
    parser.add_argument("--think", type=float, default=4.0, help="longest think time before answering (s)")
    parser.add_argument("--question-timeout", type=float, default=12.0)
    parser.add_argument(
        "--workers", type=int, default=2, choices=(1, 2, 3, 4), help="sync workers per instance"
    )
    parser.add_argument("--ports", default="8711,8712")
    parser.add_argument("--full-polls", action="store_true", help="polls without the version (always render)")
    parser.add_argument(
        "--events",
        action="store_true",
        help="server-sent events: each page waits on its stream, not the poll timer; the streams are "
        "served by one uvicorn worker per instance (tutor.asgi, on --stream-ports), as the proxy routes them",
    )
    parser.add_argument("--stream-ports", default="8713,8714")
    parser.add_argument(
        "--write-ports",
        default="",
        help="e.g. 8715,8716: the round's writes (the answers, POST /directo/<code>/responder/<n>/, and the "
        "teacher's controls, /control/<action>/) go to a gunicorn of their own per instance (--write-workers "
        "sync workers, the same tutor.wsgi), as the proxy routes them (README, Production)",
    )
    parser.add_argument("--write-workers", type=int, default=2, choices=(1, 2, 3))
    args = parser.parse_args()
    ports = [int(p) for p in args.ports.split(",")]
    stream_ports = [int(p) for p in args.stream_ports.split(",")] if args.events else []
    write_ports = [int(p) for p in args.write_ports.split(",")] if args.write_ports else []
    servers = []
    with instances.fresh_site("live-load-", "redis://127.0.0.1:6379/7") as env:
        try:
            rounds = instances.run_json(
                env, SEED_SCRIPT, str(args.rounds), str(args.phones), str(args.questions)
            )
            groups = {"gunicorn": instances.start(ports, env, workers=args.workers)}
            servers = list(groups["gunicorn"])
            if stream_ports:
                groups["streams (uvicorn)"] = instances.start(stream_ports, env, workers=1, asgi=True)
                servers += groups["streams (uvicorn)"]
            if write_ports:
                groups["writes (gunicorn)"] = instances.start(write_ports, env, workers=args.write_workers)
                servers += groups["writes (gunicorn)"]
            # As deployed, a task worker beside each instance (the closes' logging of the answers).
            groups["task workers"] = [
                subprocess.Popen(
                    [sys.executable, "manage.py", "db_worker", "--no-reload"],
                    cwd=ROOT,
                    env=env,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                )
                for _ in ports
            ]
            servers += groups["task workers"]
            limit = args.questions * (args.question_timeout + args.think + 6) + 20
            stop_at = time.monotonic() + limit
            logs, tasks, clients = [], [], []
            for r, seed_round in enumerate(rounds):
                log = RoundLog(seed_round["code"])
                logs.append(log)
                teacher = Client(ports[r % len(ports)], seed_round["teacher"])
                teacher.stream_port = stream_ports[r % 2] if stream_ports else 0
                teacher.write_port = write_ports[r % 2] if write_ports else 0
                clients.append(teacher)
                tasks.append((projector, (teacher, log, args, args.phones, stop_at)))
                for n, session in enumerate(seed_round["phones"]):
                    client = Client(ports[n % len(ports)], session)
                    client.stream_port = stream_ports[n % 2] if stream_ports else 0
                    client.write_port = write_ports[n % 2] if write_ports else 0
                    clients.append(client)
                    tasks.append((phone, (client, log, r * 1000 + n, args, stop_at)))

            unfinished = []

            watch_loop = LoopWatch()

            async def run_all() -> None:
                """Every page, bounded: those still running past the limit are stopped and counted."""
                running = [asyncio.ensure_future(f(*a)) for f, a in tasks]
                stop = asyncio.Event()
                watch = asyncio.ensure_future(watch_loop.run(stop))
                _done, late = await asyncio.wait(running, timeout=limit + 30)
                for task in late:
                    task.cancel()
                await asyncio.gather(*late, return_exceptions=True)
                unfinished.append(len(late))
                stop.set()
                await watch

            base_line = instances.baseline(ports[0])
            load_before = " ".join(f"{x:.2f}" for x in os.getloadavg())
            costs = asyncio.run(_calibrate(rounds[0], ports[0], servers[0].pid))
            cpu_before = [_cpu_seconds(s.pid) for s in servers]
            groups_before = _cpu_groups(groups)
            started = time.monotonic()
            asyncio.run(run_all())
            wall = time.monotonic() - started
            groups_busy = {k: (v - groups_before[k]) / wall for k, v in _cpu_groups(groups).items()}
            cpu_after = [_cpu_seconds(s.pid) for s in servers]
            recorded = instances.run_json(env, COUNT_SCRIPT)
        finally:
            instances.stop(servers)

    served = sum(after[1] - before[1] for after, before in zip(cpu_after, cpu_before, strict=True))
    machine = cpu_after[0][0] - cpu_before[0][0]
    database = cpu_after[0][2] - cpu_before[0][2]
    accepted = sum(1 for log in logs for a in log.answers if a[3])
    rows = recorded["answers"]
    per_question = {}
    for code, number, _who in rows:
        per_question[(code, number)] = per_question.get((code, number), 0) + 1
    lost_db = accepted - len(rows)
    for log in logs:  # --events: the count live.js writes from each event, whatever the teacher's hand does
        for t, version in log.board_stream.received if log.board_stream else ():
            stage, total, _joined = (int(x) for x in version.split("."))
            if stage % 2 == 0:  # question n is open at stage 2(n-1): a reveal and a next per question
                number = stage // 2 + 1
                before = sum(per_question.get((log.code, n), 0) for n in range(1, number))
                log.seen.append((t, number, total - before))
    lost_projector = 0
    for log in logs:
        for number in {a[0] for a in log.answers}:
            final = max((c for _t, q, c in log.seen if q == number), default=0)
            lost_projector += max(per_question.get((log.code, number), 0) - final, 0)
    requests = sum(c.requests for c in clients)
    not_modified = sum(c.not_modified for c in clients)
    by_question: dict[int, list[float]] = {}
    for log in logs:
        for number, x in _answer_to_projector(log):
            by_question.setdefault(number, []).append(1000 * x)
    ms = [x for values in by_question.values() for x in values]
    reveal_ms = [1000 * x for log in logs for x in log.phone_reveal]
    next_ms = [1000 * x for log in logs for x in log.phone_next]
    failures = [f for log in logs for f in log.failures]
    failures += [f"{unfinished[0]} pages still waiting at the time limit"] if unfinished[0] else []

    if args.events:
        mechanism = "server-sent events (+ 1 uvicorn worker per instance for the streams)"
    else:
        mechanism = "full polls" if args.full_polls else "conditional polls (204)"
    if write_ports:
        mechanism += (
            f", the answers and controls on {args.write_workers} sync workers of their own per instance"
        )

    print(
        f"{args.rounds} rounds x {args.phones} phones, {args.questions} questions, 2 instances x "
        f"{args.workers} sync workers, {mechanism}; "
        f"{wall:.1f} s; load average before {load_before}, now {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
    print(f"baseline (instance 1's gunicorn, before the load): {base_line}")
    print(latency_line("answer -> projector", ms))
    # The first question meets the room joining (every phone loads, joins and opens its stream at
    # the start); the later ones only the round's own traffic.
    for number in sorted(by_question):
        print("  " + latency_line(f"question {number}", by_question[number]))
    post_ms = [1000 * (a[2] - a[1]) for log in logs for a in log.answers]
    print(latency_line("answer POST round-trip", post_ms))
    print(latency_line("reveal -> phone", reveal_ms))
    print(latency_line("next -> phone", next_ms))
    print(
        f"answers accepted {accepted}, in the database {len(rows)} (attempts {recorded['attempts']}), "
        f"lost {max(lost_db, 0)}, missing from the projector's final count {lost_projector}; failures {len(failures)}"
    )
    for failure in failures[:5]:
        print("  failure:", failure)
    expected = args.rounds * args.phones * args.questions
    in_time = sum(
        1 for log in logs for a in log.answers if a[3] and a[1] < log.reveals.get(a[0], float("inf"))
    )
    print(
        f"answers in time (accepted, sent before their question's reveal): {in_time} of {expected}; "
        f"sent {len(post_ms)}"
    )
    refused = [a for log in logs for a in log.answers if not a[3]]
    late = sum(
        1 for log in logs for a in log.answers if not a[3] and a[1] >= log.reveals.get(a[0], float("inf"))
    )
    print(
        f"  refused {len(refused)} ({late} sent after their question's reveal); questions revealed because "
        f"the projector counted everybody {sum(v for log in logs for v in log.revealed_all.values())} of "
        f"{sum(len(log.revealed_all) for log in logs)}, the others at --question-timeout"
    )
    for name, values in _phones_time(logs, started).items():
        print("  " + latency_line(name, values))
    print(
        "CPU cores busy: "
        + ", ".join(f"{name} {busy:.2f}" for name, busy in groups_busy.items())
        + "; "
        + watch_loop.summary()
    )
    print(
        f"requests {requests} ({requests / wall:.0f}/s), of which 204 {not_modified}; CPU cores busy: machine "
        f"{machine / wall:.2f} of {os.cpu_count()}, servers {served / wall:.2f}, PostgreSQL {database / wall:.2f}"
    )
    print(
        f"CPU ms per answer (all servers' (gunicorn, uvicorn, task workers) + PostgreSQL time / answers): {1000 * (served + database) / max(accepted, 1):.1f}; "
        f"per request: {1000 * (served + database) / max(requests, 1):.2f}"
    )
    print(
        f"one poll alone, server CPU ms: unchanged (204) {costs['204']:.2f}, rendered (the phone's question) "
        f"{costs['render']:.2f}"
    )
    if args.events:
        print(
            f"streams open at once (peak): {Stream.peak}, held by the event loops, not by workers; "
            f"projector events older than the page in a count (two instances' messages crossed): "
            f"{sum(log.crossed for log in logs)}"
        )
    ok = not failures and lost_db == 0 and lost_projector == 0 and len(rows) == recorded["attempts"]
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
