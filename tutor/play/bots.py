"""The bots the table asks, by level: engine/bots decides, from the seat's view only.

A bot is never given the engine's ``Hand``: only ``seat_view(hand, seat)``, what that seat may know.
"""

from __future__ import annotations

import random

from engine.bots import LEVELS, choose_play, clearly_better, normal_seats, seat_view
from engine.bots import choose_cante as _choose_cante
from engine.cards import CARDS, parse_card
from engine.hand import Hand
from engine.messages import Message
from tutor.lib.cards import the_card


def available_levels() -> tuple[str, ...]:
    """The levels engine/bots can play."""
    return LEVELS


def table_reads(learner: int, level: str) -> int:
    """The seats a bot may read as normal bots: every bot seat of a normal table, never the learner's."""
    return normal_seats([None if s == learner else level for s in range(4)])


def choose_card(hand: Hand, seat: int, level: str, rng: random.Random, reads: int = 0) -> int:
    return choose_play(seat_view(hand, seat), level, rng, reads=reads).card


def choose_cante(hand: Hand, seat: int, level: str, rng: random.Random):
    decision = _choose_cante(seat_view(hand, seat), level, rng)
    return decision.option if decision is not None else None


def suggest(hand: Hand, seat: int, reads: int = 0) -> dict | None:
    """What the normal bot would play here and why, for «Pista» (from the seat's view, like any bot; ``reads``:
    the seats it may read as normal bots)."""
    decision = choose_play(seat_view(hand, seat), "normal", random.Random(0), reads=reads)
    reason = decision.reason.message(decision.card)
    return {
        "card": the_card(decision.card),
        "code": CARDS[decision.card].code,
        "reason": reason,
        "text": Message("bots.suggest", {"card": int(decision.card), "reason": reason}),
    }


def better_card(hand: Hand, seat: int, played: str, rng: random.Random, reads: int = 0) -> dict | None:
    """For the review: a legal card the fuerte bot estimates clearly better than ``played``, or None; ``reads``:
    the seats it may read as normal bots, as a fuerte bot in that seat would."""
    view = seat_view(hand, seat)
    card = CARDS[parse_card(played)]
    if not view.legal_mask() >> card & 1:
        return None  # an illegal card: the review shows its renuncio instead
    better = clearly_better(view, card, rng, reads=reads)
    if better is None:
        return None
    return {
        "card": the_card(better.card),
        "best": round(100 * better.estimate.win_rate),
        "played": round(100 * better.played.win_rate),
        "samples": better.estimate.samples,
    }
