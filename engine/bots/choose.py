"""The bots' entry points: ``choose_play`` and ``choose_cante`` for a seat, from its ``SeatView`` only."""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.bots.endgame import counted
from engine.bots.fuerte import fuerte_decision
from engine.bots.policy import (
    LEVELS,
    CanteDecision,
    Decision,
    Reason,
    best_cante,
    cante_reason,
    normal_decision,
    principiante_card,
    trick_facts,
)
from engine.bots.view import SeatView
from engine.cards import CARDS


class BotError(ValueError):
    """A bot asked to decide when it cannot: not its turn, or an unknown level."""


def _check(view: SeatView, level: str) -> int:
    if level not in LEVELS:
        raise BotError(f"nivel desconocido: {level!r} (usa {', '.join(LEVELS)})")
    if view.turn != view.seat:
        raise BotError(f"no le toca jugar al asiento {view.seat}")
    return view.legal_mask()


def choose_play(view: SeatView, level: str, rng: random.Random, *, reads: int = 0) -> Decision:
    """The card the bot of ``level`` plays now, always a legal one, and why.

    ``reads`` is a 4-bit mask of the seats the table knows to be normal bots: the normal and fuerte bots read
    their past plays when they count, and the fuerte bot in its rollouts' worlds too
    (``worlds.world_sampler``); a human's seat is never in it."""
    legal = _check(view, level)
    if level == "principiante":
        return Decision(CARDS[principiante_card(legal, rng)], Reason("aleatoria", trick_facts(view)))
    if level == "normal":
        return counted(view, legal, normal_decision(view, legal), rng, reads=reads)
    return fuerte_decision(view, legal, rng, reads)


def normal_seats(levels: Sequence[str | None]) -> int:
    """The ``reads`` mask of a table whose seats have these levels (None: a human)."""
    return sum(1 << s for s, level in enumerate(levels) if level == "normal")


def choose_cante(view: SeatView, level: str, rng: random.Random) -> CanteDecision | None:
    """What the bot sings at this moment (right after a trick its pair won), or None.

    Every level sings when it may: a tute first, then the most points; ``view.allowed_cantes`` has already
    applied the table's priority (R-CANTE-4), so the option is valid for ``Hand.declare``.
    """
    if level not in LEVELS:
        raise BotError(f"nivel desconocido: {level!r} (usa {', '.join(LEVELS)})")
    options = view.allowed_cantes()
    if not options:
        return None
    opt = options[int(rng.random() * len(options))] if level == "principiante" else best_cante(options)
    return CanteDecision(opt, cante_reason(opt))


def decision_rng(*parts: object) -> random.Random:
    """A generator seeded by some parts (match seed, hand, trick, seat…): the same parts, the same decisions."""
    return random.Random(":".join(map(str, parts)))
