"""A newcomer signs up, logs out, logs back in and studies the deck: with JavaScript and without."""

import re

from playwright.sync_api import Page, expect

from engine.cards import CARDS
from tutor.accounts.models import User

PASSWORD = "sota-de-bastos-77"
# The label's raw text keeps template whitespace and crispy's required-field asterisk.
ONLY_PASSWORD = re.compile(r"^\s*Contraseña\*?\s*$")


def _sign_up_log_out_log_in_and_open_the_deck(page: Page, base_url: str, username: str) -> None:
    page.goto(base_url + "/")
    page.get_by_role("link", name="Crear cuenta", exact=True).click()
    expect(page.get_by_role("heading", name="Crear cuenta")).to_be_visible()
    page.get_by_label("Nombre de usuario").fill(username)
    page.get_by_label(ONLY_PASSWORD).fill(PASSWORD)
    page.get_by_label("Contraseña (confirmación)").fill(PASSWORD)
    page.get_by_label("profesor").check()
    page.get_by_role("main").get_by_role("button", name="Crear cuenta").click()

    expect(page.get_by_text(f"¡Te damos la bienvenida, {username}!")).to_be_visible()
    assert User.objects.get(username=username).is_teacher

    page.get_by_role("button", name="Salir").click()
    expect(page.get_by_text("Has salido de tu cuenta")).to_be_visible()
    expect(page.get_by_role("link", name="Entrar")).to_be_visible()

    page.get_by_role("link", name="Entrar").click()
    page.get_by_label("Nombre de usuario").fill(username)
    page.get_by_label("Contraseña").fill("mal")
    page.get_by_role("main").get_by_role("button", name="Entrar").click()
    expect(page.get_by_text("El usuario o la contraseña no son correctos")).to_be_visible()
    page.get_by_label("Contraseña").fill(PASSWORD)
    page.get_by_role("main").get_by_role("button", name="Entrar").click()
    expect(page.get_by_role("banner").get_by_text(username)).to_be_visible()

    page.get_by_role("navigation", name="Principal").get_by_role("link", name="Baraja").click()
    expect(page.get_by_role("heading", name="La baraja española", level=1)).to_be_visible()
    for suit in ("Oros", "Copas", "Espadas", "Bastos"):
        expect(page.get_by_role("heading", name=suit, level=2)).to_be_visible()
    for card in CARDS:
        expect(page.get_by_text(card.name, exact=True)).to_have_count(1)
        expect(page.get_by_text(card.name, exact=True)).to_be_visible()


def test_a_newcomer_signs_up_and_finds_all_forty_cards(live_server, page):
    _sign_up_log_out_log_in_and_open_the_deck(page, live_server.url, "nuria")
    assert page.console_errors == []


def test_the_same_flow_works_without_javascript(live_server, page_nojs):
    _sign_up_log_out_log_in_and_open_the_deck(page_nojs, live_server.url, "pablo")


def test_a_visitor_who_follows_a_login_link_comes_back_to_where_they_were(live_server, page, alice, password):
    page.goto(live_server.url + "/cuenta/contrasena/")
    expect(page).to_have_url(re.compile(r"/cuenta/entrar/\?next=/cuenta/contrasena/$"))
    page.get_by_label("Nombre de usuario").fill("alice")
    page.get_by_label("Contraseña").fill(password)
    page.get_by_role("main").get_by_role("button", name="Entrar").click()
    expect(page).to_have_url(live_server.url + "/cuenta/contrasena/")
    expect(page.get_by_role("heading", name="Cambiar la contraseña")).to_be_visible()
