"""Teacher pages against a school's worth of data: a set's page (and its mistakes' second page), its
CSV exports, the class page, the dashboard and a student's answers for a skill, at two sizes.

    .venv/bin/python bench/teacher_pages.py                       # PostgreSQL beside DATABASE_URL's
    .venv/bin/python bench/teacher_pages.py --answers 500 --runs 5 # a quicker, smaller run
    .venv/bin/python bench/teacher_pages.py --explain              # plus EXPLAIN ANALYZE of the set's queries

For each size a fresh PostgreSQL database is created beside the one DATABASE_URL names (dropped at
the end), migrated, and filled by teacher_data.build_school: "small" is a class of 10 with 40
students in other classes beside it, "large" a class of 60 with 240 beside it, "school" the class of
10 again with 490 beside it (the school's data grows, the class does not); every student has
``--answers`` answers (2,000 by default: 100,000, 600,000 and 1,000,000 answers in the log). The class's
teacher then requests each page through Django's test client, DEBUG off: the first request warms
up, the next ``--runs`` are timed (wall clock, median and worst) with their query count, the time
the database spent on them and the CPU they cost (this process and the connection's PostgreSQL
process, from /proc: on a shared machine far steadier than the wall clock). The last lines compare
each size with the small one: the aim is a ratio of CPU under 2 for every page. An export lists
every row it is asked for (the answers CSV has every answer of the set: six times as many in the
large class), so an export is held to what it shows: its CPU per row listed, under 2.

To measure another teacher page, add it to PAGES (a name and a function of the school returning
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


def _measure(size: str, args) -> dict[str, dict]:
    import django
    from django.core.cache import cache
    from django.core.management import call_command
    from django.db import connection, connections, transaction
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from practice_load import _drop_postgres, _postgres_env

    base_url = os.environ.get("BENCH_BASE_DATABASE_URL") or "postgres://postgres@127.0.0.1:5432/postgres"
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
        os.environ["DATABASE_URL"], name = _postgres_env(base_url)
    try:
        django.setup()
        connections["default"].settings_dict["NAME"] = name  # setup() read it; a second size reconnects
        connections["default"].close()
        call_command("migrate", verbosity=0)
        call_command("collectstatic", verbosity=0, interactive=False)
        from teacher_data import build_school, school_in_database

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
        built_s = time.perf_counter() - started
        print(
            f"{size}: a class of {len(school.students)}, {len(school.all_students)} students,"
            f" {school.answers:,} answers, built in {built_s:.0f} s",
            flush=True,
        )
        client = Client()
        client.force_login(school.teacher)
        backend = None
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_backend_pid()")
                backend = cursor.fetchone()[0]
        results = {}
        for page, url_of in _pages(args.pages).items():
            url = url_of(school)
            assert client.get(url).status_code == 200, url
            times, db_ms, cpu = [], [], 0.0
            for _ in range(args.runs):
                if page in FRESH:
                    cache.clear()
                cpu_before = time.process_time() + _backend_cpu(backend)
                with CaptureQueriesContext(connection) as queries:
                    t0 = time.perf_counter()
                    response = client.get(url)
                    # A streamed CSV does its work while it is read: read it inside the timing.
                    body = b"".join(response.streaming_content) if response.streaming else response.content
                    times.append((time.perf_counter() - t0) * 1000)
                cpu += time.process_time() + _backend_cpu(backend) - cpu_before
                assert response.status_code == 200
                db_ms.append(sum(float(q["time"]) for q in queries.captured_queries) * 1000)
            results[page] = {
                "cpu": 1000 * cpu / args.runs,
                "median": statistics.median(times),
                "max": max(times),
                "queries": len(queries.captured_queries),
                "db": statistics.median(db_ms),
                "bytes": len(body),
                "rows": body.count(b"\n") - 1 if page in EXPORTS else None,
            }
            if args.explain and page in ("set page", "answers CSV"):
                slowest = max(queries.captured_queries, key=lambda q: float(q["time"]))
                from tutor.classroom.views.sets import set_attempts

                query = set_attempts(
                    school.practice_set, **({"correct": False} if page == "set page" else {})
                )
                sql, params = query.query.sql_with_params()
                print(f"\n-- {size}, {page}: the answers query\n{sql % tuple(repr(p) for p in params)}")
                print(_explain(connection, sql, params))
                print(
                    f"-- its slowest query took {float(slowest['time']) * 1000:.1f} ms:\n{slowest['sql'][:300]}\n"
                )
        return results
    finally:
        connections.close_all()
        if args.sqlite:
            if not args.keep and os.path.exists(name):
                os.remove(name)
        elif not args.keep:
            _drop_postgres(base_url, name)


def _kept_database(base_url: str, size: str) -> str:
    """The database a size is kept in with --keep (``<DATABASE_URL's name>_<size>``), created if missing."""
    import psycopg

    parsed = urllib.parse.urlparse(base_url)
    own = parsed.path.strip("/")
    name = f"{own if own and own != 'postgres' else 'tutor'}_{size}"
    with psycopg.connect(parsed._replace(path="/postgres").geturl(), autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            conn.execute(f'CREATE DATABASE "{name}"')
    return name


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--answers", type=int, default=2000, help="answers per student (2,000)")
    parser.add_argument("--questions", type=int, default=10, help="questions in each class's set (10)")
    parser.add_argument("--hands", type=int, default=20, help="kept hands per student, reviewed (20)")
    parser.add_argument("--runs", type=int, default=15, help="timed requests per page (15)")
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
    measured = {size: _measure(size, args) for size in sizes}
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
