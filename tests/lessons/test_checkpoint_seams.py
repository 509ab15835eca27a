"""A lesson's questions where lessons and practice meet (issue 29, item 14): the way on after an answer
swapped into the step page never points at the page the learner is on, and an empty «Comprobar»
without JavaScript comes back to the step (Post/Redirect/Get, no 400) with its error at the top of
that question, focusable, and the answer's fields described by it."""

import re

from django.urls import reverse

from lessons.models import CheckpointIssue
from tests.lessons.conftest import right_answer, wrong_answer
from tutor.practice.models import Attempt, Issued

UNIT, STEP = "montar", "la-mas-fuerte-de-la-baza"  # a jugada (a card) then a validas (cards)
URL = reverse("lessons:step", args=[UNIT, STEP])
START = reverse("lessons:start", args=[UNIT, STEP])
HTMX = {"HX-Request": "true", "HX-Current-URL": f"http://testserver{URL}#preguntas"}


def _questions(user) -> list[Issued]:
    return list(Issued.objects.filter(learner=user).order_by("lesson_checkpoint__index"))


def _answer(client, issued, value, **extra):
    data = {"answer": value} if value is not None else {}
    return client.post(reverse("practice:answer", args=[issued.token]), data, **extra)


def test_a_wrong_answer_on_the_step_page_offers_another_question_that_loads_the_page(alice, alice_client):
    alice_client.post(START)
    first, _second = _questions(alice)
    body = _answer(alice_client, first, wrong_answer(first), headers=HTMX).content.decode()
    assert "Incorrecto." in body
    # Not «Continuar» to the address the learner is at (a link that reloads nothing) ...
    assert not re.search(r"<a [^>]*data-next", body)
    # ... but «Otra pregunta», a whole-page POST (never swapped into the question by htmx).
    form = re.search(rf'<form[^>]*action="{re.escape(START)}"[^>]*>(.*?)</form>', body, re.S)
    assert form and "Otra pregunta" in form.group(1) and "hx-post" not in form.group(0)
    response = alice_client.post(START)
    assert response.status_code == 302 and response.url.startswith(URL)
    again = Issued.objects.filter(learner=alice, lesson_checkpoint__index=0, attempt__isnull=True).get()
    assert again.token != first.token and again.token in alice_client.get(URL).content.decode()


def test_a_right_answer_leads_on_to_the_next_question_to_answer(alice, alice_client):
    alice_client.post(START)
    first, second = _questions(alice)
    body = _answer(alice_client, first, right_answer(first), headers=HTMX).content.decode()
    assert "¡Correcto!" in body
    assert f'href="{URL}#pregunta-2"' in body and "Continuar" in body


def test_an_empty_answer_without_javascript_comes_back_to_the_step_with_its_error_on_top(alice, alice_client):
    alice_client.post(START)
    _first, second = _questions(alice)
    assert second.scenario["answer_kind"] == "cards"
    response = alice_client.post(reverse("practice:answer", args=[second.token]), {"en_pagina": "1"})
    # Post/Redirect/Get: a reload reads the step again and posts nothing; no 400 page.
    assert response.status_code == 302
    assert response.url == f"{URL}#error-{second.token}"
    page = alice_client.get(URL).content.decode()
    error_at = page.index(f'id="error-{second.token}"')
    section = page.rindex(f'id="scenario-{second.token}"', 0, error_at)
    question = page.index(f'id="question-{second.token}"')
    assert section < error_at < question, "the error is not at the top of its question"
    error = page[page.rindex("<p", 0, error_at) : page.index("</p>", error_at)]
    assert 'tabindex="-1"' in error and "Elige una respuesta antes de comprobar." in error
    assert f'aria-describedby="error-{second.token}"' in page[question:]
    assert not Attempt.objects.exists()
    assert f'id="error-{second.token}"' not in alice_client.get(URL).content.decode()  # told once


def test_a_refused_answer_from_the_questions_own_page_comes_back_there(alice, alice_client):
    alice_client.post(START)
    first, _second = _questions(alice)
    response = alice_client.post(reverse("practice:answer", args=[first.token]), {"answer": "zz"})
    assert response.url == reverse("practice:scenario", args=[first.token]) + f"#error-{first.token}"
    assert "No entiendo la carta «zz»" in alice_client.get(response.url).content.decode()
    assert CheckpointIssue.objects.filter(issued=first).exists()
