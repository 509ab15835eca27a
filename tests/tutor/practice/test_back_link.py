"""The feedback's way back leads where the learner came from: Practicar, the lesson or the task."""

import pytest

from engine.scenarios import Scenario, generate
from tutor.practice.models import Mode
from tutor.practice.services import issue, submit

from .conftest import owner_of


def _answered_page(client, alice, mode: str, next_url: str = "", scenario=None) -> str:
    issued = issue(
        owner=owner_of(alice), mode=mode, family="tantos", seed=1, next_url=next_url, scenario=scenario
    )
    submit(owner=owner_of(alice), token=issued.token, raw=str(issued.scenario["answer"]))
    return client.get(issued.get_absolute_url()).content.decode()


@pytest.mark.parametrize("mode", [Mode.FAMILY, Mode.SKILL, Mode.REVIEW, Mode.MIXED])
def test_practice_modes_lead_back_to_practicar(alice_client, alice, mode):
    body = _answered_page(
        alice_client, alice, mode, next_url="/progreso/sesion/1/" if mode in ("repaso", "mixta") else ""
    )
    assert '<a href="/practicar/" data-back>Volver a Practicar</a>' in body


def test_a_lesson_checkpoint_leads_back_to_the_lesson(alice_client, alice):
    body = _answered_page(alice_client, alice, Mode.LESSON, next_url="/lecciones/baraja/cuarenta-cartas/")
    assert "Volver a Practicar" not in body
    assert '<a href="/lecciones/baraja/cuarenta-cartas/" data-back>Volver a la lección</a>' in body


def test_a_set_question_leads_back_to_the_task(alice_client, alice):
    body = _answered_page(alice_client, alice, Mode.ASSIGNMENT, next_url="/clases/tareas/3/")
    assert "Volver a Practicar" not in body
    assert '<a href="/clases/tareas/3/" data-back>Volver a la tarea</a>' in body


def test_a_built_position_says_so_instead_of_a_level(alice_client, alice):
    data = generate("jugada", 3, 2).to_dict()
    data["position"]["built"] = True
    issued = issue(
        owner=owner_of(alice), mode=Mode.ASSIGNMENT, family="jugada", scenario=Scenario.from_dict(data)
    )
    body = alice_client.get(issued.get_absolute_url()).content.decode()
    assert "Posición construida" in body
    assert "Dificultad" not in body
