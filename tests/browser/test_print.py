"""The sheets of tutor.paper printed to PDF by Chromium (Playwright's page.pdf, the print styles in
force): each sheet is one A4 page (a worksheet: each copy's questions on one, its key on the next), holds
the text it must, and names every card in words; in Spanish and in English. The league's fixtures and
standings sheet too (it shows no card at all)."""

import io
import re
import unicodedata

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from engine.rules import PRESETS
from tests.browser.conftest import TIMEOUT_MS
from tutor.tables.leagues import create_league, enter_result

A4 = (595, 842)  # points
CARD_CODE = re.compile(r"\b(?:1[0-2]|[1-7])[oceb]\b")


@pytest.fixture
def printer(browser):
    contexts = []

    def print_pdf(url: str, locale: str = "es-ES", cookies=()) -> list[str]:
        context = browser.new_context(locale=locale)
        contexts.append(context)
        context.set_default_timeout(TIMEOUT_MS)
        if cookies:
            context.add_cookies(list(cookies))
        page = context.new_page()
        response = page.goto(url)
        assert response.status == 200, url
        pdf = PdfReader(io.BytesIO(page.pdf(prefer_css_page_size=True)))
        for sheet in pdf.pages:
            assert (round(float(sheet.mediabox.width)), round(float(sheet.mediabox.height))) == A4
        return [re.sub(r"\s+", " ", sheet.extract_text()) for sheet in pdf.pages]

    yield print_pdf
    for context in contexts:
        context.close()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("mesa", list(PRESETS))
def test_a_tables_rules_sheet_prints_on_one_a4_page(live_server, printer, mesa):
    (page,) = printer(f"{live_server.url}{reverse('paper:rules')}?mesa={mesa}")
    for words in (
        "La baraja y el reparto",
        "Bazas y obligaciones",
        "Cantes y tute",
        "La cuenta de cada mano",
    ):
        assert words in page
    assert page.count("Ejemplo:") >= 8
    assert "Puedes jugar: rey de copas" in page
    assert "Lo que esta mesa cambia de las reglas de la guía" in page
    assert "Tutor de Tute: aprende" not in page  # the site's footer and header stay off the paper
    assert "Imprimir" not in page
    assert not CARD_CODE.search(page), CARD_CODE.search(page)
    if mesa == "guia":
        assert "Nada: esta mesa juega con las reglas de la guía." in page
    else:
        assert "Nada: esta mesa" not in page


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("mesa", ["guia", "ludoteka"])
def test_the_score_sheet_prints_on_one_a4_page(live_server, printer, mesa):
    (page,) = printer(f"{live_server.url}{reverse('paper:score')}?mesa={mesa}")
    for words in ("Cartas", "Cantes", "Última baza", "Total", "Puntos de la partida", "Pareja A", "Pareja B"):
        assert words in page
    assert "Gana la partida:" in page


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("seed", [3, 8, 13, 21, 34])
def test_a_worksheet_prints_each_copys_questions_then_its_key(live_server, printer, seed):
    families = "&".join(
        f"familias={f}" for f in ("renuncio", "tantos", "validas", "cante", "jugada", "ganador")
    )
    url = f"{live_server.url}{reverse('paper:worksheet')}?{families}&niveles=2&niveles=3&mesa=estricta"
    pages = printer(f"{url}&preguntas=6&copias=2&semilla={seed}")
    assert len(pages) == 4
    for copy, (questions, key) in enumerate(zip(pages[::2], pages[1::2], strict=True), start=1):
        assert f"Ficha {seed}-{copy}" in questions and "Soluciones" not in questions
        assert "Nombre:" in questions and "Tu mano:" in questions
        assert f"Soluciones de la ficha {seed}-{copy}" in key
        assert not CARD_CODE.search(questions + key), CARD_CODE.search(questions + key)
    assert pages[0].split("Nombre:")[1] != pages[2].split("Nombre:")[1]  # the copies differ


@pytest.mark.django_db(transaction=True)
def test_the_sheets_print_in_english(live_server, printer):
    cookies = [{"name": settings.LANGUAGE_COOKIE_NAME, "value": "en", "url": live_server.url}]
    (rules,) = printer(f"{live_server.url}{reverse('paper:rules')}?mesa=companero", "en-GB", cookies)
    assert "Bazas and obligations" in rules and "Example:" in rules and "You may play:" in rules
    assert "king of copas" in rules
    (score,) = printer(f"{live_server.url}{reverse('paper:score')}?mesa=guia", "en-GB", cookies)
    assert "Score sheet" in score and "Last baza" in score
    url = f"{live_server.url}{reverse('paper:worksheet')}?familias=jugada&familias=tantos&niveles=1&mesa=guia"
    questions, key = printer(f"{url}&preguntas=4&copias=1&semilla=5", "en-GB", cookies)
    assert "Worksheet 5-1" in questions and "Answers to worksheet 5-1" in key


def _session_cookie(user, url: str) -> dict:
    client = Client()
    client.force_login(user)
    return {
        "name": settings.SESSION_COOKIE_NAME,
        "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
        "url": url,
    }


def _league_with_results(organiser, pairs: int, home_and_away: bool):
    names = [f"Pareja {chr(65 + i)}" for i in range(pairs)]
    league = create_league(
        organiser=organiser,
        name="Liga del Hogar",
        rules="guia",
        pair_names=names,
        home_and_away=home_and_away,
    )
    for f in league.fixtures.all()[:3]:  # three fixtures played, the rest still blank on paper
        enter_result(league=league, fixture_id=f.pk, home=3, away=1)
    return league


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("pairs", "home_and_away"), [(4, True), (8, False), (10, False)])
def test_a_leagues_fixtures_and_standings_print_on_one_a4_page(
    live_server, printer, teresa, pairs, home_and_away
):
    league = _league_with_results(teresa, pairs, home_and_away)
    rounds = league.fixtures.values("round").distinct().count()
    url = f"{live_server.url}{reverse('tables:league_print', args=[league.pk])}"
    (page,) = printer(url, cookies=[_session_cookie(teresa, live_server.url)])
    assert "Liga «Liga del Hogar»: calendario y clasificación" in page
    assert f"Jornada {rounds}" in page and "Casa Fuera Resultado" in page
    assert page.count("3 – 1") == 3
    assert "Clasificación" in page and "Puesto Pareja Jugados Ganados Perdidos" in page
    assert f"Pareja {chr(64 + pairs)}" in page
    assert "se juega a 3 puntos" in page
    assert "Tutor de Tute: aprende" not in page and "Imprimir" not in page and "Volver a la liga" not in page
    assert not CARD_CODE.search(page), CARD_CODE.search(page)


@pytest.mark.django_db(transaction=True)
def test_a_leagues_sheet_prints_in_english(live_server, printer, teresa):
    league = _league_with_results(teresa, 4, False)
    cookies = [
        {"name": settings.LANGUAGE_COOKIE_NAME, "value": "en", "url": live_server.url},
        _session_cookie(teresa, live_server.url),
    ]
    (page,) = printer(
        f"{live_server.url}{reverse('tables:league_print', args=[league.pk])}", "en-GB", cookies
    )
    page = unicodedata.normalize("NFKC", page)  # the PDF's text keeps the font's ligatures (ﬁ)
    assert "League «Liga del Hogar»: fixtures and standings" in page
    assert "Round 3" in page and "Home Away Result" in page and "Standings" in page
    assert "each match is played to 3 points" in page and "Place Pair" in page
