"""A teacher in a browser: the class's weakest skill found by keyboard, a position built from the set form
and published, children's login slips printed."""

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from lessons.course import load_course
from tests.browser.test_classroom_flow import _log_in
from tests.tutor.classroom.helpers import wrong_card
from tutor.classroom import services
from tutor.classroom.models import Membership, PracticeSet
from tutor.practice.identity import Owner
from tutor.practice.services import issue, submit
from tutor.progress.models import SkillStat

# Alice and Bob's recent results per skill (oldest first): montar is the class's weakest (both 0).
RECENT = {
    "R-OBL-ASISTIR": ("1111111111", "1111"),
    "R-OBL-MONTAR": ("0001", "000"),
    "R-OBL-FALLAR": ("111", "1011"),
    "R-OBL-PISAR": ("11111", "0110"),
    "R-DECK-4": ("111111", "111"),
    "R-CANTE-1": ("1101", "1111111"),
    "R-TRICK-2": ("111", "0111"),
    "R-OBL-CORTADA": ("1010", "111"),
}


def _title(rule_id: str) -> str:
    return load_course().steps_for_rule(rule_id)[0].title


@pytest.fixture
def practised_class(transactional_db, teresa, alice, bob):
    classroom = services.create_classroom(teacher=teresa, name="4º B", rules="guia")
    Membership.objects.create(classroom=classroom, student=alice, real_name="Alicia Gómez")
    Membership.objects.create(classroom=classroom, student=bob, real_name="Roberto Díaz")
    for rule_id, (mine, his) in RECENT.items():
        for student, recent in ((alice, mine), (bob, his)):
            SkillStat.objects.create(
                learner=student,
                kind=SkillStat.Kind.RULE,
                key=rule_id,
                attempts=len(recent),
                correct=recent.count("1"),
                recent=recent,
            )
    # One real wrong answer of Bob's on montar, to open from the dashboard.
    issued = issue(
        owner=Owner(bob, ""), mode="habilidad", family="jugada", difficulty=2, target="R-OBL-MONTAR", seed=5
    )
    submit(owner=Owner(bob, ""), token=issued.token, raw=wrong_card(issued))
    return classroom


def _tab_until(page: Page, selector: str, limit: int = 80) -> None:
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("(s) => document.activeElement.matches(s)", selector):
            return
    raise AssertionError(f"{selector} never took the keyboard focus")


def test_a_teacher_finds_the_weakest_skill_by_keyboard_and_opens_a_students_answers(
    live_server, browser, practised_class, password
):
    context = browser.new_context(locale="es-ES", viewport={"width": 820, "height": 1000})  # a tablet
    page = context.new_page()
    _log_in(page, live_server.url, "teresa", password)
    page.goto(f"{live_server.url}/clases/{practised_class.pk}/")
    _tab_until(page, f"a[href='/clases/{practised_class.pk}/progreso/']")
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="Dominio por habilidad", level=1)).to_be_visible()
    montar = _title("R-OBL-MONTAR")
    expect(page.get_by_test_id("weakest-skill").first).to_contain_text(montar)

    region = page.get_by_role("region", name="Dominio de cada alumno de 4º B por habilidad")
    _tab_until(page, "[data-testid='dashboard-scroll']")
    expect(region).to_be_focused()  # reached by Tab, and named by its caption
    assert page.evaluate("() => { const r = document.activeElement; return r.scrollWidth > r.clientWidth; }")
    for _ in range(6):
        page.keyboard.press("ArrowRight")
    # Arrow keys scroll smoothly: wait for the region to have moved.
    page.wait_for_function("() => document.querySelector('[data-testid=dashboard-scroll]').scrollLeft > 0")
    # The student names stay in view while scrolling sideways, the skills' headings while scrolling down.
    for sticky in (".dashboard__student", ".dashboard__skill"):
        assert page.locator(sticky).first.evaluate("(th) => getComputedStyle(th).position") == "sticky"
    headings = page.locator(".dashboard__skill-name")
    expect(headings.first).to_have_text(montar)
    # Colour and words: the weakest cells are red and say so.
    first_cell = page.locator("tbody tr").first.locator("td").first
    expect(first_cell).to_contain_text("Por aprender")
    assert first_cell.evaluate("(td) => getComputedStyle(td).backgroundColor") == "rgb(246, 201, 205)"

    _tab_until(page, "tbody tr:first-child td:first-of-type a")
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Roberto Díaz: {montar}")
    expect(page.get_by_text("Respuesta correcta:")).to_be_visible()
    context.close()


def test_a_teacher_builds_a_position_from_the_set_form_and_publishes(
    live_server, page, transactional_db, teresa, alice, password
):
    classroom = services.create_classroom(teacher=teresa, name="5º A", rules="guia")
    Membership.objects.create(classroom=classroom, student=alice, real_name="Alicia Gómez")
    _log_in(page, live_server.url, "teresa", password)
    page.goto(f"{live_server.url}/clases/{classroom.pk}/tareas/nueva/")
    expect(page.get_by_test_id("no-positions")).to_be_visible()
    page.get_by_label("Título").fill("Con mi posición")
    now = timezone.localtime()
    page.get_by_label("Se abre").fill((now - timezone.timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M"))
    page.get_by_label("Fecha de entrega").fill((now + timezone.timedelta(days=2)).strftime("%Y-%m-%dT%H:%M"))
    row = page.locator("[data-set-item]").first
    expect(row.locator("[data-kinds='skill']")).to_be_hidden()  # no type yet: only the type shows
    row.locator("#id_item-0-kind").select_option("family")
    expect(row.locator("#id_item-0-family")).to_be_visible()
    expect(row.locator("#id_item-0-rule_id")).to_be_hidden()
    expect(row.locator("#id_item-0-position")).to_be_hidden()
    row.locator("#id_item-0-family").select_option("obligacion")

    page.get_by_role("button", name="Construir o importar una posición").click()
    expect(page.get_by_role("heading", name="Construir una posición")).to_be_visible()
    page.get_by_label("Título").fill("Hay que montar")
    page.get_by_label("Triunfo").select_option("o")
    page.get_by_label("Baza hasta ahora, en orden de juego").fill("sota de copas")
    for name in ("rey de copas", "cuatro de copas", "seis de bastos"):
        page.get_by_label(name, exact=True).check()
    page.get_by_role("button", name="Guardar", exact=True).click()

    expect(page.get_by_role("heading", name="Nueva tarea")).to_be_visible()
    expect(page.get_by_label("Título")).to_have_value("Con mi posición")
    expect(page.locator("#id_item-0-family")).to_have_value("obligacion")
    second = page.locator("[data-set-item]").nth(1)
    expect(second.locator("#id_item-1-kind")).to_have_value("position")
    expect(second.locator("#id_item-1-position")).to_be_visible()
    expect(second.locator("#id_item-1-position option:checked")).to_have_text("Hay que montar")
    expect(second.locator("#id_item-1-count")).to_be_hidden()
    page.get_by_role("button", name="Guardar y publicar").click()

    expect(page.get_by_role("heading", name="Con mi posición", level=1)).to_be_visible()
    practice_set = PracticeSet.objects.get(title="Con mi posición")
    assert practice_set.published_at is not None
    kinds = list(practice_set.items.values_list("kind", "family", "position_title"))
    assert kinds == [("family", "obligacion", ""), ("position", "jugada", "Hay que montar")]
    assert not page.console_errors


def test_a_teacher_prints_the_childrens_login_slips(live_server, page, transactional_db, teresa, password):
    classroom = services.create_classroom(teacher=teresa, name="3º C", rules="guia")
    _log_in(page, live_server.url, "teresa", password)
    page.goto(f"{live_server.url}/clases/{classroom.pk}/alumnos/nuevos/")
    page.get_by_label("Nombres reales, uno por línea").fill("Lucía Pérez\nMateo Ruiz\nNoa Martín")
    page.get_by_role("button", name="Guardar").click()
    expect(page.locator(".login-card")).to_have_count(3)
    button = page.get_by_role("button", name="Imprimir las fichas")
    expect(button).to_be_visible()
    page.evaluate("() => { window.print = () => { window.printed = true; }; }")
    button.click()
    assert page.evaluate("() => window.printed === true")

    page.emulate_media(media="print")
    expect(page.locator(".site-header")).to_be_hidden()
    expect(button).to_be_hidden()
    expect(page.locator(".login-card").first).to_be_visible()
    for card in page.locator(".login-card").all():
        assert card.evaluate("(li) => getComputedStyle(li).breakInside") == "avoid"
        for part in (".login-card__password", ".login-card__user", ".login-card__url"):
            one_line = card.locator(part).evaluate(
                "(el) => { const r = el.getClientRects(); return r.length === 1; }"
            )
            assert one_line, f"{part} is split across lines"
    assert not page.console_errors
