"""The new-match form explains its choices: what each table changes from the guide's and what each
bot level does (principiante makes all three bots, the partner too, play random legal cards)."""

from html import unescape

from django.urls import reverse

from engine.bots import LEVELS
from engine.rules import PRESETS


def _page(client) -> str:
    return unescape(client.get(reverse("play:index")).content.decode())


def test_every_table_says_what_it_changes(client, db):
    page = _page(client)
    assert page.count("<dt>") == len(PRESETS)
    assert "Hay que montar aunque la baza ya esté cortada" in page  # the strict table's switch
    assert "Las reglas que enseña el curso; no cambia nada." in page  # the guide's


def test_every_level_says_what_its_bots_do(client, db):
    page = _page(client)
    assert "los tres bots, también tu compañero, echan una carta válida cualquiera, al azar" in page
    assert "desde la séptima baza cuentan las cartas" in page
    assert "imaginan las manos que no ven" in page
    assert page.count('name="level"') == len(LEVELS)


def test_the_explained_levels_still_start_a_match(client, db):
    page = client.get(reverse("play:index"))
    assert page.status_code == 200
    response = client.post(reverse("play:new"), {"rules": "estricta", "level": "fuerte", "mode": "examen"})
    assert response.status_code == 302


def test_the_parts_drawn_once_follow_the_language_and_are_on_a_refused_form_too(client, db):
    """The page's opening, the tables and the paper sheets are drawn once per process and language:
    each reader gets their language's, and a refused new match's page shows them as well."""
    spanish = _page(client)
    client.post(reverse("accounts:language"), {"language": "en", "next": "/"})
    english = _page(client)
    refused = unescape(client.post(reverse("play:new"), {"rules": "ninguna"}).content.decode())
    for words in ("Juega con personas", "Para jugar en papel", "Hoja de tanteo", "Lo que cambia cada mesa"):
        assert words in spanish and words not in english
    for page in (english, refused):
        assert "Play with people" in page and "To play on paper" in page
        assert reverse("paper:score") in page and reverse("tables:index") in page
