"""«Cuenta los tantos» marks in words which pair the question asks about; questions stored by an older
engine still show and grade."""

import pytest
from django.urls import reverse

from engine.rules import GUIA
from engine.scenarios import Scenario
from tutor.practice.models import Attempt, Mode
from tutor.practice.services import issue

from .conftest import owner_of


def test_the_pair_the_question_counts_is_marked_in_words(alice_client, alice):
    for seed in range(40):
        issued = issue(owner=owner_of(alice), mode=Mode.FAMILY, family="tantos", difficulty=2, seed=seed)
        if issued.scenario["position"].get("pair") == "A":
            break
    else:
        raise AssertionError("no seed gave a question about pair A")
    body = alice_client.get(issued.get_absolute_url()).content.decode()
    a = body.index('data-pair="A"')
    b = body.index('data-pair="B"')
    assert "la pareja de la pregunta" in body[a:b]
    assert "la pareja de la pregunta" not in body[b:]


# Two tantos questions as engine 1.1.0 stored them (`Scenario.to_dict()` on main before the positions came
# from played hands): no dealer, shown card, history, asked pile or cante moments.
_RULES = GUIA.to_dict()  # the rules part of a stored question is unchanged
STORED_1_1 = [
    {
        "family": "tantos",
        "difficulty": 3,
        "seed": 7,
        "rules": _RULES,
        "rule_ids": ["R-SCORE-2", "R-SCORE-1", "R-SCORE-3"],
        "question": {
            "texts": [
                {"msg": "families.trump", "facts": {"trump": 0}},
                {
                    "msg": "tantos.q3",
                    "facts": {
                        "bazas": {"msg": "tantos.bazas.many", "facts": {"n": 5}},
                        "n": 5,
                        "a": [{"msg": "tantos.cante.veinte", "facts": {"suit": 1}}],
                        "b": [{"msg": "tantos.cante.veinte", "facts": {"suit": 3}}],
                        "pair": "A",
                    },
                },
            ]
        },
        "answer_kind": "choice",
        "options": [
            {"value": "A", "label": {"msg": "tantos.wins", "facts": {"pair": "A"}}},
            {"value": "B", "label": {"msg": "tantos.wins", "facts": {"pair": "B"}}},
            {"value": "empate", "label": {"msg": "tantos.tie", "facts": {}}},
        ],
        "position": {
            "trump": "o",
            "piles": {
                "A": "3o 7o 5o 2o 11c 10c 5c 4c 2c 1e 3e 12e 11e 10e 7e 4e 3b 6b 4b 2b".split(),
                "B": "1o 12o 11o 10o 6o 4o 1c 3c 12c 7c 6c 6e 5e 2e 1b 12b 11b 10b 7b 5b".split(),
            },
            "tricks": {"A": 5, "B": 5},
            "cantes": {
                "A": [{"seat": 0, "suit": "c", "points": 20}],
                "B": [{"seat": 3, "suit": "b", "points": 20}],
            },
            "last_trick": "A",
            "viewer": None,
        },
        "answer": "A",
        "fixed_id": None,
    },
    {
        "family": "tantos",
        "difficulty": 1,
        "seed": 7,
        "rules": _RULES,
        "rule_ids": ["R-DECK-4"],
        "question": {"msg": "tantos.q1", "facts": {"bazas": {"msg": "tantos.bazas.many", "facts": {"n": 5}}}},
        "answer_kind": "number",
        "options": [],
        "position": {
            "trump": "c",
            "pile": "1o 3o 12o 11o 10o 7o 3c 12c 10c 6c 5c 2c 3e 10e 12b 11b 10b 6b 5b 4b".split(),
            "tricks": 5,
            "viewer": None,
        },
        "answer": 67,
        "fixed_id": None,
    },
]


@pytest.mark.parametrize("stored", STORED_1_1, ids=["level-3", "level-1"])
def test_a_tantos_question_stored_before_the_played_hands_still_shows_and_grades(alice_client, alice, stored):
    issued = issue(
        owner=owner_of(alice), mode=Mode.FAMILY, family="tantos", scenario=Scenario.from_dict(stored)
    )
    body = alice_client.get(issued.get_absolute_url()).content.decode()
    assert "Cartas ganadas" in body and "3o" in body
    response = alice_client.post(
        reverse("practice:answer", args=[issued.token]), {"answer": str(stored["answer"])}
    )
    assert response.status_code == 302
    attempt = Attempt.objects.get()
    assert attempt.correct and attempt.answer == stored["answer"]
    assert "¡Correcto!" in alice_client.get(response.url).content.decode()
