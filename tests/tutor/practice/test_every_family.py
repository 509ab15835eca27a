"""Every family at every level, issued through the service and answered through the real view."""

import pytest
from django.urls import reverse

from engine.scenarios import DIFFICULTIES, FAMILIES
from tutor.practice.models import Attempt, Issued, Mode
from tutor.practice.services import issue

from .conftest import owner_of

SEEDS = (1, 2, 3)


def right_answer(scenario: dict) -> list[str]:
    """A right answer read from the stored answer key (not from the page)."""
    kind, key = scenario["answer_kind"], scenario["answer"]
    if kind == "card":  # the legal cards: any one of them
        return [key[0]]
    if kind == "cards":
        return list(key)
    if kind == "number":
        return [str(key)]
    return [key[0] if isinstance(key, list) else key]


def wrong_answer(scenario: dict) -> list[str] | None:
    kind, key = scenario["answer_kind"], scenario["answer"]
    values = [o["value"] for o in scenario["options"]]
    if kind == "number":
        return [str(key + 1)]
    if kind == "cards":
        wrong = [v for v in values if v not in key]
        return list(key) + wrong[:1] if wrong else list(key)[1:]
    good = key if isinstance(key, list) else [key]
    wrong = [v for v in values if v not in good]
    return wrong[:1] or None


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
@pytest.mark.parametrize("family", FAMILIES)
def test_the_answer_key_is_graded_right_and_a_wrong_answer_wrong(alice, alice_client, family, difficulty):
    wrong_tried = 0
    for seed in SEEDS:
        right = issue(
            owner=owner_of(alice), mode=Mode.FAMILY, family=family, difficulty=difficulty, seed=seed
        )
        page = alice_client.get(right.get_absolute_url())
        assert page.status_code == 200
        answer = right_answer(right.scenario)
        response = alice_client.post(reverse("practice:answer", args=[right.token]), {"answer": answer})
        assert response.status_code == 302, response.content.decode()[-2000:]
        assert Attempt.objects.get(issued=right).correct, (seed, answer)

        other = issue(
            owner=owner_of(alice), mode=Mode.FAMILY, family=family, difficulty=difficulty, seed=seed
        )
        wrong = wrong_answer(other.scenario)
        if wrong is None:  # every option is right here (e.g. every card of the hand may be played)
            continue
        wrong_tried += 1
        response = alice_client.post(reverse("practice:answer", args=[other.token]), {"answer": wrong})
        assert response.status_code == 302
        attempt = Attempt.objects.get(issued=other)
        assert not attempt.correct, (seed, wrong)
        feedback = alice_client.get(other.get_absolute_url()).content.decode()
        assert "Incorrecto." in feedback
        for rule_id in attempt.rule_ids:
            assert f'data-rule="{rule_id}"' in feedback
    assert wrong_tried >= 1
    assert Issued.objects.filter(learner=alice).count() == 2 * len(SEEDS)
