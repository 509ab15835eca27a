"""The bots the table asks, by level: engine/bots decides, from the seat's view only.

A bot is never given the engine's ``Hand``: only ``seat_view(hand, seat)``, what that seat may know.
"""

from __future__ import annotations

import random
from importlib.util import find_spec

from engine.bots import REASONS, choose_play, seat_view
from engine.bots import choose_cante as _choose_cante
from engine.cards import CARDS
from engine.hand import Hand
from engine.obligations import the


def available_levels() -> tuple[str, ...]:
    """The levels engine/bots can play here (fuerte once its sampler is there)."""
    levels = ("principiante", "normal")
    return (*levels, "fuerte") if find_spec("engine.bots.fuerte") else levels


def choose_card(hand: Hand, seat: int, level: str, rng: random.Random) -> int:
    return choose_play(seat_view(hand, seat), level, rng).card


def choose_cante(hand: Hand, seat: int, level: str, rng: random.Random):
    decision = _choose_cante(seat_view(hand, seat), level, rng)
    return decision.option if decision is not None else None


def suggest(hand: Hand, seat: int) -> dict | None:
    """What the normal bot would play here and why, for «Pista» (from the seat's view, like any bot)."""
    decision = choose_play(seat_view(hand, seat), "normal", random.Random(0))
    return {
        "card": the(decision.card),
        "code": CARDS[decision.card].code,
        "reason": REASONS[decision.reason.code],
    }


# «Clearly better»: the fuerte bot's estimate wins the hand in at least this many more sampled worlds.
CLEARLY_BETTER = 0.15


def better_card(hand: Hand, seat: int, played: str, rng: random.Random) -> dict | None:
    """For the review: a legal card the fuerte bot estimates clearly better than ``played``, or None."""
    from engine.bots.fuerte import evaluate

    view = seat_view(hand, seat)
    if not view.legal_mask() & (view.legal_mask() - 1):
        return None  # one legal card: nothing to choose
    estimates = evaluate(view, rng)
    mine = next((e for c, e in estimates.items() if CARDS[c].code == played), None)
    if mine is None:
        return None  # an illegal card: the review shows its renuncio instead
    best = max(estimates, key=lambda c: (estimates[c].value, -c))
    if estimates[best].win_rate - mine.win_rate < CLEARLY_BETTER:
        return None
    return {
        "card": the(best),
        "best": round(100 * estimates[best].win_rate),
        "played": round(100 * mine.win_rate),
        "samples": mine.samples,
    }
