"""A record whose four hands are known, played again on the engine's ``Hand``: what the graded review
(engine.analysis) and anything else that needs the hand as a game, not as text, stands on."""

from __future__ import annotations

from engine.cards import CARDS, cards_of
from engine.deal import DOS_DE_OROS
from engine.hand import Hand, HandError
from engine.records import Cante, HandRecord, Play, analyse


def known_deal(record: HandRecord) -> tuple[list[list[int]], int] | None:
    """The four hands as dealt (cards by seat) and the first leader, when the record shows every card
    (in its hand lines, its plays, its cantes or its deal code); None when any card is not known."""
    a = analyse(record)
    if any(a.held[s].bit_count() != 10 for s in range(4)):
        return None
    return [[int(c) for c in cards_of(a.held[s])] for s in range(4)], a.leader


def hand_of(record: HandRecord) -> Hand | None:
    """The record played on a ``Hand`` (renuncios played and recorded as at a real table, cantes declared
    at their moments; an invalid cante is left out, as the referee scores it); None when a card of the
    deal is not known."""
    deal = known_deal(record)
    if deal is None:
        return None
    hands, leader = deal
    first = DOS_DE_OROS if record.trump_card is None else None
    hand = Hand(
        hands,
        record.trump,
        record.dealer,
        record.rules,
        leader=leader,
        trump_card=None if record.trump_card is None else int(record.trump_card),
        first_card=first,
    )
    for event in record.events:
        if hand.turn is None:
            break
        if isinstance(event, Play):
            hand.play(CARDS[event.card], allow_renuncio=True)
        elif isinstance(event, Cante):
            try:
                hand.declare(event.seat, event.suit, event.tute)
            except HandError:
                pass  # not valid at that moment: the referee says so; it scores nothing
    return hand
