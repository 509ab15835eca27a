"""Children's accounts at classroom scale: quick to create, strengthened outside the web process (a
management command) or at the first login, printable slips."""

import io
import re
import threading

import pytest
from django.conf import global_settings
from django.contrib.auth.hashers import PBKDF2PasswordHasher, check_password, identify_hasher
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from tests.tutor.classroom.conftest import make_set
from tutor.accounts.models import User
from tutor.classroom import passwords, services
from tutor.classroom.forms import MAX_MANAGED
from tutor.classroom.models import Assignment, Membership

# These tests run with the classroom conftest's hashers (MD5 preferred, the quick one known): what
# they check is which hasher each step uses. The project's own list keeps Django's PBKDF2 first.


def test_the_project_prefers_djangos_pbkdf2_and_knows_the_quick_and_strengthened_hashers():
    from tutor import settings as project

    assert project.PASSWORD_HASHERS[0] == global_settings.PASSWORD_HASHERS[0]
    assert project.PASSWORD_HASHERS[-2:] == [
        "tutor.classroom.passwords.StrengthenedPasswordHasher",
        "tutor.classroom.passwords.FreshPasswordHasher",
    ]


def test_the_strengthened_hash_costs_djangos_full_iterations_on_top_of_the_quick_ones():
    assert passwords.StrengthenedPasswordHasher.iterations == PBKDF2PasswordHasher.iterations
    assert (
        passwords.StrengthenedPasswordHasher.iterations
        >= 1_000_000
        > passwords.FreshPasswordHasher.iterations
    )


@pytest.fixture
def quick_strengthening(monkeypatch, settings):
    """The strengthening's hashes with few iterations (the real ones cost 0.35 s each), and its
    hasher known to these tests' list."""
    monkeypatch.setattr(passwords.StrengthenedPasswordHasher, "iterations", 1_000)
    settings.PASSWORD_HASHERS = [
        *settings.PASSWORD_HASHERS,
        "tutor.classroom.passwords.StrengthenedPasswordHasher",
    ]


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


def test_forty_accounts_are_created_under_the_quick_hash_in_one_go_and_no_thread_is_left_behind(
    classroom, teresa, teresa_client, django_capture_on_commit_callbacks
):
    make_set(classroom, teresa)  # a published whole-class set: every new child gets it too
    names = [f"Niño {n}" for n in range(MAX_MANAGED)]
    threads = set(threading.enumerate())
    with django_capture_on_commit_callbacks(execute=True):
        users, secrets, _page = _slips(teresa_client, classroom, names)
    # Nothing runs on in the web process once the request is answered: the strengthening is elsewhere.
    assert set(threading.enumerate()) <= threads
    assert len(users) == len(set(users)) == MAX_MANAGED
    accounts = {u.username: u for u in User.objects.filter(username__in=users)}
    for username, password in zip(users, secrets, strict=True):
        encoded = accounts[username].password
        assert identify_hasher(encoded).algorithm == "pbkdf2_sha256_fresh"
        assert check_password(password, encoded)
    assert Assignment.objects.filter(student__in=accounts.values()).count() == MAX_MANAGED
    assert Membership.objects.filter(classroom=classroom, managed=True).count() == MAX_MANAGED


def test_a_child_signs_in_at_once_and_that_login_strengthens_the_hash(classroom, teresa_client):
    users, secrets, _page = _slips(teresa_client, classroom, ["Lucía Pérez"])
    child = Client()
    response = child.post(reverse("accounts:login"), {"username": users[0], "password": secrets[0]})
    assert response.status_code == 302
    encoded = User.objects.get(username=users[0]).password
    assert identify_hasher(encoded).algorithm == "md5"  # the preferred hasher of these tests
    assert check_password(secrets[0], encoded)


@pytest.mark.django_db(transaction=True)
def test_the_command_wraps_the_quick_hashes_without_the_passwords(teresa, quick_strengthening):
    classroom = services.create_classroom(teacher=teresa, name="5º A", rules="guia")
    logins = services.create_managed_students(classroom=classroom, names=["Ana", "Luis", "Eva"])
    changed_meanwhile = User.objects.get(username=logins[2].username)
    changed_meanwhile.set_password("otra-contraseña-nueva")
    changed_meanwhile.save()
    teresa_before = User.objects.get(pk=teresa.pk).password

    out = io.StringIO()
    call_command("strengthen_passwords", stdout=out)
    assert out.getvalue().strip() == "2 contraseñas reforzadas"
    for login in logins[:2]:
        encoded = User.objects.get(username=login.username).password
        assert identify_hasher(encoded).algorithm == "pbkdf2_sha256_fresh_wrapped"
        assert encoded.split("$")[1] == "1000"  # this test's iterations: the real ones are Django's
        assert check_password(login.password, encoded)
        assert not check_password("otra-cosa", encoded)
    # A password changed meanwhile, or any other account, is not touched.
    assert User.objects.get(username=logins[2].username).check_password("otra-contraseña-nueva")
    assert User.objects.get(pk=teresa.pk).password == teresa_before
    # A second pass finds nothing left to do.
    call_command("strengthen_passwords", stdout=out)
    assert out.getvalue().strip().endswith("0 contraseñas reforzadas")


@pytest.mark.django_db(transaction=True)
def test_the_command_takes_at_most_its_limit_per_pass(teresa, quick_strengthening):
    classroom = services.create_classroom(teacher=teresa, name="5º C", rules="guia")
    services.create_managed_students(classroom=classroom, names=["Ana", "Luis", "Eva"])
    assert passwords.strengthen(limit=2) == 2
    assert passwords.strengthen() == 1


@pytest.mark.django_db(transaction=True)
def test_a_login_on_a_strengthened_hash_stores_the_preferred_hasher(teresa, quick_strengthening):
    classroom = services.create_classroom(teacher=teresa, name="5º D", rules="guia")
    (login,) = services.create_managed_students(classroom=classroom, names=["Ana"])
    passwords.strengthen()
    response = Client().post(
        reverse("accounts:login"), {"username": login.username, "password": login.password}
    )
    assert response.status_code == 302
    encoded = User.objects.get(username=login.username).password
    assert identify_hasher(encoded).algorithm == "md5"  # the preferred hasher of these tests
    assert check_password(login.password, encoded)


def test_the_slips_have_a_print_button_a_print_stylesheet_and_no_inline_script(classroom, teresa_client):
    _users, _secrets, page = _slips(teresa_client, classroom, ["Lucía Pérez", "Mateo Ruiz"])
    assert re.search(r'<button type="button" class="[^"]*print-button[^"]*" data-print hidden>', page)
    assert "js/print.js" in page and "css/classroom.css" in page
    assert "onclick" not in page and "<script>" not in page
    assert page.count('class="login-card"') == 2


@pytest.mark.django_db(transaction=True)
def test_the_strengthening_leaves_an_account_someone_signed_in_to_so_the_session_lives_on(
    teresa, quick_strengthening
):
    classroom = services.create_classroom(teacher=teresa, name="5º B", rules="guia")
    (login,) = services.create_managed_students(classroom=classroom, names=["Ana"])
    child = Client()
    child.force_login(User.objects.get(username=login.username))  # a session opened on the quick hash

    assert passwords.strengthen() == 0
    assert child.get(reverse("classroom:tasks")).status_code == 200  # still signed in, not sent to log in


def test_the_task_worker_strengthens_new_childrens_passwords_once_they_are_made(classroom, task_worker):
    from django_tasks_db.models import DBTaskResult

    from tutor.classroom import services, tasks
    from tutor.classroom.passwords import StrengthenedPasswordHasher

    (login,) = services.create_managed_students(classroom=classroom, names=["Lucía"])
    (queued,) = DBTaskResult.objects.filter(task_path="tutor.classroom.tasks.strengthen_passwords")
    done = task_worker.wait_for(tasks.strengthen_passwords.get_result(queued.id), timeout=120)
    assert done.return_value == 1, task_worker.output()
    encoded = User.objects.get(username=login.username).password
    assert encoded.startswith(StrengthenedPasswordHasher.algorithm + "$")
    assert StrengthenedPasswordHasher().verify(login.password, encoded)
