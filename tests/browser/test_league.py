"""A class's league of four pairs played to its standings in Chromium: the teacher makes it from her
class's students, types four results, pastes the hands of a fifth fixture played at a physical table,
and a student (JavaScript off, 360 px) opens the sixth at a table of the app. That table's match is then
played to its end by its four players' posts (the same form posts the table's page makes; a whole match
by browser would take minutes), and its result reaches the standings by itself."""

from django.conf import settings
from django.test import Client
from django.urls import reverse
from playwright.sync_api import Page, expect

from tests.browser.test_accessibility import OVERFLOW, RUN_AXE, axe_source  # noqa: F401 (a fixture)
from tests.tutor.tables.conftest import match_records, play_out
from tutor.accounts.display import COOKIE as DISPLAY_COOKIE
from tutor.classroom import services as classroom_services
from tutor.classroom.models import Membership
from tutor.tables import services
from tutor.tables.models import League, Table


def _signed_in(browser, base: str, user, **options) -> Page:
    context = browser.new_context(locale="es-ES", **options)
    context.set_default_timeout(10_000)
    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": base}])
    return context.new_page()


def _accessible(page: Page, source: str) -> list[str]:
    """axe-core's serious violations on the page at 360 and 1280 px, and any sideways scroll at 360."""
    problems = []
    for width in (360, 1280):
        page.set_viewport_size({"width": width, "height": 800})
        if not page.evaluate("typeof window.axe !== 'undefined'"):
            page.evaluate(source)
        problems += [f"{page.url} @{width}: {v}" for v in page.evaluate(RUN_AXE, None)]
        if width == 360 and page.evaluate(OVERFLOW) > 0:
            problems.append(f"{page.url} @360 scrolls sideways")
    return problems


def _client(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


def test_a_class_league_of_four_pairs_played_to_its_standings(
    live_server,
    browser,
    teresa,
    django_user_model,
    axe_source,  # noqa: F811 (the fixture)
):
    base = live_server.url
    students = [django_user_model.objects.create(username=f"socio{i}", role="learner") for i in range(8)]
    classroom = classroom_services.create_classroom(teacher=teresa, name="Hogar", rules="guia")
    for i, s in enumerate(students):
        Membership.objects.create(classroom=classroom, student=s, real_name=f"Socia {i}")

    teacher = _signed_in(browser, base, teresa)
    teacher.goto(base + reverse("tables:leagues"))
    teacher.get_by_role("link", name="Liga de «Hogar»").click()
    problems = _accessible(teacher, axe_source)
    teacher.get_by_label("Nombre de la liga").fill("Liga de los martes")
    for n in range(1, 5):
        teacher.get_by_label(f"Pareja {n}: primer jugador").select_option(
            label=f"Socia {2 * n - 2} (socio{2 * n - 2})"
        )
        teacher.get_by_label(f"Pareja {n}: segundo jugador").select_option(
            label=f"Socia {2 * n - 1} (socio{2 * n - 1})"
        )
    teacher.get_by_role("button", name="Crear la liga").click()
    expect(teacher.get_by_role("heading", name="Liga de los martes")).to_be_visible()
    league = League.objects.get()
    fixtures = list(league.fixtures.select_related("home", "away"))
    assert len(fixtures) == 6
    typed, pasted, at_table = fixtures[:4], fixtures[4], fixtures[5]

    # Four results typed: the home pair wins 3–1, 3–2, 3–0, 3–1.
    scores = [(3, 1), (3, 2), (3, 0), (3, 1)]
    for f, (home, away) in zip(typed, scores, strict=True):
        row = teacher.locator(f'[data-fixture="{f.pk}"]')
        row.get_by_label(f"Puntos de {f.home.name}").fill(str(home))
        row.get_by_label(f"Puntos de {f.away.name}").fill(str(away))
        with teacher.expect_navigation():
            row.get_by_role("button", name="Anotar").click()
        expect(teacher.locator(f'[data-fixture="{f.pk}"]')).to_contain_text(f"{home} – {away}")

    # A fixture played at a physical table: its hands pasted, the referee counts the match.
    text, match = match_records(7)
    teacher.locator(f'[data-fixture="{pasted.pk}"]').get_by_role("link", name="Pegar las manos").click()
    teacher.get_by_label("Las manos del partido").fill(text)
    problems += _accessible(teacher, axe_source)
    teacher.get_by_role("button", name="Que el árbitro cuente el partido").click()
    expect(teacher.get_by_text("Resultado anotado desde")).to_be_visible()
    a, b = match.points
    expect(teacher.locator(f'[data-fixture="{pasted.pk}"]')).to_contain_text(f"{a} – {b}")

    # A player of the last fixture opens its table from the league (no JavaScript, a phone's width).
    opener = at_table.away.second
    phone = _signed_in(
        browser, base, opener, java_script_enabled=False, viewport={"width": 360, "height": 740}
    )
    phone.goto(base + league.get_absolute_url())
    expect(phone.get_by_role("button", name="Anotar")).to_have_count(0)  # players see, they do not manage
    assert phone.evaluate(OVERFLOW) <= 0
    phone.locator(f'[data-fixture="{at_table.pk}"]').get_by_role(
        "button", name="Jugarlo en una mesa de la aplicación"
    ).click()
    table = Table.objects.get()
    assert phone.url.endswith(table.get_absolute_url())
    for player in (at_table.home.first, at_table.away.first, at_table.home.second, opener):
        expect(phone.get_by_text(player.username, exact=False).first).to_be_visible()
    with phone.expect_navigation():
        phone.get_by_role("button", name="Empezar la partida").click()

    seats = {s.number: _client(s.user) for s in table.seats.select_related("user")}
    for _hand in range(8):
        play_out(table, seats)
        table.refresh_from_db()
        if table.over:
            break
        number = services.current_hand(table).number + 1
        seats[0].post(reverse("tables:next_hand", args=[table.token]), {"number": number})
    assert table.over

    # The standings, from the league's page: every pair played three, six matches won in all.
    teacher.goto(base + league.get_absolute_url())
    expect(teacher.locator(f'[data-fixture="{at_table.pk}"]')).to_contain_text(
        f"{table.points[0]} – {table.points[1]}"
    )
    problems += _accessible(teacher, axe_source)
    teacher.goto(base + reverse("tables:league_print", args=[league.pk]))
    problems += _accessible(teacher, axe_source)
    teacher.context.add_cookies([{"name": DISPLAY_COOKIE, "value": "grande", "url": base}])
    teacher.reload()
    problems += _accessible(teacher, axe_source)  # «Letra grande»: the sheet still fits 360 px
    teacher.goto(base + league.get_absolute_url())
    problems += _accessible(teacher, axe_source)
    assert not problems, "\n".join(problems)
    rows = teacher.locator("[data-standings] tbody tr")
    expect(rows).to_have_count(4)
    won = {pair.name: 0 for pair in league.pairs.all()}
    winners = [f.home.name for f in typed]
    winners.append((pasted.home, pasted.away)[match.winner].name)
    winners.append((at_table.home, at_table.away)[table.winner].name)
    for name in winners:
        won[name] += 1
    shown = {}
    for i in range(4):
        cells = rows.nth(i).locator("td, th").all_inner_texts()
        shown[cells[1]] = (int(cells[2]), int(cells[3]))
    assert shown == {name: (3, w) for name, w in won.items()}
    first = rows.nth(0).locator("th").inner_text()
    assert won[first] == max(won.values())
