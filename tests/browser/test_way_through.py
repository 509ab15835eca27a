"""The way between pages: where «Continuar» leads after a detour, and a child's homework on the home page."""

import re

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from lessons.course import load_course
from lessons.models import StepProgress
from tests.tutor.classroom.conftest import make_set
from tutor.classroom import services as classroom

COURSE = load_course()


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    # MD5 for the test's own users; the project's hashers of children's generated passwords stay.
    settings.PASSWORD_HASHERS = [
        "django.contrib.auth.hashers.MD5PasswordHasher",
        "tutor.classroom.passwords.StrengthenedPasswordHasher",
        "tutor.classroom.passwords.FreshPasswordHasher",
    ]


def _log_in(page, base: str, username: str, password: str) -> None:
    page.goto(base + "/")
    page.get_by_role("banner").get_by_role("link", name="Entrar").click()
    page.get_by_label("Nombre de usuario").fill(username)
    page.get_by_label("Contraseña").fill(password)
    page.get_by_role("main").get_by_role("button", name="Entrar").click()
    expect(page.get_by_role("banner").get_by_text(username)).to_be_visible()


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "nojs"])
def test_a_beginner_who_follows_a_glossary_link_to_a_late_unit_still_resumes_at_the_first_unfinished_step(
    live_server, browser, transactional_db, alice, password, javascript
):
    first, second = COURSE.steps[0], COURSE.steps[1]
    now = timezone.now()
    StepProgress.objects.create(learner=alice, step_key=first.key, last_seen_at=now, done_at=now)
    late = next(t for t in COURSE.glossary if COURSE.step(t.unit_slug, t.step_slug).unit_order >= 10)
    late_step = COURSE.step(late.unit_slug, late.step_slug)
    context = browser.new_context(locale="es-ES", java_script_enabled=javascript)
    page = context.new_page()
    try:
        _log_in(page, live_server.url, "alice", password)
        page.get_by_role("navigation", name="Principal").get_by_role("link", name="Lecciones").click()
        page.get_by_role("link", name="Glosario").first.click()
        page.locator(f"#{late.slug}").get_by_role("link", name=re.compile(re.escape(late_step.title))).click()
        expect(page.get_by_role("heading", level=1)).to_contain_text(late_step.title)
        page.get_by_role("navigation", name="Principal").get_by_role("link", name="Lecciones").click()
        page.get_by_role("link", name=re.compile(r"^Continuar")).click()
        expect(page.get_by_role("heading", level=1)).to_contain_text(second.title)
        page.goto(live_server.url + "/")
        expect(page.locator("[data-home-action]")).to_contain_text(second.title)
    finally:
        context.close()


def test_a_child_with_a_set_due_sees_it_on_the_home_page_after_logging_in_and_reaches_its_first_question(
    live_server, page, transactional_db, teresa
):
    room = classroom.create_classroom(teacher=teresa, name="3º A", rules="guia")
    (login,) = classroom.create_managed_students(classroom=room, names=["Lucía Pérez"])
    make_set(room, teresa, title="Asistir para el viernes", due_in_days=3)
    _log_in(page, live_server.url, login.username, login.password)
    expect(page).to_have_url(live_server.url + "/")
    tasks = page.get_by_role("region", name="Tus tareas")
    expect(tasks).to_contain_text("Asistir para el viernes")
    expect(tasks).to_contain_text("para el")
    page.locator("[data-home-action]").click()  # the one click
    expect(page.get_by_role("heading", level=1)).to_have_text("Asistir para el viernes")
    form = page.locator("form[data-practice-form]")
    expect(form).to_be_visible()
    expect(page.locator('[aria-current="step"]')).to_contain_text("Pregunta 1")
