"""Two answers to the same scenario at the same moment count once (SQLite and PostgreSQL).

Threads cannot share pytest-django's in-memory SQLite database the way they share a file (they get
"table is locked" at once), so on SQLite the race runs in a subprocess on a WAL file database, as in
production; on PostgreSQL it runs here against the test database.
"""

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from django.db import connection

from tests.conftest import hashed

THREADS = 6
ROOT = Path(__file__).resolve().parents[3]


def race(threads: int = THREADS) -> dict:
    """Issue the guide's example to a new learner and answer it from `threads` threads at once."""
    from engine.scenarios import FIXED
    from tutor.accounts.models import User
    from tutor.practice.identity import Owner
    from tutor.practice.models import Attempt, Mode
    from tutor.practice.services import issue, submit
    from tutor.practice.signals import attempt_recorded

    user = User.objects.create(username="racer", password=hashed("x"))
    owner = Owner(user, "")
    issued = issue(owner=owner, mode=Mode.FIXED, family="jugada", scenario=FIXED["guia-cual-puedes-jugar"])
    signals, results, errors = [], [], []
    attempt_recorded.connect(
        lambda sender, attempt, **kw: signals.append(attempt.pk), weak=False, dispatch_uid="race"
    )
    barrier = threading.Barrier(threads)

    def answer(raw):
        try:
            barrier.wait()
            attempt, created = submit(owner=owner, token=issued.token, raw=raw)
            results.append((attempt.pk, created))
        except Exception as exc:  # noqa: BLE001 - reported to the test
            errors.append(repr(exc))
        finally:
            connection.close()

    workers = [threading.Thread(target=answer, args=("12c" if i % 2 else "4c",)) for i in range(threads)]
    try:
        for t in workers:
            t.start()
        for t in workers:
            t.join(timeout=60)
    finally:
        attempt_recorded.disconnect(dispatch_uid="race")
    return {
        "errors": errors,
        "attempts": list(Attempt.objects.filter(issued=issued).values_list("pk", flat=True)),
        "results": results,
        "signals": signals,
    }


SCRIPT = """
import json, django
django.setup()
from django.core.management import call_command
call_command("migrate", verbosity=0)
from tests.tutor.practice.test_concurrent_answers import race
print(json.dumps(race()))
"""


def _race_on_a_sqlite_file(tmp_path) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_URL"))}
    env.update(DJANGO_SETTINGS_MODULE="tutor.settings", DJANGO_SQLITE_PATH=str(tmp_path / "race.sqlite3"))
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.django_db(transaction=True)
def test_simultaneous_answers_are_recorded_once(tmp_path):
    outcome = race() if connection.vendor != "sqlite" else _race_on_a_sqlite_file(tmp_path)
    assert outcome["errors"] == []
    assert len(outcome["attempts"]) == 1
    (attempt,) = outcome["attempts"]
    assert sorted(created for _, created in outcome["results"]) == [False] * (THREADS - 1) + [True]
    assert {pk for pk, _ in outcome["results"]} == {attempt}
    assert outcome["signals"] == [attempt]
