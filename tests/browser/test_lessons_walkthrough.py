"""A new learner walks the asistir and montar units: tries a wrong card, sees why, passes every checkpoint.

Once with JavaScript on, driven by the keyboard only (htmx swaps the ruling and the feedback in place),
once with JavaScript off (plain forms, Post/Redirect/Get). The right answers are read from the scenarios
stored server-side, as a learner who knew the rules would give them.
"""

import re

import pytest
from playwright.sync_api import expect

from lessons.course import load_course
from tutor.practice.models import Issued

COURSE = load_course()
WALK = [*COURSE.unit("asistir").steps, *COURSE.unit("montar").steps]


def _press(page, locator, key: str = "Enter") -> None:
    """Keyboard only: move focus to the control and press a key, as Tab would and a user does."""
    locator.focus()
    expect(locator).to_be_focused()
    page.keyboard.press(key)


def _activate(page, locator, keyboard: bool, key: str = "Enter") -> None:
    if keyboard:
        _press(page, locator, key)
    else:
        locator.click()


def _answer(page, issued: Issued, keyboard: bool) -> None:
    scenario = issued.scenario
    box = page.locator(f"#scenario-{issued.token}")
    answer, kind = scenario["answer"], scenario["answer_kind"]
    if kind in ("card", "choice"):
        value = answer[0] if isinstance(answer, list) else answer
        _activate(page, box.locator(f'button[name="answer"][value="{value}"]'), keyboard)
    elif kind == "cards":
        for code in answer:
            _activate(page, box.locator(f'input[name="answer"][value="{code}"]'), keyboard, "Space")
        _activate(page, box.get_by_role("button", name="Comprobar"), keyboard)
    else:
        box.locator('input[name="answer"]').fill(str(answer))
        _activate(page, box.get_by_role("button", name="Comprobar"), keyboard)


def _try_a_wrong_card(page, step, keyboard: bool) -> None:
    example = step.example
    wrong = next(c for c in example.hand if c not in example.legal)
    form = page.locator(".lesson-example__form")
    _activate(page, form.locator(f'button[name="carta"][value="{wrong.code}"]'), keyboard)
    result = page.locator("#example-result")
    expect(result).to_contain_text(f"{wrong.name.capitalize()}:")
    expect(result).to_contain_text("no se puede jugar")
    expect(result.locator(f'[data-card="{wrong.code}"]')).to_contain_text("no válida")
    expect(result).to_contain_text(str(example.ruling().verdict(wrong).why))


def _walk(page, base_url: str, keyboard: bool, javascript: bool) -> None:
    page.goto(base_url + "/lecciones/")
    _activate(page, page.get_by_role("link", name=re.compile(r"^Empezar")), keyboard)
    expect(page).to_have_url(re.compile(rf"/lecciones/{COURSE.steps[0].key}/$"))
    # The course starts at the deck; this learner knows the deck and picks the asistir unit.
    page.go_back()
    _activate(page, page.get_by_role("link", name=f"{WALK[0].number} · {WALK[0].title}"), keyboard)
    for n, step in enumerate(WALK):
        expect(page.get_by_role("heading", level=1)).to_contain_text(f"Paso {step.number}")
        # Reading the step issued nothing: the learner asks for its questions (a POST).
        _activate(page, page.get_by_role("button", name="Empezar las preguntas"), keyboard)
        expect(page).to_have_url(re.compile(rf"/lecciones/{step.key}/#preguntas$"))
        if javascript:
            # The URL changes when the answer to the POST arrives, before the page has run its scripts:
            # a key pressed before htmx has taken the forms over would send them the plain way (a
            # reload, which the check below would count as a failure). Wait for the page's load event.
            page.wait_for_load_state("load")
            page.evaluate("window.__same_page = true")
        if step.example is not None:
            _try_a_wrong_card(page, step, keyboard)
        for index in range(len(step.checkpoints)):
            issued = Issued.objects.get(
                lesson_checkpoint__step_key=step.key, lesson_checkpoint__index=index, attempt__isnull=True
            )
            _answer(page, issued, keyboard)
            if javascript:
                feedback = page.locator(f"#scenario-{issued.token} [data-feedback]")
                expect(feedback).to_contain_text("¡Correcto!")
            else:
                expect(page.locator("[data-feedback]")).to_contain_text("¡Correcto!")
                _activate(page, page.locator("[data-feedback] a[data-next]"), keyboard)
                if index + 1 < len(step.checkpoints):  # on to the step's next question to answer
                    expect(page).to_have_url(re.compile(rf"/lecciones/{step.key}/#pregunta-{index + 2}$"))
                else:  # done: on to the first step not completed (the deck, skipped)
                    expect(page).to_have_url(re.compile(rf"/lecciones/{COURSE.steps[0].key}/$"))
                    page.goto(base_url + f"/lecciones/{step.key}/")
        if javascript:  # the ruling and the feedback came by htmx, the page never reloaded
            assert page.evaluate("window.__same_page") is True
        page.reload()
        expect(page.locator(".lesson__status")).to_contain_text("Paso hecho")
        if n + 1 < len(WALK):
            _activate(page, page.locator('a[rel="next"]'), keyboard)
            expect(page).to_have_url(re.compile(rf"/lecciones/{WALK[n + 1].key}/$"))
    page.goto(base_url + "/lecciones/")
    expect(page.locator("#unidad-asistir")).to_contain_text("Unidad completada")
    expect(page.locator("#unidad-montar")).to_contain_text("Unidad completada")
    expect(page.locator("#unidad-fallar")).to_contain_text("0 de 2 pasos hechos")
    expect(page.get_by_text("Has completado 5 de 50 pasos.")).to_be_visible()
    # «Continuar» is the first step not completed: the deck unit this learner skipped.
    resume = page.get_by_role("link", name=re.compile(r"^Continuar"))
    expect(resume).to_have_attribute("href", f"/lecciones/{COURSE.steps[0].key}/")


@pytest.mark.django_db(transaction=True)
def test_a_new_learner_walks_asistir_and_montar_by_keyboard(live_server, page):
    _walk(page, live_server.url, keyboard=True, javascript=True)
    assert page.console_errors == []


@pytest.mark.django_db(transaction=True)
def test_a_new_learner_walks_asistir_and_montar_without_javascript(live_server, page_nojs):
    _walk(page_nojs, live_server.url, keyboard=False, javascript=False)
