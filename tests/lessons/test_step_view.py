"""Every step page: its text, rule ids, example ruled by the engine, compared tables and checkpoints."""

import re

import pytest
from django.urls import reverse

from engine.rules import RULE_CATALOGUE
from lessons.course import load_course
from lessons.models import CheckpointIssue, StepProgress
from tests.lessons.conftest import right_answer, wrong_answer
from tutor.accounts.models import Session
from tutor.practice.identity import Owner
from tutor.practice.models import Issued
from tutor.practice.services import submit

STEPS = load_course().steps


def _url(step, **query) -> str:
    url = reverse("lessons:step", args=[step.unit_slug, step.slug])
    return url + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def _verdicts(html: str) -> dict[str, bool]:
    return {
        code: flag == "is-legal"
        for flag, code in re.findall(
            r'lesson-verdicts__item (is-legal|is-illegal)"\s+data-card="(\w+)"', html
        )
    }


def _between(body: str, start: str, end: str) -> str:
    i = body.index(start)
    return body[i : body.index(end, i)]


@pytest.mark.parametrize("step", STEPS, ids=[s.key for s in STEPS])
def test_every_step_renders_with_its_number_rules_and_checkpoints(client, db, step):
    response = client.get(_url(step))
    body = response.content.decode()
    assert response.status_code == 200
    assert f"Paso {step.number}" in body
    assert step.title in body
    for rule_id in step.rules:
        assert f'{RULE_CATALOGUE[rule_id]} <small class="rule-id">{rule_id}</small>' in body
    assert 'class="lesson-checkpoint"' not in body  # a new visitor asks for the questions first
    assert "Empezar las preguntas" in body  # every step has questions
    client.post(reverse("lessons:start", args=[step.unit_slug, step.slug]))
    body = client.get(_url(step)).content.decode()
    assert body.count('class="lesson-checkpoint"') == len(step.checkpoints)
    assert "Empezar las preguntas" not in body
    assert Issued.objects.filter(lesson_checkpoint__step_key=step.key, mode="leccion").count() == len(
        step.checkpoints
    )


def test_reading_steps_without_an_identity_writes_nothing(client, db, course):
    step = course.step("salida-de-triunfo", "sale-triunfo")
    for _ in range(5):
        client.cookies.clear()
        assert client.get(_url(step)).status_code == 200
        assert client.get(reverse("lessons:index")).status_code == 200
        assert not client.cookies.get("sessionid")
    assert Issued.objects.count() == CheckpointIssue.objects.count() == StepProgress.objects.count() == 0
    assert Session.objects.count() == 0


EXAMPLES = [s for s in STEPS if s.example is not None]


@pytest.mark.parametrize("step", EXAMPLES, ids=[s.key for s in EXAMPLES])
def test_the_examples_ruling_on_the_page_is_the_engines(client, db, step):
    example = step.example
    body = client.get(_url(step, carta=example.hand[0].code)).content.decode()
    result = _between(body, 'id="example-result"', 'id="preguntas"')
    if example.compare is not None:
        result = result[: result.index('class="lesson-compare"')]
    # The content states the legal cards in its own words; load_course checks it against the engine.
    legal = {c.code for c in example.legal}
    assert _verdicts(result) == {c.code: c.code in legal for c in example.hand}
    for verdict in example.ruling().verdicts:
        assert str(verdict.why) in result
    for card in example.trick:
        assert card.name in body


HEADINGS = {
    "guia": "En la mesa de la guía…",
    "estricta": "En una mesa estricta…",
    "companero": "En una mesa con excepción del compañero…",
}
COMPARED = [s for s in STEPS if s.example is not None and s.example.compare is not None]


@pytest.mark.parametrize("step", COMPARED, ids=[s.key for s in COMPARED])
def test_the_compared_table_shows_the_engines_ruling_under_its_rules(client, db, step):
    example = step.example
    body = client.get(_url(step)).content.decode()
    main = _between(body, f'data-table="{example.rules_name}"', "</ul>")
    other = _between(body, f'data-table="{example.compare_name}"', "</ul>")
    assert _verdicts(main) == {c.code: c in example.legal for c in example.hand}
    assert _verdicts(other) == {c.code: c in example.compare_legal for c in example.hand}
    assert _between(body, f'data-table="{example.rules_name}"', "</h3>").endswith(
        HEADINGS[example.rules_name]
    )
    assert _between(body, f'data-table="{example.compare_name}"', "</h3>").endswith(
        HEADINGS[example.compare_name]
    )


def test_there_are_compared_steps_to_check():
    assert len(COMPARED) >= 1


def test_a_display_shows_its_cards_by_name(client, db):
    step = next(s for s in STEPS if s.display is not None)
    body = client.get(_url(step)).content.decode()
    for card in step.display.cards:
        assert f'<span class="card-name">{card.name}</span>' in body
    assert step.display.caption in body


def test_glossary_terms_in_the_text_link_to_the_glossary(client, db, course):
    step = course.step("asistir", "sigue-el-palo")
    body = client.get(_url(step)).content.decode()
    assert '<a href="/lecciones/glosario/#asistir">asistir</a>' in body
    assert '<a href="/lecciones/glosario/#palo-de-salida">palo de salida</a>' in body


def test_previous_and_next_cross_units(client, db, course):
    step = course.step("montar", "supera-la-salida")
    body = client.get(_url(step)).content.decode()
    assert 'rel="prev"\n         href="/lecciones/asistir/ni-triunfo-por-capricho/"' in body or re.search(
        r'rel="prev"\s+href="/lecciones/asistir/ni-triunfo-por-capricho/"', body
    )
    assert re.search(r'rel="next"\s+href="/lecciones/montar/la-mas-fuerte-de-la-baza/"', body)


def test_viewing_a_step_writes_nothing(alice, alice_client, course):
    step = course.step("montar", "supera-la-salida")
    alice_client.get(_url(step))
    assert not StepProgress.objects.filter(learner=alice).exists()


def test_checkpoints_are_not_reissued_on_every_view(alice, alice_client, course):
    step = course.step("asistir", "sigue-el-palo")
    alice_client.post(reverse("lessons:start", args=[step.unit_slug, step.slug]))
    alice_client.get(_url(step))
    first = set(Issued.objects.values_list("token", flat=True))
    alice_client.get(_url(step))
    assert set(Issued.objects.values_list("token", flat=True)) == first
    assert sorted(CheckpointIssue.objects.values_list("index", flat=True)) == [0, 1, 2]


def test_an_unknown_step_is_404(client, db):
    assert client.get(reverse("lessons:step", args=["asistir", "no-existe"])).status_code == 404
    assert client.get(reverse("lessons:step", args=["no-existe", "sigue-el-palo"])).status_code == 404


@pytest.mark.parametrize("method", ["post", "put", "delete"])
def test_it_rejects_other_methods(client, db, method):
    assert getattr(client, method)(_url(STEPS[0])).status_code == 405


def test_queries_are_fixed_however_many_answers(alice, alice_client, course, django_assert_max_num_queries):
    step = course.step("montar", "la-mas-fuerte-de-la-baza")
    start = reverse("lessons:start", args=[step.unit_slug, step.slug])
    owner = Owner(alice, "")
    alice_client.post(start)
    with django_assert_max_num_queries(9) as few:
        assert alice_client.get(_url(step)).status_code == 200
    queries = len(few.captured_queries)  # now: the next request resets the connection's log
    # What this page reads grows: for each checkpoint, three wrong answers (a new question after
    # each), then a right one; and the practice fragment renders every answered question.
    for _ in range(3):
        for issued in Issued.objects.filter(learner=alice, attempt__isnull=True):
            submit(owner=owner, token=issued.token, raw=wrong_answer(issued))
        alice_client.post(start)
    for issued in Issued.objects.filter(learner=alice, attempt__isnull=True):
        submit(owner=owner, token=issued.token, raw=right_answer(issued))
    assert CheckpointIssue.objects.filter(step_key=step.key).count() == 4 * len(step.checkpoints)
    with django_assert_max_num_queries(queries):
        body = alice_client.get(_url(step)).content.decode()
    assert body.count("bien respondida") == len(step.checkpoints)
    assert "Paso hecho" in body


def test_answering_the_last_checkpoint_by_htmx_updates_the_step_status(alice, alice_client, course):
    step = course.step("asistir", "sigue-el-palo")
    alice_client.post(reverse("lessons:start", args=[step.unit_slug, step.slug]))
    pending = list(Issued.objects.filter(learner=alice, attempt__isnull=True).order_by("pk"))
    bodies = []
    for issued in pending:
        response = alice_client.post(
            reverse("practice:answer", args=[issued.token]),
            {"answer": right_answer(issued)},
            HTTP_HX_REQUEST="true",
        )
        bodies.append(response.content.decode())
    assert len(bodies) == len(step.checkpoints) > 1
    assert all("¡Paso completado!" not in body and "hx-swap-oob" not in body for body in bodies[:-1])
    last = bodies[-1]
    assert "¡Paso completado!" in last
    status = _between(last, 'id="lesson-status" hx-swap-oob="true"', "</p>")
    assert "Paso hecho: respondiste bien sus preguntas." in status
    # Alice came straight to this step: «Continuar» leads to the first step she has not done.
    first = course.steps[0]
    assert re.search(rf'href="/lecciones/{first.key}/" data-next>Continuar', last)
    assert "Volver a la lección" in last


def test_the_step_page_does_not_repeat_the_completion_under_each_question(alice, alice_client, course):
    step = course.step("asistir", "sigue-el-palo")
    alice_client.post(reverse("lessons:start", args=[step.unit_slug, step.slug]))
    for issued in Issued.objects.filter(learner=alice, attempt__isnull=True):
        submit(owner=Owner(alice, ""), token=issued.token, raw=right_answer(issued))
    body = alice_client.get(_url(step)).content.decode()
    assert "Paso hecho: respondiste bien sus preguntas." in body
    assert "¡Paso completado!" not in body and "hx-swap-oob" not in body


@pytest.mark.parametrize("carta", ["፩c", "፩ de copas", "²x", "1" * 5000 + "c", "%00"])
def test_a_tried_card_in_odd_digits_gets_the_pages_message(client, db, carta):
    response = client.get(_url(EXAMPLES[0], carta=carta))
    assert response.status_code == 200
    assert "No reconozco esa carta." in response.content.decode()
