"""The presenter builds everything a question's fragment shows; rendering it reads no database."""

import pytest
from django.template.loader import render_to_string
from django.test import RequestFactory
from django.urls import reverse

from tutor.practice import origins
from tutor.practice.models import Mode
from tutor.practice.presenters import present
from tutor.practice.services import issue, submit

from .conftest import owner_of
from .test_every_family import right_answer


def _render(exercise, template="practice/_scenario.html") -> str:
    request = RequestFactory().get("/")
    request.htmx = False
    return render_to_string(template, {"exercise": exercise}, request=request)


def test_a_family_question_offers_siguiente_and_the_way_back_to_practicar(alice, cual_puedes_jugar):
    exercise = present(cual_puedes_jugar, owner=owner_of(alice))
    assert exercise.origin.next_action == reverse("practice:next", args=[cual_puedes_jugar.token])
    assert exercise.origin.back_url == reverse("practice:index")
    assert exercise.open and exercise.feedback is None
    assert exercise.answer_url == reverse("practice:answer", args=[cual_puedes_jugar.token])


@pytest.mark.parametrize(
    "family", ["jugada", "validas", "obligacion", "ganador", "tantos", "cante", "renuncio", "mesa"]
)
def test_rendering_a_presented_question_queries_nothing(alice, family, django_assert_num_queries):
    owner = owner_of(alice)
    issued = issue(owner=owner, mode=Mode.FAMILY, family=family, difficulty=2, seed=11)
    open_exercise = present(issued, owner=owner)
    with django_assert_num_queries(0):
        body = _render(open_exercise)
    assert f'action="{open_exercise.answer_url}"' in body
    attempt, _created = submit(owner=owner, token=issued.token, raw=right_answer(issued.scenario))
    answered = present(issued, owner=owner, attempt=attempt)
    with django_assert_num_queries(0):
        body = _render(answered)
        part = _render(answered, "practice/_scenario.html#answered")
    assert "¡Correcto!" in body and "¡Correcto!" in part
    assert "scenario__question" not in part  # only the answer part (and the out-of-band table)


def test_a_wrong_answer_is_presented_with_the_right_one(alice, cual_puedes_jugar):
    owner = owner_of(alice)
    attempt, _created = submit(owner=owner, token=cual_puedes_jugar.token, raw="6b")  # R-OBL-MONTAR
    exercise = present(cual_puedes_jugar, owner=owner, attempt=attempt)
    assert exercise.feedback["correct"] is False
    assert not exercise.open
    body = _render(exercise)
    assert "Incorrecto." in body and "Respuesta correcta:" in body


def test_the_answer_just_posted_is_kept_with_its_error(alice, cual_puedes_jugar):
    exercise = present(
        cual_puedes_jugar, owner=owner_of(alice), answer_error="Elige una carta.", answer_value=["12c"]
    )
    assert exercise.answer_value == ("12c",)
    assert "Elige una carta." in _render(exercise)


class _ClosedKind(origins.OriginKind):
    mode = "test-closed"

    def closed(self, issued):
        return "Esta pregunta ya no admite respuestas."


def test_a_closed_origin_shows_its_message_instead_of_the_form(alice, cual_puedes_jugar, monkeypatch):
    monkeypatch.setitem(origins._KINDS, Mode.FIXED.value, _ClosedKind())
    exercise = present(cual_puedes_jugar, owner=owner_of(alice))
    assert not exercise.open
    body = _render(exercise)
    assert "Esta pregunta ya no admite respuestas." in body
    assert "scenario__form" not in body


def test_a_second_kind_for_the_same_mode_is_refused():
    class Other(origins.OriginKind):
        mode = Mode.FAMILY

    with pytest.raises(ValueError):
        origins.register(Other())
