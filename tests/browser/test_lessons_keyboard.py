"""Number keys on a lesson step with several checkpoints answer the question that holds the focus.

The step "Sale triunfo" asks a jugada (pick the card: buttons) then a validas (mark every legal
card: checkboxes). Just after the questions load, with no Tab first, 1 picks the first card of the
first question on the screen (issue 29, item 14); focus in question 2 and press 1: the first card of
question 2 is marked, and question 1 stays unanswered.
"""

import re

import pytest
from playwright.sync_api import expect

from tutor.practice.models import Attempt, Issued

STEP = "/lecciones/salida-de-triunfo/sale-triunfo/"


@pytest.mark.django_db(transaction=True)
def test_number_keys_work_with_no_tab_and_answer_the_question_that_holds_the_focus(live_server, page):
    page.goto(live_server.url + STEP)
    page.get_by_role("button", name="Empezar las preguntas").click()
    expect(page).to_have_url(re.compile(r"#preguntas$"))
    page.wait_for_load_state("load")  # practice.js is deferred
    first = Issued.objects.get(lesson_checkpoint__index=0)
    second = Issued.objects.get(lesson_checkpoint__index=1)
    assert (first.scenario["answer_kind"], second.scenario["answer_kind"]) == ("card", "cards")
    one = page.locator(f"#scenario-{first.token}")
    two = page.locator(f"#scenario-{second.token}")
    boxes = two.locator('input[type="checkbox"][name="answer"]')

    # No Tab, no click: the focus is outside both questions; 1 goes to the first question on the screen.
    page.keyboard.press("1")
    expect(one.locator('button[name="answer"]').first).to_be_focused()
    expect(boxes.first).not_to_be_checked()

    boxes.nth(1).focus()
    page.keyboard.press("1")
    expect(boxes.first).to_be_checked()
    expect(boxes.first).to_be_focused()
    expect(one.locator("[data-feedback]")).to_have_count(0)

    # Question 2 is answered through its own form; question 1 was never touched.
    for n in range(boxes.count()):
        value = boxes.nth(n).get_attribute("value")
        if (value in second.scenario["answer"]) != boxes.nth(n).is_checked():
            boxes.nth(n).press("Space")
    two.get_by_role("button", name="Comprobar").press("Enter")
    expect(page.locator(f"#scenario-{second.token} [data-feedback]")).to_contain_text("¡Correcto!")
    expect(page.locator(f"#scenario-{second.token} [data-feedback]")).to_be_focused()
    assert list(Attempt.objects.values_list("issued_id", flat=True)) == [second.pk]
    expect(one.locator("form[data-practice-form]")).to_be_visible()
    assert page.console_errors == []
