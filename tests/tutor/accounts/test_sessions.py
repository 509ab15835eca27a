"""Sessions live in the database, each row with its account (tutor.accounts.sessions): a signed-in page
reads the session and its user in one query, and everything Django's sessions did still holds —
signing in and out, a password changed elsewhere ending the other sessions, an inactive or erased
account signed out, expired sessions cleared, the sessions of before the change carried over."""

from datetime import timedelta

import pytest
from django.contrib.sessions.backends.db import SessionStore as DjangoStore
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from tests.conftest import PASSWORD
from tutor.accounts.models import Session
from tutor.accounts.sessions import SessionStore
from tutor.privacy import services as privacy

GLOSSARY = reverse("lessons:glossary")  # shows nothing of the reader's: only the session and the user
PASSWORD_PAGE = reverse("accounts:password_change")


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _signed_in(client: Client) -> bool:
    response = client.get(PASSWORD_PAGE)  # login_required: a signed-out visitor is sent to sign in
    return response.status_code == 200


def test_the_store_keeps_sessions_in_the_database():
    # A Redis outage must sign nobody out: no cache-backed store.
    assert issubclass(SessionStore, DjangoStore)


def test_signing_in_writes_a_session_row_naming_the_account_and_out_deletes_it(alice, client):
    assert (
        client.post(reverse("accounts:login"), {"username": "alice", "password": PASSWORD}).status_code == 302
    )
    row = Session.objects.get(session_key=client.cookies["sessionid"].value)
    assert row.user_id == alice.pk and row.get_decoded()["_auth_user_id"] == str(alice.pk)
    assert _signed_in(client)
    assert client.post(reverse("accounts:logout")).status_code == 302
    assert not Session.objects.filter(session_key=row.session_key).exists()
    assert not _signed_in(client)


def test_an_anonymous_visitors_session_names_nobody(client, db):
    session = client.session
    session["practice_anon_id"] = "a" * 32
    session.save()
    assert Session.objects.get(session_key=session.session_key).user_id is None


def test_a_signed_in_page_reads_the_session_and_the_user_in_one_query(alice_client):
    alice_client.get(GLOSSARY)  # the glossary's terms are drawn once per process
    with CaptureQueriesContext(connection) as queries:
        body = alice_client.get(GLOSSARY).content.decode()
    assert len(queries) == 1, [q["sql"] for q in queries]
    assert "Salir" in body  # signed in: the header's «Salir»


def test_each_request_reads_the_account_as_it_is_now(alice, alice_client):
    assert alice_client.get(GLOSSARY)["Content-Language"] == "es"
    type(alice).objects.filter(pk=alice.pk).update(language="en")
    assert alice_client.get(GLOSSARY)["Content-Language"] == "en"


def test_a_password_changed_in_one_session_ends_the_others_and_keeps_its_own(alice, password):
    here, elsewhere = Client(), Client()
    for client in (here, elsewhere):
        assert client.login(username="alice", password=password)
    data = {
        "old_password": password,
        "new_password1": "sota-de-bastos-7",
        "new_password2": "sota-de-bastos-7",
    }
    assert here.post(PASSWORD_PAGE, data).status_code == 302
    assert _signed_in(here)
    assert not _signed_in(elsewhere)
    # The ended session's row is gone (flushed), the kept one names her under its new key.
    assert list(Session.objects.filter(user=alice).values_list("session_key", flat=True)) == [
        here.cookies["sessionid"].value
    ]


def test_a_password_set_outside_any_session_ends_them_all(alice, alice_client):
    alice.set_password("caballo-de-copas-3")
    alice.save()
    assert not _signed_in(alice_client)


def test_an_expired_session_signs_nobody_in_and_an_unknown_key_neither(alice, alice_client, client):
    Session.objects.update(expire_date=timezone.now() - timedelta(seconds=1))
    assert not _signed_in(alice_client)
    client.cookies["sessionid"] = "n" * 32
    assert not _signed_in(client)


def test_an_account_made_inactive_is_signed_out(alice, alice_client):
    type(alice).objects.filter(pk=alice.pk).update(is_active=False)
    assert not _signed_in(alice_client)


def test_a_session_naming_another_account_than_its_data_signs_in_only_the_datas(alice, bob, alice_client):
    # The row's user only saves the second query: the data's account is the one signed in.
    Session.objects.update(user=bob)
    assert "alice" in alice_client.get(PASSWORD_PAGE).content.decode()


def test_erasing_an_account_ends_its_sessions_and_no_one_elses(alice, bob, alice_client, bob_client):
    other = Client()
    other.force_login(alice)
    assert Session.objects.filter(user=alice).count() == 2
    privacy.erase_user(alice)
    assert not Session.objects.filter(user_id=alice.pk).exists()
    assert not _signed_in(alice_client) and not _signed_in(other)
    assert _signed_in(bob_client)


def test_a_session_saved_for_an_account_just_erased_neither_fails_nor_signs_in(alice, client):
    # Two requests racing: the row is written after the account went (no constraint refuses it).
    store = SessionStore()
    store["_auth_user_id"] = str(alice.pk + 1000)
    store["_auth_user_backend"] = "tutor.accounts.sessions.SessionUserBackend"
    store["_auth_user_hash"] = "x"
    store.create()
    assert Session.objects.get(session_key=store.session_key).user_id == alice.pk + 1000
    client.cookies["sessionid"] = store.session_key
    assert not _signed_in(client)


def test_clearsessions_and_the_expiry_job_delete_expired_sessions(alice, alice_client, client):
    old = SessionStore()
    old["practice_anon_id"] = "b" * 32
    old.create()
    Session.objects.filter(session_key=old.session_key).update(
        expire_date=timezone.now() - timedelta(seconds=1)
    )
    call_command("clearsessions")
    assert not Session.objects.filter(session_key=old.session_key).exists()
    assert _signed_in(alice_client)


# The sessions of before: Django's table, Django's backend named in them.
BEFORE = [("accounts", "0003_user_display"), ("sessions", "0001_initial")]


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_the_migration_carries_the_sessions_over_and_nobody_signs_in_again():
    apps = _migrate(BEFORE)
    User = apps.get_model("accounts", "User")
    OldSession = apps.get_model("sessions", "Session")
    user = User.objects.create(username="ana")
    store = DjangoStore()
    later = timezone.now() + timedelta(days=7)

    def old_row(key: str, data: dict, expire_date=later):
        OldSession.objects.create(session_key=key, session_data=store.encode(data), expire_date=expire_date)

    signed_in = {
        "_auth_user_id": str(user.pk),
        "_auth_user_backend": "django.contrib.auth.backends.ModelBackend",
        "_auth_user_hash": "h",
        "classroom_new_logins": "new-logins:k",
    }
    old_row("s" * 32, signed_in)
    old_row("a" * 32, {"practice_anon_id": "c" * 32})
    old_row("e" * 32, signed_in, expire_date=timezone.now() - timedelta(days=1))
    OldSession.objects.create(session_key="x" * 32, session_data="not signed by us", expire_date=later)

    _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
    moved = {s.session_key: s for s in Session.objects.all()}
    assert set(moved) == {"s" * 32, "a" * 32}
    assert moved["s" * 32].user_id == user.pk and moved["a" * 32].user_id is None
    assert moved["s" * 32].get_decoded() == {
        **signed_in,
        "_auth_user_backend": "tutor.accounts.sessions.SessionUserBackend",
    }
    assert moved["a" * 32].get_decoded() == {"practice_anon_id": "c" * 32}
    assert not OldSession.objects.exists()

    # Back again, as they were.
    apps = _migrate(BEFORE)
    back = {
        s.session_key: store.decode(s.session_data)
        for s in apps.get_model("sessions", "Session").objects.all()
    }
    assert back == {"s" * 32: signed_in, "a" * 32: {"practice_anon_id": "c" * 32}}
    _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())


@pytest.mark.django_db(transaction=True)
def test_a_session_carried_over_is_still_signed_in(client):
    from django.contrib.auth import get_user_model

    apps = _migrate(BEFORE)
    user = apps.get_model("accounts", "User").objects.create(username="ana")
    real = get_user_model().objects.get(pk=user.pk)
    real.set_password(PASSWORD)
    real.save()
    data = {
        "_auth_user_id": str(user.pk),
        "_auth_user_backend": "django.contrib.auth.backends.ModelBackend",
        "_auth_user_hash": real.get_session_auth_hash(),
    }
    apps.get_model("sessions", "Session").objects.create(
        session_key="k" * 32,
        session_data=DjangoStore().encode(data),
        expire_date=timezone.now() + timedelta(days=1),
    )
    _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
    client.cookies["sessionid"] = "k" * 32
    assert _signed_in(client)
