"""Shared helpers for the bot tests: replay a hand's plays and cantes on another deal."""

from __future__ import annotations

import random

from engine.bots import choose_play, seat_view, sing_after_trick
from engine.hand import Hand


def replay(original: Hand, hands) -> Hand:
    """A hand on ``hands`` (by seat) with ``original``'s trump, dealer, rules, plays and cantes, in order.

    Raises IllegalPlay or InvalidCante when a play or cante of ``original`` is not possible on ``hands``.
    """
    other = Hand(
        hands,
        original.trump,
        original.dealer,
        original.rules,
        leader=original.leaders[0] if original.leaders else original.leader,
        trump_card=original.trump_card,
        first_card=original.first_card,
    )
    plays = [c for t in original.tricks for c in t] + list(original.trick)
    cantes = {}
    for d in original.cantes:
        cantes.setdefault(d.after_trick, []).append(d)
    for c in plays:
        other.play(c)
        if not other.trick:
            for d in cantes.get(len(other.tricks), []):
                other.declare(d.seat, d.option.suit, d.option.tute)
    return other


def walk(hand: Hand, rng: random.Random, level: str = "normal", reads: int = 0):
    """Yield the hand before every play, then play the bot's card (cantes sung as the bots do); ``reads``:
    the seats the bots read as normal bots."""
    while hand.turn is not None:
        yield hand
        decision = choose_play(seat_view(hand, hand.turn), level, rng, reads=reads)
        if hand.play(decision.card) is not None:
            sing_after_trick(hand, [level] * 4, rng)


def mixed_walk(rules, seed: int):
    """``walk`` over the hand dealt from ``seed`` (dealer ``seed % 4``), played by normal bots on even seeds
    and principiante bots on odd ones; yields (the hand, the generator playing it)."""
    rng = random.Random(seed)
    for h in walk(Hand.new(rng, seed % 4, rules), rng, "principiante" if seed % 2 else "normal"):
        yield h, rng
