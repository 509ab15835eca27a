"""Shared fixtures: the personas every test module can use.

alice and bob are learners, charlie is a learner who must never see the others' things; teresa and
tomas are teachers. `<name>_client` is a Django test client logged in as that persona.
"""

import pytest
from django.core.cache import cache
from django.test import Client

from tutor.accounts.models import User

PASSWORD = "tute-por-parejas-2024"


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


def _persona(username: str, role: str):
    @pytest.fixture
    def persona(db) -> User:
        return User.objects.create_user(
            username=username,
            email=f"{username}@example.org",
            password=PASSWORD,
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
