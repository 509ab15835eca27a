"""The feedback's way back leads where the learner came from: Practicar, the lesson or the task."""

import pytest
from django.urls import reverse

from engine.scenarios import Scenario, generate
from lessons.models import CheckpointIssue
from tests.tutor.classroom.conftest import make_set
from tutor.classroom import services
from tutor.classroom.models import Membership
from tutor.practice.models import Mode
from tutor.practice.services import issue, submit
from tutor.progress.models import PracticeSession, SessionItem

from .conftest import owner_of


def _answer(client, alice, issued) -> str:
    submit(owner=owner_of(alice), token=issued.token, raw=str(issued.scenario["answer"]))
    return client.get(issued.get_absolute_url()).content.decode()


def _issued(alice, mode: str):
    return issue(owner=owner_of(alice), mode=mode, family="tantos", seed=1)


@pytest.mark.parametrize("mode", [Mode.FAMILY, Mode.SKILL, Mode.FIXED])
def test_practice_modes_lead_back_to_practicar(alice_client, alice, mode):
    body = _answer(alice_client, alice, _issued(alice, mode))
    assert '<a href="/practicar/" data-back>Volver a Practicar</a>' in body


@pytest.mark.parametrize("kind", [PracticeSession.Kind.REVIEW, PracticeSession.Kind.MIXED])
def test_session_questions_lead_back_to_practicar(alice_client, alice, kind):
    session = PracticeSession.objects.create(learner=alice, kind=kind, plan=[{}])
    issued = _issued(alice, Mode.REVIEW if kind == PracticeSession.Kind.REVIEW else Mode.MIXED)
    SessionItem.objects.create(session=session, position=0, issued=issued)
    body = _answer(alice_client, alice, issued)
    assert '<a href="/practicar/" data-back>Volver a Practicar</a>' in body


def test_a_lesson_checkpoint_leads_back_to_the_lesson(alice_client, alice):
    issued = _issued(alice, Mode.LESSON)
    CheckpointIssue.objects.create(issued=issued, step_key="baraja/cuarenta-cartas", index=0)
    body = _answer(alice_client, alice, issued)
    assert "Volver a Practicar" not in body
    assert '<a href="/lecciones/baraja/cuarenta-cartas/" data-back>Volver a la lección</a>' in body


def test_a_set_question_leads_back_to_the_task(alice_client, alice, teresa):
    classroom = services.create_classroom(teacher=teresa, name="4º B", rules="guia")
    Membership.objects.create(classroom=classroom, student=alice)
    practice_set = make_set(classroom, teresa, items=[{"kind": "family", "family": "tantos", "count": 1}])
    (question,) = services.ensure_questions(assignment=practice_set.assignments.get(student=alice))
    body = _answer(alice_client, alice, question.issued)
    url = reverse("classroom:task", args=[practice_set.pk])
    assert "Volver a Practicar" not in body
    assert f'<a href="{url}" data-back>Volver a la tarea</a>' in body
    assert "Cuenta para la tarea «Asistir y montar»." in body


def test_a_built_position_says_so_instead_of_a_level(alice_client, alice):
    data = generate("jugada", 3, 2).to_dict()
    data["position"]["built"] = True
    issued = issue(
        owner=owner_of(alice), mode=Mode.ASSIGNMENT, family="jugada", scenario=Scenario.from_dict(data)
    )
    body = alice_client.get(issued.get_absolute_url()).content.decode()
    assert "Posición construida" in body
    assert "Dificultad" not in body
