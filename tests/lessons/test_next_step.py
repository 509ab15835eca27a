"""One notion of "next": the first step in course order that is not completed, behind every «Continuar»."""

import re

from django.urls import reverse
from django.utils import timezone

from lessons.models import StepProgress
from tests.lessons.conftest import right_answer
from tutor.practice.models import Issued


def _done(user, *steps):
    now = timezone.now()
    for step in steps:
        StepProgress.objects.create(learner=user, step_key=step.key, last_seen_at=now, done_at=now)


def _step_url(step) -> str:
    return reverse("lessons:step", args=[step.unit_slug, step.slug])


def _answer_every_checkpoint(client, step, limit=None, **extra):
    client.post(reverse("lessons:start", args=[step.unit_slug, step.slug]))
    responses = []
    for issued in Issued.objects.filter(lesson_checkpoint__step_key=step.key, attempt__isnull=True).order_by(
        "pk"
    )[:limit]:
        responses.append(
            client.post(
                reverse("practice:answer", args=[issued.token]), {"answer": right_answer(issued)}, **extra
            )
        )
    return responses


def test_a_done_step_continues_at_the_first_unfinished_step_not_the_one_after_it(alice, alice_client, course):
    first, second, late = course.steps[0], course.steps[1], course.steps[30]
    _done(alice, first, late)
    body = alice_client.get(_step_url(late)).content.decode()
    assert re.search(rf'href="{_step_url(second)}"\s+data-continue>Continuar', body)


def test_an_unfinished_step_offers_no_continuar_of_its_own(alice, alice_client, course):
    body = alice_client.get(_step_url(course.steps[3])).content.decode()
    assert "data-continue" not in body


def test_the_last_step_done_says_the_course_is_finished(alice, alice_client, course):
    _done(alice, *course.steps)
    body = alice_client.get(_step_url(course.steps[-1])).content.decode()
    assert "Has terminado el curso." in body and "data-continue" not in body


def test_checkpoint_feedback_without_javascript_continues_at_the_next_unfinished_step(
    alice, alice_client, course
):
    _done(alice, *course.steps[:5])
    step = course.steps[7]  # ahead of where she is: 6 and 7 are still to do
    responses = _answer_every_checkpoint(alice_client, step)
    assert all(r.status_code == 302 for r in responses)
    body = alice_client.get(responses[-1].url).content.decode()
    assert "¡Paso completado!" in body
    assert re.search(rf'href="{_step_url(course.steps[5])}" data-next>Continuar', body)


def test_checkpoint_feedback_before_the_step_is_done_leads_to_its_next_question(alice, alice_client, course):
    step = next(s for s in course.steps if len(s.checkpoints) > 1)
    responses = _answer_every_checkpoint(alice_client, step, limit=1)
    body = alice_client.get(responses[0].url).content.decode()
    assert "¡Paso completado!" not in body
    assert f'href="{_step_url(step)}#pregunta-2" data-next>Continuar' in body  # the next to answer


def test_a_done_step_page_continues_from_its_status_line_not_by_reloading_itself(alice, alice_client, course):
    step = course.steps[2]
    _answer_every_checkpoint(alice_client, step, HTTP_HX_REQUEST="true")
    body = alice_client.get(_step_url(step)).content.decode()
    assert body.count("bien respondida") == len(step.checkpoints)
    assert re.search(rf'href="{_step_url(course.steps[0])}"\s+data-continue>Continuar', body)
    assert f'href="{_step_url(step)}" data-next' not in body


def test_looking_at_later_steps_never_moves_next(alice, alice_client, course):
    _done(alice, course.steps[0])
    for step in course.steps[10:14]:
        alice_client.get(_step_url(step))
    body = alice_client.get(reverse("lessons:index")).content.decode()
    assert re.search(rf'href="{_step_url(course.steps[1])}">\s*Continuar', body)
