"""Who wins a trick (R-TRICK-*), with seed 000's example."""

from __future__ import annotations

import pytest

from engine.cards import Suit
from engine.tricks import trick_winner

from .helpers import cards

rule = pytest.mark.rule


@rule("R-TRICK-1", "R-TRICK-2")
@pytest.mark.parametrize(
    ("second", "wins"),
    [
        ("6o", True),  # Seis de oros: gana, porque es de oros y de mayor valor que el cinco.
        ("4o", False),  # Cuatro de oros: pierde porque es de menor valor.
        ("2c", True),  # Dos de copas: gana por ser del palo de triunfo.
        ("7b", False),  # "Nueve de bastos" in the seed: there are no nines (R-DECK-1), any basto loses.
    ],
)
def test_seed_000_example_cinco_de_oros_led_with_copas_trump(second, wins):
    assert (trick_winner(cards(f"5o {second}"), Suit.COPAS) == 1) is wins


@rule("R-TRICK-2")
def test_the_highest_trump_wins_over_any_led_suit_card():
    assert trick_winner(cards("1c 2o 3c 4o"), Suit.OROS) == 3


@rule("R-TRICK-2")
def test_without_trumps_the_highest_led_suit_card_wins_and_other_suits_never_do():
    assert trick_winner(cards("10c 1e 12c 1b"), Suit.OROS) == 2
    assert trick_winner(cards("2c 1e 1b 3e"), Suit.OROS) == 0


@rule("R-TRICK-1")
def test_a_trump_lead_is_won_by_the_highest_trump():
    assert trick_winner(cards("4o 1o 3o 1c"), Suit.OROS) == 1


def test_it_works_on_a_partial_trick():
    assert trick_winner(cards("5o 6o 2c"), Suit.COPAS) == 2
    assert trick_winner(cards("5o"), Suit.COPAS) == 0


@rule("R-TRICK-2")
def test_the_seed_trick_played_out_is_won_by_the_dos_de_copas_when_copas_is_trump():
    assert trick_winner(cards("5o 6o 2c 7b"), Suit.COPAS) == 2
    # The same cards with oros as trump: the lead is a trump and the seis de oros wins.
    assert trick_winner(cards("5o 6o 2c 7b"), Suit.OROS) == 1
