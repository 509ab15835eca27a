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
from engine.cantes import CANTE_MASK, TUTE_MASK, CanteOption
from engine.cards import CARDS, SUIT_MASKS, TANTOS_OF, Card, pick
from engine.messages import Message
from engine.obligations import ABOVE, trick_state
from engine.rules import TableRules

LEVELS = ("principiante", "normal", "fuerte")

# Reason codes of a play and of a cante, each worded by a message ``bots.<code>`` (engine/messages/es/bots.py,
# en/bots.py): ``Reason.message`` fills it with the facts of the decision.
REASON_CODES = (
    "aleatoria",
    "unica",
    "salida_obligada",
    "ganar_barato",
    "ganar_seguro",
    "cargar",
    "companero_gana",
    "montar_companero",
    "descartar",
    "salir_mandona",
    "arrastrar",
    "guardar_ultimas",
    "salir_baja",
    "salir_al_fallo",
    "hacer_fallar",
    "mejor_estimacion",
    "contar",
    # Cantes (CanteDecision.reason.code):
    "tute",
    "cuarenta",
    "veinte",
)
# Each code's message id; ``Reason.message`` gives it the decision's facts.
REASONS = {code: f"bots.{code}" for code in REASON_CODES}

TRUMPS = SUIT_MASKS


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a bot chose: a code of ``REASONS`` and the facts behind it (cards as ints, seats 0..3)."""

    code: str
    facts: Mapping[str, Any] = field(default_factory=dict)

    def message(self, card: int | None = None) -> Message:
        """The reason as a sentence built from the decision: the card chosen, the card winning the trick
        and the trick's tantos so far (the facts the codes' messages name)."""
        facts: dict[str, Any] = {"points": int(self.facts.get("trick_points", 0))}
        if card is not None:
            facts["card"] = int(card)
        winning = self.facts.get("winning_card")
        if winning is not None:
            facts["top"] = int(winning)
        if self.facts.get("suit") is not None:
            facts["suit"] = int(self.facts["suit"])
        return Message(REASONS[self.code], facts)


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


def _pair_cards(hand: int, sung: int, tute_open: bool = False) -> int:
    """Rey and caballo of each unsung suit where we hold both: kept to sing them (R-CANTE-1, R-CANTE-3); and
    the four reyes or caballos while a tute may still be sung (R-TUTE-1, R-TUTE-2)."""
    if (hand & REYES_CABALLOS).bit_count() < 2:
        return 0  # no rey and caballo of one suit, no four of a kind
    out = 0
    for s in range(4):
        if hand & CANTE_MASK[s] == CANTE_MASK[s] and not sung >> s & 1:
            out |= CANTE_MASK[s]
    if tute_open:
        for m in TUTE_MASK.values():
            if hand & m == m:
                out |= m
    return out


REYES_CABALLOS = TUTE_MASK["reyes"] | TUTE_MASK["caballos"]


def _strength_mask(k: int) -> int:
    return sum(1 << (10 * s + k) for s in range(4))


# Cards of each strength 0..9 in all suits; cards with no tantos are the strengths 0..4 (R-DECK-4).
BY_STRENGTH = tuple(_strength_mask(k) for k in range(10))


def _weakest(mask: int) -> int:
    """The weakest card of a non-empty mask (the lowest suit on a tie)."""
    for m in BY_STRENGTH:
        if mask & m:
            return _low(mask & m)
    raise ValueError("empty mask")


def _cheapest(mask: int, trump: int, keep: int) -> int:
    """The card of ``mask`` that costs least to give away: not a trump, not kept for a cante, then the weakest
    (strength and tantos go together, R-DECK-3/4)."""
    tmask = TRUMPS[trump]
    for part in (mask & ~tmask & ~keep, mask & ~tmask & keep, mask & tmask & ~keep, mask & tmask):
        if part:
            return _weakest(part)
    raise ValueError("empty mask")


def _strongest_with_tantos(mask: int) -> int:
    """The card with the most tantos (weakest on a tie), or -1 when none has tantos."""
    for k in range(9, 4, -1):
        if mask & BY_STRENGTH[k]:
            return _low(mask & BY_STRENGTH[k])
    return -1


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
    tute_open: bool = False,
    state: tuple[int, int, int, int] | None = None,
) -> tuple[int, str]:
    """The normal bot's card and reason code; ``voids[s]`` is a 4-bit mask of suits seat ``s`` is known to lack;
    ``tute_open``: a tute could still be sung (our pair has not won a trick yet, or the table allows any);
    ``state``: the trick's ``trick_state`` when the caller has it already."""
    if not legal & (legal - 1):
        return _low(legal), "unica"
    keep = _pair_cards(hand, sung, tute_open)
    tmask = TRUMPS[trump]
    if not trick:
        return _lead(hand, legal, seat, trump, unseen, voids, trick_no, keep)
    n = len(trick)
    led, high_led, high_trump, win_idx = state or trick_state(trick, trump)
    # The cards that beat the one winning now (R-TRICK-2): obligations make us play one when we can.
    if high_trump >= 0:
        winners = legal & ABOVE[high_trump]
    else:
        winners = legal & (ABOVE[high_led] | tmask)
    # When we play 2nd or 3rd, the next seat is a rival still to play.
    rival_may_trump = n < 3 and voids[(seat + 1) & 3] >> led & 1 and unseen & tmask

    def safe(c: int) -> bool:
        """Would ``c`` still win after the rival still to play (as far as this seat can tell)?"""
        if n == 3:
            return True
        if unseen & ABOVE[c]:
            return False
        return c // 10 == trump or not rival_may_trump

    def safe_among(mask: int) -> int:
        out = 0
        while mask:
            low = mask & -mask
            mask ^= low
            if safe(low.bit_length() - 1):
                out |= low
        return out

    if n - win_idx == 2:  # our partner is winning the trick
        under = legal & ~winners
        if not under:
            # Made to beat the partner: with a card the last rival cannot beat, if we hold one.
            return _cheapest(safe_among(winners) or winners, trump, keep), "montar_companero"
        if safe(trick[win_idx]):
            best = _strongest_with_tantos(under & ~tmask & ~keep)
            if best >= 0:
                return best, "cargar"
        return _cheapest(under, trump, keep), "companero_gana"
    if not winners:
        return _cheapest(legal, trump, keep), "descartar"
    if n == 3:
        return _cheapest(winners, trump, keep), "ganar_barato"
    safe_winners = safe_among(winners)
    if safe_winners:
        return _cheapest(safe_winners, trump, keep), "ganar_seguro"
    return _cheapest(winners, trump, keep), "ganar_barato"


def _lead(hand, legal, seat, trump, unseen, voids, trick_no, keep) -> tuple[int, str]:
    tmask = TRUMPS[trump]
    rivals_void = voids[(seat + 1) & 3] | voids[(seat + 3) & 3]
    rivals_trumps = unseen & tmask  # at worst the rivals hold them all
    my_trumps = hand & tmask
    top_trump = my_trumps.bit_length() - 1
    master_trump = top_trump >= 0 and not unseen & ABOVE[top_trump]
    # Masters: our cards above every unseen card of their suit, in suits someone else still holds.
    masters = [0, 0, 0, 0]
    for s in range(4):
        out = unseen & SUIT_MASKS[s]
        if out and s != trump:
            masters[s] = legal & ABOVE[out.bit_length() - 1]
    if trick_no >= 8 and master_trump and hand & ~tmask:
        # Las diez de últimas: keep the top trump for the last trick.
        rest = legal & ~(1 << top_trump)
        m = (masters[0] | masters[1] | masters[2] | masters[3]) & rest
        if m:
            c = _strongest_with_tantos(m)
            return (c if c >= 0 else _weakest(m)), "guardar_ultimas"
        return _cheapest(rest, trump, keep), "guardar_ultimas"
    best, best_key = -1, None
    for s in range(4):
        if not masters[s] or (rivals_void >> s & 1 and rivals_trumps):
            continue
        c = _strongest_with_tantos(masters[s])
        if c < 0:
            c = _weakest(masters[s])
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
    # Which suit to lead low from: one the partner lacks (and may trump), then one a rival lacks (it has to
    # spend a trump on a low card), then the suit that has run most (fewest cards of it still out).
    partner_void = voids[(seat + 2) & 3]
    # Trumps are still out (``rivals_trumps`` is every unseen trump) and the partner may hold some.
    partner_may_trump = not partner_void >> trump & 1 and rivals_trumps

    def suit_key(s: int) -> tuple[bool, bool, int]:
        return (
            bool(partner_may_trump and partner_void >> s & 1),
            bool(rivals_trumps and rivals_void >> s & 1),
            -(unseen & SUIT_MASKS[s]).bit_count(),
        )

    suit = max((s for s in range(4) if pool & SUIT_MASKS[s]), key=suit_key)
    card = _cheapest(pool & SUIT_MASKS[suit], trump, keep)
    fallo, rival_fallo, _ = suit_key(suit)
    if suit != trump and fallo:
        return card, "salir_al_fallo"
    if suit != trump and rival_fallo:
        return card, "hacer_fallar"
    return card, "salir_baja"


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
        view.won[view.pair] == 0 or view.rules.tute_cualquier_baza,
    )
    return Decision(CARDS[card], Reason(code, trick_facts(view)))


def suits_lacking(possible: int) -> int:
    """The suits (4-bit mask) of which ``possible`` holds no card."""
    return (
        (not possible & SUIT_MASKS[0])
        | (not possible & SUIT_MASKS[1]) << 1
        | (not possible & SUIT_MASKS[2]) << 2
        | (not possible & SUIT_MASKS[3]) << 3
    )


def voids_of(possible: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    """Suits each seat is known to lack, from the cards it may still hold."""
    return (
        suits_lacking(possible[0]),
        suits_lacking(possible[1]),
        suits_lacking(possible[2]),
        suits_lacking(possible[3]),
    )


def voids_seen_from(seat: int, unseen: int, excl: tuple[int, ...] | list[int]) -> list[int]:
    """The suits each other seat is known to lack, as ``seat`` sees them: ``unseen`` (the cards it cannot see)
    less what that seat's plays showed it could not hold (``excl``, as ``SeatView.exclusions``). The seat's own
    entry is 0: the heuristics do not use it."""
    voids = [0, 0, 0, 0]
    for other in ((seat + 1) & 3, (seat + 2) & 3, (seat + 3) & 3):
        voids[other] = suits_lacking(unseen & ~excl[other])
    return voids


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
