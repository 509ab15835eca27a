"""How long «Crear cuentas de alumnos» takes for a whole class, with the production password hashers.

    .venv/bin/python bench/managed_accounts.py              # 40 accounts, SQLite file in a temp dir
    .venv/bin/python bench/managed_accounts.py --accounts 30

Times three things on a fresh database: the service the request runs (quick hashes, rows, assignments
of a published set), the strengthening of the same accounts that ``manage.py strengthen_passwords``
runs outside the web process (Django's full PBKDF2 over each quick hash, two threads), and for
comparison the full hashes paid one after another, as the request did before.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--accounts", type=int, default=40)
    args = parser.parse_args()
    tmp = tempfile.mkdtemp(prefix="bench-accounts-")
    os.environ.pop("DATABASE_URL", None)
    os.environ["DJANGO_SQLITE_PATH"] = str(Path(tmp) / "bench.sqlite3")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tutor.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.contrib.auth.hashers import make_password
    from django.core.management import call_command

    from tutor.accounts.models import User
    from tutor.classroom import passwords, services

    call_command("migrate", verbosity=0)
    teacher = User.objects.create_user(username="profe", password="x-x-x-x-x", role=User.Role.TEACHER)
    classroom = services.create_classroom(teacher=teacher, name="Bench", rules="guia")
    names = [f"Alumno {n}" for n in range(args.accounts)]
    start = time.perf_counter()
    logins = services.create_managed_students(classroom=classroom, names=names)
    in_request = time.perf_counter() - start

    start = time.perf_counter()
    changed = passwords.strengthen()
    background = time.perf_counter() - start

    start = time.perf_counter()
    for login in logins:
        make_password(login.password)
    serial = time.perf_counter() - start

    print(f"{args.accounts} accounts, {os.cpu_count()} cores, PBKDF2 default hasher")
    print(f"  in the request (quick hashes):          {in_request:6.2f} s")
    print(
        f"  strengthen_passwords ({passwords.STRENGTHEN_THREADS} threads):     {background:6.2f} s ({changed} re-hashed)"
    )
    print(f"  full hashes one after another (before): {serial:6.2f} s")


if __name__ == "__main__":
    main()
