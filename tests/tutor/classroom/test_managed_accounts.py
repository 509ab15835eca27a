"""Children's accounts at classroom scale: quick to create, strengthened soon after, printable slips."""

import re

import pytest
from django.conf import global_settings
from django.contrib.auth.hashers import check_password, identify_hasher
from django.test import Client
from django.urls import reverse

from tests.tutor.classroom.conftest import make_set
from tutor.accounts.models import User
from tutor.classroom import passwords, services
from tutor.classroom.forms import MAX_MANAGED
from tutor.classroom.models import Assignment, Membership

# These tests run with the classroom conftest's hashers (MD5 preferred, the quick one known): what
# they check is which hasher each step uses. The project's own list keeps Django's PBKDF2 first.


def test_the_project_prefers_djangos_pbkdf2_and_knows_the_quick_hasher():
    from tutor import settings as project

    assert project.PASSWORD_HASHERS[0] == global_settings.PASSWORD_HASHERS[0]
    assert project.PASSWORD_HASHERS[-1] == "tutor.classroom.passwords.FreshPasswordHasher"


@pytest.fixture
def captured(monkeypatch):
    """The accounts handed to the background strengthening, which these tests run themselves."""
    calls = []
    monkeypatch.setattr(passwords, "strengthen_soon", calls.append)
    return calls


def _slips(client, classroom, names: list[str]) -> tuple[list[str], list[str], str]:
    response = client.post(
        reverse("classroom:new_students", args=[classroom.pk]), {"names": "\n".join(names)}
    )
    assert response.status_code == 302
    page = client.get(response["Location"]).content.decode()
    return (
        re.findall(r'login-card__user">([^<]+)<', page),
        re.findall(r'login-card__password">([^<]+)<', page),
        page,
    )


def test_forty_accounts_are_created_under_the_quick_hash_in_one_go(
    classroom, teresa, teresa_client, django_capture_on_commit_callbacks, captured
):
    make_set(classroom, teresa)  # a published whole-class set: every new child gets it too
    names = [f"Niño {n}" for n in range(MAX_MANAGED)]
    with django_capture_on_commit_callbacks(execute=True):
        users, secrets, _page = _slips(teresa_client, classroom, names)
    assert len(users) == len(set(users)) == MAX_MANAGED
    accounts = {u.username: u for u in User.objects.filter(username__in=users)}
    for username, password in zip(users, secrets, strict=True):
        encoded = accounts[username].password
        assert identify_hasher(encoded).algorithm == "pbkdf2_sha256_fresh"
        assert check_password(password, encoded)
    assert Assignment.objects.filter(student__in=accounts.values()).count() == MAX_MANAGED
    assert Membership.objects.filter(classroom=classroom, managed=True).count() == MAX_MANAGED
    # Once committed, every account (and only those) is handed to the strengthening, password included.
    assert len(captured) == 1
    assert sorted((pk, pw) for pk, pw, _quick in captured[0]) == sorted(
        (accounts[u].pk, p) for u, p in zip(users, secrets, strict=True)
    )


def test_a_child_signs_in_at_once_and_that_login_strengthens_the_hash(classroom, teresa_client, captured):
    users, secrets, _page = _slips(teresa_client, classroom, ["Lucía Pérez"])
    child = Client()
    response = child.post(reverse("accounts:login"), {"username": users[0], "password": secrets[0]})
    assert response.status_code == 302
    encoded = User.objects.get(username=users[0]).password
    assert identify_hasher(encoded).algorithm == "md5"  # the preferred hasher of these tests
    assert check_password(secrets[0], encoded)


@pytest.mark.django_db(transaction=True)
def test_the_background_strengthening_rehashes_with_the_preferred_hasher(teresa, captured):
    classroom = services.create_classroom(teacher=teresa, name="5º A", rules="guia")
    logins = services.create_managed_students(classroom=classroom, names=["Ana", "Luis", "Eva"])
    (accounts,) = captured
    changed_meanwhile = User.objects.get(username=logins[2].username)
    changed_meanwhile.set_password("otra-contraseña-nueva")
    changed_meanwhile.save()

    assert passwords.strengthen(accounts) == 2
    for login in logins[:2]:
        encoded = User.objects.get(username=login.username).password
        assert identify_hasher(encoded).algorithm == "md5"
        assert check_password(login.password, encoded)
    # A password changed meanwhile is not overwritten with the generated one.
    assert User.objects.get(username=logins[2].username).check_password("otra-contraseña-nueva")


@pytest.mark.django_db(transaction=True)
def test_a_strengthening_thread_that_fails_only_logs(teresa, monkeypatch, caplog):
    def broken(_accounts):
        raise RuntimeError("database gone")

    monkeypatch.setattr(passwords, "strengthen", broken)
    passwords.strengthen_soon([(1, "x", "y")]).join(timeout=5)
    assert "could not strengthen 1 new passwords" in caplog.text


def test_the_slips_have_a_print_button_a_print_stylesheet_and_no_inline_script(
    classroom, teresa_client, captured
):
    _users, _secrets, page = _slips(teresa_client, classroom, ["Lucía Pérez", "Mateo Ruiz"])
    assert re.search(r'<button type="button" class="[^"]*print-button[^"]*" data-print hidden>', page)
    assert "js/print.js" in page and "css/classroom.css" in page
    assert "onclick" not in page and "<script>" not in page
    assert page.count('class="login-card"') == 2


@pytest.mark.django_db(transaction=True)
def test_the_strengthening_leaves_an_account_someone_signed_in_to_so_the_session_lives_on(teresa, captured):
    classroom = services.create_classroom(teacher=teresa, name="5º B", rules="guia")
    (login,) = services.create_managed_students(classroom=classroom, names=["Ana"])
    (accounts,) = captured
    child = Client()
    child.force_login(User.objects.get(username=login.username))  # a session opened on the quick hash

    assert passwords.strengthen(accounts) == 0
    assert child.get(reverse("classroom:tasks")).status_code == 200  # still signed in, not sent to log in
