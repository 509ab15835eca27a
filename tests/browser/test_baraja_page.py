import re

from playwright.sync_api import expect


def test_htmx_shows_one_suit_without_reloading_the_page(live_server, page):
    page.goto(live_server.url + "/baraja/")
    page.evaluate("window.__same_page = true")
    page.get_by_role("button", name="copas", exact=True).click()
    expect(page).to_have_url(re.compile(r"palo=copas"))
    expect(page.get_by_role("heading", name="Oros", level=2)).to_have_count(0)
    expect(page.get_by_text("rey de copas", exact=True)).to_be_visible()
    assert page.evaluate("window.__same_page") is True
    assert page.console_errors == []


def test_the_suit_filter_works_without_javascript(live_server, page_nojs):
    page_nojs.goto(live_server.url + "/baraja/")
    page_nojs.get_by_role("button", name="espadas", exact=True).click()
    expect(page_nojs).to_have_url(re.compile(r"palo=espadas"))
    expect(page_nojs.get_by_role("heading", name="Espadas", level=2)).to_be_visible()
    expect(page_nojs.get_by_role("heading", name="Copas", level=2)).to_have_count(0)


def test_it_fits_a_360_pixel_phone(live_server, browser):
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    for path in ("/", "/baraja/", "/cuenta/alta/", "/cuenta/entrar/"):
        page.goto(live_server.url + path)
        overflow = page.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow <= 0, f"{path} scrolls sideways by {overflow}px"
    context.close()


def test_the_first_tab_reaches_the_skip_link(live_server, page):
    page.goto(live_server.url + "/baraja/")
    page.keyboard.press("Tab")
    skip = page.get_by_role("link", name="Saltar al contenido")
    expect(skip).to_be_focused()
    expect(skip).to_be_visible()
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"#main$"))


def test_the_page_loads_no_blocked_resource(live_server, page):
    failed = []
    page.on("requestfailed", lambda request: failed.append(request.url))
    page.on("response", lambda response: response.status >= 400 and failed.append(response.url))
    page.goto(live_server.url + "/baraja/")
    page.wait_for_load_state("networkidle")
    assert failed == []
    assert page.console_errors == []
    assert page.evaluate("typeof window.htmx") == "object"
