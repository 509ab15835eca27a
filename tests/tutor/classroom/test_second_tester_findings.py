"""What a tester found on the class pages: a left class's sets on the home page, a goal's results as
«1 / 0», a start refused into a teacher's page, «1 respuestas», a goal named by its rule id, an English
date with «de», a learner who «wins» in the third person."""

import csv
import io
import re

from django.urls import reverse

from tests.tutor.classroom.conftest import make_set
from tests.tutor.classroom.helpers import right_answer
from tutor.classroom.models import Assignment, SetMatch
from tutor.practice.identity import Owner
from tutor.practice.services import issue, submit

PLAY = {"kind": "play", "family": "", "count": 1, "difficulty": 1, "bot_level": "principiante"}


def _goal(classroom, teresa, level=80):
    return make_set(
        classroom, teresa, items=[], kind="goal", goal_skill="R-OBL-MONTAR", goal_level=level, title="Montar"
    )


def _drill(alice, seed=0):
    owner = Owner(alice, "")
    issued = issue(owner=owner, mode="habilidad", family="jugada", target="R-OBL-MONTAR", seed=seed)
    submit(owner=owner, token=issued.token, raw=right_answer(issued))


def test_a_class_left_takes_its_sets_off_the_home_page(classroom, teresa, alice, alice_client):
    practice_set = make_set(classroom, teresa, title="Asistir el viernes")
    assert "Asistir el viernes" in alice_client.get(reverse("core:home")).content.decode()
    alice_client.post(reverse("classroom:leave", args=[classroom.pk]))
    body = alice_client.get(reverse("core:home")).content.decode()
    assert "Asistir el viernes" not in body
    assert reverse("classroom:task", args=[practice_set.pk]) not in body  # it would be a 404


def _alice_cells(body: str) -> str:
    start = body.index("(alice)</span></th>")
    return body[start : body.index("</tr>", start)]


def _csv_row(teresa_client, practice_set, username="alice") -> dict:
    response = teresa_client.get(reverse("classroom:set_results_csv", args=[practice_set.pk]))
    rows = list(csv.reader(io.StringIO(response.content.decode().lstrip("\ufeff"))))
    return dict(zip(rows[0], next(r for r in rows[1:] if r[0] == username), strict=False))


def test_a_goal_shows_answers_without_a_number_of_questions(classroom, teresa, alice, teresa_client):
    practice_set = _goal(classroom, teresa)
    _drill(alice)
    body = teresa_client.get(reverse("classroom:set_detail", args=[practice_set.pk])).content.decode()
    assert "<td>1</td>" in _alice_cells(body) and " / 0" not in body
    row = _csv_row(teresa_client, practice_set)
    assert (row["respondidas"], row["preguntas"]) == ("1", "")


def test_a_set_of_hands_shows_no_number_of_questions(classroom, teresa, teresa_client):
    practice_set = make_set(classroom, teresa, items=[PLAY])
    body = teresa_client.get(reverse("classroom:set_detail", args=[practice_set.pk])).content.decode()
    assert "<td>0</td>" in _alice_cells(body) and "0 / 0" not in body
    assert _csv_row(teresa_client, practice_set)["preguntas"] == ""


def test_a_student_who_has_not_answered_has_no_mark_yet(classroom, teresa, teresa_client):
    practice_set = make_set(classroom, teresa)
    body = teresa_client.get(reverse("classroom:set_detail", args=[practice_set.pk])).content.decode()
    assert "0 bien" not in body
    response = teresa_client.get(reverse("classroom:set_results_csv", args=[practice_set.pk]))
    rows = list(csv.reader(io.StringIO(response.content.decode().lstrip("\ufeff"))))
    assert {r[rows[0].index("nota")] for r in rows[1:]} == {""}


def test_the_goal_page_names_the_skill_and_counts_one_answer(classroom, teresa, alice, alice_client):
    practice_set = _goal(classroom, teresa)
    _drill(alice)
    body = alice_client.get(reverse("classroom:task", args=[practice_set.pk])).content.decode()
    assert "(1 respuesta)." in body and "1 respuestas" not in body
    assert "de dominio en «" in body and "(R-OBL-MONTAR)" in body
    assert "de dominio en R-OBL-MONTAR" not in body


def test_a_start_refused_in_an_archived_class_stays_on_the_students_task(
    classroom, teresa, alice, alice_client, teresa_client
):
    practice_set = make_set(classroom, teresa, items=[PLAY])
    item = practice_set.items.get()
    teresa_client.post(reverse("classroom:archive", args=[classroom.pk]))
    url = reverse("classroom:task_play", args=[practice_set.pk, item.pk])
    response = alice_client.post(url, follow=True)
    assert response.status_code == 200
    assert response.redirect_chain[-1][0] == reverse("classroom:task", args=[practice_set.pk])
    assert "esta tarea ya no se puede terminar" in response.content.decode()
    assert not SetMatch.objects.exists()
    assert Assignment.objects.get(student=alice, practice_set=practice_set).state == "sin_empezar"


def _when(body: str) -> str:
    start = body.index('class="home-tasks__when"')
    return body[start : body.index("</span>", start)]


def test_the_home_page_writes_the_due_date_in_the_pages_language(classroom, teresa, alice, alice_client):
    make_set(classroom, teresa, title="Asistir el viernes")
    spanish = _when(alice_client.get(reverse("core:home")).content.decode())
    assert re.search(r"para el \w+ \d+ de \w+, \d\d:\d\d", spanish), spanish
    alice.language = "en"
    alice.save(update_fields=["language"])
    english = _when(alice_client.get(reverse("core:home")).content.decode())
    assert " de " not in english and re.search(r"\w+, [A-Z]\w+ \d+, \d\d:\d\d", english), english
