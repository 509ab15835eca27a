"""A «jugar manos» row in a browser: with JavaScript its count (max 10) and bots' level show for that type
and the others hide; without it every group shows, under a legend naming its types."""

from django.utils import timezone
from playwright.sync_api import Page, expect

from tests.browser.test_classroom_flow import _log_in
from tutor.classroom import services
from tutor.classroom.models import Membership, SetItem


def _open_form(page: Page, live_server, teresa, alice, password) -> None:
    classroom = services.create_classroom(teacher=teresa, name="5º A", rules="guia")
    Membership.objects.create(classroom=classroom, student=alice, real_name="Alicia Gómez")
    _log_in(page, live_server.url, "teresa", password)
    page.goto(f"{live_server.url}/clases/{classroom.pk}/tareas/nueva/")
    page.get_by_label("Título").fill("Tres manos")
    now = timezone.localtime()
    page.get_by_label("Se abre").fill((now - timezone.timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M"))
    page.get_by_label("Fecha de entrega").fill((now + timezone.timedelta(days=2)).strftime("%Y-%m-%dT%H:%M"))


def test_a_play_row_shows_its_count_and_bot_level(
    live_server, page, transactional_db, teresa, alice, password
):
    _open_form(page, live_server, teresa, alice, password)
    row = page.locator("[data-set-item]").first
    count, level = row.locator("#id_item-0-count"), row.locator("#id_item-0-bot_level")
    expect(count).to_be_hidden()  # no type yet
    expect(level).to_be_hidden()
    row.locator("#id_item-0-kind").select_option("play")
    expect(count).to_be_visible()
    expect(level).to_be_visible()
    expect(count).to_have_attribute("max", "10")
    expect(row.locator("#id_item-0-difficulty")).to_be_hidden()
    expect(row.locator("#id_item-0-family")).to_be_hidden()
    expect(row.get_by_label("Nivel de los bots")).to_have_value("normal")
    row.locator("#id_item-0-kind").select_option("family")
    expect(count).to_have_attribute("max", "20")
    expect(level).to_be_hidden()
    row.locator("#id_item-0-kind").select_option("play")

    count.fill("11")
    page.get_by_role("button", name="Guardar y publicar").click()
    row = page.locator("[data-set-item]").first
    expect(row.get_by_text("Como mucho 10 manos.")).to_be_visible()
    expect(row.locator("#id_item-0-count")).to_have_attribute("max", "10")
    expect(row.locator("#id_item-0-count")).to_have_accessible_description(
        "Para «familia» y «habilidad», el número de preguntas (de 1 a 20). Para «jugar manos», el número "
        "de manos (de 1 a 10), con los mismos repartos para todos los alumnos. Para «repite tus errores de "
        "la mesa», cuántas jugadas de sus manos repite cada alumno (de 1 a 20): las suyas; quien tenga "
        "menos repite las que tenga. Como mucho 10 manos."
    )
    row.locator("#id_item-0-count").fill("3")
    row.get_by_label("Nivel de los bots").select_option("fuerte")
    page.get_by_role("button", name="Guardar y publicar").click()
    expect(page.get_by_role("heading", name="Tres manos", level=1)).to_be_visible()
    item = SetItem.objects.get()
    assert (item.kind, item.count, item.bot_level) == ("play", 3, "fuerte")
    assert not page.console_errors


def test_without_javascript_a_play_rows_fields_show_under_legends_that_say_so(
    live_server, page_nojs, transactional_db, teresa, alice, password
):
    page = page_nojs
    _open_form(page, live_server, teresa, alice, password)
    row = page.locator("[data-set-item]").first
    for name in ("kind", "family", "rule_id", "position", "count", "difficulty", "bot_level"):
        expect(row.locator(f"#id_item-0-{name}")).to_be_visible()
    legend = row.locator("fieldset:has(#id_item-0-bot_level) > legend")
    expect(legend).to_have_text("Solo para «jugar manos»")
    expect(row.locator("fieldset:has(#id_item-0-count) > legend")).to_have_text(
        "Para «familia», «habilidad», «jugar manos» y «repite tus errores de la mesa»"
    )
    row.locator("#id_item-0-kind").select_option("play")
    row.locator("#id_item-0-count").fill("11")
    row.locator("#id_item-0-bot_level").select_option("principiante")
    page.get_by_role("button", name="Guardar y publicar").click()
    row = page.locator("[data-set-item]").first
    expect(row.get_by_text("Como mucho 10 manos.")).to_be_visible()
    expect(row.locator("#id_item-0-count")).to_have_attribute("max", "10")
    expect(row.locator("#id_item-0-bot_level")).to_have_value("principiante")
    row.locator("#id_item-0-count").fill("2")
    page.get_by_role("button", name="Guardar y publicar").click()
    expect(page.get_by_role("heading", name="Tres manos", level=1)).to_be_visible()
    item = SetItem.objects.get()
    assert (item.kind, item.count, item.bot_level) == ("play", 2, "principiante")
