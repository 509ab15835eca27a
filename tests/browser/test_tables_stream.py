"""A table's stream in real browsers: the whole site on an ASGI (uvicorn) instance sharing the test's
PostgreSQL and Redis, so each page's stream is a real one. Two people (bots in the other seats) play
by pressing their cards; each move reaches the other person's page as its region in the stream's
event, swapped in without a request of the page's own (no poll, no fetch), drawn for that person:
their own cards, the forms that work (the next move is pressed on a region the stream brought), and
none of the other seats' unplayed cards; a keyboard user's focus stays on the button they were on."""

import pytest
from playwright.sync_api import expect

from tests.browser.test_live_round import stream_site  # noqa: F401 - the site on uvicorn
from tests.browser.test_tables_four_people import _no_other_hand
from tests.browser.test_tables_people import _signed_in, press
from tests.tutor.live.test_two_instances import instance_env  # noqa: F401 - PostgreSQL and Redis
from tests.tutor.tables.conftest import game, open_table

pytestmark = pytest.mark.serial


def test_a_move_reaches_the_other_persons_page_as_its_region_in_the_stream(
    stream_site,  # noqa: F811
    browser,
    alice,
    bob,
):
    table = open_table(alice, [(bob, 1)])
    url = stream_site + table.get_absolute_url()
    pages, fetched, errors = {}, {0: [], 1: []}, []
    for seat, user in ((0, alice), (1, bob)):
        page = _signed_in(browser, stream_site, user)
        page.on("request", lambda r, s=seat: "/estado/" in r.url and fetched[s].append(r.url))
        page.on("console", lambda msg: msg.type == "error" and errors.append(msg.text))
        page.goto(url)
        pages[seat] = page
    for page in pages.values():  # the stream is open once the page's polls stop being made
        expect(page.locator("#table-region")).to_have_attribute(
            "data-live-events", f"/mesas/m/{table.token}/eventos/"
        )
    pages[0].wait_for_timeout(1_500)
    moves = 0
    for _ in range(8):
        _hand, g = game(table)
        if g.over:
            break
        seat = g.waiting_for()[0]
        if seat not in pages:
            pytest.fail(f"the table waits for a bot's seat {seat + 1}")
        other = 1 - seat
        fetched[other].clear()
        mover = pages[seat]
        card = g.hand.legal()[0].code
        # A keyboard user waiting on the other page, on a phrase's button: the swap keeps them there.
        phrase = pages[other].locator('button[name="frase"]').first
        phrase.focus()
        value = phrase.get_attribute("value")
        press(mover, mover.locator(f'button[name="card"][value="{card}"]'))
        table.refresh_from_db()
        # The other page shows the new version (the card on the table), by the stream's region alone.
        expect(pages[other].locator("#table-region")).to_have_attribute(
            "data-version", str(table.version), timeout=5_000
        )
        assert fetched[other] == [], fetched[other]
        assert pages[other].evaluate(
            "v => document.activeElement.name === 'frase' && document.activeElement.value === v"
            " && document.getElementById('table-region').contains(document.activeElement)",
            value,
        )
        expect(pages[other].locator("#table-live")).not_to_be_empty()  # said to screen readers too
        _hand, g = game(table)
        _no_other_hand(pages[other], g, other)
        moves += 1
    assert moves >= 4
    assert errors == []
