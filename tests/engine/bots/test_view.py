"""A seat's view: it holds what the seat may know, agrees with the hand on legal cards and cantes, and its
inferences (voids, cards shown) never exclude a card the seat really holds."""

from __future__ import annotations

import random

import pytest

from engine.bots import seat_view
from engine.cards import SUIT_MASKS, card, mask_of, parse_cards
from engine.hand import Hand
from engine.rules import PRESETS

from .helpers import walk

rule = pytest.mark.rule


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_view_gives_the_same_legal_cards_and_cantes_as_the_hand_under_every_table(name):
    rules = PRESETS[name]
    for seed in range(40):
        rng = random.Random(seed)
        hand = Hand.new(rng, seed % 4, rules, first_hand=seed % 2 == 0)
        for h in walk(hand, rng):
            assert seat_view(h, h.turn).legal_mask() == h.legal_mask()
            for s in range(4):
                assert seat_view(h, s).allowed_cantes() == h.allowed_cantes(s)
                if s != h.turn:
                    assert seat_view(h, s).legal_mask() == 0


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_what_the_view_infers_about_other_hands_always_includes_their_real_cards(name):
    rules = PRESETS[name]
    narrowed = 0
    for seed in range(60):
        rng = random.Random(seed)
        hand = Hand.new(rng, seed % 4, rules)
        for h in walk(hand, rng, "principiante" if seed % 2 else "normal"):
            for viewer in range(4):
                view = seat_view(h, viewer)
                possible, known = view.possible(), view.known()
                for s in range(4):
                    assert h.hands[s] & ~possible[s] == 0, (seed, viewer, s)
                    assert known[s] & ~h.hands[s] == 0
                    if s != viewer:
                        narrowed += (view.unseen & ~possible[s]) != 0
    assert narrowed > 100  # the inference is not vacuous: voids and ceilings do show up


@rule("R-OBL-ASISTIR", "R-OBL-FALLAR")
def test_a_seat_that_did_not_follow_suit_nor_trump_is_known_to_lack_both():
    # Trump oros; seat 1 leads the as de copas; seat 2 plays a basto: no copas and, not trumping, no oros.
    hands = [
        parse_cards("2e 4e 5e 6e 7e 10e 11e 12e 3e 1e".split()),
        parse_cards("1c 2c 4c 5c 6c 7c 10c 11c 12c 3c".split()),
        parse_cards("2b 4b 5b 6b 7b 10b 11b 12b 3b 1b".split()),
        parse_cards("2o 4o 5o 6o 7o 10o 11o 12o 3o 1o".split()),
    ]
    hand = Hand(hands, "o", dealer=0)
    hand.play("1c")
    hand.play("2b")
    view = seat_view(hand, 3)
    possible = view.possible()
    assert possible[2] & (SUIT_MASKS[0] | SUIT_MASKS[1]) == 0
    assert possible[2] & SUIT_MASKS[3] == SUIT_MASKS[3] & ~mask_of([card(2, "b")])
    assert possible[0] == view.unseen  # seat 0 has not played yet: it may hold any unseen card


def test_the_view_of_a_seat_holds_its_own_hand_and_only_public_state():
    hand = Hand.new(11, 0)
    hand.play(hand.legal()[0])
    view = seat_view(hand, 3)
    assert view.hand == hand.hands[3]
    assert view.trick == tuple(hand.trick) and view.leader == hand.leader and view.turn == hand.turn
    assert view.trump_card == hand.trump_card and view.trump == hand.trump
    assert view.hand_size(3) == 10 and view.hand_size(1) == 9
    assert view.unseen.bit_count() == 40 - 10 - 1
