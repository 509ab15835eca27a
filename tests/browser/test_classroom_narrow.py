"""Every classroom page with a form fits a 360 px phone: nothing makes the page scroll sideways."""

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from tests.browser.test_classroom_flow import _log_in
from tests.tutor.classroom.conftest import make_set
from tutor.classroom import services
from tutor.classroom.models import Membership, Position
from tutor.progress.models import SkillStat

PHONE = {"width": 360, "height": 740}


@pytest.fixture
def narrow(browser):
    context = browser.new_context(locale="es-ES", viewport=PHONE)
    page = context.new_page()
    yield page
    context.close()


def _width(page: Page, url: str) -> int:
    page.goto(url)
    expect(page.locator("main h1")).to_be_visible()
    return page.evaluate("document.documentElement.scrollWidth")


def test_every_classroom_form_page_fits_a_360_px_screen(
    live_server, narrow, transactional_db, teresa, alice, bob, password
):
    classroom = services.create_classroom(teacher=teresa, name="4º B", rules="estricta")
    Membership.objects.create(classroom=classroom, student=alice, real_name="Alicia Gómez")
    Position.objects.create(
        owner=teresa,
        title="Una posición con un título bastante largo para ver si cabe en el desplegable",
        data={"trump": "o", "trick": ["10c"], "hand": ["12c", "4c", "6b"], "rules": "estricta"},
    )
    practice_set = make_set(
        classroom, teresa, items=[{"kind": "skill", "rule_id": "R-OBL-PISAR", "count": 2, "difficulty": 1}]
    )
    for rule_id in ("R-OBL-ASISTIR", "R-OBL-MONTAR", "R-OBL-FALLAR", "R-OBL-PISAR", "R-DECK-4", "R-CANTE-1"):
        SkillStat.objects.create(
            learner=alice, kind=SkillStat.Kind.RULE, key=rule_id, attempts=2, recent="10"
        )
    # Bob has practised one skill only: his row's «sin practicar» cells (a visually hidden text, absolutely
    # positioned) lie far past the screen's edge, inside the dashboard's scroll region.
    Membership.objects.create(classroom=classroom, student=bob, real_name="Roberto Díaz")
    SkillStat.objects.create(
        learner=bob, kind=SkillStat.Kind.RULE, key="R-OBL-ASISTIR", attempts=1, recent="1"
    )
    member = Membership.objects.get(classroom=classroom, student=alice)
    base = live_server.url
    _log_in(narrow, base, "teresa", password)
    widths = {}
    for url in (
        reverse("classroom:index"),
        reverse("classroom:create"),
        reverse("classroom:detail", args=[classroom.pk]),
        reverse("classroom:new_students", args=[classroom.pk]),
        reverse("classroom:set_create", args=[classroom.pk]),
        reverse("classroom:positions"),
        reverse("classroom:position_create"),
        reverse("classroom:set_detail", args=[practice_set.pk]),
        reverse("classroom:heatmap", args=[classroom.pk]),
        reverse("classroom:student_skill", args=[classroom.pk, member.pk, "R-OBL-MONTAR"]),
    ):
        widths[url] = _width(narrow, base + url)
    narrow.goto(base + reverse("classroom:new_students", args=[classroom.pk]))
    narrow.get_by_label("Nombres reales, uno por línea").fill("María de los Ángeles Fernández\nLeo")
    narrow.get_by_role("button", name="Guardar").click()
    expect(narrow.locator(".login-card")).to_have_count(2)
    widths["login slips"] = narrow.evaluate("document.documentElement.scrollWidth")

    narrow.get_by_role("button", name="Salir").click()
    _log_in(narrow, base, "alice", password)
    for url in (reverse("classroom:index"), reverse("classroom:tasks")):
        widths["alice: " + url] = _width(narrow, base + url)
    too_wide = {url: w for url, w in widths.items() if w > PHONE["width"]}
    assert not too_wide, f"pages wider than {PHONE['width']} px: {too_wide}"
