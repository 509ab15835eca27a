"""Bots at a table: play a whole hand or match with a bot (of some level) in every seat."""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.bots.choose import choose_cante, choose_play, normal_seats
from engine.bots.view import seat_view
from engine.hand import Hand
from engine.match import Match
from engine.rules import GUIA, TableRules


def sing_after_trick(
    hand: Hand, levels: Sequence[str | None], rng: random.Random | Sequence[random.Random]
) -> None:
    """After a trick, the winner's bot then its partner's bot sing what they may (a seat with level None is
    skipped); ``rng`` is one generator for every seat or one per seat."""
    if hand.turn is None or not hand.tricks or hand.trick:
        return
    winner = hand.winners[-1]
    for s in (winner, (winner + 2) & 3):
        if levels[s] is None:
            continue
        seat_rng = rng if isinstance(rng, random.Random) else rng[s]
        decision = choose_cante(seat_view(hand, s), levels[s], seat_rng)
        if decision is not None:
            hand.declare(s, decision.option.suit, decision.option.tute)
            if hand.turn is None:  # a tute ends the hand (R-TUTE-3)
                return


def play_hand(hand: Hand, levels: Sequence[str], rng: random.Random) -> Hand:
    """Play ``hand`` to its end with ``levels[seat]`` bots (mutates and returns it)."""
    reads = normal_seats(levels)
    while hand.turn is not None:
        seat = hand.turn
        decision = choose_play(seat_view(hand, seat), levels[seat], rng, reads=reads)
        if hand.play(decision.card) is not None:
            sing_after_trick(hand, levels, rng)
    return hand


def play_match(
    seed: int | random.Random, levels: Sequence[str], rules: TableRules = GUIA, first_dealer: int = 0
) -> tuple[Match, list[Hand]]:
    """A whole match of bots; returns the final match and its hands in order."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    m = Match(rules, first_dealer)
    hands = []
    while not m.over:
        hand = play_hand(m.new_hand(rng), levels, rng)
        hands.append(hand)
        m = m.record(hand.score())
    return m, hands
