"""Dealing (R-DEAL-1, R-DEAL-2, R-DEAL-3, R-SEAT-1) and the Ludoteka first hand."""

from __future__ import annotations

import random

import pytest

from engine.cards import CARDS, mask_of
from engine.deal import DOS_DE_OROS, deal, pair_of, partner
from engine.rules import GUIA, preset

rule = pytest.mark.rule


@rule("R-DEAL-1")
def test_it_deals_ten_cards_each_and_all_forty():
    d = deal(7)
    assert [len(h) for h in d.hands] == [10, 10, 10, 10]
    assert sorted(c for h in d.hands for c in h) == list(CARDS)


@rule("R-DEAL-1", "R-SEAT-1")
@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_it_deals_one_card_at_a_time_counter_clockwise_from_the_dealers_right(dealer):
    deck = list(CARDS)
    random.Random(11).shuffle(deck)
    d = deal(11, dealer)
    for i, c in enumerate(deck):
        seat = (dealer + 1 + i) % 4
        assert d.hands[seat][i // 4] == c


@rule("R-DEAL-2")
def test_the_dealers_last_card_marks_trump_and_stays_in_the_dealers_hand():
    d = deal(3, dealer=2)
    assert d.trump_card == d.hands[2][-1]
    assert d.trump == d.trump_card.suit


@rule("R-DEAL-3")
@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_the_player_to_the_dealers_right_leads_first(dealer):
    assert deal(5, dealer).leader == (dealer + 1) % 4


def test_it_is_deterministic_given_the_seed_and_accepts_a_random():
    assert deal(42) == deal(42)
    assert deal(42) != deal(43)
    assert deal(random.Random(42)) == deal(42)


def test_a_bad_dealer_is_an_error():
    with pytest.raises(ValueError, match="repartidor"):
        deal(1, 4)


def test_the_ludoteka_first_hand_has_oros_trump_and_the_holder_of_the_dos_de_oros_leads():
    rules = preset("ludoteka")
    for seed in range(20):
        d = deal(seed, seed % 4, rules, first_hand=True)
        assert d.trump == 0
        assert d.trump_card is None
        assert DOS_DE_OROS in d.hands[d.leader]


def test_the_ludoteka_switch_only_changes_the_first_hand():
    rules = preset("ludoteka")
    assert deal(9, 1, rules) == deal(9, 1, GUIA)
    assert deal(9, 1, GUIA, first_hand=True) == deal(9, 1, GUIA)


@rule("R-SEAT-1")
def test_partners_sit_opposite_and_pairs_are_a_and_b():
    assert [partner(s) for s in range(4)] == [2, 3, 0, 1]
    assert [pair_of(s) for s in range(4)] == ["A", "B", "A", "B"]


def test_hands_are_disjoint():
    d = deal(1)
    masks = [mask_of(h) for h in d.hands]
    assert sum(masks) == mask_of(CARDS)
