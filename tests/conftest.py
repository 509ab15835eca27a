"""Shared fixtures: the personas every test module can use.

alice and bob are learners, charlie is a learner who must never see the others' things; teresa and
tomas are teachers. `<name>_client` is a Django test client logged in as that persona.

On SQLite the test database is a file in pytest's temporary directory (one per process, so one per
pytest-xdist worker), not pytest-django's in-memory one: `task_worker` runs a real `manage.py db_worker`
in a subprocess, and another process can open a file but never another process's memory. The
measured cost is nil (transactions roll back in the page cache; WAL mode, as in production).

`task_worker` starts that worker on the test database for one test (which must see committed rows:
it takes `transactional_db`, or `live_server`'s). The worker reads the settings module, not the
test's `settings` fixture overrides.

`--database-tests-only` keeps the tests that reach the database (a `django_db` mark, or a fixture that
sets the test database up: `db`, `transactional_db`, `live_server`, ...) and deselects the others:
scripts/test's PostgreSQL pass, which need not run again what never meets a database.
"""

import functools
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import quote

import pytest
from django.conf import settings as django_settings
from django.contrib.auth.hashers import make_password
from django.core.cache import cache
from django.db import connection
from django.tasks import TaskResultStatus
from django.test import Client

from tutor.accounts.models import User

PASSWORD = "tute-por-parejas-2024"
ROOT = Path(__file__).resolve().parent.parent


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--database-tests-only",
        action="store_true",
        help="deselect the tests that use no database (scripts/test's PostgreSQL pass)",
    )


def _uses_the_database(item: pytest.Item) -> bool:
    # pytest-django lets no test reach the database without one of these (it raises otherwise), and
    # every database fixture (db, transactional_db, live_server, ...) stands on django_db_setup.
    return item.get_closest_marker("django_db") is not None or "django_db_setup" in getattr(
        item, "fixturenames", ()
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not config.getoption("--database-tests-only"):
        return
    kept = [item for item in items if _uses_the_database(item)]
    if len(kept) != len(items):
        config.hook.pytest_deselected(items=[item for item in items if not _uses_the_database(item)])
        items[:] = kept


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix, tmp_path_factory):
    # A file, so that a worker subprocess opens the same test database (see the module's docstring).
    db = django_settings.DATABASES["default"]
    if db["ENGINE"] == "django.db.backends.sqlite3":
        db.setdefault("TEST", {})["NAME"] = str(tmp_path_factory.mktemp("database") / "test.sqlite3")


def _database_env() -> dict[str, str]:
    """The environment that points a subprocess's settings at the test database."""
    db = connection.settings_dict
    if db["ENGINE"] == "django.db.backends.sqlite3":
        assert not connection.is_in_memory_db(), "the worker cannot open an in-memory database"
        return {"DJANGO_SQLITE_PATH": str(db["NAME"])}
    user = quote(db["USER"] or "", safe="") + (f":{quote(db['PASSWORD'], safe='')}" if db["PASSWORD"] else "")
    return {
        "DATABASE_URL": f"postgres://{user}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
    }


class TaskWorker:
    """A `manage.py db_worker` subprocess; `wait_for(result)` until the worker has run that task."""

    def __init__(self, process: subprocess.Popen, log: Path):
        self.process = process
        self.log = log

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    def wait_for(self, result, timeout: float = 60):
        deadline = time.monotonic() + timeout
        while True:
            result.refresh()
            if result.status in (TaskResultStatus.SUCCESSFUL, TaskResultStatus.FAILED):
                return result
            assert self.process.poll() is None, f"the worker stopped:\n{self.output()}"
            assert time.monotonic() < deadline, f"the task did not finish in {timeout} s:\n{self.output()}"
            time.sleep(0.1)


@pytest.fixture
def task_worker(transactional_db, tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_URL"))}
    env.update(DJANGO_SETTINGS_MODULE="tutor.settings", **_database_env())
    log = tmp_path / "db_worker.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [
                sys.executable,
                "manage.py",
                "db_worker",
                "--no-reload",
                "--no-startup-delay",
                "--interval",
                "0.1",
            ],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    yield TaskWorker(process, log)
    process.send_signal(signal.SIGTERM)  # the worker finishes the task it is running, then stops
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@pytest.fixture(autouse=True)
def _plain_static_storage(settings):
    # Hashed (manifest) static names need collectstatic; tests serve the files as they are.
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


@pytest.fixture(autouse=True)
def _empty_cache():
    # The login throttle counts in the cache; one test's failures must not block the next.
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def password() -> str:
    return PASSWORD


@functools.cache
def _hash(raw: str, hashers: tuple[str, ...]) -> str:
    return make_password(raw)


def hashed(raw: str) -> str:
    """`raw`'s hash by the hashers in force, made once per test run and shared by every user made with
    it. Django's PBKDF2 runs 1,500,000 iterations, about half a second of CPU (several under load), and
    the personas alone were hashed thousands of times a run. Logging in with the password still runs
    the full PBKDF2 check; the users only share a salt."""
    return _hash(raw, tuple(django_settings.PASSWORD_HASHERS))


def _persona(username: str, role: str):
    @pytest.fixture
    def persona(db) -> User:
        # What create_user(password=PASSWORD) stores, with the hash made once (see hashed()).
        return User.objects.create(
            username=username,
            email=f"{username}@example.org",
            password=hashed(PASSWORD),
            role=role,
            first_name=username.capitalize(),
        )

    return persona


def _logged_in_client(username: str):
    # `db` is named here, not only reached through getfixturevalue(): pytest-django must know about
    # it when the test starts, or a connection leaks after live-server tests on PostgreSQL.
    @pytest.fixture
    def logged_in(request, db) -> Client:
        client = Client()
        client.force_login(request.getfixturevalue(username))
        return client

    return logged_in


alice = _persona("alice", User.Role.LEARNER)
bob = _persona("bob", User.Role.LEARNER)
charlie = _persona("charlie", User.Role.LEARNER)
teresa = _persona("teresa", User.Role.TEACHER)
tomas = _persona("tomas", User.Role.TEACHER)

alice_client = _logged_in_client("alice")
bob_client = _logged_in_client("bob")
charlie_client = _logged_in_client("charlie")
teresa_client = _logged_in_client("teresa")
tomas_client = _logged_in_client("tomas")
