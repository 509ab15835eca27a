"""Shared fixtures: the personas every test module can use.

alice and bob are learners, charlie is a learner who must never see the others' things; teresa and
tomas are teachers. `<name>_client` is a Django test client logged in as that persona.

`--database-tests-only` keeps the tests that reach the database (a `django_db` mark, or a fixture that
sets the test database up: `db`, `transactional_db`, `live_server`, ...) and deselects the others:
scripts/test's PostgreSQL pass, which need not run again what never meets a database.
"""

import functools

import pytest
from django.conf import settings as django_settings
from django.contrib.auth.hashers import make_password
from django.core.cache import cache
from django.test import Client

from tutor.accounts.models import User

PASSWORD = "tute-por-parejas-2024"


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
