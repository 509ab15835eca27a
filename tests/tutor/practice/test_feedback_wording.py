"""Each verdict row says yes or no once: the row's words, then the engine's reason without its own Sí:/No:."""

import re

import pytest

from engine.scenarios import grade_texts
from tutor.practice.models import Mode
from tutor.practice.services import issue, submit

from .conftest import owner_of


@pytest.mark.parametrize("family", ["ganador", "validas", "cante", "obligacion"])
def test_a_verdict_row_does_not_repeat_its_verdict(alice_client, alice, family):
    issued = issue(owner=owner_of(alice), mode=Mode.FAMILY, family=family, difficulty=2, seed=5)
    attempt, _ = submit(owner=owner_of(alice), token=issued.token, raw=_some_answer(issued))
    reasons = [str(why) for _v, _l, _ok, why in grade_texts(attempt.grade)["verdicts"]]  # stored texts
    assert any(why.startswith(("Sí: ", "No: ")) for why in reasons)  # the engine does prefix them
    body = alice_client.get(issued.get_absolute_url()).content.decode()
    rows = re.findall(r'<li class="verdict verdict--(?:yes|no)".*?</li>', body, re.S)
    assert rows
    for row in rows:
        text = re.sub(r"<[^>]+>", " ", row)
        assert not re.search(r":\s+(Sí|No):", text), text


def _some_answer(issued):
    scenario = issued.scenario
    if scenario["answer_kind"] == "choice":
        return scenario["options"][0]["value"]
    if scenario["answer_kind"] == "cards":
        return list(scenario["answer"]) or [scenario["position"].get("hand", [""])[0]]
    answer = scenario["answer"]
    return answer[0] if isinstance(answer, list) else str(answer)


def test_a_wrong_answer_no_misconception_explains_shows_what_it_missed(alice_client, alice):
    from engine.rules import GUIA
    from engine.scenarios import build_position

    # No copas, no trump in the trick yet (sale el cinco de copas): with oros you must fallar, and both oros
    # are legal. Marking only one of them is not a belief the engine names: the page says what was left out.
    scenario = build_position("o", ["5c"], ["12o", "4o", "7b"], GUIA).scenario("validas")
    issued = issue(owner=owner_of(alice), mode=Mode.FAMILY, family="validas", scenario=scenario)
    attempt, _ = submit(owner=owner_of(alice), token=issued.token, raw=["12o"])
    assert not attempt.correct and attempt.misconception == ""
    body = alice_client.get(issued.get_absolute_url()).content.decode()
    assert "Te has dejado el cuatro de oros, que también se puede jugar." in body
