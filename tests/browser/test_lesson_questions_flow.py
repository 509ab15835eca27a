"""A lesson's questions in Chromium (issue 29, item 14). With JavaScript, a wrong answer swapped into
the step offers «Otra pregunta», which brings a new question without a manual reload. Without it, an
empty «Comprobar» comes back to the step with its error at the question's top, on the screen and
focusable, at an address that a reload reads again (Post/Redirect/Get) instead of posting."""

import re

import pytest
from playwright.sync_api import expect

from tests.lessons.conftest import wrong_answer
from tutor.practice.models import Attempt, Issued

STEP = "/lecciones/montar/la-mas-fuerte-de-la-baza/"  # a jugada (a card), then a validas (cards)


def _questions() -> tuple[Issued, Issued]:
    first = Issued.objects.get(lesson_checkpoint__index=0, attempt__isnull=True)
    second = Issued.objects.get(lesson_checkpoint__index=1, attempt__isnull=True)
    return first, second


@pytest.mark.django_db(transaction=True)
def test_a_wrong_answer_then_another_question_without_reloading_by_hand(live_server, page):
    page.goto(live_server.url + STEP)
    page.get_by_role("button", name="Empezar las preguntas").click()
    page.wait_for_load_state("load")
    first, _second = _questions()
    scenario = page.locator(f"#scenario-{first.token}")
    scenario.locator(f'button[name="answer"][value="{wrong_answer(first)}"]').click()
    expect(scenario.locator("[data-feedback]")).to_contain_text("Incorrecto.")
    expect(scenario.get_by_role("link", name="Continuar")).to_have_count(0)
    scenario.get_by_role("button", name="Otra pregunta").click()
    again = Issued.objects.filter(lesson_checkpoint__index=0).exclude(pk=first.pk)
    expect(page.locator("[data-scenario]").first).not_to_have_attribute("data-scenario", first.token)
    (new,) = again
    expect(page.locator(f"#scenario-{new.token} form[data-practice-form]")).to_be_visible()
    assert page.console_errors == []


@pytest.mark.django_db(transaction=True)
def test_an_empty_answer_without_javascript_shows_its_error_at_the_question(live_server, browser):
    context = browser.new_context(
        locale="es-ES", java_script_enabled=False, viewport={"width": 360, "height": 640}
    )
    page = context.new_page()
    page.goto(live_server.url + STEP)
    page.get_by_role("button", name="Empezar las preguntas").click()
    _first, second = _questions()
    scenario = page.locator(f"#scenario-{second.token}")
    scenario.get_by_role("button", name="Comprobar").click()
    expect(page).to_have_url(re.compile(rf"{re.escape(STEP)}#error-{second.token}$"))
    error = page.locator(f"#error-{second.token}")
    expect(error).to_have_text("Elige una respuesta antes de comprobar.")
    expect(error).to_be_in_viewport()
    assert error.get_attribute("tabindex") == "-1"
    described = scenario.locator(f'fieldset[aria-describedby="error-{second.token}"]')
    expect(described).to_have_count(1)
    # A reload reads the step again: no form is posted, the error was told once.
    page.reload()
    expect(page.locator(f"#error-{second.token}")).to_have_count(0)
    expect(scenario.locator("form[data-practice-form]")).to_be_visible()
    assert not Attempt.objects.exists()
    context.close()
