"""«Mis errores en la mesa» at a school's size: the pages that read the hands, against the anonymous home.

    .venv/bin/python bench/table_pages.py                      # PostgreSQL beside DATABASE_URL's
    .venv/bin/python bench/table_pages.py --students 300 --hands 200 --requests 40

A fresh PostgreSQL database is created beside the one DATABASE_URL names (dropped at the end), migrated
and filled with bulk_create: ``--students`` learners in classes of ``--class-size`` with a teacher each,
every learner with ``--hands`` kept hands (real records of bot hands, their reviews done: the owner's and
the partner's cards labelled, about one renuncio in twelve hands) and the retry items those reviews make
(about one in four hands: renuncios, play errors, cantes; some due, some answered, some retired, a few
removed with a note for the teacher), and
``--answers`` quiz answers each: the first learner's written as practice writes them (answers, FSRS logs,
and the statistics, queue and cards rebuilt from them, for Mi progreso), every other's as the per-skill
counts the class dashboard's heatmap reads (SkillStat rows of as many simulated answers). Then,
through Django's test client with DEBUG off, ``--requests`` requests of each page after a warm-up: the
anonymous home, a learner's home and Mi progreso, the class dashboard of the first class (its teacher).
Printed per page: the median wall milliseconds per request (the database's time included), the mean CPU
milliseconds of this process, the queries, and the multiples of the anonymous home's median and CPU, the
home measured again right after each page. Each signed-in page three times: read again (what it keeps
found), «nuevo» (the cache emptied before each request: nothing kept) and «tras responder» (before each
request the learner, or for the class page the next student of the class, answers one question as practice
records it: one thing it shows changed). The aim: every page within 2× the anonymous home. Set REDIS_URL to
measure with the cache production uses.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).parent))
BATCH = 2000
LABELS = ("la_mejor", "la_mejor", "buena", "buena", "buena", "imprecisa", "error", "error_grave")


def _hand_texts(n: int) -> list[tuple[str, list[int]]]:
    """``n`` records of bot hands (principiante at every seat) in the notation, with seat 0's play numbers."""
    from engine import records
    from engine.bots.table import play_hand
    from engine.hand import Hand

    out = []
    for seed in range(n):
        hand = play_hand(Hand.new(random.Random(seed), seed % 4), ["principiante"] * 4, random.Random(seed))
        record = records.from_hand(hand)
        plays = [e for e in record.events if isinstance(e, records.Play)]
        out.append((records.write(record), [i for i, p in enumerate(plays) if p.seat == 0]))
    return out


def _review_data(rng: random.Random, renuncio: bool) -> dict:
    """A done review's data as hands.reviews.as_data stores it: the owner's seat (0) and its partner's."""
    from engine.analysis.review import THEMES

    def value() -> dict:
        return {
            "win": round(rng.random(), 4),
            "points": round(rng.uniform(20, 100), 2),
            "win_hw": 0.04,
            "points_hw": 3.1,
        }

    turns = []
    for trick in range(1, 11):
        for seat in (0, 2):
            label = rng.choice(LABELS)
            turns.append(
                {
                    "trick": trick,
                    "seat": seat,
                    "card": "4c",
                    "label": label,
                    "too_close": False,
                    "choice": True,
                    "theme": rng.choice(THEMES) if label in ("error", "error_grave") else None,
                    "best": ["12c"],
                    "played": value(),
                    "best_value": value(),
                    "method": "exacto" if trick > 5 else "muestras",
                    "deals": 64,
                    "reasons": [
                        {"msg": "review.reason.cargar", "facts": {"who": {"seat": seat}, "points": 10}}
                    ],
                }
            )
    errors = []
    if renuncio:
        errors.append(
            {
                "trick": 3,
                "seat": 0,
                "card": "4o",
                "obligation": "asistir",
                "rule_ids": ["R-OBL-ASISTIR"],
                "message": {"msg": "review.rule_error", "facts": {"trick": 3}},
            }
        )
    return {"viewer": 0, "turns": turns, "rule_errors": errors, "accuracy": {"0": 81.2, "2": 77.5}}


def _quiz(learners, answers: int, rng: random.Random) -> None:
    """Quiz practice: the first learner's ``answers`` written and their progress rebuilt from them; every
    other learner's as the SkillStat rows (per skill) that as many answers would have left."""
    from types import SimpleNamespace

    from teacher_data import FAMILIES, _practice_answers, _skill_stats, _Templates

    from tutor.progress.services import backfill_review_logs, rebuild_owner

    if not answers:
        return
    templates = _Templates()
    first = learners[0]
    _practice_answers([first], answers, rng=rng, templates=templates)
    backfill_review_logs()
    rebuild_owner(learner_id=first.pk, anon_id="")
    templates.skills.clear()
    for learner in learners[1:]:
        for n in range(answers):
            rule_ids = templates.by_family[FAMILIES[n % len(FAMILIES)]].rule_ids
            issued = SimpleNamespace(learner_id=learner.pk, rule_ids=rule_ids)
            templates.count_skills(issued, rng.random() < 0.75)
    _skill_stats(templates.skills)


def build(*, students: int, class_size: int, hands: int, answers: int = 0, seed: int = 1):
    """The school: classes with a teacher each, every student's kept hands, reviews and retry items."""
    from django.contrib.auth.hashers import make_password

    from tutor.accounts.models import User
    from tutor.classroom.models import Classroom, Membership

    rng = random.Random(seed)
    password = make_password("baraja-de-oros")
    learners = User.objects.bulk_create(
        [User(username=f"alumno{i:04d}", role=User.Role.LEARNER, password=password) for i in range(students)],
        batch_size=BATCH,
    )
    classes = []
    for n in range(0, students, class_size):
        teacher = User.objects.create(username=f"profe{n:04d}", role=User.Role.TEACHER, password=password)
        classroom = Classroom.objects.create(name=f"Clase {n // class_size + 1}", join_code=f"MESA{n:04d}")
        classroom.teachers.add(teacher)
        Membership.objects.bulk_create(
            [Membership(classroom=classroom, student=s) for s in learners[n : n + class_size]]
        )
        classes.append((classroom, teacher))
    counts = write_hands(learners, hands, rng)
    _quiz(learners, answers, rng)
    return learners, classes, counts


def write_hands(learners, hands: int, rng: random.Random) -> dict:
    """Every learner's ``hands`` kept hands, their done reviews and the retry items those make (the
    first learner's written, copied to the others by the database); returns how many of each."""
    from django.utils import timezone

    from tutor.hands.models import HandRecord, HandReview, review_summary
    from tutor.hands.reviews import ANALYSIS_VERSION
    from tutor.progress.models import TableRetry

    now = timezone.now()
    texts = _hand_texts(16)
    first = learners[0]
    rows = [
        HandRecord(
            learner=first,
            source="bots",
            seat=0,
            table="guia",
            text=texts[h % len(texts)][0],
            result={"totals": [70, 60], "winner": "A", "reason": "tantos", "renuncios": 0, "complete": True},
            played_at=now - timezone.timedelta(hours=hands - h),
        )
        for h in range(hands)
    ]
    rows = HandRecord.objects.bulk_create(rows, batch_size=BATCH)
    reviews = []
    for row in rows:
        data = _review_data(rng, renuncio=rng.random() < 1 / 12)
        reviews.append(
            HandReview(
                record=row,
                status=HandReview.Status.DONE,
                seats=[0, 2],
                total_tricks=10,
                done_tricks=10,
                data=data,
                summary=review_summary(data, 0),
                engine_version=ANALYSIS_VERSION,
            )
        )
    HandReview.objects.bulk_create(reviews, batch_size=BATCH)
    items = []
    for h, row in enumerate(rows):
        if rng.random() >= 0.25:
            continue
        answered = rng.random() < 0.5
        items.append(
            TableRetry(
                learner=first,
                record=row,
                play=rng.choice(texts[h % len(texts)][1]),
                seat=0,
                kind=rng.choice(["jugada", "jugada", "regla", "cante"]),
                card="4c",
                theme=rng.choice(["cargar", "no_entregar", "ultimas", "cantar"]),
                label="error",
                grades={"4c": ["error", 0.31, 40.5], "12c": ["la_mejor", 0.52, 61.0]},
                reasons=[{"msg": "review.reason.cargar", "facts": {"points": 10}}],
                viewer=0,
                due=now + timezone.timedelta(days=rng.uniform(-3, 20)),
                answers=2 if answered else 0,
                streak=1 if answered else 0,
                retired_at=now if rng.random() < 0.2 else None,
                **({"removed_at": now, "note": "Era la mejor carta"} if rng.random() < 0.03 else {}),
            )
        )
    TableRetry.objects.bulk_create(items, batch_size=BATCH)
    # Every other student gets the first one's hands, reviews and items: copied by the database (a
    # student's hand is matched to the first's by its played_at, unique per student).
    others = [u.pk for u in learners[1:]]
    _copy(HandRecord, "src.learner_id = %s", "", {"learner_id": "u.id"}, first.pk, others)
    _copy(
        HandReview,
        "srec.learner_id = %s",
        "JOIN hands_handrecord srec ON srec.id = src.record_id"
        " JOIN hands_handrecord rec ON rec.played_at = srec.played_at AND rec.learner_id = u.id",
        {"record_id": "rec.id"},
        first.pk,
        others,
    )
    _copy(
        TableRetry,
        "src.learner_id = %s",
        "JOIN hands_handrecord srec ON srec.id = src.record_id"
        " JOIN hands_handrecord rec ON rec.played_at = srec.played_at AND rec.learner_id = u.id",
        {"learner_id": "u.id", "record_id": "rec.id"},
        first.pk,
        others,
    )
    return {"hands": HandRecord.objects.count(), "items": TableRetry.objects.count()}


def _copy(model, where: str, joins: str, replaced: dict[str, str], first: int, others: list[int]) -> None:
    """Copy ``model``'s rows of the first student (``where``) to every student of ``others`` in one
    INSERT … SELECT, each column as it is but those ``replaced`` (column: SQL over ``u``, ``rec``)."""
    from django.db import connection

    columns = [f.column for f in model._meta.concrete_fields if not f.primary_key]
    exprs = [replaced.get(c, f'src."{c}"') for c in columns]
    table = model._meta.db_table
    sql = (
        f"INSERT INTO {table} ({', '.join(f'"{c}"' for c in columns)}) SELECT {', '.join(exprs)}"
        f" FROM {table} src CROSS JOIN accounts_user u {joins} WHERE {where}"
        f" AND u.id IN ({', '.join(['%s'] * len(others))})"  # not = ANY(%s): SQLite has no arrays
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [first, *others])


def _measure(
    client,
    url: str,
    requests: int,
    profile: int = 0,
    explain: bool = False,
    fresh: bool = False,
    change=None,
) -> dict:
    """``fresh``: the cache emptied before each request (outside the time measured), so that nothing the
    page keeps is found: its cost when everything it shows has just changed. ``change``: called before
    each request (outside the time measured): a real write, one thing the page shows changed."""
    from django.core.cache import cache
    from django.db import connection

    for _ in range(5):
        assert client.get(url).status_code == 200, url
    times, cpu, queries = [], 0.0, []

    def timed(run, sql, *a):
        t0 = time.perf_counter()
        try:
            return run(sql, *a)
        finally:
            queries.append(((time.perf_counter() - t0) * 1000, sql, a[0]))

    if fresh:
        cache.clear()
    if change:
        change()
    with connection.execute_wrapper(timed):
        client.get(url)
    if explain:
        with connection.cursor() as cursor:
            for _ms, sql, params in queries:
                if sql.lstrip("( ").upper().startswith("SELECT"):
                    cursor.execute("EXPLAIN (ANALYZE, BUFFERS) " + sql, params)
                    print(sql[:300], *(row[0] for row in cursor.fetchall()), sep="\n    ")
    if profile:
        for ms, sql, _params in sorted(queries, key=lambda q: q[0], reverse=True)[:4]:
            print(f"{ms:8.1f} ms  {sql[:400]}")
    if profile:
        import cProfile
        import pstats

        if fresh:
            cache.clear()
        if change:
            change()
        profiler = cProfile.Profile()
        profiler.enable()
        client.get(url)
        profiler.disable()
        pstats.Stats(profiler).sort_stats(os.environ.get("BENCH_SORT", "cumulative")).print_stats(profile)
    for _ in range(requests):
        if fresh:
            cache.clear()
        if change:
            change()
        t0, c0 = time.perf_counter(), time.process_time()
        client.get(url)
        cpu += time.process_time() - c0
        times.append((time.perf_counter() - t0) * 1000)
    return {"median": statistics.median(times), "cpu": 1000 * cpu / requests, "queries": len(queries)}


def _answerer(students):
    """A change: the next of ``students`` answers one new question (right or wrong by turns) as practice
    records it (issued, graded, its counts, card and queue updated)."""
    from itertools import count, cycle

    from tutor.practice.identity import Owner
    from tutor.practice.services import issue, submit

    who, n = cycle(students), count()

    def answer() -> None:
        student, k = next(who), next(n)
        owner = Owner(student, "")
        issued = issue(owner=owner, mode="familia", family="ganador", seed=10_000 + k)
        values = [o["value"] for o in issued.scenario["options"]]
        right = str(issued.scenario["answer"])
        wrong = next(v for v in values if v != right)
        submit(owner=owner, token=issued.token, raw=right if k % 2 else wrong)

    return answer


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=300)
    parser.add_argument("--class-size", type=int, default=30)
    parser.add_argument("--hands", type=int, default=200, help="kept hands per student (200)")
    parser.add_argument("--answers", type=int, default=200, help="quiz answers per student (200)")
    parser.add_argument("--requests", type=int, default=40, help="timed requests per page (40)")
    parser.add_argument("--profile", type=int, default=0, help="print cProfile's top N for --page")
    parser.add_argument("--page", default="panel de la clase")
    parser.add_argument("--explain", action="store_true", help="print EXPLAIN ANALYZE of --page's queries")
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tutor.settings")
    os.environ.setdefault("DJANGO_ALLOWED_HOSTS", "testserver")
    os.environ["DJANGO_STATIC_ROOT"] = tempfile.mkdtemp(prefix="table-pages-static-")
    os.environ.pop("DJANGO_DEBUG", None)
    base_url = os.environ.get("DATABASE_URL") or "postgres://postgres@127.0.0.1:5432/postgres"
    from practice_load import _drop_postgres, _postgres_env

    os.environ["DATABASE_URL"], name = _postgres_env(base_url)
    try:
        import django
        from django.core.management import call_command
        from django.db import connection, connections, transaction
        from django.test import Client
        from django.urls import reverse

        django.setup()
        call_command("migrate", verbosity=0)
        call_command("collectstatic", verbosity=0, interactive=False)
        started = time.perf_counter()
        with transaction.atomic():
            learners, classes, counts = build(
                students=args.students, class_size=args.class_size, hands=args.hands, answers=args.answers
            )
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
        # What an earlier run kept is found again otherwise: its database had the same ids and stamps, so
        # a page «tras responder» would be read as kept.
        from django.core.cache import cache

        cache.clear()
        print(
            f"{args.students} students in classes of {args.class_size}, {counts['hands']:,} hands with their"
            f" reviews, {counts['items']:,} retry items, {args.answers} quiz answers each,"
            f" built in {time.perf_counter() - started:.0f} s",
            flush=True,
        )
        learner = Client()
        learner.force_login(learners[0])
        teacher = Client()
        teacher.force_login(classes[0][1])
        pages = [
            ("home", "anónimo", Client(), "/"),
            ("home", "alumno", learner, "/"),
            ("Mi progreso", "alumno", learner, reverse("progress:index")),
            ("panel de la clase", "profesor", teacher, reverse("classroom:heatmap", args=[classes[0][0].pk])),
        ]
        # The same pages with nothing kept (the cache emptied before each request): just after a change;
        # and the glossary, which shows nothing of the learner's: the floor of any signed-in page.
        pages += [(f"{page} (nuevo)", who, client, url) for page, who, client, url in pages[1:]]
        # Just after one thing changed: the learner (for the class page, one student of the class after
        # another) answered one question as practice records it, right before each request.
        class_members = [m.student for m in classes[0][0].memberships.select_related("student")]
        pages += [(f"{page} (tras responder)", who, client, url) for page, who, client, url in pages[1:4]]
        changes = {
            "home (tras responder)": _answerer([learners[0]]),
            "Mi progreso (tras responder)": _answerer([learners[0]]),
            "panel de la clase (tras responder)": _answerer(class_members),
        }
        pages.append(("glosario (suelo)", "alumno", learner, reverse("lessons:glossary")))
        load = " ".join(f"{x:.2f}" for x in os.getloadavg())
        anonymous = pages[0][2]
        results = []
        for page, who, client, url in pages:
            measured = _measure(
                client,
                url,
                args.requests,
                args.profile if page == args.page else 0,
                args.explain and page == args.page,
                page.endswith("(nuevo)"),
                changes.get(page),
            )
            # The anonymous home measured again right after each page: on a shared machine the cost of a
            # request drifts within a run, so each page is divided by the home of its own moment.
            home = _measure(anonymous, "/", args.requests) if page != "home" or who != "anónimo" else measured
            results.append((page, who, measured, home))
        print(
            f"load average before measuring: {load}; after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
        )
        print(
            f"{'page':<26} {'who':<9} {'median ms':>9} {'CPU ms':>7} {'queries':>7} {'home ms':>7}"
            f" {'home CPU':>8} {'of home':>7} {'CPU of home':>11}"
        )
        for page, who, r, home in results:
            print(
                f"{page:<26} {who:<9} {r['median']:>9.2f} {r['cpu']:>7.2f} {r['queries']:>7}"
                f" {home['median']:>7.2f} {home['cpu']:>8.2f}"
                f" {r['median'] / home['median']:>7.2f} {r['cpu'] / home['cpu']:>11.2f}"
            )
        return 0 if all(r["median"] <= 2 * home["median"] for _p, _w, r, home in results) else 1
    finally:
        connections.close_all()
        _drop_postgres(base_url, name)


if __name__ == "__main__":
    sys.exit(main())
