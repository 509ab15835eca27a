"""«Letra grande», «Confirmar la carta» and «Leer en voz alta» in Chromium: the card buttons measure at
least 64 px with a hit area beyond the drawing and no page scrolls sideways, on a phone, a tablet and a
projector; a hand played with the confirmation by keyboard, and without JavaScript; the setting follows
the account to another device; the read-aloud button only where the browser can speak.
(The axe walk with Letra grande on is in test_accessibility.py.)"""

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import TIMEOUT_MS
from tests.browser.test_classroom_flow import _log_in
from tests.browser.test_play_flow import _latest_match, _moved, _tab_to
from tests.tutor.play.conftest import table
from tutor.accounts.display import COOKIE
from tutor.play.table import LEARNER

WIDTHS = (360, 768, 1920)  # a phone, a tablet, a projector
BOXES = """() => [...document.querySelectorAll('button.card-button')].map(b => {
  const box = b.getBoundingClientRect(), img = b.querySelector('img').getBoundingClientRect();
  return {w: box.width, h: box.height, beyond: box.width > img.width + 4 && box.height > img.height + 4,
          name: b.querySelector('.card-name').textContent.trim()};
})"""
OVERFLOW = "document.documentElement.scrollWidth - document.documentElement.clientWidth"


def _context(browser, live_server, **options):
    options.setdefault("reduced_motion", "reduce")
    context = browser.new_context(locale="es-ES", **options)
    context.set_default_timeout(TIMEOUT_MS)
    context.add_cookies([{"name": COOKIE, "value": "grande", "url": live_server.url}])
    return context


def _start(page: Page, base: str):
    page.goto(base + "/jugar/")
    page.get_by_role("button", name="Empezar la partida").click()
    expect(page.get_by_role("heading", name="Mano 1")).to_be_visible()
    return _latest_match()


def _to_learner_card(page: Page, match) -> tuple[int, str]:
    """Let cantes pass until the learner is to play a card: (the place, a legal card). At the learner's
    own turn a cante offered has no «No cantar» (playing a card lets it pass): play."""
    for _ in range(10):
        hand, t = table(match)
        if t.hand.turn == LEARNER:
            return len(t.steps), t.hand.legal()[0].code
        page.locator('button[name="pasar"]').click()
        _moved(page, len(t.steps))
    raise AssertionError("the learner never came to play")


def test_card_buttons_are_64_px_and_nothing_scrolls_sideways(live_server, browser, transactional_db):
    # Motion not reduced by the browser: Letra grande itself stops the animations.
    context = _context(
        browser, live_server, viewport={"width": 360, "height": 800}, reduced_motion="no-preference"
    )
    page = context.new_page()
    match = _start(page, live_server.url)
    expect(page.locator('link[href$="large.css"]')).to_have_count(1)
    # No animation: Bootstrap's buttons ease their colours in, not with Letra grande.
    assert page.evaluate("getComputedStyle(document.querySelector('.btn')).transitionDuration") == "0s"
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(live_server.url + match.get_absolute_url())
        assert page.evaluate(OVERFLOW) <= 0, (width, "the table")
        boxes = page.evaluate(BOXES)
        assert len(boxes) == 10
        for box in boxes:
            assert box["w"] >= 64 and box["h"] >= 64, (width, box)
            assert box["beyond"], (width, box)  # the button reaches beyond the card's drawing
            assert box["name"]
        for url in ("/", "/jugar/", "/lecciones/", "/baraja/", "/papel/"):
            page.goto(live_server.url + url)
            assert page.evaluate(OVERFLOW) <= 0, (width, url)
    context.close()


def test_a_card_confirmed_by_keyboard(live_server, browser, transactional_db):
    context = _context(browser, live_server, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    match = _start(page, live_server.url)
    expect(page.get_by_role("button", name="Confirmar la carta")).to_have_attribute("aria-pressed", "true")
    for _ in range(3):  # three cards, each asked about once more
        seq, card = _to_learner_card(page, match)
        _tab_to(page, f'button[name="card"][value="{card}"]')
        page.keyboard.press("Enter")
        yes = page.locator("[data-confirm-yes]")
        expect(yes).to_be_focused()
        expect(page.get_by_role("heading", name="¿Juegas esta carta?")).to_be_visible()
        assert len(table(match)[1].steps) == seq  # nothing played before the confirmation
        page.keyboard.press("Enter")
        _moved(page, seq)
        hand, t = table(match)
        assert any(s.seat == LEARNER and s.kind == "card" and s.value == card for s in t.steps)
    # «No, elegir otra carta» plays nothing and gives the cards back.
    seq, card = _to_learner_card(page, match)
    page.locator(f'button[name="card"][value="{card}"]').click()
    page.get_by_role("link", name="No, elegir otra carta").click()
    expect(page.locator('button[name="card"]').first).to_be_visible()
    assert len(table(match)[1].steps) == seq
    context.close()


def test_a_card_confirmed_without_javascript(live_server, browser, transactional_db):
    context = _context(
        browser, live_server, viewport={"width": 360, "height": 800}, java_script_enabled=False
    )
    page = context.new_page()
    match = _start(page, live_server.url)
    seq, card = _to_learner_card(page, match)
    page.locator(f'button[name="card"][value="{card}"]').click()
    expect(page.get_by_role("heading", name="¿Juegas esta carta?")).to_be_visible()
    assert len(table(match)[1].steps) == seq
    page.locator("[data-confirm-yes]").click()
    expect(page.get_by_role("heading", name="¿Juegas esta carta?")).to_have_count(0)
    hand, t = table(match)
    assert any(s.seat == LEARNER and s.kind == "card" and s.value == card for s in t.steps)
    context.close()


def test_letra_grande_follows_the_account_to_another_device(live_server, browser, alice, password):
    first = browser.new_context(locale="es-ES")
    page = first.new_page()
    _log_in(page, live_server.url, "alice", password)
    page.get_by_role("button", name="Letra grande").click()
    expect(page.get_by_role("button", name="Letra grande")).to_have_attribute("aria-pressed", "true")
    first.close()
    other = browser.new_context(locale="es-ES")  # another device: no cookie of the first
    page = other.new_page()
    page.goto(live_server.url + "/baraja/")
    expect(page.get_by_role("button", name="Letra grande")).to_have_attribute("aria-pressed", "false")
    _log_in(page, live_server.url, "alice", password)
    expect(page.get_by_role("button", name="Letra grande")).to_have_attribute("aria-pressed", "true")
    expect(page.locator('link[href$="large.css"]')).to_have_count(1)
    assert page.evaluate("getComputedStyle(document.documentElement).fontSize") == "20px"
    other.close()


@pytest.mark.parametrize("speech", [True, False])
def test_read_aloud_only_where_the_browser_can_speak(live_server, browser, transactional_db, speech):
    context = browser.new_context(locale="es-ES")
    if not speech:
        context.add_init_script("delete window.speechSynthesis; delete window.SpeechSynthesisUtterance;")
    page = context.new_page()
    page.goto(live_server.url + "/practicar/")
    page.locator(".practice-families button").first.click()
    expect(page.locator(".scenario__question")).to_be_visible()
    has_speech = page.evaluate("'speechSynthesis' in window")
    assert has_speech == speech
    expect(page.get_by_role("button", name="Leer en voz alta")).to_have_count(1 if speech else 0)
    context.close()


SPEECH_STUB = """(() => {
  window.spoken = [];
  const stub = {speaking: false, cancel() {}, speak(u) { window.spoken.push({text: u.text, lang: u.lang}); }};
  Object.defineProperty(window, "speechSynthesis", {value: stub, configurable: true});
})();"""


def test_read_aloud_speaks_the_question_in_the_pages_language(live_server, browser, transactional_db):
    context = browser.new_context(locale="es-ES")
    context.add_init_script(SPEECH_STUB)  # the browser's voice, stood in for: what it is asked to say
    page = context.new_page()
    page.goto(live_server.url + "/practicar/")
    page.locator(".practice-families button").first.click()
    question = page.locator(".scenario__question")
    expect(question).to_be_visible()
    page.get_by_role("button", name="Leer en voz alta").click()
    (spoken,) = page.evaluate("window.spoken")
    assert spoken["lang"] == "es-ES"
    assert spoken["text"] == " ".join(question.inner_text().split())
    context.close()
