"""A whole hand among four people, each in their own Chromium context, at a class's table that plays
renuncio as at a real table: alice with the mouse, bob with JavaScript off (he refreshes with the
page's «Actualizar» link), charlie by keyboard only, tomas at 360 px. A cante is sung, a renuncio made
and called (the referee upholds it with the evidence), tomas drops out and a bot plays his seat while
the others see him away, and he comes back to his seat from a new browser. Their teacher watches as a
spectator: the trick and the score during the hand, the four hands once it ends.

The table's database says who must act and what the test's players choose (a seeded deal the tables
take, `create_table(seed=…)`); every move is made by pressing its button in that person's page, and the
pages with JavaScript act only once their own polls have brought the table's new version. With
JavaScript each move is one htmx post answered by the region, the page not loaded again and the focus
kept inside the region; bob's page posts and loads again."""

import contextlib
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from engine.cards import CARDS
from engine.rules import PRESETS
from tests.browser.test_tables_people import _signed_in, press
from tests.tutor.tables.conftest import game
from tutor.classroom import services as classroom_services
from tutor.hands.models import HandRecord, Source
from tutor.lib.cards import card_name
from tutor.play.table import cante_value
from tutor.tables import services
from tutor.tables.models import RenuncioRule, Seat, TableEvent

# A deal where, with the choices below, a person sings, a person holds a card that renounces after
# the first trick, and the hand goes on long enough for a drop-out and a return (looked for offline).
SEED = 14
MOUSE, NO_JS, KEYBOARD, NARROW = 0, 1, 2, 3
WAIT_MS = 60_000  # a page's poll runs every 4 s; the machine running the suite is loaded
GONE = "tomas (sitio 4) se ha ido o ha perdido la conexión: un bot juega en su sitio hasta que vuelva."
BACK = "tomas (sitio 4) ha vuelto y juega de nuevo en su sitio."
# Every text the page's aria-live line takes, kept in window.said.
LISTEN = """() => {
  window.said = [];
  const line = document.getElementById("table-live");
  new MutationObserver(() => window.said.push(line.textContent))
    .observe(line, {childList: true, subtree: true, characterData: true});
}"""


def _choice(g, done: dict) -> tuple[int, str, str]:
    """(seat, kind, value): what the table waits for, as these players choose it."""
    h = g.hand
    if "renounced" in done and "called" not in done:  # the next rival calls it at once
        offender = done["renounced"]
        return (offender + 1) % 4, "call", str(offender)
    seat = g.waiting_for()[0]
    cantes = g.cantes_of(seat)
    if cantes:
        if "sung" not in done:
            return seat, "cante", cante_value(cantes[0])
        if h.turn != seat or g.deciding():
            return seat, "pass", ""
    if "renounced" not in done and h.tricks and h.trick and seat != NO_JS:
        legal = set(h.legal())
        illegal = [c for c in h.hand_of(seat) if c not in legal]
        if illegal:
            return seat, "card", illegal[0].code
    return seat, "card", h.legal()[0].code


BUTTON = {
    "card": 'button[name="card"][value="{}"]',
    "cante": 'button[name="cante"][value="{}"]',
    "pass": 'button[name="pasar"]',
    "call": 'button[name="contra"][value="{}"]',
}


def _no_other_hand(page: Page, g, seat: int) -> None:
    html = page.content()
    for other in range(4):
        if other == seat:
            continue
        for c in g.hand.hand_of(other):
            if int(c) != g.hand.trump_card:
                assert f'data-card="{c.code}"' not in html and card_name(c) not in html, (seat, c.code)


def _press(page: Page, seat: int, selector: str) -> None:
    """By htmx, the page not loaded again (bob's, without JavaScript: a post and the page again)."""
    button = page.locator(selector)
    expect(button).to_be_visible(timeout=WAIT_MS)
    press(page, button, keyboard=seat == KEYBOARD, js=seat != NO_JS)


def _until_shown(page: Page, seat: int, version: int) -> None:
    """The page shows the table at ``version``: by its own polls, or (no JavaScript) by «Actualizar»."""
    region = page.locator("#table-region")
    if seat == NO_JS:
        if region.get_attribute("data-version") != str(version):
            with page.expect_navigation():
                page.get_by_role("link", name="Actualizar").first.click()
    expect(region).to_have_attribute("data-version", str(version), timeout=WAIT_MS)


@pytest.mark.django_db(transaction=True)
def test_a_hand_among_four_people_with_a_cante_a_called_renuncio_a_drop_out_and_a_teacher_watching(
    live_server, browser, monkeypatch, alice, bob, charlie, tomas, teresa
):
    # Nobody but tomas goes away however slow the machine is; his absence is dated back below.
    monkeypatch.setattr(services, "AWAY_SECONDS", 600)
    monkeypatch.setattr(services, "PLAIN_AWAY_SECONDS", 1200)  # bob, without JavaScript, is given longer
    base = live_server.url
    ours = classroom_services.create_classroom(teacher=teresa, name="4º B", rules="guia")
    table = services.create_table(
        user=alice,
        rules=PRESETS["guia"],
        level="principiante",
        renuncio=RenuncioRule.REAL,
        classroom=ours,
        seed=SEED,
    )
    people = {MOUSE: alice, NO_JS: bob, KEYBOARD: charlie, NARROW: tomas}
    for n in (NO_JS, KEYBOARD, NARROW):
        services.sit(user=people[n], token=table.token, number=n)
    services.start(user=alice, token=table.token)
    url = base + table.get_absolute_url()
    contexts = []

    def opened(user, **options) -> Page:
        page = _signed_in(browser, base, user, **options)
        contexts.append(page.context)
        return page

    try:
        narrow = {"viewport": {"width": 360, "height": 740}}
        pages = {
            MOUSE: opened(alice),
            NO_JS: opened(bob, java_script_enabled=False),
            KEYBOARD: opened(charlie),
            NARROW: opened(tomas, **narrow),
        }
        teacher = opened(teresa)
        for page in (*pages.values(), teacher):
            page.goto(url)
        assert pages[NARROW].evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
        # The time before a bot takes a seat is stated (10 minutes here: the test's AWAY_SECONDS).
        expect(pages[NO_JS].locator("[data-away-time]")).to_contain_text("al cabo de 10 minutos juega un bot")
        # The teacher is a spectator: the trick and the score, no hand and nothing to press.
        expect(teacher.locator("[data-score]")).to_contain_text("Partida")
        expect(teacher.locator("#table-region .trick")).to_be_visible()
        assert teacher.locator('button[name="card"]').count() == 0 and "Tu mano" not in teacher.content()

        done: dict = {}
        for _ in range(120):
            table.refresh_from_db()
            _hand, g = game(table)
            if g.over:
                break
            tricks = len(g.hand.tricks)
            if "called" in done and "sung" in done and tricks >= 5 and "dropped" not in done:
                # alice's page notes what its aria-live line says from now on.
                pages[MOUSE].evaluate(LISTEN)
                # tomas closes his browser; the time it takes to be "away" is dated back, not waited for.
                pages[NARROW].context.close()
                Seat.objects.filter(table=table, user=tomas).update(
                    last_seen=timezone.now() - timedelta(seconds=services.AWAY_SECONDS + 1)
                )
                done["dropped"] = tricks
                # The others' polls tell them at once (whoever's turn it is), in words and in the live line.
                expect(pages[MOUSE].locator("[data-presence]")).to_contain_text(GONE, timeout=WAIT_MS)
                assert Seat.objects.get(table=table, user=tomas).away_told
                assert any(GONE in " ".join(said.split()) for said in pages[MOUSE].evaluate("window.said"))
                continue
            away = "dropped" in done and "back" not in done
            by_bot = TableEvent.objects.filter(hand__table=table, seat=NARROW, by_bot=True)
            if away and g.waiting_for()[0] == NARROW:
                # Nobody presses anything: the others' polls find the table waiting for a bot's seat.
                for _wait in range(WAIT_MS // 250):
                    if by_bot.count() > done.get("bot", 0):
                        break
                    pages[MOUSE].wait_for_timeout(250)
            if away and by_bot.count() > done.get("bot", 0):
                done["bot"] = by_bot.count()
                table.refresh_from_db()
                _until_shown(pages[MOUSE], MOUSE, table.version)
                expect(pages[MOUSE].locator(f'[data-seats] [data-seat="{NARROW}"]')).to_contain_text(
                    "ausente: juega un bot"
                )
                # bob, without JavaScript, is told by «Actualizar».
                _until_shown(pages[NO_JS], NO_JS, table.version)
                expect(pages[NO_JS].locator("[data-presence]")).to_contain_text(GONE)
                continue
            if away and done.get("bot") and tricks >= done["dropped"] + 2:
                # tomas is back, from another browser: his page takes the seat back.
                pages[NARROW] = opened(tomas, **narrow)
                pages[NARROW].goto(url)
                expect(pages[NARROW].locator(f'[data-seats] [data-seat="{NARROW}"]')).to_contain_text("tú")
                expect(pages[NARROW].locator(f'[data-seats] [data-seat="{NARROW}"]')).not_to_contain_text(
                    "ausente"
                )
                expect(pages[MOUSE].locator(f'[data-seats] [data-seat="{NARROW}"]')).not_to_contain_text(
                    "ausente", timeout=WAIT_MS
                )
                expect(pages[MOUSE].locator("[data-presence] li").last).to_have_text(BACK)
                assert any(BACK in " ".join(said.split()) for said in pages[MOUSE].evaluate("window.said"))
                done["back"] = True
                continue
            seat, kind, value = _choice(g, done)
            page = pages[seat]
            _until_shown(page, seat, table.version)
            _no_other_hand(page, g, seat)
            before = TableEvent.objects.filter(hand__table=table).count()
            _press(page, seat, BUTTON[kind].format(value))
            assert TableEvent.objects.filter(hand__table=table).count() > before, (seat, kind, value)
            if kind == "cante":
                done["sung"] = seat
                expect(teacher.locator("[data-sung]")).to_be_visible(timeout=WAIT_MS)
            elif kind == "card" and not TableEvent.objects.filter(hand__table=table, value=value).get().legal:
                done["renounced"] = seat
            elif kind == "call":
                call = TableEvent.objects.get(hand__table=table, kind="call")
                assert call.grade["verdict"] == "upheld"
                expect(page.locator("[data-calls]")).to_contain_text("¡Renuncio!")
                expect(page.locator("[data-calls]")).to_contain_text("El árbitro")
                done["called"] = True
                # The teacher's page, by its polls: the trick and the score, the call, still no hand.
                expect(teacher.locator("[data-calls]")).to_contain_text("¡Renuncio!", timeout=WAIT_MS)
                assert "Tu mano" not in teacher.content()
        else:
            raise AssertionError("the hand did not end")

        assert {"sung", "renounced", "called", "dropped", "bot", "back"} <= set(done), done
        # Every page shows the hand over (bob's after «Actualizar»), and the teacher sees the four hands.
        table.refresh_from_db()
        for seat, page in pages.items():
            _until_shown(page, seat, table.version)
            expect(page.locator("[data-hand-over]")).to_contain_text("Gana la pareja")
        _until_shown(teacher, MOUSE, table.version)
        expect(teacher.locator("[data-hand-over]")).to_contain_text("Gana la pareja")
        expect(teacher.get_by_text("Las cuatro manos como se repartieron")).to_be_visible()
        dealt = teacher.locator("[data-hand-over] ~ * [data-card]")
        assert dealt.count() >= len(CARDS)
        kept = HandRecord.objects.filter(source=Source.TABLE)
        assert sorted(kept.values_list("seat", flat=True)) == [0, 1, 2, 3]
    finally:
        for context in contexts:
            with contextlib.suppress(Exception):  # tomas's first browser is closed already
                context.close()
