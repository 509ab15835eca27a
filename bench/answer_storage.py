"""Database bytes per practice answer, on SQLite and PostgreSQL, at two sizes.

    nice -n 10 .venv/bin/python bench/answer_storage.py                    # SQLite file in a temp dir
    nice -n 10 .venv/bin/python bench/answer_storage.py --db postgres      # a fresh database beside DATABASE_URL's
    nice -n 10 .venv/bin/python bench/answer_storage.py --sizes 1000 4000 --learners 20

Answers are written as the site writes them: ``tutor.practice.services.issue`` then ``submit`` (so the
progress receivers add their rows too), every family at every level, an option chosen at random (or a
number for the tantos), spread over signed-in learners. After each size the database is compacted
(SQLite ``VACUUM``, PostgreSQL ``VACUUM FULL``) and its size measured: bytes per answer are the growth
from the empty migrated database divided by the answers, beside the stored question and graded answer
alone (``practice_issued`` and ``practice_attempt`` with their indexes).
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FAMILIES = ("jugada", "validas", "obligacion", "ganador", "tantos", "cante", "renuncio", "mesa")


def _answer(scenario, rng: random.Random):
    if scenario.options:
        if scenario.answer_kind == "cards":
            values = [o.value for o in scenario.options]
            return rng.sample(values, rng.randint(1, len(values)))
        return rng.choice(scenario.options).value
    return str(rng.randrange(0, 131))


def _sizes(vendor: str) -> tuple[int, dict[str, int]]:
    """(the whole database's bytes, bytes per table with its indexes) after compacting."""
    from django.db import connection

    with connection.cursor() as cur:
        if vendor == "sqlite":
            cur.execute("VACUUM")
            cur.execute("PRAGMA page_size")
            page = cur.fetchone()[0]
            cur.execute("PRAGMA page_count")
            total = cur.fetchone()[0] * page
            tables = {}
            try:
                cur.execute("SELECT tbl_name, name FROM sqlite_master WHERE type IN ('table', 'index')")
                owner = dict((name, tbl) for tbl, name in cur.fetchall())
                cur.execute("SELECT name, SUM(pgsize) FROM dbstat GROUP BY name")
                for name, size in cur.fetchall():
                    table = owner.get(name, name)
                    tables[table] = tables.get(table, 0) + size
            except Exception:  # a SQLite built without dbstat: the total alone
                tables = {}
            return total, tables
        cur.execute("VACUUM FULL")
        cur.execute("SELECT pg_database_size(current_database())")
        total = cur.fetchone()[0]
        cur.execute(
            "SELECT relname, pg_total_relation_size(c.oid) FROM pg_class c "
            "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'r'"
        )
        return total, dict(cur.fetchall())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 4000], help="answers at each measure")
    parser.add_argument("--learners", type=int, default=20)
    args = parser.parse_args()

    tmp = Path(tempfile.mkdtemp(prefix="answer-storage-"))
    os.environ.update(
        DJANGO_SETTINGS_MODULE="tutor.settings",
        DJANGO_SQLITE_PATH=str(tmp / "storage.sqlite3"),
        DJANGO_STATIC_ROOT=str(tmp / "static"),
        DJANGO_ALLOWED_HOSTS="testserver",
    )
    base_url = os.environ.pop("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres")
    os.environ.pop("DJANGO_DEBUG", None)
    pg_name = ""
    sys.path.insert(0, str(Path(__file__).parent))
    if args.db == "postgres":
        from practice_load import _drop_postgres, _postgres_env

        os.environ["DATABASE_URL"], pg_name = _postgres_env(base_url)
    sys.path.insert(0, str(ROOT))
    try:
        import django
        from django.core.management import call_command

        django.setup()
        call_command("migrate", verbosity=0)
        from django.contrib.auth import get_user_model
        from django.db import connection

        from engine.scenarios import ENGINE_VERSION
        from tutor.lib.owners import Owner
        from tutor.practice.models import Mode
        from tutor.practice.services import issue, submit

        users = [
            get_user_model().objects.create_user(f"aprendiz{i}", password=None) for i in range(args.learners)
        ]
        empty, _ = _sizes(connection.vendor)
        rng = random.Random(30)
        written = 0
        print(f"answer storage — {connection.vendor}, engine {ENGINE_VERSION}, {args.learners} learners")
        print("| answers | database bytes / answer | question + answer rows bytes / answer | of which |")
        print("|---:|---:|---:|---|")
        for size in sorted(args.sizes):
            while written < size:
                owner = Owner(users[written % len(users)], "")
                issued = issue(
                    owner=owner,
                    mode=Mode.FAMILY,
                    family=FAMILIES[written % len(FAMILIES)],
                    difficulty=rng.randint(1, 3),
                    seed=rng.randrange(2**31),
                )
                submit(owner=owner, token=issued.token, raw=_answer(issued.get_scenario(), rng))
                written += 1
            total, tables = _sizes(connection.vendor)
            rows = tables.get("practice_issued", 0) + tables.get("practice_attempt", 0)
            top = sorted(tables.items(), key=lambda kv: -kv[1])[:4]
            detail = ", ".join(f"{name} {size_ / written:,.0f}" for name, size_ in top)
            rows_text = f"{rows / written:,.0f}" if tables else "n/a (no dbstat)"
            print(f"| {written:,} | {(total - empty) / written:,.0f} | {rows_text} | {detail} |")
    finally:
        if pg_name:
            from django.db import connections

            connections.close_all()
            _drop_postgres(base_url, pg_name)
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
