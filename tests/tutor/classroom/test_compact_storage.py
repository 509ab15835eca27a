"""Stored questions and graded answers kept deflated (tutor/practice/compact.py): the values come back
equal, they take a fraction of their JSON, and every page that redraws an answer draws it the same from
rows migrated from the JSON columns and back."""

import hashlib
import json
import re

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse

from engine.rules import PRESETS
from engine.scenarios import FAMILIES, generate, grade
from tests.tutor.classroom.conftest import make_set
from tests.tutor.classroom.helpers import answer
from tests.tutor.classroom.test_every_page_after_every_answer import right, wrong
from tutor.classroom.models import Question
from tutor.practice.compact import DICTIONARY_V1, pack, unpack
from tutor.practice.models import Attempt, Issued


def _samples():
    for preset in ("guia", "ludoteka"):
        for family in FAMILIES:
            for level in (1, 2, 3):
                for seed in range(4):
                    scenario = generate(family, seed, level, PRESETS[preset])
                    given = scenario.options[seed % len(scenario.options)].value if scenario.options else "7"
                    try:
                        graded = grade(scenario, given)
                    except ValueError:
                        graded = grade(scenario, scenario.answer)
                    yield scenario.to_dict(), graded.to_dict()


def test_a_packed_question_and_grade_come_back_equal_and_small():
    plain = packed = 0
    for scenario, graded in _samples():
        for value in (scenario, graded):
            assert unpack(pack(value)) == json.loads(json.dumps(value))
            plain += len(json.dumps(value))
            packed += len(pack(value))
    assert packed < plain / 4, (packed, plain)


def test_rows_packed_with_format_1_stay_readable():
    # Every stored row depends on format 1's dictionary: a new dictionary needs a new format byte.
    assert hashlib.sha256(DICTIONARY_V1.read_bytes()).hexdigest() == (
        "c628e3b87b761d2bcaf83da6344cf47a79892d1f26d43e118ab30054a5d0b791"
    )
    stored = bytes.fromhex("01abc6920cc0931dc58939c0f4836f46c500d19443da320299223ebc5129b61600")  # 2026-12-06
    assert unpack(stored) == {
        "question": {"msg": "play.salida.ok", "facts": {"who": {"who": [0, None]}}},
        "answer": ["12c", "ñ"],
    }


def test_odd_values_survive_packing():
    for value in ({}, [], "ñandú «»", {"a": [1, 2.5, None, True, {"b": "\u2028"}]}, 0):
        assert unpack(pack(value)) == value


STRIP = (
    re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"'),
    re.compile(r'nonce="[^"]*"'),
    re.compile(r"hace [^<\n]*"),  # a relative time may move on between two draws
)


def _page(client, url) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    body = b"".join(response.streaming_content) if response.streaming else response.content
    text = body.decode()
    for pattern in STRIP:
        text = pattern.sub("", text)
    return text


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)


@pytest.mark.django_db(transaction=True)
def test_every_page_redraws_answers_the_same_after_the_json_columns_and_back(
    classroom, teresa, alice, bob, alice_client, bob_client, teresa_client
):
    items = [{"kind": "family", "family": family, "count": 1, "difficulty": 2} for family in FAMILIES]
    practice_set = make_set(classroom, teresa, items=items)
    task = reverse("classroom:task", args=[practice_set.pk])
    for client in (alice_client, bob_client):
        assert client.get(task).status_code == 200
    for student, client in ((alice, alice_client), (bob, bob_client)):
        for q in Question.objects.filter(assignment__student=student).select_related("issued"):
            value = (wrong if student == bob else right)(q.issued.scenario)
            if value is not None:
                answer(client, q.issued, value)
    assert Attempt.objects.filter(correct=False).exists() and Attempt.objects.filter(correct=True).exists()
    pages = [
        (teresa_client, reverse("classroom:set_detail", args=[practice_set.pk])),
        (teresa_client, reverse("classroom:detail", args=[classroom.pk])),
        (teresa_client, reverse("classroom:set_attempts_csv", args=[practice_set.pk])),
        (teresa_client, reverse("classroom:set_results_csv", args=[practice_set.pk])),
        (bob_client, reverse("progress:index")),
        (alice_client, reverse("progress:index")),
        *((bob_client, f"{task}?n={q.number}") for q in Question.objects.filter(assignment__student=bob)),
        *(
            (c, reverse("practice:scenario", args=[i.token]))
            for c, i in [(alice_client, i) for i in Issued.objects.filter(learner=alice)]
            + [(bob_client, i) for i in Issued.objects.filter(learner=bob)]
        ),
    ]
    values = {i.pk: (i.scenario, i.attempt.grade) for i in Issued.objects.select_related("attempt")}
    before = [_page(client, url) for client, url in pages]

    _migrate([("practice", "0005_live_round_mode")])
    with connection.cursor() as cur:  # the reverse leaves JSON columns holding the same values
        cur.execute(
            "SELECT i.id, i.scenario, a.grade FROM practice_issued i JOIN practice_attempt a ON a.issued_id = i.id"
        )
        old = {
            pk: tuple(v if isinstance(v, dict) else json.loads(v) for v in pair)
            for pk, *pair in cur.fetchall()
        }
    assert old == values
    _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())

    assert {i.pk: (i.scenario, i.attempt.grade) for i in Issued.objects.select_related("attempt")} == values
    with connection.cursor() as cur:
        cur.execute("SELECT scenario FROM practice_issued")
        assert all(bytes(row[0])[0] == 1 for row in cur.fetchall())  # packed again, not JSON text
    after = [_page(client, url) for client, url in pages]
    for (_, url), old_page, new_page in zip(pages, before, after, strict=True):
        assert new_page == old_page, url
