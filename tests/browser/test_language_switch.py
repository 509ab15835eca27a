"""The header's language switch in Chromium: reached and pressed by keyboard, the choice holds across
pages and after signing in, the page says lang="en"; the header with the switch passes axe and fits
360 px in both languages, with JavaScript and without. (The feedback of one wrong card at two tables in
English is in test_feedback_by_table.py.)
"""

import re

from playwright.sync_api import expect

from tests.browser import test_accessibility as walk
from tests.browser.conftest import TIMEOUT_MS
from tutor.accounts.models import User

axe = walk.axe_source  # the axe-core fixture of the accessibility walk


def _context(browser, **options):
    # An English-speaking browser: the site stays Spanish until the switch is pressed. Reduced motion:
    # a button still easing into its hover colour (Bootstrap's .btn transition) under the pointer that
    # pressed it was measured mid-way by axe on a loaded machine; its resting and hover colours pass.
    context = browser.new_context(
        locale="en-US", viewport={"width": 360, "height": 800}, reduced_motion="reduce", **options
    )
    context.set_default_timeout(TIMEOUT_MS)
    return context


def _tab_to(page, name: str, limit: int = 40) -> None:
    """Press Tab until the focus is on the button called `name`."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.textContent.trim()") == name:
            return
    raise AssertionError(f"«{name}» is not reachable with Tab")


def test_a_visitor_switches_to_english_by_keyboard_and_it_holds_after_signing_in(
    live_server, browser, alice, password
):
    context = _context(browser)
    page = context.new_page()
    page.goto(live_server.url + "/baraja/")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.get_by_role("heading", name="La baraja española", level=1)).to_be_visible()

    _tab_to(page, "English")
    page.keyboard.press("Enter")
    page.wait_for_url(live_server.url + "/baraja/")  # back on the page it was pressed on
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_role("heading", name="The Spanish deck", level=1)).to_be_visible()
    expect(page.get_by_text("king of copas", exact=True)).to_be_visible()

    banner = page.get_by_role("banner")
    banner.get_by_role("navigation", name="Main").get_by_role("link", name="Lessons").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_role("heading", name="Lessons", level=1)).to_be_visible()

    banner.get_by_role("link", name="Sign in").click()
    page.get_by_label("Username").fill("alice")
    page.get_by_label("Password").fill(password)
    page.get_by_role("main").get_by_role("button", name="Sign in").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(banner.get_by_text("alice")).to_be_visible()
    expect(banner.get_by_role("button", name="Sign out")).to_be_visible()
    alice.refresh_from_db()
    assert alice.language == "en"
    context.close()

    # Another device: the account brings English with it.
    other = _context(browser)
    page = other.new_page()
    page.goto(live_server.url + "/cuenta/entrar/")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    page.get_by_label("Nombre de usuario").fill("alice")
    page.get_by_label("Contraseña").fill(password)
    page.get_by_role("main").get_by_role("button", name="Entrar").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_role("banner").get_by_role("button", name="Español")).to_be_visible()

    # And back to Spanish, by keyboard, without JavaScript being needed.
    page.get_by_role("banner").get_by_role("button", name="Español").focus()
    page.keyboard.press("Enter")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.get_by_role("button", name="Salir")).to_be_visible()
    assert User.objects.get(username="alice").language == "es"
    other.close()


def test_the_switch_works_without_javascript_and_the_header_passes_axe_at_360_px(live_server, browser, axe):
    problems = []
    for javascript in (True, False):
        context = _context(browser)
        if not javascript:
            context.route("**/*.js", lambda route: route.abort())
        page = context.new_page()
        for path in ("/", "/practicar/", "/cuenta/entrar/"):
            for switch_to in ("English", "Español"):
                page.goto(live_server.url + path)
                button = page.get_by_role("banner").get_by_role("button", name=switch_to)
                expect(button).to_have_attribute("lang", "en" if switch_to == "English" else "es")
                button.click()
                expect(page.locator("html")).to_have_attribute(
                    "lang", "en" if switch_to == "English" else "es"
                )
                assert re.sub(r"\?.*", "", page.url) == live_server.url + path
                page.evaluate(axe)
                where = f"{path} after «{switch_to}» ({'JS' if javascript else 'no JS'})"
                problems += [f"{where}: {v}" for v in page.evaluate(walk.RUN_AXE, None)]
                if (extra := page.evaluate(walk.OVERFLOW)) > 0:
                    problems.append(f"{where}: {extra} px wider than 360")
        context.close()
    assert not problems, "\n".join(problems)
