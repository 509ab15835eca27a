"""Bot hands with one error planted at seat 0, under any table: a renuncio breaking a named obligation, a
card the analyser labels «error», a cante missed, a cante sung wrongly. Each comes with what seat 0 held
and saw at that moment, to compare the retry item's position with."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from functools import cache

from engine import records
from engine.analysis.retry import cante_code, cante_errors, label_cards, position
from engine.analysis.review import grade, turn_analysis
from engine.analysis.values import analyse_turn
from engine.bots.choose import choose_play
from engine.bots.table import sing_after_trick
from engine.bots.view import seat_view
from engine.cantes import option
from engine.cards import CARDS, Suit, parse_card
from engine.hand import Hand
from engine.records import Cante, HandRecord, Play
from engine.rules import PRESETS

SEAT = 0
RENUNCIOS = ("asistir", "montar", "fallar", "pisar")
KINDS = (*RENUNCIOS, "jugada", "cante_missed", "cante_wrong")
# A play error the review judges only after analysing its turn again on more worlds: its first estimate
# reached a worse label than its interval allowed (engine.analysis.review.turn_analysis). Where one comes
# up first at each table (seed, baza), found by searching from seed 0, so that the tests need not search
# (each try analyses a turn twice).
REFINED = "jugada_afinada"
FIRST_REFINED = {"guia": (3, 5), "companero": (6, 5), "estricta": (13, 5), "ludoteka": (3, 3)}
LEVELS = ["principiante"] * 4


@dataclass(frozen=True)
class Planted:
    record: HandRecord
    kind: str
    plays: int  # the play's number (a cante: the plays done before its moment)
    card: str  # the card played, or the cante code sung («-»: none)
    hand: int  # seat 0's cards then (a mask)
    trick: tuple[int, ...]  # the trick so far then
    seen: int  # every card seat 0 could see then: its own, the tricks played, the turned-up card


def _seen(hand: Hand) -> int:
    m = hand.hands[SEAT]
    for t in [*hand.tricks, hand.trick]:
        for c in t:
            m |= 1 << c
    if hand.trump_card is not None:
        m |= 1 << hand.trump_card
    for d in hand.cantes:
        for c in d.check.option.cards:
            m |= 1 << c
    return m


def visible(view) -> int:
    """Every card a seat's view shows (a mask): its own, the tricks played, the turned-up card, cantes shown."""
    m = view.hand
    for t in [*view.tricks, view.trick]:
        for c in t:
            m |= 1 << c
    if view.trump_card is not None:
        m |= 1 << int(view.trump_card)
    for s in view.cantes:
        for c in s.option.cards:
            m |= 1 << c
    return m


def _plays_done(hand: Hand) -> int:
    return 4 * len(hand.tricks) + len(hand.trick)


def _try(seed: int, rules_key: str, kind: str) -> Planted | None:
    rules = PRESETS[rules_key]
    rng = random.Random(seed)
    first_seed, first_trick = FIRST_REFINED.get(rules_key, (0, 3))
    trick_from = first_trick if seed == first_seed else 3
    hand = Hand.new(random.Random(seed), seed % 4, rules, first_hand=rules.primera_mano == "ludoteka")
    planted = None
    # seat 0 sings nothing when a cante is to be missed; the bots sing what they may
    levels = [None if kind == "cante_missed" else LEVELS[0], *LEVELS[1:]]
    while hand.turn is not None:
        seat = hand.turn
        view = seat_view(hand, seat)
        card = None
        if seat == SEAT and planted is None and kind in RENUNCIOS and hand.trick:
            r = hand.ruling()
            illegal = [c for c in view.hand_cards() if not r.verdict(c).legal]
            if r.obligation == kind and illegal:
                card = int(illegal[0])
        if seat == SEAT and planted is None and kind == "jugada" and len(hand.tricks) >= 6:
            grades = label_cards(view)
            bad = [code for code, g in grades.items() if g.label in ("error", "error_grave")]
            if bad:
                card = int(parse_card(bad[0]))
        if seat == SEAT and planted is None and kind == REFINED and len(hand.tricks) + 1 >= trick_from:
            card = _refined_error(view)
        if card is not None:
            planted = Planted(
                None,
                kind,
                _plays_done(hand),
                CARDS[card].code,
                hand.hands[SEAT],
                tuple(hand.trick),
                _seen(hand),
            )
            won = hand.play(card, allow_renuncio=True)
        else:
            won = hand.play(choose_play(view, "principiante", rng).card)
        if won is not None:
            sing_after_trick(hand, levels, rng)
    record = records.from_hand(hand)
    if kind == "cante_missed":
        return _first_missed(record, hand)
    if kind == "cante_wrong":
        return _sing_wrongly(record)
    return None if planted is None else replace(planted, record=record)


def _refined_error(view) -> int | None:
    """A legal card whose first estimate reached a worse label than its interval allowed, and which the
    review, on the larger sample it then draws, labels «error» or worse."""
    analysis = analyse_turn(view)
    if analysis.exact:
        return None
    for c in analysis.values:
        if c in analysis.best or not grade(analysis, int(c))[1]:
            continue
        if grade(turn_analysis(view, int(c)), int(c))[0] in ("error", "error_grave"):
            return int(c)
    return None


def _first_missed(record: HandRecord, hand: Hand) -> Planted | None:
    errors = [e for e in cante_errors(record, SEAT) if e.kind == "missed"]
    if not errors:
        return None
    e = errors[0]
    h = position(record, e.plays, moment=True)
    return Planted(record, "cante_missed", e.plays, "-", h.hands[SEAT], (), _seen(h))


def _sing_wrongly(record: HandRecord) -> Planted | None:
    """The record with seat 0 singing, at the first moment its pair did not win the baza, a cante it holds
    the rey and the caballo of (R-CANTE-2 refuses it)."""
    events = list(record.events)
    plays = 0
    for i, event in enumerate(events):
        if not isinstance(event, Play):
            continue
        plays += 1
        if plays % 4 or plays == 40:
            continue
        h = position(record, plays, moment=True)
        if h is None or not (h.winners[-1] ^ SEAT) & 1:
            continue
        held = h.hands[SEAT]
        suit = next((s for s in Suit if all(held >> int(c) & 1 for c in option(h.trump, s).cards)), None)
        if suit is None:
            continue
        sung = Cante(SEAT, suit)
        new = replace(record, events=(*events[: i + 1], sung, *events[i + 1 :]))
        code = cante_code(option(int(record.trump), suit))
        return Planted(new, "cante_wrong", plays, code, h.hands[SEAT], (), _seen(h))
    return None


@cache
def planted(rules_key: str, kind: str) -> Planted:
    """The first bot hand (by seed) in which seat 0's planted error of ``kind`` could be made (kept for the
    test run: the engine's and the site's tests ask for the same ones)."""
    start = FIRST_REFINED[rules_key][0] if kind == REFINED else 0
    for seed in range(start, 300):
        found = _try(seed, rules_key, kind)
        if found is not None:
            return found
    raise AssertionError(f"no hand for {kind} at {rules_key}")
