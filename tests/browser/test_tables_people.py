"""Two people at a table of the app, each in their own Chromium context: one opens it, the other comes
in with its code (JavaScript off, 360 px, by keyboard), they play a whole hand with two bots, and each
finds it in «Mis manos». With JavaScript a move is one htmx post answered by the table's region: the
page is not loaded again; without it, a post, a redirect and the page (`press`)."""

import re

from django.conf import settings
from django.test import Client
from playwright.sync_api import Page, expect

from tutor.hands.models import HandRecord, Source
from tutor.tables.models import Table


def _signed_in(browser, base: str, user, **options) -> Page:
    context = browser.new_context(locale="es-ES", **options)
    context.set_default_timeout(10_000)
    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": base}])
    return context.new_page()


def press(page: Page, button, *, keyboard: bool = False, js: bool = True) -> None:
    """Press a button of the table's region, with the mouse or by keyboard. Without JavaScript the
    page posts, is redirected and loads again. With it htmx posts and swaps the region in: the page
    is not loaded again (a mark left on its window stays), and the focus is inside the new region,
    not lost to the page's body."""

    def act() -> None:
        if keyboard:
            button.focus()
            page.keyboard.press("Enter")
        else:
            button.click()

    if not js:
        with page.expect_navigation():
            act()
        return
    # A poll or a stream event may be swapping the region in at this moment: press once htmx is idle and
    # has taken the button's form in (a form not yet taken in would post as a plain form would).
    page.wait_for_function(
        "() => { const r = document.getElementById('table-region');"
        " return r && !r.classList.contains('htmx-request') && !document.querySelector('.htmx-swapping, .htmx-settling')"
        " && [...r.querySelectorAll('form[hx-post]')].every(f => f['htmx-internal-data']); }"
    )
    page.evaluate(
        "window.notLoadedAgain = true; document.getElementById('table-region').dataset.beforePress = '1'"
    )
    with page.expect_response(lambda r: r.request.method == "POST"):
        act()
    expect(page.locator("#table-region[data-before-press]")).to_have_count(0)  # the answer swapped in
    assert page.evaluate("window.notLoadedAgain === true"), "the page was loaded again"
    assert page.evaluate("document.getElementById('table-region').contains(document.activeElement)")


def _act(page: Page, url: str, keyboard: bool, js: bool) -> bool:
    """Reload the table; if this person must act, act (sing nothing, or a card the table takes).
    True once the hand is over."""
    page.goto(url)
    if page.locator("[data-hand-over]").count():
        return True

    def press_(button) -> None:
        press(page, button, keyboard=keyboard, js=js)

    if page.get_by_role("button", name="No cantar").count():
        press_(page.get_by_role("button", name="No cantar"))
        return False
    if not page.get_by_text("Te toca jugar.").count():
        return False
    for i in range(page.locator('button[name="card"]').count()):
        press_(page.locator('button[name="card"]').nth(i))
        if not page.locator(".alert-danger").count():
            return False
        assert "Tu mano" in page.content()  # refused with the reason, the hand still there
    raise AssertionError("no card was taken")


def test_two_people_play_a_hand_with_two_bots(live_server, browser, alice, bob):
    base = live_server.url
    host = _signed_in(browser, base, alice)
    guest = _signed_in(browser, base, bob, java_script_enabled=False, viewport={"width": 360, "height": 740})

    host.goto(base + "/mesas/")
    host.locator('input[name="level"][value="principiante"]').check()
    host.get_by_role("button", name="Abrir la mesa").click()
    expect(host.get_by_text("Invitar")).to_be_visible()
    code = host.locator("#tables-invite-title + p strong").inner_text()
    url = host.url

    guest.goto(base + "/mesas/")
    guest.get_by_label("Código de la mesa").fill(code.lower())
    guest.get_by_role("button", name="Entrar").click()
    guest.locator("#id_seat").select_option("1")
    guest.get_by_role("button", name="Sentarme").click()
    expect(guest.locator('[data-seat="1"]')).to_contain_text("bob")
    assert guest.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0

    host.goto(url)
    expect(host.locator('[data-seat="1"]')).to_contain_text("bob")
    press(host, host.get_by_role("button", name="Empezar la partida"))

    over = False
    for _ in range(60):
        done_host = _act(host, url, keyboard=False, js=True)
        done_guest = _act(guest, url, keyboard=True, js=False)
        if done_host and done_guest:
            over = True
            break
    assert over, "the hand did not end"
    expect(guest.locator("[data-hand-over]")).to_contain_text(re.compile(r"Gana la pareja [AB]"))
    host.context.close()
    guest.context.close()
    table = Table.objects.get()
    kept = HandRecord.objects.filter(source=Source.TABLE)
    assert sorted(kept.values_list("learner__username", "seat")) == [("alice", 0), ("bob", 1)]
    assert table.hands.get().over
