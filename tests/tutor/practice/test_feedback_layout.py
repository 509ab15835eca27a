"""The feedback's marks and hints: what is a mistake comes from the grade, the chosen card stays
marked on the hand, and the keyboard hint is offered only where number keys work."""

import re

from tutor.practice.models import Mode
from tutor.practice.services import issue, submit

from .conftest import owner_of


def _verdict_rows(body: str) -> dict[str, str]:
    """Each verdict row's classes by its value (card code or option)."""
    found = re.findall(r'<li class="(verdict [^"]+)"\s+data-verdict="([^"]+)"', body)
    return {value: classes for classes, value in found}


def _tantos_pile(alice):
    for seed in range(60):
        issued = issue(owner=owner_of(alice), mode=Mode.FAMILY, family="tantos", difficulty=1, seed=seed)
        pile = issued.scenario["position"].get("pile") or []
        if any(code[:-1] in ("2", "4", "5", "6", "7") for code in pile):
            return issued
    raise AssertionError("no level-1 tantos pile with a card that counts nothing")


def test_zero_point_cards_in_tantos_feedback_are_facts_not_mistakes(alice, alice_client):
    issued = _tantos_pile(alice)
    submit(owner=owner_of(alice), token=issued.token, raw=str(issued.scenario["answer"] + 1))
    body = alice_client.get(issued.get_absolute_url()).content.decode()
    assert "Incorrecto." in body
    rows = _verdict_rows(body)
    zero = [code for code in issued.scenario["position"]["pile"] if code[:-1] in ("2", "4", "5", "6", "7")]
    for code in zero:
        assert "verdict--zero" in rows[code] and "verdict--mistake" not in rows[code]
    feedback = body[body.index("feedback__verdicts--cards") :]
    assert "✘" not in feedback[: feedback.index("</ul>")]
    assert "verdict__mistake" not in body


def test_the_card_played_is_marked_on_the_hand_and_as_the_mistake(alice, alice_client, cual_puedes_jugar):
    submit(owner=owner_of(alice), token=cual_puedes_jugar.token, raw="4c")
    body = alice_client.get(cual_puedes_jugar.get_absolute_url()).content.decode()
    hand = body[body.index('class="scenario__answer"') : body.index('class="feedback ')]
    assert re.search(r'playing-card--md is-marked"\s+data-card="4c"', hand)
    assert "tu carta" in hand
    assert hand.count("is-marked") == 1
    rows = _verdict_rows(body)
    assert "verdict--mistake" in rows["4c"]
    assert all("verdict--mistake" not in classes for code, classes in rows.items() if code != "4c")


def test_the_keyboard_hint_waits_for_javascript_and_is_never_on_a_number_input(alice, alice_client):
    card = issue(owner=owner_of(alice), mode=Mode.FAMILY, family="jugada", difficulty=1, seed=3)
    body = alice_client.get(card.get_absolute_url()).content.decode()
    assert re.search(r'<p class="scenario__hint" data-key-hint hidden>', body)
    for seed in range(60):
        number = issue(owner=owner_of(alice), mode=Mode.FAMILY, family="tantos", difficulty=1, seed=seed)
        if number.scenario["answer_kind"] == "number":
            break
    body = alice_client.get(number.get_absolute_url()).content.decode()
    assert 'type="number"' in body and "data-key-hint" not in body
