"""Every teacher page against a school's worth of data, at two or three sizes: a set's page (and its
mistakes' second page), its CSV exports, the class page, the dashboard (kept, and with nothing kept),
a student's answers for a skill (both pages), the teacher's home, the classes, the new set's form,
the logins, and the hands of a «jugar 1 mano» task (its set page, a student's hand and its review,
the duplicate deal and its file).

    .venv/bin/python bench/teacher_pages.py --size small,school   # PostgreSQL beside DATABASE_URL's
    .venv/bin/python bench/teacher_pages.py --size small,school --keep --runs 7   # build once, measure again
    .venv/bin/python bench/teacher_pages.py --sqlite /tmp --size small,school     # the same on SQLite files
    .venv/bin/python bench/teacher_pages.py --answers 300 --runs 5 --pages "class page,dashboard"
    .venv/bin/python bench/teacher_pages.py --explain              # plus EXPLAIN ANALYZE of the set's queries

For each size a fresh PostgreSQL database is created beside the one DATABASE_URL names (dropped at
the end; with ``--keep`` it is ``<name>_<size>``, kept, and measured again by the next run without
building), migrated, and filled by teacher_data.build_school: "small" is a class of 10 with 40
students in other classes beside it, "large" a class of 60 with 240 beside it, "school" the class of
10 again with 490 beside it (the school's data grows, the class does not); every student has
``--answers`` answers (2,000 by default: 100,000, 600,000 and 1,000,000 answers in the log), with the
review log, queue, counts and FSRS cards they leave, and ``--hands`` kept hands with their reviews
(a million answers take about 10 minutes to write on a loaded 2-core machine). The «jugar 1 mano»
task is played by the measured class's ten students through the site and their hands reviewed, the
first time a hand page is measured. The class's teacher then requests each page through Django's
test client, DEBUG off: the first request warms up, the next ``--runs`` are timed (wall clock,
median and worst) with their query count, the time the database spent on them and the CPU they cost
(this process and the connection's PostgreSQL process, from /proc: on a shared machine far steadier
than the wall clock). The last lines compare each size with the small one: the aim is a ratio of CPU
under 2 for every page. An export lists every row it is asked for (the answers CSV has every answer
of the set: six times as many in the large class), so an export is held to what it shows: its CPU
per row listed, under 2.

To measure another teacher page, add it to _pages (a name and a function of the school returning
its URL); teacher_data.build_school gives every class, set and student.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).parent))

SIZES = {
    "small": {"class_size": 10, "other_students": 40},
    "large": {"class_size": 60, "other_students": 240},
    # The class stays at 10 while the school grows: what is left is the cost of the school's data alone.
    "school": {"class_size": 10, "other_students": 490},
}


def _pages(only: str = "") -> dict:
    """The pages measured, by name (``only``: a comma-separated list of some of them)."""
    from django.urls import reverse

    pages = {
        "set page": lambda school: reverse("classroom:set_detail", args=[school.practice_set.pk]),
        "answers CSV": lambda school: reverse("classroom:set_attempts_csv", args=[school.practice_set.pk]),
        "results CSV": lambda school: reverse("classroom:set_results_csv", args=[school.practice_set.pk]),
        "mistakes p2": lambda school: (
            reverse("classroom:set_detail", args=[school.practice_set.pk]) + "?pagina=2"
        ),
        "class page": lambda school: reverse("classroom:detail", args=[school.classroom.pk]),
        "dashboard": lambda school: reverse("classroom:heatmap", args=[school.classroom.pk]),
        "dashboard fresh": lambda school: reverse("classroom:heatmap", args=[school.classroom.pk]),
        "student page": _student_page,
        "student p2": lambda school: _student_page(school) + "?pagina=2",
        "home": lambda school: "/",
        "classes": lambda school: reverse("classroom:index"),
        "new set form": lambda school: reverse("classroom:set_create", args=[school.classroom.pk]),
        "logins": lambda school: reverse("classroom:logins", args=[school.classroom.pk]),
        "hands set page": lambda school: reverse("classroom:set_detail", args=[_hand_set(school)[0]]),
        "student's hand": lambda school: reverse("classroom:set_hand", args=_hand_set(school)[:2]),
        "hand review": lambda school: reverse("classroom:set_hand_review", args=_hand_set(school)[:2]),
        "duplicate deal": lambda school: reverse(
            "classroom:duplicate_deal", args=_hand_set(school)[::2] + (1,)
        ),
        "duplicate file": lambda school: reverse(
            "classroom:duplicate_export", args=_hand_set(school)[::2] + (1,)
        ),
    }
    names = [name.strip() for name in only.split(",") if name.strip()] or list(pages)
    unknown = set(names) - set(pages)
    if unknown:
        raise SystemExit(
            f"--pages: no page called {', '.join(sorted(unknown))}; the pages: {', '.join(pages)}"
        )
    return {name: pages[name] for name in names}


# Pages that list every row of what they export: their cost is judged per row listed.
EXPORTS = ("answers CSV", "results CSV")
# Pages measured with the cache emptied before each request: nothing they keep is found (just after a change).
FRESH = ("dashboard fresh",)


def _hand_set(school) -> tuple:
    """A «jugar 1 mano» set of the measured class that every student has played and had reviewed, made
    the first time it is asked for (kept databases keep it): (the set, the first student's hand, its item)."""
    from django.test import Client
    from django.urls import reverse
    from django.utils import timezone

    from tests.tutor.play.conftest import play_out
    from tutor.classroom import services
    from tutor.classroom.models import SetMatch
    from tutor.hands import reviews
    from tutor.hands.models import HandRecord, HandReview
    from tutor.play.models import MatchHand

    practice_set = school.classroom.sets.filter(title="Una mano").first()
    if practice_set is None:
        now = timezone.now()
        practice_set = services.save_set(
            classroom=school.classroom,
            teacher=school.teacher,
            fields={
                "title": "Una mano",
                "instructions": "",
                "kind": "items",
                "goal_skill": "",
                "goal_level": None,
                "opens_at": now - timezone.timedelta(hours=1),
                "due_at": now + timezone.timedelta(days=3),
                "whole_class": True,
            },
            items=[{"kind": "play", "family": "", "count": 1, "difficulty": 1, "bot_level": "principiante"}],
            students=[],
            publish=True,
        )
        item = practice_set.items.get()
        for student in school.students:
            client = Client()
            client.force_login(student)
            client.post(reverse("classroom:task_play", args=[practice_set.pk, item.pk]))
            play_out(client, SetMatch.objects.get(assignment__student=student, item=item).match)
    item = practice_set.items.get()
    hands = list(MatchHand.objects.filter(match__set_match__item=item).values_list("pk", flat=True))
    records = HandRecord.objects.filter(match_hand_id__in=hands)
    assert len(hands) == records.count() == len(school.students), (len(hands), records.count())
    for review in HandReview.objects.filter(record__in=records).exclude(status=HandReview.Status.DONE):
        reviews.run(review.pk)
    return practice_set.pk, min(hands), item.pk


def _student_page(school) -> str:
    """The first student's answers for the set's main skill (a dashboard cell's link)."""
    from django.urls import reverse

    from tutor.classroom.models import Membership
    from tutor.practice.models import Attempt

    student = school.students[0]
    membership = Membership.objects.get(classroom=school.classroom, student=student)
    rule_id = Attempt.objects.filter(learner=student, correct=False).values_list("rule_ids", flat=True)[0][0]
    return reverse("classroom:student_skill", args=[school.classroom.pk, membership.pk, rule_id])


def _backend_cpu(pid: int | None) -> float:
    """CPU seconds the database's server process for this connection has used (same machine; SQLite: 0,
    its work is this process's)."""
    if pid is None:
        return 0.0
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _explain(connection, sql: str, params) -> str:
    with connection.cursor() as cursor:
        cursor.execute("EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) " + sql, params)
        return "\n".join(row[0] for row in cursor.fetchall())


def _database(size: str, args, base_url: str) -> str:
    """The database (PostgreSQL's name, or SQLite's file) a size is measured in, fresh unless --keep."""
    if args.sqlite:
        name = str(Path(args.sqlite) / f"teacher-pages-{size}.sqlite3")
        if not args.keep and os.path.exists(name):
            os.remove(name)
        os.environ.pop("DATABASE_URL", None)
        os.environ["DJANGO_SQLITE_PATH"] = name
    elif args.keep:
        name = _kept_database(base_url, size)
        os.environ["DATABASE_URL"] = urllib.parse.urlparse(base_url)._replace(path=f"/{name}").geturl()
    else:
        name = _kept_database(base_url, f"bench_{os.getpid()}_{size}", fresh=True)
        os.environ["DATABASE_URL"] = urllib.parse.urlparse(base_url)._replace(path=f"/{name}").geturl()
    return name


def _use(name: str) -> None:
    """Point the default connection at ``name`` (the next query reconnects)."""
    import django
    from django.db import connections

    django.setup()
    connections["default"].close()
    connections["default"].settings_dict["NAME"] = name


def _prepare(size: str, name: str, args) -> dict:
    """Migrate and fill the size's database (unless a kept one holds a school); the pages' URLs."""
    from django.core.management import call_command
    from django.db import connection, transaction
    from teacher_data import build_school, school_in_database

    _use(name)
    call_command("migrate", verbosity=0)
    started = time.perf_counter()
    school = school_in_database() if args.keep else None
    if school is None:
        with transaction.atomic():
            school = build_school(
                **SIZES[size],
                answers_per_student=args.answers,
                set_questions=args.questions,
                hands_per_student=args.hands,
                progress=lambda text: print(
                    f"  {size}, {time.perf_counter() - started:.0f} s: {text}", flush=True
                ),
            )
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
    print(
        f"{size}: a class of {len(school.students)}, {len(school.all_students)} students,"
        f" {school.answers:,} answers, built in {time.perf_counter() - started:.0f} s",
        flush=True,
    )
    return {
        "teacher": school.teacher,
        "urls": {page: url_of(school) for page, url_of in _pages(args.pages).items()},
    }


def _measure(prepared: dict, runs: int, found: dict) -> None:
    """``runs`` timed requests of every page (after one to warm up), added to ``found`` (page -> figures)."""
    from django.contrib.contenttypes.models import ContentType
    from django.core.cache import cache
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    cache.clear()  # nothing kept from the other size's database
    ContentType.objects.clear_cache()
    client = Client()
    client.force_login(prepared["teacher"])
    backend = None
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            backend = cursor.fetchone()[0]
    for page, url in prepared["urls"].items():
        assert client.get(url).status_code == 200, url
        row = found.setdefault(page, {"times": [], "db": [], "cpu": 0.0, "runs": 0})
        for _ in range(runs):
            if page in FRESH:
                cache.clear()
            cpu_before = time.process_time() + _backend_cpu(backend)
            with CaptureQueriesContext(connection) as queries:
                t0 = time.perf_counter()
                response = client.get(url)
                # A streamed CSV does its work while it is read: read it inside the timing.
                body = b"".join(response.streaming_content) if response.streaming else response.content
                row["times"].append((time.perf_counter() - t0) * 1000)
            row["cpu"] += time.process_time() + _backend_cpu(backend) - cpu_before
            assert response.status_code == 200
            row["db"].append(sum(float(q["time"]) for q in queries.captured_queries) * 1000)
        row["runs"] += runs
        row["queries"] = len(queries.captured_queries)
        row["bytes"] = len(body)
        row["rows"] = body.count(b"\n") - 1 if page in EXPORTS else None


def _explain_set(size: str) -> None:
    """EXPLAIN ANALYZE of the answers queries of the measured set (the database in use)."""
    from django.db import connection
    from teacher_data import school_in_database

    from tutor.classroom.views.sets import set_attempts

    school = school_in_database()
    for page, filters in (("set page", {"correct": False}), ("answers CSV", {})):
        sql, params = set_attempts(school.practice_set, **filters).query.sql_with_params()
        print(f"\n-- {size}, {page}: the answers query\n{sql % tuple(repr(p) for p in params)}")
        print(_explain(connection, sql, params))


def _measure_sizes(sizes: list[str], args) -> dict[str, dict]:
    """Every size prepared, then measured in ``--rounds`` rounds, the sizes taken in turn (in the other
    order each round), so that a load that changes during the run weighs on every size alike."""
    from django.db import connections
    from practice_load import _drop_postgres

    base_url = os.environ.get("BENCH_BASE_DATABASE_URL") or "postgres://postgres@127.0.0.1:5432/postgres"
    names: dict[str, str] = {}
    try:
        prepared = {}
        for size in sizes:
            names[size] = _database(size, args, base_url)
            prepared[size] = _prepare(size, names[size], args)
        from django.core.management import call_command

        call_command("collectstatic", verbosity=0, interactive=False)
        found: dict[str, dict] = {size: {} for size in sizes}
        for n in range(args.rounds):
            for size in sizes if n % 2 == 0 else sizes[::-1]:
                _use(names[size])
                _measure(prepared[size], args.runs, found[size])
        if args.explain:
            for size in sizes:
                _use(names[size])
                _explain_set(size)
        return {
            size: {
                page: {
                    "cpu": 1000 * row["cpu"] / row["runs"],
                    "median": statistics.median(row["times"]),
                    "max": max(row["times"]),
                    "queries": row["queries"],
                    "db": statistics.median(row["db"]),
                    "bytes": row["bytes"],
                    "rows": row["rows"],
                }
                for page, row in pages.items()
            }
            for size, pages in found.items()
        }
    finally:
        connections.close_all()
        for name in names.values():
            if args.keep:
                continue
            if args.sqlite:
                if os.path.exists(name):
                    os.remove(name)
            else:
                _drop_postgres(base_url, name)


def _kept_database(base_url: str, size: str, fresh: bool = False) -> str:
    """The database a size is kept in with --keep (``<DATABASE_URL's name>_<size>``), created if missing
    (``fresh``: made anew)."""
    import psycopg

    parsed = urllib.parse.urlparse(base_url)
    own = parsed.path.strip("/")
    name = f"{own if own and own != 'postgres' else 'tutor'}_{size}"
    with psycopg.connect(parsed._replace(path="/postgres").geturl(), autocommit=True) as conn:
        if fresh:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            conn.execute(f'CREATE DATABASE "{name}"')
    return name


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--answers", type=int, default=2000, help="answers per student (2,000)")
    parser.add_argument("--questions", type=int, default=10, help="questions in each class's set (10)")
    parser.add_argument("--hands", type=int, default=20, help="kept hands per student, reviewed (20)")
    parser.add_argument("--runs", type=int, default=5, help="timed requests per page and round (5)")
    parser.add_argument(
        "--rounds", type=int, default=3, help="rounds: every size's pages measured in turn in each (3)"
    )
    parser.add_argument(
        "--size",
        default="small,large,school",
        help="sizes to build and measure, by name, comma-separated (small,large,school); «both» is small,large",
    )
    parser.add_argument(
        "--keep",
        action="store_true",
        help="keep each size's database (<DATABASE_URL's name>_<size>) and measure the one kept, if built",
    )
    parser.add_argument("--pages", default="", help="only these pages, by name, comma-separated (all)")
    parser.add_argument(
        "--sqlite",
        metavar="DIR",
        help="measure on SQLite files in DIR (teacher-pages-<size>.sqlite3) instead of PostgreSQL",
    )
    parser.add_argument("--explain", action="store_true", help="print EXPLAIN ANALYZE of the answers queries")
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tutor.settings")
    os.environ.setdefault("DJANGO_ALLOWED_HOSTS", "testserver")
    os.environ["DJANGO_STATIC_ROOT"] = tempfile.mkdtemp(prefix="teacher-pages-static-")
    os.environ.pop("DJANGO_DEBUG", None)
    if os.environ.get("DATABASE_URL"):
        os.environ["BENCH_BASE_DATABASE_URL"] = os.environ["DATABASE_URL"]
    sizes = ["small", "large"] if args.size == "both" else args.size.split(",")
    if any(size not in SIZES for size in sizes):
        parser.error(f"--size: one or more of {', '.join(SIZES)}")
    measured = _measure_sizes(sizes, args)
    print(
        f"\n{'page':<16} {'size':<6} {'CPU ms':>7} {'median ms':>10} {'max ms':>8} {'queries':>8} {'SQL ms':>7}"
        f" {'bytes':>9}"
    )
    for page in _pages(args.pages):
        for size in sizes:
            r = measured[size][page]
            print(
                f"{page:<16} {size:<6} {r['cpu']:>7.1f} {r['median']:>10.1f} {r['max']:>8.1f} {r['queries']:>8}"
                f" {r['db']:>7.1f} {r['bytes']:>9,}"
            )
    if "small" not in sizes or len(sizes) < 2:
        return 0
    small = measured["small"]
    worst = 0.0
    for size in sizes:
        if size == "small":
            continue
        other = measured[size]
        wall = {page: other[page]["median"] / small[page]["median"] for page in _pages(args.pages)}
        print(f"{size} / small, wall: " + ", ".join(f"{page} {ratio:.2f}×" for page, ratio in wall.items()))
        ratios = {page: other[page]["cpu"] / max(small[page]["cpu"], 0.01) for page in _pages(args.pages)}
        print(f"{size} / small, CPU: " + ", ".join(f"{page} {ratio:.2f}×" for page, ratio in ratios.items()))
        for page in (p for p in EXPORTS if p in other):
            per_row = {s: measured[s][page]["cpu"] / measured[s][page]["rows"] for s in ("small", size)}
            ratios[page] = per_row[size] / per_row["small"]
            print(
                f"  {page}: {small[page]['rows']:,} / {other[page]['rows']:,} rows,"
                f" {per_row['small'] * 1000:.1f} / {per_row[size] * 1000:.1f} µs of CPU a row,"
                f" {size} / small per row {ratios[page]:.2f}×"
            )
        print(f"\n{'page':<16} {'queries':>9} {'CPU ms small / ' + size:>24} {'÷ (CPU)':>8}")
        for page in _pages(args.pages):
            queries = f"{small[page]['queries']} / {other[page]['queries']}"
            cpu = f"{small[page]['cpu']:.1f} / {other[page]['cpu']:.1f}"
            per_row = " a row" if page in EXPORTS else ""
            print(f"{page:<16} {queries:>9} {cpu:>24} {ratios[page]:>7.2f}×{per_row}")
        worst = max(worst, *ratios.values())
    print(f"load average now: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0 if worst < 2 else 1


if __name__ == "__main__":
    sys.exit(main())
