"""Two answers recorded at once for the same learner and skill both count (no lost update).

On PostgreSQL the threads share the test database. SQLite's in-memory test database answers a
second writer with "table is locked" at once instead of waiting, so there the same threads run in a
child process on a SQLite file configured as in production (WAL, IMMEDIATE transactions).
"""

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from django.db import connection

from tests.tutor.progress.factories import owner_of, record
from tutor.progress import spacing
from tutor.progress.models import FamilyCard, ReviewLogEntry, SkillStat

ROOT = Path(__file__).resolve().parents[3]
THREADS = 4


def answer_at_once(owner) -> list[str]:
    """Record THREADS attempts (half right) for the same skill from THREADS threads at once."""
    barrier = threading.Barrier(THREADS)
    errors = []

    def answer(n: int) -> None:
        try:
            barrier.wait(timeout=10)
            record(owner, correct=n % 2 == 0, rule_ids=("R-OBL-MONTAR",), seed=n)
        except Exception as exc:  # reported by the caller; a thread's exception would be lost
            errors.append(repr(exc))
        finally:
            connection.close()

    threads = [threading.Thread(target=answer, args=(n,)) for n in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return errors


def counts(owner) -> dict:
    stats = {
        s.key: [s.attempts, s.correct, "".join(sorted(s.recent))] for s in SkillStat.objects.filter(owner.q)
    }
    logs = ReviewLogEntry.objects.filter(owner.q).order_by("reviewed_at", "id")
    cards = list(FamilyCard.objects.filter(owner.q))
    # Each review read the card the one before it wrote (the row lock): the cached card is the
    # replay of all the logs, not of some of them.
    replayed = (
        spacing.replay(cards[0].card["card_id"], logs.values_list("rating", "reviewed_at")) if cards else None
    )
    return {
        "stats": stats,
        "cards": len(cards),
        "logs": logs.count(),
        "card_is_the_replay_of_every_log": bool(cards) and cards[0].card == replayed.to_dict(),
    }


CHILD = r"""
import json, sys
import django
django.setup()
from django.core.management import call_command
from tutor.accounts.models import User
from tests.tutor.progress.factories import owner_of
from tests.tutor.progress.test_concurrency import answer_at_once, counts

call_command("migrate", verbosity=0)
owner = owner_of(User.objects.create_user(username="alice"))
errors = answer_at_once(owner)
print(json.dumps({"errors": errors, **counts(owner)}))
"""

EXPECTED = {
    "stats": {"jugada": [THREADS, THREADS // 2, "0011"], "R-OBL-MONTAR": [THREADS, THREADS // 2, "0011"]},
    "cards": 1,
    "logs": THREADS,
    "card_is_the_replay_of_every_log": True,
}


@pytest.mark.django_db(transaction=True)
def test_attempts_recorded_at_the_same_time_all_count(alice, tmp_path):
    if connection.vendor == "sqlite":
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_URL"))}
        env.update(DJANGO_SETTINGS_MODULE="tutor.settings", DJANGO_SQLITE_PATH=str(tmp_path / "db.sqlite3"))
        child = subprocess.run(
            [sys.executable, "-c", CHILD], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
        )
        assert child.returncode == 0, child.stderr
        result = json.loads(child.stdout)
    else:
        owner = owner_of(alice)
        result = {"errors": answer_at_once(owner), **counts(owner)}
    assert result == {"errors": [], **EXPECTED}
