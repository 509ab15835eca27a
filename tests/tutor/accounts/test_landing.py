"""Where signing in lands: a teacher on her classes, a learner on the home page; ``next`` wins."""

from django.test import Client
from django.urls import reverse

from tests.conftest import PASSWORD


def _login(username: str, **extra) -> str:
    response = Client().post(reverse("accounts:login"), {"username": username, "password": PASSWORD, **extra})
    assert response.status_code == 302
    return response["Location"]


def test_a_teacher_lands_on_her_classes(teresa):
    assert _login("teresa") == reverse("classroom:index")


def test_a_learner_lands_on_the_home_page(alice):
    assert _login("alice") == reverse("core:home")


def test_next_still_wins_for_a_teacher(teresa):
    assert _login("teresa", next="/baraja/") == "/baraja/"
