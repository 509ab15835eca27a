"""In-process profile of a live round: what each kind of request costs, in CPU and queries.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/<yours> REDIS_URL=redis://127.0.0.1:6379/<n> \\
        .venv/bin/python bench/live_profile.py [--phones 60] [--questions 3] [--profile 25 --step answer]

One round of --phones signed-in class members, through Django's test client in this one process
(DEBUG off), against a fresh PostgreSQL database beside DATABASE_URL's (dropped at the end) and the
Redis database REDIS_URL names (emptied before and after), as on a deployed instance. Each question:
every phone answers (htmx POST), the projector fetches its board after each answer (the worst case: a
stream's event per answer), the teacher reveals, every phone fetches its region, the teacher moves on,
every phone fetches the next question. The first question warms the per-process caches and is not
counted. Before that, the room joins: each phone loads the page (a browser's navigation), joins with
the page's form (htmx: the region comes back; without it, the redirect's page is loaded) and the
projector fetches its board after a join only when its page cannot write the count from the event
(as live.js decides). After a reveal and a next question a phone whose page names its shared regions
(data-live-seat) fetches that without its cookies, as live.js does; its region with the session
when that answers 204 (or names none). Prints, per kind of request, the mean CPU ms (process time: this process's Python and the
client's; PostgreSQL's own time is not in it) and queries; and the whole cost per answer.
"""

from __future__ import annotations

import argparse
import gc
import os
import pstats
import re
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ANSWER_VALUE = re.compile(r'name="answer"\s+value="([^"]+)"')
VERSION = re.compile(r'data-version="([^"]+)"')
HTMX = {"HX-Request": "true"}
SEAT_URL = re.compile(r'data-live-seat="([^"]+)"')
STEPS = (
    "page before join",
    "join",
    "page after join",
    "projector after join",
    "answer",
    "projector",
    "reveal",
    "logging (task worker)",
    "phone after reveal",
    "shared reveal",
    "next",
    "phone after next",
    "shared next",
    "poll 204",
)
# Once per phone, not per question: printed per phone as well as per answer.
JOINING = STEPS[:4]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--phones", type=int, default=60)
    parser.add_argument("--questions", type=int, default=3, help="counted; one more warms up")
    parser.add_argument("--profile", type=int, default=0, help="print cProfile's top N functions")
    parser.add_argument("--step", choices=STEPS, help="profile only this kind of request")
    parser.add_argument("--sort", default="cumulative")
    parser.add_argument("--queries", action="store_true", help="print the SQL of one request of each kind")
    args = parser.parse_args()

    sys.path.insert(0, str(ROOT))
    from bench.inprocess import settle_environment
    from bench.practice_load import _drop_postgres, _postgres_env

    base_url = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres")
    redis_url = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/7")
    settle_environment(redis_url)
    os.environ["DATABASE_URL"], pg_name = _postgres_env(base_url)
    tmp = Path(tempfile.mkdtemp(prefix="live-profile-"))
    os.environ.update(
        DJANGO_SETTINGS_MODULE="tutor.settings",
        DJANGO_ALLOWED_HOSTS="testserver",
        DJANGO_SECRET_KEY="live-profile-" + "k" * 50,
        DJANGO_STATIC_ROOT=str(tmp / "static"),
        REDIS_URL=redis_url,
    )
    import redis

    redis.Redis.from_url(redis_url).flushdb()
    try:
        import django

        django.setup()
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        call_command("collectstatic", verbosity=0, interactive=False)
        run(args)
    finally:
        from django.db import connections

        connections.close_all()
        _drop_postgres(base_url, pg_name)
        redis.Redis.from_url(redis_url).flushdb()
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


def run(args) -> None:
    import logging

    from django.test import Client
    from django.test.utils import override_settings
    from django.utils import timezone

    from bench.inprocess import Timer, run_queued_tasks
    from tutor.accounts.models import User
    from tutor.classroom.models import Classroom, Membership, PracticeSet, SetItem
    from tutor.live import pulse as services_pulse
    from tutor.live import services

    logging.getLogger("django.tasks").setLevel(logging.WARNING)  # a line per task run otherwise

    teacher = User.objects.create_user(username="profe", role=User.Role.TEACHER)
    classroom = Classroom.objects.create(name="Clase")
    classroom.teachers.add(teacher)
    students = User.objects.bulk_create(
        User(username=f"alumno{n}", role=User.Role.LEARNER, password="!") for n in range(args.phones)
    )
    Membership.objects.bulk_create(Membership(classroom=classroom, student=s) for s in students)
    practice_set = PracticeSet.objects.create(
        classroom=classroom, created_by=teacher, title="Obligaciones", due_at=timezone.now()
    )
    SetItem.objects.create(practice_set=practice_set, kind="family", family="obligacion", difficulty=1)
    live = services.start_round(
        classroom=classroom,
        teacher=teacher,
        source="tarea",
        practice_set=practice_set,
        count=args.questions + 1,
        allow_guests=False,
    )
    base = f"/directo/{live.code}"
    projector = Client()
    projector.force_login(teacher)
    # One handler for every client, as one worker serves them all: a Client of its own would load the
    # middleware again for each phone (WhiteNoise scanning the static files: 40 ms a phone).
    cookieless = Client()  # live.js fetches the shared regions with credentials "omit"
    cookieless.handler = projector.handler
    timed = Timer(args)
    costs, queries, profiler = timed.costs, timed.queries, timed.profiler

    def fetch_board(step: str, record: bool, board: str) -> str:
        """The projector's board fetched after ``board`` (its region's request, at its version)."""
        shown = VERSION.search(board).group(1)
        url = f"{base}/proyector/estado/?v={shown}"
        return timed(step, record, lambda: projector.get(url, headers=HTMX)).content.decode()

    def follow(phone: list, when: str, record: bool) -> None:
        """A phone after the stage moved: its shared region without cookies when its page names one
        (live.js), else (or on a 204) its own region with its session."""
        client, page, seat = phone
        if seat:
            response = timed(f"shared {when}", record, lambda: cookieless.get(seat, headers=HTMX))
            if response.status_code == 200:
                phone[1] = response.content.decode()
                return
        url = f"{base}/estado/?v={VERSION.search(page).group(1)}"
        phone[1] = timed(
            f"phone after {when}", record, lambda: client.get(url, headers=HTMX)
        ).content.decode()
        found = SEAT_URL.search(phone[1])
        phone[2] = found.group(1) if found else seat

    with override_settings(DEBUG=False):
        board = projector.get(f"{base}/proyector/").content.decode()
        # What is made so far (Django, the migrations, the round) lives on: out of the collector's
        # way, so its full passes do not land on whichever request happens to trigger them.
        gc.collect()
        gc.freeze()
        phones = []
        for student in students:
            client = Client()
            client.handler = projector.handler
            client.force_login(student)
            timed("page before join", True, lambda c=client: c.get(f"{base}/"))
            joined = timed("join", True, lambda c=client: c.post(f"{base}/unirse/", headers=HTMX))
            if joined.status_code == 302:  # a plain form: the browser loads the redirect's page
                joined = timed("page after join", True, lambda c=client: c.get(f"{base}/"))
            page = joined.content.decode()
            found = SEAT_URL.search(page)
            phones.append([client, page, found.group(1) if found else None])
            event = services_pulse.projector_version(live.code)
            if not _count_from_event(board, event):
                board = fetch_board("projector after join", True, board)
        for number in range(1, args.questions + 2):
            record = number > 1
            for phone in phones:
                client, page = phone[:2]
                value = ANSWER_VALUE.findall(page)[0]
                timed(
                    "answer",
                    record,
                    lambda c=client, v=value, n=number: c.post(
                        f"{base}/responder/{n}/", {"answer": v}, headers=HTMX
                    ),
                )
                board = fetch_board("projector", record, board)
            stage = 2 * (number - 1)  # the round's stage, which the controls carry (tutor/lib/pressed.py)
            timed(
                "reveal",
                record,
                lambda s=stage: projector.post(f"{base}/control/mostrar/", {"pressed_at": s}),
            )
            # The close queued its answers' logging (tutor.live.tasks): the task worker's, timed here.
            timed("logging (task worker)", record, run_queued_tasks)
            for phone in phones:
                client, page = phone[:2]
                version = VERSION.search(page).group(1)
                timed(
                    "poll 204",
                    record,
                    lambda c=client, v=version: c.get(f"{base}/estado/?v={int(v) + 1}", headers=HTMX),
                )
                follow(phone, "reveal", record)
            timed(
                "next",
                record,
                lambda s=stage: projector.post(f"{base}/control/siguiente/", {"pressed_at": s + 1}),
            )
            run_queued_tasks()  # nothing left to log: the reveal's task logged the question
            for phone in phones:
                follow(phone, "next", record)

    answers = len(costs["answer"])
    print(
        f"{args.phones} phones, {args.questions} questions counted ({answers} answers); load average "
        f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
    print(f"{'request':<21}{'n':>6}{'CPU ms':>9}{'queries':>9}{'ms per answer':>15}{'ms per phone':>14}")
    total = joining = 0.0
    for step in STEPS:
        values = costs[step]
        if step == "poll 204" or not values:
            continue
        if step in JOINING:
            per_phone = sum(values) / args.phones
            joining += per_phone
            print(
                f"{step:<21}{len(values):>6}{sum(values) / len(values):>9.2f}"
                f"{sum(queries[step]) / len(values):>9.1f}{'':>15}{per_phone:>14.2f}"
            )
            continue
        per_answer = sum(values) / answers
        total += per_answer
        print(
            f"{step:<21}{len(values):>6}{sum(values) / len(values):>9.2f}"
            f"{sum(queries[step]) / len(values):>9.1f}{per_answer:>15.2f}"
        )
    values = costs["poll 204"]
    print(
        f"{'poll 204':<21}{len(values):>6}{sum(values) / len(values):>9.2f}{sum(queries['poll 204']) / len(values):>9.1f}"
    )
    print(f"CPU ms per answer (all but the joining and the 204s, this process): {total:.2f}")
    print(f"CPU ms per phone to join (its page, the join, the projector's board): {joining:.2f}")
    if args.profile:
        pstats.Stats(profiler).sort_stats(args.sort).print_stats(args.profile)


def _count_from_event(board: str, event: str) -> bool:
    """Whether the projector's page writes an event's count itself (live.js's countOnly) rather than
    fetching its board: same stage, and either the same participants or a sentence that holds them."""
    shown = VERSION.search(board).group(1).split(".")
    sent = event.split(".")
    if shown[0] != sent[0]:
        return False
    return shown[2] == sent[2] or "{m}" in board


if __name__ == "__main__":
    sys.exit(main())
