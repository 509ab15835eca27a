"""Dealing a hand (R-DEAL-1, R-DEAL-2, R-DEAL-3, R-SEAT-1) and the Ludoteka first hand."""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.cards import CARDS, Card, Suit, card
from engine.rules import GUIA, TableRules

DOS_DE_OROS = card(2, "o")


def partner(seat: int) -> int:
    return (seat + 2) % 4


def pair_of(seat: int) -> str:
    """'A' for seats 0 and 2, 'B' for seats 1 and 3 (R-SEAT-1)."""
    return "AB"[seat % 2]


@dataclass(frozen=True, slots=True)
class Deal:
    hands: tuple[tuple[Card, ...], ...]  # by seat, in the order the cards were dealt
    trump: Suit
    trump_card: Card | None  # the dealer's shown card; None in a Ludoteka first hand
    dealer: int
    leader: int


def given(hands, dealer: int, trump_card: Card | None) -> Deal:
    """A deal given card by card rather than shuffled here (a hand record's, or one stored by its code):
    ``hands`` by seat, the ``dealer`` and the turned-up card (R-DEAL-2; the dealer's), or None for a
    Ludoteka first hand (oros is trump and the holder of the dos de oros leads). Who leads follows from
    them as it does in ``deal`` (R-DEAL-3)."""
    if dealer not in (0, 1, 2, 3):
        raise ValueError(f"repartidor no válido: {dealer!r} (asientos 0 a 3)")
    hands = tuple(tuple(CARDS[c] for c in h) for h in hands)
    if trump_card is None:
        leader = next(s for s in range(4) if DOS_DE_OROS in hands[s])
        return Deal(hands, Suit.OROS, None, dealer, leader)
    trump_card = CARDS[trump_card]
    if trump_card not in hands[dealer]:
        raise ValueError("la carta que marca el triunfo es del repartidor")
    return Deal(hands, trump_card.suit, trump_card, dealer, (dealer + 1) % 4)


def deal(
    seed: int | random.Random, dealer: int = 0, rules: TableRules = GUIA, *, first_hand: bool = False
) -> Deal:
    """Shuffle with ``seed`` and deal ten cards each, one at a time counter-clockwise from the dealer's right."""
    if dealer not in (0, 1, 2, 3):
        raise ValueError(f"repartidor no válido: {dealer!r} (asientos 0 a 3)")
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    deck = list(CARDS)
    rng.shuffle(deck)
    hands: list[list[Card]] = [[], [], [], []]
    for i, c in enumerate(deck):
        hands[(dealer + 1 + i) % 4].append(c)  # R-DEAL-1; the 40th card goes to the dealer
    if first_hand and rules.primera_mano == "ludoteka":
        # Variant primera_mano=ludoteka: oros is trump and the holder of the dos de oros leads it.
        leader = next(s for s in range(4) if DOS_DE_OROS in hands[s])
        return Deal(tuple(map(tuple, hands)), Suit.OROS, None, dealer, leader)
    trump_card = deck[-1]  # R-DEAL-2: the dealer's last card marks the trump and stays in the hand
    return Deal(tuple(map(tuple, hands)), trump_card.suit, trump_card, dealer, (dealer + 1) % 4)  # R-DEAL-3
