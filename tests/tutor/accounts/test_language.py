"""The header's language switch: Spanish by default, English once chosen, remembered in the cookie for
a visitor and on the account for a signed-in user (who takes it to any new session or device)."""

import re

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from tutor.accounts.models import User

SWITCH = reverse("accounts:language")
COOKIE = settings.LANGUAGE_COOKIE_NAME


def _lang(response) -> str:
    return re.search(r'<html lang="([a-z-]+)"', response.content.decode()).group(1)


@pytest.mark.django_db
def test_spanish_is_the_default_even_for_a_browser_asking_for_english(client):
    response = client.get(reverse("core:baraja"), headers={"accept-language": "en-US,en;q=0.9"})
    assert _lang(response) == "es" and response["Content-Language"] == "es"
    assert "La baraja española" in response.content.decode()


@pytest.mark.django_db
def test_every_page_offers_the_other_language_in_its_header(client):
    body = client.get(reverse("core:home")).content.decode()
    assert f'action="{SWITCH}"' in body
    assert re.search(r'name="language" value="en">\s*<button[^>]*lang="en">English</button>', body)
    client.post(SWITCH, {"language": "en"})
    body = client.get(reverse("core:home")).content.decode()
    assert re.search(r'name="language" value="es">\s*<button[^>]*lang="es">Español</button>', body)


@pytest.mark.django_db
def test_a_visitor_switches_and_the_choice_holds_on_every_next_page(client):
    response = client.post(SWITCH, {"language": "en", "next": reverse("core:baraja")})
    assert response.status_code == 302 and response["Location"] == reverse("core:baraja")
    assert response.cookies[COOKIE].value == "en"
    for name in ("core:baraja", "core:home", "lessons:index", "practice:index"):
        page = client.get(reverse(name))
        assert _lang(page) == "en" and page["Content-Language"] == "en", name
    assert "The Spanish deck" in client.get(reverse("core:baraja")).content.decode()
    client.post(SWITCH, {"language": "es"})
    assert _lang(client.get(reverse("core:home"))) == "es"


@pytest.mark.django_db
def test_a_signed_in_user_keeps_the_choice_on_the_account_and_finds_it_on_a_new_device(alice, password):
    laptop = Client()
    laptop.login(username="alice", password=password)
    laptop.post(SWITCH, {"language": "en"})
    alice.refresh_from_db()
    assert alice.language == "en"

    phone = Client()  # no cookie at all: the account brings the language
    assert _lang(phone.get(reverse("core:home"))) == "es"
    response = phone.post(reverse("accounts:login"), {"username": "alice", "password": password}, follow=True)
    assert _lang(response) == "en"
    assert phone.cookies[COOKIE].value == "en"  # and it stays after signing out
    phone.post(reverse("accounts:logout"))
    assert _lang(phone.get(reverse("core:home"))) == "en"


@pytest.mark.django_db
def test_the_account_wins_over_an_old_cookie(alice):
    alice.language = "es"
    alice.save()
    client = Client()
    client.cookies[COOKIE] = "en"
    client.force_login(alice)
    response = client.get(reverse("core:home"))
    assert _lang(response) == "es" and response.cookies[COOKIE].value == "es"


@pytest.mark.django_db
def test_an_account_that_never_chose_takes_the_visitors_choice_at_login(alice, password):
    assert alice.language == ""
    client = Client()
    client.post(SWITCH, {"language": "en"})
    response = client.post(
        reverse("accounts:login"), {"username": "alice", "password": password}, follow=True
    )
    alice.refresh_from_db()
    assert alice.language == "en" and _lang(response) == "en"


@pytest.mark.django_db
def test_signing_up_in_english_keeps_english_and_says_welcome_in_english(client):
    client.post(SWITCH, {"language": "en"})
    response = client.post(
        reverse("accounts:signup"),
        {"username": "nuevo", "role": "learner", "password1": "baraja-9-oros", "password2": "baraja-9-oros"},
        follow=True,
    )
    assert "Welcome, nuevo! Your account is ready." in response.content.decode()
    assert User.objects.get(username="nuevo").language == "en"


@pytest.mark.django_db
@pytest.mark.parametrize("value", ["", "fr", "EN", "en-us", "es\x00", "x" * 5000, "<script>"])
def test_a_language_the_site_does_not_offer_is_refused_with_a_page_and_changes_nothing(alice_client, value):
    response = alice_client.post(SWITCH, {"language": value, "next": "/baraja/"})
    assert response.status_code == 400
    assert COOKIE not in response.cookies
    assert "Petición no válida" in response.content.decode()
    assert User.objects.get(username="alice").language == ""


@pytest.mark.django_db
def test_the_switch_takes_only_a_post(client):
    assert client.get(SWITCH, {"language": "en"}).status_code == 405
    assert _lang(client.get(reverse("core:home"))) == "es"


@pytest.mark.django_db
@pytest.mark.parametrize(
    "next_url",
    [
        "https://evil.example/",
        "//evil.example/",
        "/\\evil.example",
        "javascript:alert(1)",
        "baraja",
        "core:baraja",
    ],
)
def test_next_never_leaves_the_site(client, next_url):
    response = client.post(SWITCH, {"language": "en", "next": next_url})
    assert response.status_code == 302 and response["Location"] == reverse("core:home")
    assert response.cookies[COOKIE].value == "en"


@pytest.mark.django_db
def test_next_keeps_the_query_of_the_page_it_was_pressed_on(client):
    response = client.post(SWITCH, {"language": "en", "next": "/baraja/?palo=copas"})
    assert response["Location"] == "/baraja/?palo=copas"


def test_a_bad_language_cookie_is_ignored(client, db):
    client.cookies[COOKIE] = "fr"
    assert _lang(client.get(reverse("core:home"))) == "es"


@pytest.mark.django_db
@pytest.mark.parametrize(
    "lang, subject, opening",
    [
        ("es", "Tutor de Tute: elige una contraseña nueva", "Alguien (esperamos que tú) ha pedido"),
        ("en", "Tutor de Tute: choose a new password", "Someone (we hope it was you) has asked"),
    ],
)
def test_the_password_reset_mail_is_in_the_language_of_whoever_asked(
    client, alice, mailoutbox, lang, subject, opening
):
    client.post(SWITCH, {"language": lang})
    client.post(reverse("accounts:password_reset"), {"email": alice.email})
    (mail,) = mailoutbox
    assert mail.subject == subject
    assert opening in mail.body and "/cuenta/recuperar/" in mail.body
