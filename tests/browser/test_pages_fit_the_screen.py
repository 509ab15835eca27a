"""Layout in Chromium: no learner page scrolls sideways (360 and 1280 px), nothing covers a card, sections breathe."""

import pytest
from playwright.sync_api import Page

from engine.scenarios import FAMILIES
from tests.browser.test_classroom_flow import _log_in
from tutor.practice.identity import Owner
from tutor.practice.services import issue

WIDTHS = (360, 1280)


def _overflow(page: Page, url: str) -> int:
    page.goto(url)
    return page.evaluate("document.documentElement.scrollWidth - window.innerWidth")


@pytest.mark.parametrize("width", WIDTHS)
def test_no_learner_page_is_wider_than_the_screen(
    live_server, browser, transactional_db, alice, password, width
):
    context = browser.new_context(locale="es-ES", viewport={"width": width, "height": 800})
    page = context.new_page()
    base = live_server.url
    _log_in(page, base, "alice", password)
    owner = Owner(user=alice, anon_id="")
    urls = [
        "/practicar/",
        "/progreso/",
        "/lecciones/",
        "/lecciones/baraja/cuarenta-cartas/",
        "/glosario/",
        "/baraja/",
    ]
    for family in FAMILIES:
        urls.append(
            issue(owner=owner, mode="familia", family=family, difficulty=3, seed=7).get_absolute_url()
        )
    too_wide = {url: extra for url in urls if (extra := _overflow(page, base + url)) > 0}
    context.close()
    assert not too_wide, f"pages wider than {width} px (extra px): {too_wide}"


def test_a_cards_checkbox_never_covers_the_card_at_360_px(
    live_server, browser, transactional_db, alice, password
):
    context = browser.new_context(locale="es-ES", viewport={"width": 360, "height": 800})
    page = context.new_page()
    _log_in(page, live_server.url, "alice", password)
    issued = issue(
        owner=Owner(user=alice, anon_id=""), mode="familia", family="validas", difficulty=2, seed=3
    )
    page.goto(live_server.url + issued.get_absolute_url())
    overlaps = page.evaluate(
        """() => [...document.querySelectorAll('.card-check')].filter(box => {
            const img = box.parentElement.querySelector('.playing-card__img').getBoundingClientRect();
            const b = box.getBoundingClientRect();
            return b.left < img.right && b.right > img.left && b.top < img.bottom && b.bottom > img.top;
        }).length"""
    )
    count = page.locator(".card-check").count()
    context.close()
    assert count > 0
    assert overlaps == 0


def test_the_home_pages_how_it_works_heading_stands_clear_of_the_table(live_server, page):
    page.goto(live_server.url + "/")
    table_bottom = page.evaluate(
        "document.querySelector('.home-table .trick').getBoundingClientRect().bottom"
    )
    heading_top = page.evaluate("document.getElementById('home-steps-title').getBoundingClientRect().top")
    assert heading_top - table_bottom >= 24
