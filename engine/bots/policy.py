"""The principiante and normal bots: which card to play and which cante to sing, with a structured reason.

The normal bot's card choice is ``normal_card`` on plain masks, so the fuerte bot's rollouts call the very
same heuristics without building a view for every play.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.bots.view import SeatView
from engine.cantes import CANTE_MASK, CanteOption
from engine.cards import CARDS, SUIT_MASKS, TANTOS_OF, Card, pick
from engine.obligations import ABOVE, trick_state
from engine.rules import TableRules

LEVELS = ("principiante", "normal", "fuerte")

# Reason codes of a play (the web table words each one; facts say which cards and seats).
REASONS = {
    "aleatoria": "principiante: una carta permitida cualquiera",
    "unica": "solo hay una carta permitida",
    "salida_obligada": "la primera mano Ludoteka se sale con el dos de oros",
    "ganar_barato": "gana la baza con la carta más barata que la gana",
    "ganar_seguro": "gana la baza con una carta que ya nadie puede superar",
    "cargar": "el compañero gana la baza seguro: le da tantos",
    "companero_gana": "el compañero va ganando: no gasta una carta alta",
    "montar_companero": "las reglas obligan a superar al compañero: lo hace con la carta más baja",
    "guardar_triunfo": "no merece la pena gastar un triunfo en esta baza",
    "descartar": "no puede ganar la baza: echa la carta que menos vale",
    "salir_mandona": "sale con una carta que ya nadie puede superar en su palo",
    "arrastrar": "sale de triunfo para quitar los triunfos a los rivales",
    "guardar_ultimas": "guarda el triunfo más alto para la última baza (las diez de últimas)",
    "salir_baja": "sale con una carta baja, guardando triunfos, cantes y cartas de tantos",
    "mejor_estimacion": "fuerte: la carta con la mejor estimación tras jugar la mano muchas veces",
}

TRUMPS = SUIT_MASKS


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a bot chose: a code of ``REASONS`` and the facts behind it (cards as ints, seats 0..3)."""

    code: str
    facts: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Decision:
    card: Card
    reason: Reason


@dataclass(frozen=True, slots=True)
class CanteDecision:
    option: CanteOption
    reason: Reason


def _low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _cards(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _pair_cards(hand: int, sung: int) -> int:
    """Rey and caballo of each unsung suit where we hold both: kept to sing them (R-CANTE-1, R-CANTE-3)."""
    out = 0
    for s in range(4):
        if hand & CANTE_MASK[s] == CANTE_MASK[s] and not sung >> s & 1:
            out |= CANTE_MASK[s]
    return out


def _cheapest(mask: int, trump: int, keep: int) -> int:
    """The card of ``mask`` that costs least to give away: not a trump, not kept for a cante, fewest tantos, weakest."""
    best, best_key = -1, None
    tmask = TRUMPS[trump]
    for c in _cards(mask):
        key = (tmask >> c & 1, keep >> c & 1, TANTOS_OF[c], c % 10)
        if best_key is None or key < best_key:
            best, best_key = c, key
    return best


def _beats(c: int, led: int, high_led: int, high_trump: int, trump: int) -> bool:
    suit = c // 10
    if suit == trump:
        return c > high_trump
    return suit == led and high_trump < 0 and c > high_led


def normal_card(
    hand: int,
    legal: int,
    trick: tuple[int, ...] | list[int],
    seat: int,
    trump: int,
    unseen: int,
    voids: tuple[int, int, int, int] | list[int],
    trick_no: int,
    sung: int,
    rules: TableRules,
) -> tuple[int, str]:
    """The normal bot's card and reason code; ``voids[s]`` is a 4-bit mask of suits seat ``s`` is known to lack."""
    if not legal & (legal - 1):
        return _low(legal), "unica"
    keep = _pair_cards(hand, sung)
    tmask = TRUMPS[trump]
    if not trick:
        return _lead(hand, legal, seat, trump, unseen, voids, trick_no, keep)
    n = len(trick)
    led, high_led, high_trump, win_idx = trick_state(trick, trump)
    partner_winning = n - win_idx == 2
    # When we play 2nd or 3rd, the next seat is a rival still to play.
    next_rival = (seat + 1) & 3
    rival_may_trump = bool(voids[next_rival] >> led & 1 and unseen & tmask)

    def safe(c: int) -> bool:
        """Would ``c`` still win after the rival still to play (as far as this seat can tell)?"""
        if n == 3:
            return True
        if unseen & ABOVE[c]:
            return False
        return c // 10 == trump or not rival_may_trump

    if partner_winning:
        win_card = trick[win_idx]
        over = 0
        for c in _cards(legal):
            if c // 10 == trump:
                if win_card // 10 != trump or c > win_card:
                    over |= 1 << c
            elif c // 10 == led and win_card // 10 == led and c > win_card:
                over |= 1 << c
        under = legal & ~over
        if not under:
            return _cheapest(over, trump, keep), "montar_companero"
        partner_safe = safe(win_card)
        if partner_safe:
            best, best_key = -1, None
            for c in _cards(under & ~tmask & ~keep):
                key = (TANTOS_OF[c], -(c % 10))
                if best_key is None or key > best_key:
                    best, best_key = c, key
            if best >= 0 and TANTOS_OF[best]:
                return best, "cargar"
        return _cheapest(under, trump, keep), "companero_gana"
    winners = 0
    for c in _cards(legal):
        if _beats(c, led, high_led, high_trump, trump):
            winners |= 1 << c
    if not winners:
        return _cheapest(legal, trump, keep), "descartar"
    points = 0
    for c in trick:
        points += TANTOS_OF[c]
    losers = legal & ~winners
    if losers and not winners & ~tmask and points < 10 and trick_no < 9 and n < 3:
        return _cheapest(losers, trump, keep), "guardar_triunfo"
    if n == 3:
        return _cheapest_win(winners, trump, keep), "ganar_barato"
    safe_winners = 0
    for c in _cards(winners):
        if safe(c):
            safe_winners |= 1 << c
    if safe_winners:
        return _cheapest_win(safe_winners, trump, keep), "ganar_seguro"
    if losers and points < 4:
        return _cheapest(losers, trump, keep), "descartar"
    return _cheapest_win(winners, trump, keep), "ganar_barato"


def _cheapest_win(mask: int, trump: int, keep: int) -> int:
    """Among winning cards, the cheapest to spend: non-trump first, then fewest tantos, then weakest."""
    return _cheapest(mask, trump, keep)


def _lead(hand, legal, seat, trump, unseen, voids, trick_no, keep) -> tuple[int, str]:
    tmask = TRUMPS[trump]
    rivals_void = voids[(seat + 1) & 3] | voids[(seat + 3) & 3]
    rivals_trumps = unseen & tmask  # at worst the rivals hold them all
    my_trumps = hand & tmask
    top_trump = -1 if not my_trumps else my_trumps.bit_length() - 1
    master_trump = top_trump >= 0 and not unseen & ABOVE[top_trump] & tmask
    if trick_no >= 8 and master_trump and hand & ~tmask:
        rest = legal & ~(1 << top_trump)
        masters = [c for c in _cards(rest & ~tmask) if not unseen & ABOVE[c]]
        if masters:
            return max(masters, key=lambda c: (TANTOS_OF[c], c % 10)), "guardar_ultimas"
        return _cheapest(rest, trump, keep), "guardar_ultimas"
    best, best_key = -1, None
    for c in _cards(legal & ~tmask):
        s = c // 10
        if unseen & ABOVE[c] or not unseen & SUIT_MASKS[s]:
            continue  # not the highest card left of its suit, or nobody else holds the suit
        if rivals_void >> s & 1 and rivals_trumps:
            continue
        key = (TANTOS_OF[c], (unseen & SUIT_MASKS[s]).bit_count())
        if best_key is None or key > best_key:
            best, best_key = c, key
    if best >= 0:
        return best, "salir_mandona"
    if master_trump and rivals_trumps and my_trumps.bit_count() >= 3:
        return top_trump, "arrastrar"
    pool = legal & ~tmask & ~keep
    if not pool:
        pool = legal & ~tmask or legal
    return _cheapest(pool, trump, keep), "salir_baja"


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


def voids_of(possible: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    """Suits each seat is known to lack, from the cards it may still hold."""
    return tuple(sum(1 << s for s in range(4) if not possible[seat] & SUIT_MASKS[s]) for seat in range(4))  # type: ignore[return-value]


def principiante_card(legal: int, rng: random.Random) -> int:
    return pick(legal, rng)


def best_cante(options: tuple[CanteOption, ...]) -> CanteOption | None:
    """A tute first, then the most points (``allowed_cantes`` already applies R-CANTE-4)."""
    if not options:
        return None
    return max(options, key=lambda o: (o.kind == "tute", o.points, -int(o.suit or 0)))


def cante_reason(opt: CanteOption) -> Reason:
    """Reason codes ``tute``, ``cuarenta``, ``veinte``: the bot sings what R-CANTE-4 lets it sing first."""
    return Reason(opt.kind, {"suit": opt.suit, "tute": opt.tute, "cards": opt.cards})
