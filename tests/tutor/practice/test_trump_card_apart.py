"""The card the dealer showed is drawn apart from the trick on the practice page: the trick's grid holds
only the cards played, and the shown card is drawn once, after it (never inside, never twice)."""

import re

import pytest

from tutor.practice.models import Mode
from tutor.practice.services import issue

from .conftest import owner_of

TRICK = re.compile(r'<section class="trick"[^>]*>(.*?)</section>(.*)', re.S)
CARD = re.compile(r'data-card="(\w+)"')


@pytest.mark.parametrize("family", ["jugada", "ganador"])
def test_the_trump_card_is_not_drawn_inside_the_trick(alice, alice_client, family):
    shown_apart = 0
    for seed in range(1, 9):
        issued = issue(owner=owner_of(alice), mode=Mode.FAMILY, family=family, difficulty=2, seed=seed)
        pos = issued.scenario["position"]
        page = alice_client.get(issued.get_absolute_url()).content.decode()
        inside, after = TRICK.search(page).groups()
        assert CARD.findall(inside) == pos["trick"], seed  # only the cards played, in playing order
        shown = pos["trump_card"]
        drawn = after.split("</div>", 1)[0] if 'class="trick-trump-card"' in after[:80] else ""
        if shown in pos["trick"]:
            assert not drawn, seed  # once played it is only in the trick
        else:
            assert CARD.findall(drawn) == [shown] and "carta de triunfo" in drawn, seed
            shown_apart += 1
    assert shown_apart
