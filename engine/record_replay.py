"""A record whose four hands are known, played again on the engine's ``Hand``: what the graded review
(engine.analysis) and anything else that needs the hand as a game, not as text, stands on.

Also where «Jugar desde aquí» starts from a record (``replay_start``): the deal and the plays and cantes
before one seat's card, seen from that seat (``rotate``), so that the seat sits where a table that seats
its player at 0 puts them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.cards import CARDS, cards_of
from engine.deal import Deal, given
from engine.hand import Hand, HandError
from engine.record_referee import referee_on_record
from engine.records import Cante, HandRecord, Play, RenuncioClaim, analyse, deal_code, deal_from_code


def known_deal(record: HandRecord) -> tuple[list[list[int]], int] | None:
    """The four hands as dealt (cards by seat) and the first leader, when the record shows every card
    (in its hand lines, its plays, its cantes or its deal code); None when any card is not known."""
    a = analyse(record)
    if any(a.held[s].bit_count() != 10 for s in range(4)):
        return None
    return [[int(c) for c in cards_of(a.held[s])] for s in range(4)], a.leader


def dealt(record: HandRecord) -> Deal | None:
    """The record's deal as the engine deals (``engine.deal.Deal``), when every card is known."""
    known = known_deal(record)
    if known is None:
        return None
    return given(known[0], record.dealer, record.trump_card)


def _fresh(record: HandRecord, deal: Deal) -> Hand:
    return Hand.from_deal(deal, record.rules)


def hand_of(record: HandRecord) -> Hand | None:
    """The record played on a ``Hand`` (renuncios played and recorded as at a real table, cantes declared
    at their moments; an invalid cante is left out, as the referee scores it); None when a card of the
    deal is not known."""
    deal = dealt(record)
    if deal is None:
        return None
    hand = _fresh(record, deal)
    for event in record.events:
        if hand.turn is None:
            break
        _follow(hand, event)
    return hand


def _follow(hand: Hand, event) -> bool:
    """Play or declare ``event`` on ``hand``; False when it is not a move there (a comment, a claim, a cante
    not valid at that moment: the referee says so and it scores nothing)."""
    if isinstance(event, Play):
        hand.play(CARDS[event.card], allow_renuncio=True)
        return True
    if isinstance(event, Cante):
        try:
            hand.declare(event.seat, event.suit, event.tute)
        except HandError:
            return False
        return True
    return False


# -- «Jugar desde aquí» from a record ------------------------------------------------------------------


def rotate(record: HandRecord, seat: int) -> HandRecord:
    """The same hand with ``seat`` moved to seat 0 and every other seat with it (seat s becomes
    (s - seat) % 4): the dealer, the players' names, the hand lines, the deal code, the plays, the cantes
    and the claims. The rules know a seat only by its place after the dealer and by its pair (R-SEAT-1,
    R-DEAL-3), so it is the same hand: the same cards legal, the same tricks won, the same score, with
    pairs A and B swapped when ``seat`` is odd (tests/engine/test_record_replay.py plays it both ways)."""
    if seat not in (0, 1, 2, 3):
        raise ValueError(f"asiento no válido: {seat!r} (asientos 0 a 3)")

    def moved(s: int) -> int:
        return (s - seat) % 4

    def back(seq: tuple) -> tuple:  # by seat: the new seat n holds what the old seat n + seat held
        return tuple(seq[(n + seat) % 4] for n in range(4))

    events = []
    for e in record.events:
        if isinstance(e, (Play, Cante)):
            e = replace(e, seat=moved(e.seat))
        elif isinstance(e, RenuncioClaim):
            e = replace(e, by=moved(e.by), against=moved(e.against))
        events.append(e)
    code = record.deal_code
    if code is not None:
        hands, dealer, trump_card = deal_from_code(code)
        code = deal_code(back(hands), moved(dealer), trump_card)
    return replace(
        record,
        dealer=moved(record.dealer),
        players=back(record.players),
        hands=back(record.hands),
        events=tuple(events),
        deal_code=code,
    )


class CannotReplay(ValueError):
    """A record «Jugar desde aquí» cannot start from, and why (``reason``):

    - ``partial``: not every card of the deal is known (the bots would need cards nobody wrote down);
    - ``unfinished``: the record does not reach the hand's end (the referee gives it no result);
    - ``no_card``: there is no such card in the record, or no such seat;
    - ``no_turn``: the seat plays no card from there on.
    """

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def replay_problem(record: HandRecord) -> str | None:
    """Why no card of the record can be played on from (``CannotReplay``'s ``partial`` or ``unfinished``);
    None when every card is known and the hand has a result."""
    if known_deal(record) is None:
        return "partial"
    if referee_on_record(record).score is None:
        return "unfinished"
    return None


@dataclass(frozen=True, slots=True)
class ReplayStart:
    """Where a copy of a recorded hand starts, seen from the seat that plays on (now seat 0)."""

    seat: int  # the record's seat that plays on
    point: int  # the place among the record's plays of that seat's card the copy starts before
    deal: Deal  # the hands as dealt, seat 0 the one that plays on
    events: tuple[Play | Cante, ...]  # the plays and the valid cantes before that card, seats moved
    hand: Hand  # the hand at that moment (the deal with ``events`` played): seat 0 to play


def replay_start(record: HandRecord, card: int, seat: int) -> ReplayStart:
    """«Jugar desde aquí» from the ``card``-th card of the record (0 is the first) for the player at
    ``seat``: from that seat's first card from there on (a card of another seat starts before their next
    one), with everything before it already played. Raises ``CannotReplay``."""
    if seat not in (0, 1, 2, 3) or card < 0:
        raise CannotReplay("no_card")
    problem = replay_problem(record)
    if problem is not None:
        raise CannotReplay(problem)
    a = analyse(record)
    if card >= len(a.seats):
        raise CannotReplay("no_card")
    point = next((i for i in range(card, len(a.seats)) if a.seats[i] == seat), None)
    if point is None:
        raise CannotReplay("no_turn")
    seen = rotate(record, seat)
    deal = dealt(seen)
    hand = _fresh(seen, deal)
    events = []
    for event in seen.events[: a.play_events[point]]:
        if _follow(hand, event):
            events.append(event)
    return ReplayStart(seat, point, deal, tuple(events), hand)
