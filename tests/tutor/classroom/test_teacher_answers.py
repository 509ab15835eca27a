"""The teacher's pages draw each answer as the student saw it: position, options, theirs and the right one."""

import csv
import io
import re

import pytest
from django.urls import reverse

from engine.cards import NAME_OF
from engine.messages import from_data
from engine.scenarios import FAMILIES
from engine.scenarios.common import CODE_INDEX
from tests.tutor.classroom.conftest import make_set
from tutor.classroom import services
from tutor.classroom.models import Assignment, Question
from tutor.classroom.views.sets import WRONG_PER_PAGE
from tutor.practice.identity import Owner
from tutor.practice.services import submit


def _wrong_raw(scenario: dict):
    """A wrong answer read from the stored answer key (None when every answer is right)."""
    kind, answer = scenario["answer_kind"], scenario["answer"]
    if kind == "card":
        return next((c for c in scenario["position"]["hand"] if c not in answer), None)
    if kind == "cards":
        hand = scenario["position"]["hand"]
        return hand if sorted(hand) != sorted(answer) else []
    if kind == "number":
        return str(int(answer) + 7)
    right = set(answer) if isinstance(answer, list) else {str(answer)}
    return next((o["value"] for o in scenario["options"] if o["value"] not in right), None)


def _label_of(scenario: dict, value: str) -> str:
    """An answer as the page names it: a card of the hand by its name, an option by its label."""
    if scenario["answer_kind"] in ("card", "cards"):
        return NAME_OF[CODE_INDEX[value]]
    labels = {o["value"]: str(from_data(o["label"])) for o in scenario["options"]}
    return labels[value] if value in labels else NAME_OF[CODE_INDEX[value]]


def _answer_wrong(practice_set, student) -> list:
    """Alice answers every question of the set wrong where she can; returns (question, raw) pairs."""
    assignment = Assignment.objects.get(practice_set=practice_set, student=student)
    services.ensure_questions(assignment=assignment)
    done = []
    for q in Question.objects.filter(assignment=assignment).select_related("issued"):
        raw = _wrong_raw(q.issued.scenario)
        if raw is None:
            continue
        attempt, _created = submit(owner=Owner(student, ""), token=q.issued.token, raw=raw)
        assert not attempt.correct
        done.append((q, raw))
    return done


def _html(response) -> str:
    assert response.status_code == 200
    return response.content.decode()


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


@pytest.mark.parametrize("family", FAMILIES)
def test_the_set_page_draws_each_familys_wrong_answer_with_the_right_one(
    classroom, teresa, alice, teresa_client, family
):
    practice_set = make_set(
        classroom, teresa, items=[{"kind": "family", "family": family, "count": 3, "difficulty": 2}]
    )
    wrong = _answer_wrong(practice_set, alice)
    assert wrong, f"no wrong answer was possible for {family}"
    page = _html(teresa_client.get(reverse("classroom:set_detail", args=[practice_set.pk])))
    text = _text(page)
    assert page.count('class="wrong-answer"') == len(wrong)
    for q, raw in wrong:
        scenario = q.issued.scenario
        assert str(from_data(scenario["question"])) in text
        if scenario["answer_kind"] == "number":
            assert f"Respondió: {raw}" in text
            assert f"Respuesta correcta: {scenario['answer']}" in text
        elif scenario["answer_kind"] == "cards":
            given = ", ".join(NAME_OF[CODE_INDEX[c]] for c in raw) or "ninguna"
            assert f"Respondió: {given}" in text
        else:
            assert f"Respondió: {_label_of(scenario, raw)}" in text
        right = scenario["answer"] if isinstance(scenario["answer"], list) else [str(scenario["answer"])]
        if scenario["answer_kind"] in ("choice",):
            for value in right:
                assert _label_of(scenario, value) in text
            # Options drawn as options, theirs and the right one marked.
            chosen = re.findall(
                r'seen__option--chosen[^>]*>\s*<span class="seen__option-label">([^<]+)', page
            )
            assert _label_of(scenario, raw) in chosen
            assert "seen__option--right" in page
    if family == "ganador":
        # The trick whose winner was asked is drawn, each of its cards by name.
        for q, _raw in wrong:
            for code in q.issued.scenario["position"]["trick"]:
                assert NAME_OF[CODE_INDEX[code]] in text
    if family in ("jugada", "validas"):
        assert "su respuesta" in text and "respuesta correcta" in text
        for q, _raw in wrong:
            for code in q.issued.scenario["position"]["hand"]:
                assert NAME_OF[CODE_INDEX[code]] in text


def test_the_set_page_pages_its_wrong_answers(classroom, teresa, alice, bob, teresa_client):
    items = [{"kind": "family", "family": "tantos", "count": 15, "difficulty": 1}]
    practice_set = make_set(classroom, teresa, items=items)
    n = len(_answer_wrong(practice_set, alice)) + len(_answer_wrong(practice_set, bob))
    assert n == 30
    url = reverse("classroom:set_detail", args=[practice_set.pk])
    first = _html(teresa_client.get(url))
    second = _html(teresa_client.get(url, {"pagina": 2}))
    assert first.count('class="wrong-answer"') == WRONG_PER_PAGE
    assert second.count('class="wrong-answer"') == n - WRONG_PER_PAGE
    assert "Página 1 de 2" in first and 'href="?pagina=2#mistakes"' in first
    assert "Alicia Gómez" in first  # alice's twenty come first (by username), bob's rest on page 2
    assert "Roberto Díaz" in second
    # A page past the end or a word shows the last or first page, never an error.
    assert _html(teresa_client.get(url, {"pagina": 99})).count('class="wrong-answer"') == n - WRONG_PER_PAGE
    assert _html(teresa_client.get(url, {"pagina": "x"})).count('class="wrong-answer"') == WRONG_PER_PAGE


def test_the_answers_csv_is_streamed_with_every_answer(classroom, teresa, alice, bob, teresa_client):
    items = [
        {"kind": "family", "family": "obligacion", "count": 2, "difficulty": 1},
        {"kind": "family", "family": "tantos", "count": 2, "difficulty": 1},
    ]
    practice_set = make_set(classroom, teresa, items=items)
    wrong = _answer_wrong(practice_set, alice) + _answer_wrong(practice_set, bob)
    response = teresa_client.get(reverse("classroom:set_attempts_csv", args=[practice_set.pk]))
    assert response.streaming
    assert response["Content-Disposition"] == f'attachment; filename="tarea-{practice_set.pk}-respuestas.csv"'
    chunks = list(response.streaming_content)
    assert len(chunks) == len(wrong) + 1  # a line at a time, the header first
    body = b"".join(chunks).decode("utf-8")
    assert body.startswith("\ufeffusuario,")
    rows = list(csv.DictReader(io.StringIO(body.removeprefix("\ufeff"))))
    assert len(rows) == len(wrong)
    by_key = {(r["usuario"], r["pregunta"]): r for r in rows}
    for q, raw in wrong:
        row = by_key[(q.assignment.student.username, str(q.number))]
        assert row["respuesta (código)"] == raw
        assert row["correcta"] == "no"
        assert row["nombre real"] in ("Alicia Gómez", "Roberto Díaz")
        if q.issued.scenario["answer_kind"] == "choice":
            assert row["respuesta"] == _label_of(q.issued.scenario, raw)


def test_another_teacher_cannot_stream_the_answers(classroom, teresa, tomas_client):
    practice_set = make_set(classroom, teresa)
    assert tomas_client.get(reverse("classroom:set_attempts_csv", args=[practice_set.pk])).status_code == 404
