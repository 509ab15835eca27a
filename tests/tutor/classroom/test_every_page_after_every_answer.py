"""Every teacher and student page renders after a set of every family is answered right, wrong and not
at all (a wrong option answer, «libre» or «cuarenta», once broke the teacher's set page)."""

import csv
import io

import pytest
from django.urls import reverse
from django.utils.html import strip_tags

from engine.messages import from_data
from engine.scenarios import FAMILIES
from tests.tutor.classroom.conftest import make_set
from tutor.classroom.models import Membership, Question

ITEMS = [{"kind": "family", "family": family, "count": 2, "difficulty": 1} for family in FAMILIES]


def _answer_key(scenario) -> list:
    answer = scenario["answer"]
    return list(answer) if isinstance(answer, list) else [answer]


def right(scenario) -> str | list[str]:
    """From the stored answer key, never from the code under test."""
    key = _answer_key(scenario)
    if scenario["answer_kind"] == "cards":
        return key
    return str(key[0])


def wrong(scenario) -> str | list[str] | None:
    """Another option, another set of cards, another number; None when no answer can be wrong."""
    key = [str(k) for k in _answer_key(scenario)]
    options = [o["value"] for o in scenario.get("options", [])]
    kind = scenario["answer_kind"]
    if kind == "number":
        return str(int(key[0]) + 1)
    if kind == "cards":
        flipped = [o for o in options if (o in key) != (o == options[0])]
        return flipped or [o for o in options if (o in key) != (o == options[-1])]
    return next((o for o in options if o not in key), None)


@pytest.fixture
def answered_set(classroom, teresa, alice, bob, charlie, alice_client, bob_client, charlie_client, position):
    """alice answers every question right, bob every one wrong (options included), charlie none."""
    Membership.objects.create(classroom=classroom, student=charlie, real_name="Carlos Ruiz")
    items = [
        *ITEMS,
        {
            "kind": "position",
            "family": "jugada",
            "count": 1,
            "difficulty": 1,
            "position": position.data,
            "position_title": position.title,
        },
    ]
    practice_set = make_set(classroom, teresa, items=items)
    task = reverse("classroom:task", args=[practice_set.pk])
    for client in (alice_client, bob_client, charlie_client):
        assert client.get(task).status_code == 200
    wrong_families = set()
    for student, client, choose in ((alice, alice_client, right), (bob, bob_client, wrong)):
        for q in Question.objects.filter(assignment__student=student).select_related("issued"):
            value = choose(q.issued.scenario)
            if value is None:
                continue
            response = client.post(reverse("practice:answer", args=[q.issued.token]), {"answer": value})
            assert response.status_code == 302, (q.issued.family, value, response.content[:300])
            if choose is wrong:
                wrong_families.add(q.issued.family)
    # The point of the fixture: wrong option answers exist for the option families.
    assert {"obligacion", "cante", "renuncio", "mesa", "tantos", "validas"} <= wrong_families
    return practice_set


def test_every_teacher_page_renders_after_right_wrong_and_missing_answers(
    answered_set, classroom, teresa_client
):
    pages = [
        reverse("classroom:index"),
        reverse("classroom:detail", args=[classroom.pk]),
        reverse("classroom:heatmap", args=[classroom.pk]),
        reverse("classroom:set_detail", args=[answered_set.pk]),
        reverse("classroom:positions"),
        reverse("progress:index"),
    ]
    for url in pages:
        response = teresa_client.get(url)
        assert response.status_code == 200, url


def test_the_set_page_draws_an_option_answer_as_its_label(answered_set, teresa_client, bob):
    question = Question.objects.filter(assignment__student=bob, issued__family="obligacion").first()
    page = teresa_client.get(reverse("classroom:set_detail", args=[answered_set.pk])).content.decode()
    chosen = question.issued.attempt.answer
    label = next(  # a stored label is a message as data: the page prints its words
        str(from_data(o["label"])) for o in question.issued.scenario["options"] if o["value"] == chosen
    )
    assert f"Respondió: {label}" in " ".join(strip_tags(page).split())


def test_both_csvs_have_one_row_per_answer_and_per_student(answered_set, teresa_client, alice, bob):
    def rows(name):
        response = teresa_client.get(reverse(name, args=[answered_set.pk]))
        assert response.status_code == 200
        body = b"".join(response.streaming_content) if response.streaming else response.content
        return list(csv.reader(io.StringIO(body.decode("utf-8-sig"))))[1:]

    answered = Question.objects.filter(
        assignment__practice_set=answered_set, issued__attempt__isnull=False
    ).count()
    assert len(rows("classroom:set_attempts_csv")) == answered
    assert sorted(r[0] for r in rows("classroom:set_results_csv")) == ["alice", "bob", "charlie"]


@pytest.mark.parametrize("persona", ["alice", "bob", "charlie"])
def test_every_student_page_renders_after_their_answers(answered_set, persona, request):
    client = request.getfixturevalue(f"{persona}_client")
    task = reverse("classroom:task", args=[answered_set.pk])
    pages = [
        reverse("classroom:index"),
        reverse("classroom:tasks"),
        task,
        reverse("progress:index"),
        reverse("practice:index"),
    ]
    questions = Question.objects.filter(assignment__student__username=persona).select_related("issued")
    pages += [f"{task}?n={q.number}" for q in questions]
    pages += [reverse("practice:scenario", args=[q.issued.token]) for q in questions]
    for url in pages:
        response = client.get(url)
        assert response.status_code == 200, url
    # The review queue and the mixed session start from a form.
    for name in ("progress:review", "progress:mixed"):
        response = client.post(reverse(name), follow=True)
        assert response.status_code == 200, name
