"""«Jugar» on a phone (issue 29, item 11), in Chromium at 360 × 640: the trick and the learner's hand fit
on the screen together (measured from their boxes), the trick just collected stays in sight beside
the next one while the bots lead it, and after «Siguiente mano» the previous hand's review is a link in
the first screen. Which state the table is in comes from the engine's view of the stored match."""

import pytest
from playwright.sync_api import Page, expect

from tests.browser.test_accessibility import AXE
from tests.browser.test_classroom_flow import _log_in
from tests.tutor.play.conftest import start, table
from tutor.accounts.display import COOKIE as DISPLAY_COOKIE
from tutor.play import services
from tutor.play.table import LEARNER
from tutor.practice.identity import Owner

PHONE = {"width": 360, "height": 640}
BOXES = """() => {
  const box = (e) => { const r = e.getBoundingClientRect(); return {top: r.top + scrollY, bottom: r.bottom + scrollY}; };
  const tricks = [...document.querySelectorAll('#play-table .trick')].map(box);
  const shown = box(document.querySelector('#play-table .play-tricks'));
  const hand = document.querySelector('#play-table .play-move .hand');
  return {tricks, shown, hand: hand && box(hand)};
}"""


def _advance(match, wanted) -> None:
    """Play the learner's first legal card (or let a cante pass) until ``wanted(table)`` holds at the
    learner's turn."""
    owner = Owner(match.learner, "")
    for _ in range(40):
        hand, t = table(match)
        assert not t.over, "the state never came up in this hand"
        if t.hand.turn == LEARNER and not t.learner_cantes() and wanted(t):
            return
        if t.hand.turn != LEARNER:
            services.move(owner=owner, token=match.token, seq=len(t.steps), kind="pass")
        else:
            services.move(
                owner=owner, token=match.token, seq=len(t.steps), kind="card", value=t.hand.legal()[0].code
            )
    raise AssertionError("the state never came up")


def _phone(browser, live_server, password) -> Page:
    context = browser.new_context(locale="es-ES", viewport=PHONE, reduced_motion="reduce")
    page = context.new_page()
    _log_in(page, live_server.url, "alice", password)
    return page


def _fits(page: Page, url: str) -> dict:
    page.goto(url)
    boxes = page.evaluate(BOXES)
    top = boxes["shown"]["top"]  # the tricks with their titles
    span = boxes["hand"]["bottom"] - top
    assert span <= PHONE["height"], f"tricks and hand span {span:.0f} px: {boxes}"
    # And a learner who scrolls to the trick sees the hand too.
    page.evaluate("(y) => window.scrollTo(0, y)", top)
    expect(page.locator("#play-table .play-move .hand")).to_be_in_viewport(ratio=1)
    return boxes


def test_the_trick_and_the_hand_fit_a_phone_screen_together(
    live_server, browser, transactional_db, alice, password
):
    page = _phone(browser, live_server, password)
    match = start(alice, seed=11)
    _advance(match, lambda t: not t.hand.trick and t.hand.tricks)  # the learner leads: one trick drawn
    _fits(page, live_server.url + match.get_absolute_url())
    _advance(match, lambda t: t.hand.trick and t.hand.tricks)  # the bots led: the last trick beside it
    boxes = _fits(page, live_server.url + match.get_absolute_url())
    assert len(boxes["tricks"]) == 2
    hand, t = table(match)
    last = page.locator("[data-last-trick]")
    expect(last).to_be_in_viewport()
    for card in t.hand.tricks[-1]:
        expect(last.get_by_text(card.name, exact=False).first).to_be_attached()
    page.context.close()


def test_the_previous_hand_is_one_link_away_in_the_first_screen(
    live_server, browser, transactional_db, alice, password
):
    page = _phone(browser, live_server, password)
    match = start(alice, seed=11)
    owner = Owner(alice, "")
    for _ in range(60):
        hand, t = table(match)
        if t.over:
            break
        kind = "card" if t.hand.turn == LEARNER else "pass"
        value = t.hand.legal()[0].code if kind == "card" else ""
        services.move(owner=owner, token=match.token, seq=len(t.steps), kind=kind, value=value)
    page.goto(live_server.url + match.get_absolute_url())
    page.get_by_role("button", name="Siguiente mano").click()
    expect(page.get_by_role("heading", name="Mano 2")).to_be_visible()
    link = page.get_by_role("link", name="Revisar la mano 1, la anterior")
    expect(link).to_be_in_viewport(ratio=1)
    link.click()
    expect(page).to_have_url(f"{live_server.url}/jugar/p/{match.token}/mano/1/revisar/")
    page.context.close()


@pytest.mark.parametrize("large", [False, True], ids=["normal", "letra-grande"])
def test_pista_and_its_hint_pass_colour_contrast(
    live_server, browser, transactional_db, alice, password, large
):
    """axe's color-contrast on the table with «Pista», and on the hint it opens (its rule links too),
    with and without Letra grande."""
    page = _phone(browser, live_server, password)
    if large:
        page.context.add_cookies([{"name": DISPLAY_COOKIE, "value": "grande", "url": live_server.url}])
    match = start(alice, seed=11)
    _advance(match, lambda t: t.hand.trick and t.hand.tricks)
    axe = AXE.read_text()
    for suffix in ("", "?pista=1"):
        page.goto(live_server.url + match.get_absolute_url() + suffix)
        expect(page.get_by_role("link", name="Pista")).to_have_count(0 if suffix else 1)
        page.evaluate(axe)  # from the test side: the page's CSP refuses inline scripts
        found = page.evaluate(
            """async () => (await axe.run('#play-table', {runOnly: {type: 'rule', values: ['color-contrast']}}))
                .violations.flatMap(v => v.nodes.map(n => n.target.join(' ')))"""
        )
        assert found == [], (suffix, found)
    page.context.close()
