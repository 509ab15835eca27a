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
from engine.cantes import CANTE_MASK, TUTE_MASK, CanteOption, allowed_cantes
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
        m &= mask
        if m:
            return (m & -m).bit_length() - 1
    raise ValueError("empty mask")


def _cheapest(mask: int, trump: int, keep: int) -> int:
    """The card of ``mask`` that costs least to give away: not a trump, not kept for a cante, then the weakest
    (strength and tantos go together, R-DECK-3/4)."""
    trumps = mask & TRUMPS[trump]
    plain = mask ^ trumps
    if keep:
        part = plain & ~keep or plain or trumps & ~keep or trumps
    else:
        part = plain or trumps
    for m in BY_STRENGTH:
        m &= part
        if m:
            return (m & -m).bit_length() - 1
    raise ValueError("empty mask")


# Strengths with tantos, the most first (R-DECK-4).
_WITH_TANTOS = BY_STRENGTH[9:4:-1]


def _strongest_with_tantos(mask: int) -> int:
    """The card with the most tantos (weakest on a tie), or -1 when none has tantos."""
    for m in _WITH_TANTOS:
        m &= mask
        if m:
            return (m & -m).bit_length() - 1
    return -1


def normal_card(
    hand: int,
    legal: int,
    trick: tuple[int, ...] | list[int],
    seat: int,
    trump: int,
    unseen: int,
    excl: tuple[int, int, int, int] | list[int],
    trick_no: int,
    sung: int,
    rules: TableRules,
    tute_open: bool = False,
    state: tuple[int, int, int, int] | None = None,
) -> tuple[int, str]:
    """The normal bot's card and reason code. ``excl[s]``: the cards seat ``s``'s plays showed it could not hold
    (``SeatView.exclusions``): another seat is known to lack a suit when none of the cards we cannot see
    (``unseen``) but it could hold is of that suit (worked out only where a heuristic asks); ``tute_open``: a tute
    could still be sung (our pair has not won a trick yet, or the table allows any); ``state``: the trick's
    ``trick_state`` when the caller has it already."""
    if not legal & (legal - 1):
        return (legal & -legal).bit_length() - 1, "unica"
    keep = _pair_cards(hand, sung, tute_open) if (hand & REYES_CABALLOS).bit_count() >= 2 else 0
    if not trick:
        return _lead(hand, legal, seat, trump, unseen, excl, trick_no, keep)
    tmask = TRUMPS[trump]
    n = len(trick)
    led, high_led, high_trump, win_idx = state or trick_state(trick, trump)
    # The cards that beat the one winning now (R-TRICK-2): obligations make us play one when we can.
    if high_trump >= 0:
        winners = legal & ABOVE[high_trump]
    else:
        winners = legal & (ABOVE[high_led] | tmask)
    # When we play 2nd or 3rd, the next seat is a rival still to play: may it trump (void in the led suit)?
    rival_may_trump = n < 3 and bool(unseen & tmask) and not unseen & ~excl[(seat + 1) & 3] & SUIT_MASKS[led]

    if n - win_idx == 2:  # our partner is winning the trick
        under = legal & ~winners
        if not under:
            # Made to beat the partner: with a card the last rival cannot beat, if we hold one.
            safe = _safe_among(winners, n, trump, unseen, rival_may_trump)
            return _cheapest(safe or winners, trump, keep), "montar_companero"
        if _safe_among(1 << trick[win_idx], n, trump, unseen, rival_may_trump):
            best = _strongest_with_tantos(under & ~tmask & ~keep)
            if best >= 0:
                return best, "cargar"
        return _cheapest(under, trump, keep), "companero_gana"
    if not winners:
        return _cheapest(legal, trump, keep), "descartar"
    if n == 3:
        return _cheapest(winners, trump, keep), "ganar_barato"
    safe_winners = _safe_among(winners, n, trump, unseen, rival_may_trump)
    if safe_winners:
        return _cheapest(safe_winners, trump, keep), "ganar_seguro"
    return _cheapest(winners, trump, keep), "ganar_barato"


def _safe_among(mask: int, n: int, trump: int, unseen: int, rival_may_trump: bool) -> int:
    """The cards of ``mask`` that would still win after the rival still to play (as far as the seat can tell):
    every card when we play last; else the cards above every unseen card of their suit, and only trumps when
    the next rival may trump."""
    if n == 3:
        return mask
    if rival_may_trump:
        mask &= SUIT_MASKS[trump]
    out = 0
    for m in SUIT_MASKS:
        part = mask & m
        if part:
            out_of_suit = unseen & m
            out |= part & ABOVE[out_of_suit.bit_length() - 1] if out_of_suit else part
    return out


def _lead(hand, legal, seat, trump, unseen, excl, trick_no, keep) -> tuple[int, str]:
    tmask = TRUMPS[trump]
    rivals_trumps = unseen & tmask  # at worst the rivals hold them all
    my_trumps = hand & tmask
    top_trump = my_trumps.bit_length() - 1
    master_trump = top_trump >= 0 and not unseen & ABOVE[top_trump]
    if trick_no >= 8 and master_trump and hand & ~tmask:
        # Las diez de últimas: keep the top trump for the last trick.
        rest = legal & ~(1 << top_trump)
        m = 0  # our masters (cards above every unseen card of their suit) but that trump
        for s in range(4):
            out = unseen & SUIT_MASKS[s]
            if out and s != trump:
                m |= rest & ABOVE[out.bit_length() - 1]
        if m:
            c = _strongest_with_tantos(m)
            return (c if c >= 0 else _weakest(m)), "guardar_ultimas"
        return _cheapest(rest, trump, keep), "guardar_ultimas"
    # The suits a rival is known to lack, read only while trumps are out (a void matters when it may trump).
    if rivals_trumps:
        rivals_void = suits_lacking(unseen & ~excl[(seat + 1) & 3]) | suits_lacking(
            unseen & ~excl[(seat + 3) & 3]
        )
    else:
        rivals_void = 0
    # Masters: our cards above every unseen card of their suit, in suits someone else still holds; cash the
    # one with most tantos, then from the suit with most cards out (the first suit on a tie).
    best, best_key = -1, -1
    for s in range(4):
        out = unseen & SUIT_MASKS[s]
        if not out or s == trump or rivals_void >> s & 1:
            continue
        m = legal & ABOVE[out.bit_length() - 1]
        if not m:
            continue
        c = _strongest_with_tantos(m)
        if c < 0:
            c = _weakest(m)
        key = TANTOS_OF[c] << 4 | out.bit_count()
        if key > best_key:
            best, best_key = c, key
    if best >= 0:
        return best, "salir_mandona"
    if master_trump and rivals_trumps and my_trumps.bit_count() >= 3:
        return top_trump, "arrastrar"
    pool = legal & ~tmask & ~keep
    if not pool:
        pool = legal & ~tmask or legal
    # Which suit to lead low from: one the partner lacks (and may trump, so trumps are still out and it is not
    # known to lack them), then one a rival lacks (it has to spend a trump on a low card), then the suit that
    # has run most (fewest cards of it still out); the first suit on a tie.
    fallo = 0
    if rivals_trumps:
        partner_void = suits_lacking(unseen & ~excl[(seat + 2) & 3])
        if not partner_void >> trump & 1:
            fallo = partner_void
    suit, best_key = -1, -1
    for s in range(4):
        if pool & SUIT_MASKS[s]:
            key = (
                (fallo >> s & 1) << 5
                | (rivals_void >> s & 1) << 4
                | 10 - (unseen & SUIT_MASKS[s]).bit_count()
            )
            if key > best_key:
                suit, best_key = s, key
    card = _cheapest(pool & SUIT_MASKS[suit], trump, keep)
    if suit != trump and fallo >> suit & 1:
        return card, "salir_al_fallo"
    if suit != trump and rivals_void >> suit & 1:
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
        view.exclusions(),
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


def principiante_card(legal: int, rng: random.Random) -> int:
    return pick(legal, rng)


def best_cante(options: tuple[CanteOption, ...]) -> CanteOption | None:
    """A tute first, then the most points (``allowed_cantes`` already applies R-CANTE-4)."""
    if not options:
        return None
    return max(options, key=lambda o: (o.kind == "tute", o.points, -int(o.suit or 0)))


def bot_cante(hand: int, trump: int, first_win: bool, sung: int, rules: TableRules) -> CanteOption | None:
    """What a normal or fuerte bot holding ``hand`` sings right after its pair won a trick (``best_cante`` of
    ``allowed_cantes``), or None: for the searches and rollouts, which ask it after every trick. The answer
    depends on the hand's reyes and caballos alone, so it is kept by those (and the table's
    ``tute_cualquier_baza``, the only switch ``allowed_cantes`` reads)."""
    rc = hand & REYES_CABALLOS
    if rc.bit_count() < 2:
        return None  # no rey and caballo of one suit, no four of a kind
    key = (rc, trump, first_win, sung, rules.tute_cualquier_baza)
    try:
        return _BOT_CANTES[key]
    except KeyError:
        opt = _BOT_CANTES[key] = best_cante(
            allowed_cantes(rc, trump, first_win=first_win, sung=sung, rules=rules)
        )
        return opt


_BOT_CANTES: dict[tuple[int, int, bool, int, bool], CanteOption | None] = {}


def cante_reason(opt: CanteOption) -> Reason:
    """Reason codes ``tute``, ``cuarenta``, ``veinte``: the bot sings what R-CANTE-4 lets it sing first."""
    return Reason(opt.kind, {"suit": opt.suit, "tute": opt.tute, "cards": opt.cards})
