"""The keyboard hint («pulsa 1, 2, 3…») appears only where number keys work."""

from playwright.sync_api import expect

from tests.browser.conftest import TIMEOUT_MS
from tests.browser.test_practice_flow import _open_the_guide_example


def test_the_hint_shows_with_javascript_on_a_keyboard_device(live_server, page):
    _open_the_guide_example(page, live_server.url)
    page.wait_for_load_state("load")
    expect(page.locator("[data-key-hint]")).to_be_visible()


def test_the_hint_stays_hidden_without_javascript(live_server, page_nojs):
    _open_the_guide_example(page_nojs, live_server.url)
    expect(page_nojs.locator("[data-key-hint]")).to_be_hidden()


def test_the_hint_stays_hidden_on_a_touch_screen(live_server, browser):
    context = browser.new_context(
        locale="es-ES", has_touch=True, is_mobile=True, viewport={"width": 360, "height": 740}
    )
    context.set_default_timeout(TIMEOUT_MS)
    try:
        page = context.new_page()
        _open_the_guide_example(page, live_server.url)
        page.wait_for_load_state("load")
        expect(page.locator("button[name=answer]").first).to_be_visible()
        expect(page.locator("[data-key-hint]")).to_be_hidden()
    finally:
        context.close()
