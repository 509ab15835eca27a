"""In-process cost of the pages a signed-in learner opens, beside the anonymous home, at two sizes.

    .venv/bin/python bench/learner_pages.py [--requests 100] [--many 3650] [--profile 20 --page /progreso/]

A fresh SQLite file (WAL, IMMEDIATE, as in production) in a temp dir, DEBUG off, the real views
through Django's test client. Two learners: «pocas» with --few answers, «muchas» with --many (a
year of about ten a day), each with a lesson done per 100 answers, finished and unfinished matches
and the progress the services keep (counts, review queue, FSRS cards, rebuilt from the answers).
Prints, per page and learner, the mean CPU milliseconds per request (process time: other work on a
shared machine does not count), its ratio to the anonymous home's (measured again right after each
page, as a loaded machine's speed drifts) and the number of queries.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# The glossary shows nothing of the learner's: the floor of any signed-in page (session, user, language).
PAGES = (
    ("home", "/"),
    ("Mi progreso", "/progreso/"),
    ("Jugar", "/jugar/"),
    ("Glosario", "/lecciones/glosario/"),
)


def _learner(name: str, answers: int, matches: int):
    from django.utils import timezone
    from teacher_data import _practice_answers, _Templates

    from lessons.course import load_course
    from lessons.models import StepProgress
    from tutor.accounts.models import User
    from tutor.play import services as play
    from tutor.practice.identity import Owner
    from tutor.progress.services import backfill_review_logs, rebuild_owner

    user = User.objects.create_user(name, password="x")
    rng = random.Random(answers)
    now = timezone.now()
    # Spread over the year before now, oldest first, with their review log (teacher_data.write_answers).
    _practice_answers([user], answers, rng=rng, templates=_Templates())
    backfill_review_logs()
    rebuild_owner(learner_id=user.pk, anon_id="")
    steps = load_course().steps[: max(1, answers // 100)]
    StepProgress.objects.bulk_create(
        StepProgress(learner=user, step_key=s.key, last_seen_at=now, done_at=now) for s in steps
    )
    for n in range(matches):
        match = play.start_match(owner=Owner(user, ""), level="principiante", seed=n)
        if n % 2:
            match.finished_at = now
            match.save(update_fields=["finished_at"])
    return user


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=100, help="measured requests per page and learner")
    parser.add_argument("--few", type=int, default=20)
    parser.add_argument("--many", type=int, default=3650)
    parser.add_argument("--profile", type=int, default=0, help="print cProfile's top N for --page, «muchas»")
    parser.add_argument("--page", default="/progreso/")
    args = parser.parse_args()

    tmp = Path(tempfile.mkdtemp(prefix="learner-pages-"))
    os.environ.update(
        DJANGO_SETTINGS_MODULE="tutor.settings",
        DJANGO_SQLITE_PATH=str(tmp / "pages.sqlite3"),
        DJANGO_STATIC_ROOT=str(tmp / "static"),
        DJANGO_ALLOWED_HOSTS="testserver",
    )
    os.environ.pop("DATABASE_URL", None)
    os.environ.pop("DJANGO_DEBUG", None)
    sys.path.insert(0, str(Path(__file__).parent))
    sys.path.insert(0, str(ROOT))
    try:
        import django
        from django.core.management import call_command

        django.setup()
        call_command("migrate", verbosity=0)
        call_command("collectstatic", verbosity=0, interactive=False)
        from django.db import connection
        from django.test import Client

        learners = {"pocas": _learner("pocas", args.few, 2), "muchas": _learner("muchas", args.many, 40)}
        load = " ".join(f"{x:.2f}" for x in os.getloadavg())

        def measure(client: Client, path: str, profiler=None) -> tuple[float, int]:
            for _ in range(10):  # warm-up: caches, templates, the connection
                assert client.get(path).status_code == 200
            queries = []
            with connection.execute_wrapper(lambda run, sql, *a: queries.append(sql) or run(sql, *a)):
                client.get(path)
            if profiler:
                profiler.enable()
            started = time.process_time()
            for _ in range(args.requests):
                client.get(path)
            elapsed = time.process_time() - started
            if profiler:
                profiler.disable()
            return 1000 * elapsed / args.requests, len(queries)

        base, base_queries = measure(Client(), "/")
        print(f"load average: {load}; {args.requests} requests each; CPU ms per request (process time)")
        print(f"{'page':<12} {'learner':<8} {'answers':>7} {'CPU ms':>7} {'of home':>8} {'queries':>7}")
        print(f"{'home':<12} {'anónimo':<8} {0:>7} {base:>7.2f} {1:>8.2f} {base_queries:>7}")
        profiler = cProfile.Profile() if args.profile else None
        for name, path in PAGES:
            for who, user in learners.items():
                client = Client()
                client.force_login(user)
                answers = args.few if who == "pocas" else args.many
                chosen = profiler if who == "muchas" and path == args.page else None
                ms, queries = measure(client, path, chosen)
                # On a shared machine the CPU a request takes drifts over a run: each page is set
                # beside the anonymous home measured again right after it.
                home, _ = measure(Client(), "/")
                print(f"{name:<12} {who:<8} {answers:>7} {ms:>7.2f} {ms / home:>8.2f} {queries:>7}")
        if profiler:
            pstats.Stats(profiler).sort_stats("cumulative").print_stats(args.profile)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
