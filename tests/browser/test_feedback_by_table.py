"""The same wrong answer on the same cards reads two different, true explanations at a `guia` table and
at an `estricta` table: the trick is already cut, so the guide only asks to follow suit while the strict
table still asks to beat (R-OBL-CORTADA against R-VAR-MONTAR-TRAS-FALLO). After the header's switch to
English the same two answers read the same two rulings in English."""

from playwright.sync_api import Page, expect

from engine.rules import PRESETS
from engine.scenarios import build_position
from tests.browser.test_classroom_flow import _log_in
from tutor.practice.identity import Owner
from tutor.practice.models import Mode
from tutor.practice.services import issue

# Triunfo oros: la sota de copas sale y el dos de oros corta; you hold rey and cuatro de copas.
TRICK, HAND = ["10c", "2o"], ["12c", "4c", "7b", "5o"]


def _answer_cinco_de_oros(
    page: Page, base: str, learner, table: str, card="cinco de oros", wrong="Incorrecto."
):
    scenario = build_position("o", TRICK, HAND, PRESETS[table]).scenario("jugada")
    issued = issue(owner=Owner(learner, ""), mode=Mode.FAMILY, family="jugada", scenario=scenario)
    page.goto(f"{base}/practicar/s/{issued.token}/")
    page.get_by_role("button", name=card).click()
    feedback = page.locator("[data-feedback]")
    expect(feedback.get_by_text(wrong)).to_be_visible()
    return feedback


def test_the_same_wrong_card_is_explained_by_each_table_own_rule(live_server, page, alice, password):
    _log_in(page, live_server.url, "alice", password)

    guia = _answer_cinco_de_oros(page, live_server.url, alice, "guia")
    explanation = guia.locator(".feedback__explanation")
    expect(explanation).to_contain_text("no tienes que montar: vale cualquiera de tus copas")
    expect(explanation).not_to_contain_text("debes montar")
    expect(guia.locator('[data-rule="R-OBL-CORTADA"]')).to_be_visible()
    expect(guia.locator('[data-rule="R-VAR-MONTAR-TRAS-FALLO"]')).to_have_count(0)
    expect(guia.locator('[data-verdict="4c"]')).to_contain_text("se puede jugar")
    guia_text = explanation.inner_text()

    estricta = _answer_cinco_de_oros(page, live_server.url, alice, "estricta")
    explanation = estricta.locator(".feedback__explanation")
    expect(explanation).to_contain_text(
        "debes montar (en esta mesa hay que montar aunque la baza esté cortada)"
    )
    expect(explanation).to_contain_text("solo vale el rey de copas")
    expect(explanation).not_to_contain_text("no tienes que montar")
    expect(estricta.locator('[data-rule="R-VAR-MONTAR-TRAS-FALLO"]')).to_be_visible()
    expect(estricta.locator('[data-rule="R-OBL-CORTADA"]')).to_have_count(0)
    expect(estricta.locator('[data-verdict="4c"]')).to_contain_text("no se puede jugar")
    assert explanation.inner_text() != guia_text
    assert page.console_errors == []


def test_after_switching_to_english_each_table_explains_the_same_wrong_card_in_english(
    live_server, page, alice, password
):
    _log_in(page, live_server.url, "alice", password)
    page.get_by_role("banner").get_by_role("button", name="English").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")

    guia = _answer_cinco_de_oros(page, live_server.url, alice, "guia", "five of oros", "Incorrect.")
    explanation = guia.locator(".feedback__explanation")
    expect(explanation).to_contain_text("there is no need to montar: any of your copas will do")
    expect(explanation).not_to_contain_text("you must montar")
    expect(guia.locator('[data-rule="R-OBL-CORTADA"]')).to_be_visible()
    expect(guia.locator('[data-rule="R-VAR-MONTAR-TRAS-FALLO"]')).to_have_count(0)
    expect(guia.locator('[data-verdict="4c"]')).to_contain_text("may be played")
    guia_text = explanation.inner_text()

    estricta = _answer_cinco_de_oros(page, live_server.url, alice, "estricta", "five of oros", "Incorrect.")
    explanation = estricta.locator(".feedback__explanation")
    expect(explanation).to_contain_text("(at this table montar is required even when the baza is cut)")
    expect(explanation).to_contain_text("only the king of copas will do")
    expect(explanation).not_to_contain_text("no need to montar")
    expect(estricta.locator('[data-rule="R-VAR-MONTAR-TRAS-FALLO"]')).to_be_visible()
    expect(estricta.locator('[data-verdict="4c"]')).to_contain_text("may not be played")
    assert explanation.inner_text() != guia_text
    for spanish in ("debes", "tienes", "baza está", "vale"):
        assert spanish not in explanation.inner_text()
    assert page.console_errors == []
