"""In-process profile of the practice loop: issue -> open, then answer and "Siguiente" by htmx, per family.

    .venv/bin/python bench/practice_profile.py              # mean ms per request, per family
    .venv/bin/python bench/practice_profile.py --profile 25 # plus cProfile's top 25 (cumulative)

Runs the real views through Django's test client against a fresh SQLite file (WAL, IMMEDIATE, as in
production settings) in a temp dir, or with --db postgres a fresh database beside DATABASE_URL's, with DEBUG off, as an anonymous visitor. The first rounds warm the
caches and are not counted. Prints the mean CPU milliseconds (process time, so that other work on
a shared machine does not count) per request for each step and family.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import re
import shutil
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FAMILIES = ("jugada", "validas", "obligacion", "ganador", "tantos", "cante", "renuncio")
ANSWER_VALUE = re.compile(r'name="answer"\s+value="([^"]+)"')
HTMX = {"HX-Request": "true"}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--rounds",
        type=int,
        default=10,
        help="starts per family, each with 3 answers (after 2 warm-up starts)",
    )
    parser.add_argument("--profile", type=int, default=0, help="print cProfile's top N functions")
    parser.add_argument("--step", choices=("issue", "open", "answer", "next"), help="profile only this step")
    parser.add_argument("--queries", action="store_true", help="print the SQL of one loop per family")
    parser.add_argument("--dump", help="also write the cProfile data to this file")
    parser.add_argument("--sort", default="cumulative", help="cProfile sort key (cumulative, tottime)")
    parser.add_argument("--db", choices=("sqlite", "postgres"), default="sqlite")
    args = parser.parse_args()

    tmp = Path(tempfile.mkdtemp(prefix="practice-profile-"))
    os.environ.update(
        DJANGO_SETTINGS_MODULE="tutor.settings",
        DJANGO_SQLITE_PATH=str(tmp / "profile.sqlite3"),
        DJANGO_STATIC_ROOT=str(tmp / "static"),
        DJANGO_ALLOWED_HOSTS="testserver",
    )
    base_url = os.environ.pop("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres")
    os.environ.pop("DJANGO_DEBUG", None)
    pg_name = ""
    if args.db == "postgres":  # a fresh database beside the one DATABASE_URL names, dropped at the end
        sys.path.insert(0, str(Path(__file__).parent))
        from practice_load import _drop_postgres, _postgres_env

        os.environ["DATABASE_URL"], pg_name = _postgres_env(base_url)
    sys.path.insert(0, str(ROOT))
    try:
        import django
        from django.core.management import call_command

        django.setup()
        call_command("migrate", verbosity=0)
        call_command("collectstatic", verbosity=0, interactive=False)
        from django.db import connection
        from django.test import Client
        from django.test.utils import CaptureQueriesContext

        client = Client()
        client.get("/practicar/")
        rng = random.Random(1)
        timings: dict[tuple[str, str], list[float]] = defaultdict(list)
        profiler = cProfile.Profile(time.process_time)  # CPU, not wall time: the machine is shared

        def loop(family: str, record: bool) -> None:
            def timed(step: str, call):
                profiling = record and args.profile and args.step in (None, step)
                if profiling:
                    profiler.enable()
                started = time.process_time()
                if args.queries and record and len(timings[(step, family)]) == 0:
                    with CaptureQueriesContext(connection) as queries:
                        response = call()
                    print(f"--- {family} {step}: {len(queries)} queries")
                    for q in queries:
                        print("   ", q["sql"][:150])
                else:
                    response = call()
                elapsed = time.process_time() - started
                if profiling:
                    profiler.disable()
                if record:
                    timings[(step, family)].append(elapsed * 1000)
                return response

            form = {"kind": "family", "family": family, "difficulty": rng.choice("123"), "rules": "guia"}
            response = timed("issue", lambda: client.post("/practicar/nuevo/", form))
            assert response.status_code == 302, response.status_code
            path = response["Location"]
            page = timed("open", lambda: client.get(path)).content.decode()
            for _ in range(3):  # answer, then "Siguiente" by htmx, as a learner with JavaScript on
                values = ANSWER_VALUE.findall(page)
                answer = [rng.choice(values)] if values else [str(rng.randrange(0, 130))]
                response = timed(
                    "answer",
                    lambda p=path, a=answer: client.post(p + "responder/", {"answer": a}, headers=HTMX),
                )
                assert response.status_code == 200 and b"data-feedback" in response.content, (
                    response.status_code
                )
                response = timed("next", lambda p=path: client.post(p + "siguiente/", headers=HTMX))
                assert response.status_code == 200, response.status_code
                path, page = response["HX-Push-Url"], response.content.decode()

        for family in FAMILIES:
            for _ in range(2):
                loop(family, record=False)
        for _ in range(args.rounds):
            for family in FAMILIES:
                loop(family, record=True)

        steps = ("issue", "open", "answer", "next")
        print(
            f"{'family':<12}"
            + "".join(f"{s:>10}" for s in steps)
            + f"{'htmx loop':>11}   (mean CPU ms; htmx loop = answer + next)"
        )
        totals = defaultdict(list)
        for family in FAMILIES:
            means = [sum(timings[(s, family)]) / len(timings[(s, family)]) for s in steps]
            for s, m in zip(steps, means, strict=True):
                totals[s].append(m)
            print(f"{family:<12}" + "".join(f"{m:>10.2f}" for m in means) + f"{sum(means[2:]):>11.2f}")
        overall = [sum(totals[s]) / len(totals[s]) for s in steps]
        print(f"{'all':<12}" + "".join(f"{m:>10.2f}" for m in overall) + f"{sum(overall[2:]):>11.2f}")
        if args.profile:
            pstats.Stats(profiler).sort_stats(args.sort).print_stats(args.profile)
            if args.dump:
                profiler.dump_stats(args.dump)
    finally:
        if pg_name:
            from django.db import connections

            connections.close_all()
            _drop_postgres(base_url, pg_name)
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
