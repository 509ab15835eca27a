"""A hand entered card by card, as a person remembers it at the table: the cards in the order they were
played, the cantes at their moments. Who played each card follows from the rules (the first leader, then
each trick's winner), so entering a trick is four cards; the record it makes is read like any other.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import Card, Suit
from engine.deal import DOS_DE_OROS
from engine.records import UNKNOWN_HANDS, Cante, HandRecord, Play, analyse, read, write
from engine.rules import TableRules

TUTE_PREFIX = "tute:"


def entered_record(
    *,
    rules: TableRules,
    dealer: int,
    trump_card: Card | None,
    plays: Sequence[Card],
    cantes: Sequence[tuple[int, int, str]] = (),
    first_leader: int | None = None,
    lang: str | None = None,
) -> HandRecord:
    """The record of what was entered, checked as ``read`` checks a text (RecordSyntaxError otherwise).

    ``trump_card`` None is Ludoteka's first hand, led by ``first_leader`` with the dos de oros.
    ``cantes``: (complete tricks before it, seat, suit letter or 'tute:reyes' / 'tute:caballos').
    """
    hands = UNKNOWN_HANDS
    first_hand = trump_card is None
    if first_hand and first_leader is not None:
        hands = tuple(
            ((DOS_DE_OROS,) + (None,) * 9) if s == first_leader else UNKNOWN_HANDS[s] for s in range(4)
        )
    events: list = []
    by_trick: dict[int, list[tuple[int, str]]] = {}
    for after, seat, what in cantes:
        by_trick.setdefault(after, []).append((seat, what))
    for n, card in enumerate(plays):
        if n % 4 == 0:
            events.extend(_cante(seat, what) for seat, what in by_trick.get(n // 4, ()))
        events.append(Play(0, card))  # the seat is the rules' to say: read() works it out
    if len(plays) % 4 == 0:
        events.extend(_cante(seat, what) for seat, what in by_trick.get(len(plays) // 4, ()))
    record = HandRecord(rules, dealer, trump_card, first_hand, hands=hands, events=tuple(events))
    return read(write(record), lang)


def _cante(seat: int, what: str) -> Cante:
    if what.startswith(TUTE_PREFIX):
        return Cante(seat, tute=what.removeprefix(TUTE_PREFIX))
    return Cante(seat, suit=Suit.parse(what))


def to_play(record: HandRecord) -> int | None:
    """The seat whose card comes next, or None when the ten tricks are over."""
    a = analyse(record)
    if not a.tricks:
        return a.leader
    last = a.tricks[-1]
    if len(last) < 4:
        return (a.leaders[-1] + len(last)) % 4
    if len(a.tricks) == 10:
        return None
    return a.winners[-1]


def tricks_done(record: HandRecord) -> int:
    return len(analyse(record).winners)
