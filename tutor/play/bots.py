"""The bots the table asks, by level: engine/bots decides; this module only passes it the seat's view.

Until engine/bots is merged every level plays as principiante: a random legal card, and the first
cante allowed (both read only the seat's own hand and the cards on the table).
"""

from __future__ import annotations

import random

from engine.cards import pick
from engine.hand import Hand


def choose_card(hand: Hand, seat: int, level: str, rng: random.Random) -> int:
    assert hand.turn == seat
    return pick(hand.legal_mask(), rng)


def choose_cante(hand: Hand, seat: int, level: str, rng: random.Random):
    options = hand.allowed_cantes(seat)
    return options[0] if options else None


def suggest(hand: Hand, seat: int) -> dict | None:
    """What the normal bot would play here and why, for «Pista» (None until engine/bots is merged)."""
    return None


def better_card(hand: Hand, seat: int, played: str) -> dict | None:
    """For the review: a legal card the fuerte bot estimates clearly better than ``played``, or None."""
    return None
