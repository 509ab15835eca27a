"""«Letra grande» and «Confirmar la carta»: kept in a cookie and on the account (which wins and follows
the user to another device), applied on every page; bad posts change nothing."""

from django.test import Client
from django.urls import reverse

from tutor.accounts.display import COOKIE

DISPLAY = reverse("accounts:display")
LARGE_CSS = "css/large.css"


def _large_button(response) -> str:
    html = response.content.decode()
    start = html.index('class="site-display"')
    return html[start : html.index("</form>", start)]


def test_a_visitor_turns_large_print_on_and_every_page_loads_its_styles(client):
    assert LARGE_CSS not in client.get("/baraja/").content.decode()
    response = client.post(DISPLAY, {"letra": "si", "next": "/baraja/"})
    assert response.status_code == 302 and response["Location"] == "/baraja/"
    assert response.cookies[COOKIE].value == "grande"
    page = client.get("/lecciones/")
    assert LARGE_CSS in page.content.decode()
    assert 'aria-pressed="true"' in _large_button(page)
    client.post(DISPLAY, {"letra": "no", "next": "/"})
    assert LARGE_CSS not in client.get("/").content.decode()


def test_confirmation_follows_large_print_unless_chosen(client):
    client.post(DISPLAY, {"letra": "si"})
    request = client.get("/").wsgi_request
    assert request.display.large_print and request.display.confirm_card
    client.post(DISPLAY, {"confirmar": "no"})
    request = client.get("/").wsgi_request
    assert request.display.large_print and not request.display.confirm_card
    client.post(DISPLAY, {"letra": "no"})
    client.post(DISPLAY, {"confirmar": "si"})
    request = client.get("/").wsgi_request
    assert not request.display.large_print and request.display.confirm_card


def test_the_account_keeps_the_choice_and_another_device_gets_it(alice, alice_client):
    alice_client.post(DISPLAY, {"letra": "si"})
    alice.refresh_from_db()
    assert alice.large_print is True and alice.confirm_card is None
    elsewhere = Client()
    elsewhere.force_login(alice)
    page = elsewhere.get("/")
    assert LARGE_CSS in page.content.decode()
    assert page.cookies[COOKIE].value == "grande"  # the new device's cookie brought in line


def test_at_login_an_account_that_never_chose_takes_the_visitors_choice(alice, password):
    client = Client()
    client.post(DISPLAY, {"letra": "si", "confirmar": "no"})
    client.post(reverse("accounts:login"), {"username": "alice", "password": password})
    alice.refresh_from_db()
    assert (alice.large_print, alice.confirm_card) == (True, False)


def test_bad_posts_change_nothing(alice, alice_client):
    for data in ({}, {"letra": "grande"}, {"confirmar": "1"}, {"letra": "si", "confirmar": "quizá"}):
        response = alice_client.post(DISPLAY, data)
        assert response.status_code == 400
        assert COOKIE not in response.cookies
    alice.refresh_from_db()
    assert alice.large_print is None and alice.confirm_card is None
    assert alice_client.get(DISPLAY).status_code == 405
    # Another site's address as `next` goes home instead.
    assert alice_client.post(DISPLAY, {"letra": "si", "next": "https://example.org/"})["Location"] == "/"
