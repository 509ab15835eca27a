"""A play of a kept hand asked again («¿Qué carta echas?»): the seat's view at that moment and the label
the analyser gives every legal card there, so that any answer can be graded without analysing again.

``position(record, plays)`` is the hand after ``plays`` plays of the record (cantes sung before the next
play included; with ``moment=True``, none of those: the moment to sing itself); ``seat_view`` of it shows
only what that seat knew. ``cante_errors(record, seat)`` finds the seat's cantes missed (one it could sing
at a moment, sang at none) and sung wrongly (a cante the rules refused then), each as a «¿Qué cantas?»
graded by the engine's check of every choice (R-CANTE-1..4, R-TUTE-1..2). ``label_cards(view, card)``
values every legal card of the seat to play on the analysis the graded review judged ``card`` on
(``review.turn_analysis``, seeded by the view: the same view gives the same figures) and labels each as
the review labels the card played (``review.grade``). The site needs it only for a review kept before it
stored every card's grade: a review now keeps them (``TurnReview.grades``), and a retry reads those.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.analysis.review import BUENA, LA_MEJOR, RuleError, grades, rule_error, turn_analysis
from engine.analysis.values import analyse_turn
from engine.bots.view import SeatView, seat_view
from engine.cantes import CanteOption, joined, option
from engine.cards import CARDS
from engine.deal import DOS_DE_OROS
from engine.hand import Hand, HandError
from engine.messages import Message
from engine.record_replay import known_deal
from engine.records import Cante, HandRecord, Play
from engine.rules import cite

RIGHT_LABELS = (LA_MEJOR, BUENA)


def position(record: HandRecord, plays: int, *, moment: bool = False) -> Hand | None:
    """The record played on a ``Hand`` up to (not including) its play number ``plays`` (0-based); None
    when a card of the deal is not known or the record has fewer plays. ``moment``: stop before the
    cantes sung after play ``plays - 1`` too (the moment to sing after a baza, as it began)."""
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
            if moment and done == plays:
                return hand
            try:
                hand.declare(event.seat, event.suit, event.tute)
            except HandError:
                pass  # not valid at that moment: it scores nothing (as engine.record_replay)
    return hand if moment and done == plays and hand.turn is not None else None


def renuncios(record: HandRecord, seat: int) -> list[tuple[int, RuleError]]:
    """The seat's renuncios in the record, each with its play number (0-based), as the graded review reports
    them (``review.rule_error``: the referee's ruling at that play), without analysing a card; none when a
    card of the deal is not known."""
    hand = position(record, 0)
    if hand is None:
        return []
    out, done = [], 0
    for event in record.events:
        if hand.turn is None:
            break
        if isinstance(event, Play):
            card = int(CARDS[event.card])
            if hand.turn == seat and not seat_view(hand, seat).legal_mask() >> card & 1:
                out.append((done, rule_error(hand, card)))
            hand.play(card, allow_renuncio=True)
            done += 1
        elif isinstance(event, Cante):
            try:
                hand.declare(event.seat, event.suit, event.tute)
            except HandError:
                pass  # not valid at that moment: it scores nothing (as engine.record_replay)
    return out


@dataclass(frozen=True, slots=True)
class CardGrade:
    label: str
    win: float  # chance of winning the hand with this card
    points: float  # the pair's points with this card

    @property
    def right(self) -> bool:
        return self.label in RIGHT_LABELS


def label_cards(view: SeatView, card: int | None = None) -> dict[str, CardGrade]:
    """Every legal card of the seat to play (by code) with its label and value, from the seat's view; with
    the ``card`` played there, on the very analysis the graded review judged it on (``turn_analysis``:
    refined when the review refined it), so the figures equal the review's."""
    analysis = analyse_turn(view) if card is None else turn_analysis(view, card)
    labels = grades(analysis)
    return {c.code: CardGrade(labels[c], *v.kept) for c, v in analysis.values.items()}


# Cantes missed and sung wrongly --------------------------------------------------------------------

NOTHING = "-"  # the answer «no canto»
RIGHT, WRONG = "right", "wrong"


def cante_code(opt: CanteOption) -> str:
    """A cante as a short answer: the suit's letter, or «tr» / «tc» for a tute of reyes / caballos."""
    return f"t{opt.tute[0]}" if opt.tute else opt.suit.letter


def cante_of(code: str, trump: int) -> CanteOption | None:
    """The cante a short answer names (None for «no canto» or no cante)."""
    if code in ("tr", "tc"):
        return option(trump, tute="reyes" if code == "tr" else "caballos")
    if len(code) == 1 and code in "ocebOCEB":
        return option(trump, code.lower())
    return None


@dataclass(frozen=True, slots=True)
class CanteError:
    """A moment to sing that went wrong for ``seat``: ``kind`` «missed» (it could sing ``right`` and never
    sang it) or «wrong» (it sang ``sung``, which the rules refused there). ``plays``: the plays done (the
    moment follows baza ``plays // 4``); ``grades``: every choice offered (the cantes it held a card of,
    what it sang, «no canto») as (right or wrong, the engine's reason)."""

    plays: int
    seat: int
    kind: str
    sung: str
    grades: dict[str, tuple[str, Message]]
    rule_ids: tuple[str, ...]
    reason: Message

    @property
    def right(self) -> tuple[str, ...]:
        return tuple(c for c, (g, _why) in self.grades.items() if g == RIGHT)


def _choices(hand: Hand, seat: int, sung: str | None) -> dict[str, tuple[str, Message]]:
    options = hand.cante_options(seat)
    held = [*options.allowed, *(b.option for b in options.blocked)]
    codes = dict.fromkeys([cante_code(o) for o in held] + ([sung] if sung and sung != NOTHING else []))
    right = {cante_code(o) for o in options.allowed}
    out: dict[str, tuple[str, Message]] = {}
    for code in codes:
        opt = cante_of(code, int(hand.trump))
        check = hand.check(seat, opt.suit, opt.tute)
        out[code] = (RIGHT if code in right else WRONG, check.reason)
    out[NOTHING] = (WRONG if right else RIGHT, options.explanation)
    return out


def cante_errors(record: HandRecord, seat: int) -> list[CanteError]:
    """The seat's cantes missed and sung wrongly in the record, in order (none when the deal is not known).

    Missed as «Jugar» counts them: an option the seat could sing at a moment and sang at no moment, once,
    at the first moment it could (R-CANTE-2: a cante not declared at its moment never counts). Sung
    wrongly: the first cante the seat sang at a moment (after any baza) that the rules refused there."""
    hand = position(record, 0)
    if hand is None:
        return []
    trump = int(record.trump)
    sung_ever = {
        cante_code(option(trump, e.suit, e.tute))
        for e in record.events
        if isinstance(e, Cante) and e.seat == seat
    }
    done, out, reported = 0, [], set()
    moment: dict | None = None  # the moment to sing after the last baza: its plays, choices, what was sung

    def missed(m: dict) -> None:
        right = [c for c, (g, _why) in m["grades"].items() if g == RIGHT and c != NOTHING]
        new = [c for c in right if c not in sung_ever and c not in reported]
        if m["sung"] is None and new:
            reported.update(new)
            labels = [cante_of(c, trump).label for c in new]
            # As the table states it: where a tute may be sung after any baza, that variant rule is cited.
            ids = cite(("R-TUTE-2",) if any(c.startswith("t") for c in new) else ("R-CANTE-2",), record.rules)
            after = m["plays"] // 4
            why = Message("table.missed", {"after": after, "cantes": joined(labels, "or")})
            out.append(CanteError(m["plays"], seat, "missed", NOTHING, m["grades"], ids, why))

    for event in record.events:
        if hand.turn is None:
            break
        if isinstance(event, Play):
            if moment is not None:
                missed(moment)
            hand.play(CARDS[event.card], allow_renuncio=True)
            done += 1
            moment = None
            if done % 4 == 0 and hand.turn is not None:
                moment = {"plays": done, "sung": None, "grades": _choices(hand, seat, None)}
        elif isinstance(event, Cante):
            if event.seat == seat and moment is not None and moment["sung"] is None:
                code = cante_code(option(trump, event.suit, event.tute))
                moment["sung"] = code
                check = hand.check(seat, event.suit, event.tute)
                if not check.valid:
                    grades = _choices(hand, seat, code)
                    out.append(
                        CanteError(done, seat, "wrong", code, grades, tuple(check.rule_ids), check.reason)
                    )
            try:
                hand.declare(event.seat, event.suit, event.tute)
            except HandError:
                pass  # not valid at that moment: it scores nothing (as engine.record_replay)
    if moment is not None:
        missed(moment)
    return out
