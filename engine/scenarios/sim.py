"""Random legal play of whole hands, through the engine's ``Hand``, to draw real positions from."""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.cards import pick
from engine.deal import Deal, deal
from engine.hand import Hand
from engine.rules import TableRules


@dataclass(frozen=True, slots=True)
class TrickRecord:
    leader: int
    cards: tuple[int, ...]  # play order, from the leader
    winner: int  # seat
    hands_before: tuple[int, ...]  # masks by seat, before the first card of this trick


@dataclass(frozen=True, slots=True)
class HandRecord:
    deal: Deal
    tricks: tuple[TrickRecord, ...]


def play_hand(rng: random.Random, rules: TableRules) -> HandRecord:
    """Deal with ``rng`` (a random dealer) and play the ten tricks with random legal cards; nobody sings."""
    the_deal = deal(rng, rng.randrange(4), rules)
    hand = Hand.from_deal(the_deal, rules)
    records = []
    while hand.turn is not None:
        before = tuple(hand.hands)
        for _ in range(4):
            hand.play(pick(hand.legal_mask(), rng))
        records.append(TrickRecord(hand.leaders[-1], hand.tricks[-1], hand.winners[-1], before))
    return HandRecord(the_deal, tuple(records))
