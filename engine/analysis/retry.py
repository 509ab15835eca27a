"""A play of a kept hand asked again («¿Qué carta echas?»): the seat's view at that moment and the label
the analyser gives every legal card there, so that any answer can be graded without analysing again.

``position(record, plays)`` is the hand after ``plays`` plays of the record (cantes sung before the next
play included); ``seat_view`` of it shows only what that seat knew. ``label_cards(view)`` values every
legal card of the seat to play (``analyse_turn``, seeded by the view: the same view gives the same
figures) and labels each as the graded review would (``review.level`` of the loss's lower end against the
best card).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.analysis.review import BUENA, LA_MEJOR, level
from engine.analysis.values import analyse_turn
from engine.bots.view import SeatView
from engine.cards import CARDS
from engine.deal import DOS_DE_OROS
from engine.hand import Hand, HandError
from engine.record_replay import known_deal
from engine.records import Cante, HandRecord, Play

RIGHT_LABELS = (LA_MEJOR, BUENA)


def position(record: HandRecord, plays: int) -> Hand | None:
    """The record played on a ``Hand`` up to (not including) its play number ``plays`` (0-based); None
    when a card of the deal is not known or the record has fewer plays."""
    deal = known_deal(record)
    if deal is None:
        return None
    hands, leader = deal
    hand = Hand(
        hands,
        record.trump,
        record.dealer,
        record.rules,
        leader=leader,
        trump_card=None if record.trump_card is None else int(record.trump_card),
        first_card=DOS_DE_OROS if record.trump_card is None else None,
    )
    done = 0
    for event in record.events:
        if hand.turn is None:
            return None
        if isinstance(event, Play):
            if done == plays:
                return hand
            hand.play(CARDS[event.card], allow_renuncio=True)
            done += 1
        elif isinstance(event, Cante):
            try:
                hand.declare(event.seat, event.suit, event.tute)
            except HandError:
                pass  # not valid at that moment: it scores nothing (as engine.record_replay)
    return None


@dataclass(frozen=True, slots=True)
class CardGrade:
    label: str
    win: float  # chance of winning the hand with this card
    points: float  # the pair's points with this card

    @property
    def right(self) -> bool:
        return self.label in RIGHT_LABELS


def label_cards(view: SeatView) -> dict[str, CardGrade]:
    """Every legal card of the seat to play (by code) with its label and value, from the seat's view."""
    analysis = analyse_turn(view)
    best = analysis.best
    grades = {}
    for card, value in analysis.values.items():
        if card in best:
            label = LA_MEJOR
        else:
            gap = analysis.gap(int(card), int(best[0]))
            label = level(gap.win - gap.win_hw, gap.points - gap.points_hw if gap.win >= 0 else 0.0)
        grades[card.code] = CardGrade(label, round(value.win, 4), round(value.points, 2))
    return grades
