"""Concurrent writers on the SQLite file database never see "database is locked"."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

WRITERS = r"""
import sys, threading
import django
django.setup()
from django.core.management import call_command
from django.db import connection, transaction
from tutor.accounts.models import User

call_command("migrate", verbosity=0)
errors = []

def writer(n):
    try:
        for i in range(15):
            # Read, then write in one transaction: the pattern that deadlocks with DEFERRED transactions.
            with transaction.atomic():
                User.objects.count()
                User.objects.create(username=f"w{n}-{i}")
    except Exception as exc:
        errors.append(repr(exc))
    finally:
        connection.close()

threads = [threading.Thread(target=writer, args=(n,)) for n in range(8)]
for t in threads:
    t.start()
for t in threads:
    t.join()
with connection.cursor() as cursor:
    cursor.execute("PRAGMA journal_mode")
    mode = cursor.fetchone()[0]
print(mode, User.objects.count(), len(errors))
print("\n".join(errors[:3]), file=sys.stderr)
"""


def test_threads_writing_at_once_all_succeed(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_URL"))}
    env.update(
        DJANGO_SETTINGS_MODULE="tutor.settings", DJANGO_SQLITE_PATH=str(tmp_path / "concurrent.sqlite3")
    )
    result = subprocess.run(
        [sys.executable, "-c", WRITERS], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["wal", "120", "0"], result.stderr
