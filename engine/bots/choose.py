"""The bots' entry points: ``choose_play`` and ``choose_cante`` for a seat, from its ``SeatView`` only."""

from __future__ import annotations

import random

from engine.bots.policy import (
    LEVELS,
    CanteDecision,
    Decision,
    Reason,
    best_cante,
    cante_reason,
    normal_card,
    principiante_card,
    voids_of,
)
from engine.bots.view import SeatView
from engine.cards import CARDS, TANTOS_OF
from engine.obligations import trick_state


class BotError(ValueError):
    """A bot asked to decide when it cannot: not its turn, or an unknown level."""


def _check(view: SeatView, level: str) -> int:
    if level not in LEVELS:
        raise BotError(f"nivel desconocido: {level!r} (usa {', '.join(LEVELS)})")
    if view.turn != view.seat:
        raise BotError(f"no le toca jugar al asiento {view.seat}")
    return view.legal_mask()


def trick_facts(view: SeatView) -> dict:
    """The trick as the seat sees it: who is winning it, with which card, and its tantos so far."""
    if not view.trick:
        return {"winning_card": None, "winning_seat": None, "partner_winning": False, "trick_points": 0}
    _, _, _, idx = trick_state(view.trick, view.trump)
    return {
        "winning_card": CARDS[view.trick[idx]],
        "winning_seat": (view.leader + idx) & 3,
        "partner_winning": len(view.trick) - idx == 2,
        "trick_points": sum(TANTOS_OF[c] for c in view.trick),
    }


def normal_decision(view: SeatView, legal: int) -> Decision:
    if view.first_card is not None and not view.trick and not view.tricks:
        return Decision(CARDS[view.first_card], Reason("salida_obligada", trick_facts(view)))
    card, code = normal_card(
        view.hand,
        legal,
        view.trick,
        view.seat,
        view.trump,
        view.unseen,
        voids_of(view.possible()),
        view.trick_no,
        view.sung,
        view.rules,
    )
    return Decision(CARDS[card], Reason(code, trick_facts(view)))


def choose_play(view: SeatView, level: str, rng: random.Random) -> Decision:
    """The card the bot of ``level`` plays now, always a legal one, and why."""
    legal = _check(view, level)
    if level == "principiante":
        return Decision(CARDS[principiante_card(legal, rng)], Reason("aleatoria", trick_facts(view)))
    if level == "normal":
        return normal_decision(view, legal)
    from engine.bots.fuerte import fuerte_decision

    return fuerte_decision(view, legal, rng)


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
