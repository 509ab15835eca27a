"""A built position in a class's set is posed and graded at the class's table, whatever it was built at."""

import csv
import io

import pytest
from django.urls import reverse

from engine.rules import PRESETS, TableRules
from tests.tutor.classroom.conftest import make_set
from tests.tutor.classroom.test_set_create_view import _form
from tutor.classroom import services
from tutor.classroom.models import Assignment, Membership, Position, PracticeSet, Question, SetItem
from tutor.practice.identity import Owner
from tutor.practice.services import submit

# The QA report's position: the partner led the sota de copas and the right-hand rival trumped with the
# dos de oros. At the guide's table the cuatro de copas is fine (no need to beat a trick a trump wins);
# at the strict table only the rey de copas is legal.
GUIA_BUILT = {"trump": "o", "trick": ["10c", "2o"], "hand": ["12c", "4c", "3e", "7b", "5b"], "rules": "guia"}
# Only the companero table lets nobody follow the rey de espadas here (see the engine's tests).
COMPANERO_ONLY = {
    "trump": "o",
    "trick": ["12e", "10c", "12c"],
    "hand": ["5c", "7o", "2c", "3e", "1o", "11c", "7c", "4b"],
    "rules": "companero",
}


@pytest.fixture
def strict_class(teresa, alice):
    c = services.create_classroom(teacher=teresa, name="Mesa dura", rules="estricta")
    Membership.objects.create(classroom=c, student=alice, real_name="Alicia Gómez")
    return c


@pytest.fixture
def guia_position(teresa):
    return Position.objects.create(owner=teresa, title="Cortada con sota", data=GUIA_BUILT)


def _post_set(client, classroom, **items):
    return client.post(reverse("classroom:set_create", args=[classroom.pk]), _form(publicar="1", **items))


def _student_question(practice_set, student):
    services.ensure_questions(assignment=Assignment.objects.get(practice_set=practice_set, student=student))
    return Question.objects.select_related("issued").get(
        assignment__practice_set=practice_set, assignment__student=student
    )


def test_a_position_built_at_the_guides_table_is_graded_at_the_strict_class_table(
    strict_class, guia_position, teresa_client, alice, alice_client
):
    response = _post_set(
        teresa_client,
        strict_class,
        **{"item-0-kind": "position", "item-0-family": "jugada", "item-0-position": str(guia_position.pk)},
    )
    assert response.status_code == 302
    practice_set = PracticeSet.objects.get()
    assert SetItem.objects.get().position["rules"] == "estricta"

    page = alice_client.get(reverse("classroom:task", args=[practice_set.pk])).content.decode()
    assert "Mesa estricta" in page
    assert "Mesa de la guía" not in page
    assert "Posición construida por tu profesor" in page
    issued = Question.objects.get(assignment__student=alice).issued
    assert issued.scenario["answer"] == ["12c"]

    attempt, _created = submit(owner=Owner(alice, ""), token=issued.token, raw="4c")
    assert not attempt.correct
    assert TableRules.from_spec(attempt.rules) == PRESETS["estricta"]
    assert Assignment.objects.get(student=alice).correct == 0


def test_the_same_position_stays_right_at_a_guia_class(classroom, guia_position, teresa, alice):
    item = {
        "kind": "position",
        "family": "jugada",
        "position": GUIA_BUILT,
        "position_title": guia_position.title,
    }
    question = _student_question(make_set(classroom, teresa, items=[item]), alice)
    assert question.issued.scenario["answer"] == ["12c", "4c"]


def test_a_position_whose_trick_cannot_happen_at_the_class_table_is_refused(classroom, teresa, teresa_client):
    position = Position.objects.create(owner=teresa, title="Solo con compañero", data=COMPANERO_ONLY)
    response = _post_set(
        teresa_client,
        classroom,
        **{"item-0-kind": "position", "item-0-family": "jugada", "item-0-position": str(position.pk)},
    )
    assert response.status_code == 200
    page = response.content.decode()
    assert (
        "«Solo con compañero» no puede darse con las reglas de la clase (Mesa de la guía (reglas por defecto))"
        in page
    )
    assert "La baza no puede haberse jugado así" in page
    assert not PracticeSet.objects.exists()


def test_the_service_refuses_such_a_position_too_and_saves_nothing(classroom, teresa):
    item = {"kind": "position", "family": "jugada", "position": COMPANERO_ONLY, "position_title": "Solo"}
    with pytest.raises(services.ClassroomError, match="no puede darse con las reglas de la clase"):
        make_set(classroom, teresa, items=[item])
    assert not PracticeSet.objects.exists()
    assert not SetItem.objects.exists()


def test_a_position_row_without_a_family_is_asked_as_jugada(classroom, position, teresa_client):
    response = _post_set(
        teresa_client, classroom, **{"item-0-kind": "position", "item-0-position": str(position.pk)}
    )
    assert response.status_code == 302
    assert SetItem.objects.get().family == "jugada"


def test_a_position_row_with_a_family_that_is_not_about_playing_is_refused(
    classroom, position, teresa_client
):
    response = _post_set(
        teresa_client,
        classroom,
        **{"item-0-kind": "position", "item-0-family": "tantos", "item-0-position": str(position.pk)},
    )
    assert response.status_code == 200
    assert (
        "Una posición construida se pregunta como jugada, válidas u obligación." in response.content.decode()
    )
    assert not PracticeSet.objects.exists()


def test_a_built_position_item_claims_no_level(classroom, position, teresa, teresa_client):
    _post_set(teresa_client, classroom, **{"item-0-kind": "position", "item-0-position": str(position.pk)})
    practice_set = PracticeSet.objects.get()
    page = teresa_client.get(practice_set.get_absolute_url()).content.decode()
    assert "Montar con el rey (¿Cuál puedes jugar?)" in page
    assert "nivel" not in page


def test_the_answers_csv_says_which_table_graded_each_answer_in_words(
    strict_class, teresa, alice, teresa_client
):
    items = [
        {"kind": "position", "family": f, "position": GUIA_BUILT, "position_title": "Cortada"}
        for f in ("jugada", "validas", "obligacion")
    ]
    practice_set = make_set(strict_class, teresa, items=[*items, {"kind": "family", "family": "tantos"}])
    services.ensure_questions(assignment=Assignment.objects.get(practice_set=practice_set, student=alice))
    owner = Owner(alice, "")
    answers = {1: "4c", 2: ["12c", "4c"], 3: "asistir", 4: "37"}
    for q in Question.objects.filter(assignment__student=alice).select_related("issued"):
        submit(owner=owner, token=q.issued.token, raw=answers[q.number])

    response = teresa_client.get(reverse("classroom:set_attempts_csv", args=[practice_set.pk]))
    body = b"".join(response.streaming_content).decode("utf-8-sig")
    rows = list(csv.DictReader(io.StringIO(body)))
    by_number = {r["pregunta"]: r for r in rows}
    assert {r["reglas de la mesa"] for r in rows} == {"Mesa estricta"}
    assert by_number["1"]["respuesta"] == "cuatro de copas"
    assert by_number["1"]["respuesta (código)"] == "4c"
    assert by_number["1"]["correcta"] == "no"
    assert by_number["2"]["respuesta"] == "rey de copas, cuatro de copas"
    assert by_number["2"]["respuesta (código)"] == "12c 4c"
    assert by_number["3"]["respuesta"] == "Asistir: seguir el palo de salida"
    assert by_number["3"]["respuesta (código)"] == "asistir"
    assert by_number["4"]["respuesta"] == "37"
    assert "[" not in body
