"""A hand's graded review: every card of the chosen seats valued (``values.analyse_turn``), labelled only
where the difference from the best card is larger than its own uncertainty, with its reason in words and
the theme of the error; rule errors (renuncios) apart, never in the play grade.

Definitions (engine/README.md, «The graded review»):

- A card's *loss* is what it gives up against the best card on the same worlds: in chance of winning the
  hand and in the pair's points. A label is the worst level whose threshold the *lower end* of the loss's
  95 % interval reaches, in either measure (points only count when the card does not win more hands).
  When the loss's estimate itself reaches a worse level than its lower end, ``too_close`` says the
  difference is too small to tell.
- *Accuracy*: over the turns with a choice, the share of the best card's value kept, where a card's value
  is its chance of winning plus its points / ``values.POINTS_PER_HAND``: sum of min(played, best) over sum
  of best, in percent.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from engine.analysis.values import CardValue, Gap, TurnAnalysis, analyse_turn, view_seed
from engine.bots.view import SeatView, seat_view
from engine.cantes import CANTE_MASK
from engine.cards import CARDS, SUIT_MASKS, TANTOS_OF, Card, cards_of
from engine.hand import Hand
from engine.messages import Message, Who
from engine.obligations import trick_state
from engine.tricks import trick_winner

LA_MEJOR, BUENA, IMPRECISION, ERROR, ERROR_GRAVE = "la_mejor", "buena", "imprecision", "error", "error_grave"
LABELS = (LA_MEJOR, BUENA, IMPRECISION, ERROR, ERROR_GRAVE)
# (label, loss in chance of winning the hand, loss in points or None): the worst level either loss reaches.
# A match counts hands won (tres manos; Ludoteka adds a point past 100), so points alone make at most an
# «imprecisión». Chosen from the losses measured over bot hands (engine/README.md, «The graded review»).
THRESHOLDS = ((ERROR_GRAVE, 0.20, None), (ERROR, 0.10, None), (IMPRECISION, 0.05, 10.0))
# A turn whose estimate reaches a worse label than its interval allows is analysed again on REFINE times as
# many fresh worlds (sampled turns only), and judged on that larger sample alone.
REFINE = 4

# Themes of a play error (issue 33 schedules practice by them); each has a ``review.theme.<id>`` message.
CARGAR = "cargar"  # cargar la baza del compañero
NO_ENTREGAR = "no_entregar"  # no entregar tantos a los rivales
GUARDAR_TRIUNFO = "guardar_triunfo"  # guardar triunfo para pisar
ULTIMAS = "ultimas"  # las diez de últimas
CANTAR = "cantar"  # cantar a tiempo (no romper el rey y el caballo de un cante)
FALLO_COMPANERO = "fallo_companero"  # salir de un palo fallado por el compañero
THEMES = (CARGAR, NO_ENTREGAR, GUARDAR_TRIUNFO, ULTIMAS, CANTAR, FALLO_COMPANERO)


def level(win: float, points: float) -> str:
    """The label a loss of ``win`` (chance of winning) and ``points`` reaches; ``BUENA`` under every threshold."""
    for label, w, p in THRESHOLDS:
        if win >= w or (p is not None and win >= 0 and points >= p):
            return label
    return BUENA


@dataclass(frozen=True, slots=True)
class RuleError:
    """A renuncio: the card broke an obligation (reported apart from the play grade)."""

    trick: int
    seat: int
    card: Card
    obligation: str
    rule_ids: tuple[str, ...]
    legal: tuple[Card, ...]
    followed: bool = True  # the card was of the suit led (or it led)

    def message(self, viewer: int | None = None) -> Message:
        # Montar is to beat the card led with one of its suit: a card of another suit broke asistir first.
        both = self.obligation == "montar" and not self.followed
        return Message(
            "review.rule_error",
            {
                "trick": self.trick,
                "who": Who.seat(self.seat, viewer),
                "card": int(self.card),
                "obligation": Message(
                    "review.obligation.asistir_montar" if both else f"review.obligation.{self.obligation}"
                ),
            },
        )


@dataclass(frozen=True, slots=True)
class TurnReview:
    """One card played by a reviewed seat, judged from that seat's view."""

    trick: int
    seat: int
    card: Card
    analysis: TurnAnalysis
    played: CardValue
    best: tuple[Card, ...]
    best_value: CardValue
    gap: Gap  # what the card played lost against the best one
    label: str
    too_close: bool  # the estimate reaches a worse label than its interval allows
    theme: str | None
    reasons: tuple[Message, ...]

    @property
    def choice(self) -> bool:
        return self.analysis.choice

    @property
    def grades(self) -> dict[Card, str]:
        """The label of every legal card at this turn, on the analysis the card played was judged on."""
        return grades(self.analysis)

    @property
    def kept(self) -> tuple[float, float]:
        """(value kept, best value) for the accuracy."""
        best = max(self.best_value.score, 0.0)
        return min(max(self.played.score, 0.0), best), best


@dataclass(frozen=True, slots=True)
class HandReview:
    turns: tuple[TurnReview, ...]
    rule_errors: tuple[RuleError, ...]
    seats: tuple[int, ...]
    methods: dict[str, int] = field(default_factory=dict)  # turns analysed per method

    def accuracy(self, seat: int | None = None, trick: int | None = None) -> float | None:
        """Share of the best value kept (percent) over the turns with a choice of ``seat`` / ``trick``."""
        kept = best = 0.0
        for t in self.turns:
            if t.choice and (seat is None or t.seat == seat) and (trick is None or t.trick == trick):
                k, b = t.kept
                kept, best = kept + k, best + b
        return None if best <= 0 else 100 * kept / best

    def labelled(self, *labels: str) -> list[TurnReview]:
        return [t for t in self.turns if t.label in labels]


def _replay(hand: Hand) -> tuple[Hand, list[tuple[int, int]], dict[int, list]]:
    """A fresh hand at the deal of ``hand``, the plays (seat, card) in order and the cantes after each trick."""
    leader = hand.leaders[0] if hand.leaders else hand.leader
    start = Hand(
        [cards_of(m) for m in hand.start],
        hand.trump,
        hand.dealer,
        hand.rules,
        leader=leader,
        trump_card=hand.trump_card,
        first_card=hand.first_card,
    )
    plays = []
    for cards, lead in [*zip(hand.tricks, hand.leaders, strict=True), (tuple(hand.trick), hand.leader)]:
        for j, c in enumerate(cards):
            plays.append(((lead + j) & 3, c))
    cantes: dict[int, list] = {}
    for d in hand.cantes:
        if d.check.valid:
            cantes.setdefault(d.after_trick, []).append(d)
    return start, plays, cantes


def analyse_hand(
    hand: Hand,
    seats: Iterable[int] | None = None,
    *,
    viewer: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    worlds: int | None = None,
    reads: int = 0,
    tricks: Iterable[int] | None = None,
) -> HandReview:
    """Every card the ``seats`` (default: all four) played in ``hand`` (a ``Hand`` at its end or midway),
    valued from that seat's view at its turn. ``viewer``: the reader's seat, for the person of the reasons
    («tú», «tu compañero»; None: «el jugador N»). ``progress(done, total)`` is called after each trick
    («analizando… 4 de 10 bazas»). ``worlds`` / ``reads`` as for ``analyse_turn``; ``tricks``: only the
    plays of these bazas (1..10) are judged (default: all)."""
    seats = tuple(sorted(set(range(4) if seats is None else seats)))
    only = None if tricks is None else set(tricks)
    h, plays, cantes = _replay(hand)
    total = len(hand.tricks) + (1 if hand.trick else 0)
    turns: list[TurnReview] = []
    errors: list[RuleError] = []
    methods: dict[str, int] = {}
    for seat, card in plays:
        if seat in seats and (only is None or h.trick_no in only):
            view = seat_view(h, seat)
            if view.legal_mask() >> card & 1:
                turn = review_turn(view, card, hand, viewer=viewer, worlds=worlds, reads=reads)
                methods[turn.analysis.method] = methods.get(turn.analysis.method, 0) + 1
                turns.append(turn)
            else:
                errors.append(rule_error(h, card))
        if h.play(card, allow_renuncio=True) is not None:
            for d in cantes.get(len(h.tricks), ()):
                h.declare(d.seat, d.option.suit, d.option.tute)
            if progress is not None:
                progress(len(h.tricks), total)
    if progress is not None and h.trick:
        progress(total, total)
    return HandReview(tuple(turns), tuple(errors), seats, methods)


def rule_error(h: Hand, card: int) -> RuleError:
    """The renuncio of ``card``, which the seat to play in ``h`` may not play there: the referee's ruling."""
    r = h.ruling()
    followed = not h.trick or card // 10 == h.trick[0] // 10
    return RuleError(h.trick_no, h.turn, CARDS[card], r.obligation, r.rule_ids, r.legal, followed)


def review_turn(
    view: SeatView,
    card: int,
    hand: Hand,
    *,
    viewer: int | None = None,
    worlds: int | None = None,
    reads: int = 0,
) -> TurnReview:
    """One legal play judged: ``view`` is the seat's view before it played ``card``; ``hand`` the hand it
    belongs to (its later plays give the reasons' facts: who took the baza, a later trick lost for want of a
    trump). A sampled turn whose estimate reaches a worse label than its interval allows is analysed again on
    ``REFINE`` times as many fresh worlds and judged on those."""
    return _judge(view, card, turn_analysis(view, card, worlds=worlds, reads=reads), hand, viewer)


def turn_analysis(view: SeatView, card: int, *, worlds: int | None = None, reads: int = 0) -> TurnAnalysis:
    """The analysis the review judges ``card`` on: ``analyse_turn`` of the view (seeded by it), and when that
    estimate reaches a worse label for ``card`` than its interval allows (sampled turns only), a fresh one on
    ``REFINE`` times as many worlds (seeded by the view too). The same view and card give the same figures,
    so a position asked again later (engine.analysis.retry) reads exactly what the review read."""
    analysis = analyse_turn(view, worlds=worlds, reads=reads)
    if not analysis.exact and grade(analysis, card)[1]:
        analysis = analyse_turn(
            view,
            rng=random.Random(f"refine:{view_seed(view)}"),
            worlds=REFINE * analysis.deals,
            reads=reads,
        )
    return analysis


def grade(analysis: TurnAnalysis, card: int) -> tuple[str, bool, Gap]:
    """The label of a legal ``card`` on ``analysis``, whether the estimate reaches a worse label than its
    interval allows (``too_close``), and what it loses against the best card (zero for a best card)."""
    best = analysis.best
    if CARDS[card] in best:
        return LA_MEJOR, False, Gap(0.0, 0.0, 0.0, 0.0)
    gap = analysis.gap(card, best[0])
    # The lower ends of the intervals (points count only while the card does not win more hands).
    label = level(max(gap.win - gap.win_hw, 0.0), gap.points - gap.points_hw if gap.win >= 0 else 0.0)
    return label, LABELS.index(level(gap.win, gap.points)) > LABELS.index(label), gap


def grades(analysis: TurnAnalysis) -> dict[Card, str]:
    """The label of every legal card on one analysis, as ``grade`` gives the card played."""
    return {c: grade(analysis, int(c))[0] for c in analysis.values}


def _judge(view: SeatView, card: int, analysis: TurnAnalysis, hand: Hand, viewer: int | None) -> TurnReview:
    # The best card the page and the reasons name first (and whose figures they print).
    named = CARDS[_best_for_reason(view, card, analysis.best)]
    best = (named, *(c for c in analysis.best if c != named))
    played = analysis.values[CARDS[card]]
    top = analysis.values[named]
    label, too_close, gap = grade(analysis, card)
    theme, reasons = None, ()
    if label not in (LA_MEJOR, BUENA) or too_close:
        theme, reasons = _reasons(view, card, int(named), played, top, hand, viewer)
    return TurnReview(
        view.trick_no,
        view.seat,
        CARDS[card],
        analysis,
        played,
        best,
        top,
        gap,
        label,
        too_close,
        theme,
        reasons,
    )


def _best_for_reason(view: SeatView, card: int, best: tuple[Card, ...]) -> int:
    """The best card to name: one of another suit or strength than the card played, cheapest in tantos."""
    return int(min(best, key=lambda c: (c // 10 == card // 10, TANTOS_OF[c], c)))


def _reasons(
    view: SeatView,
    card: int,
    best: int,
    played: CardValue,
    best_value: CardValue,
    hand: Hand,
    viewer: int | None,
) -> tuple[str | None, tuple[Message, ...]]:
    """The theme of the error and its reasons, from the view at that turn and what happened later in the hand.
    The differences said in words are those of the figures printed beside them (``played`` and
    ``best_value``, the best card's, as the page prints them: ``CardValue.shown``), so that «12 de cada 100 veces más» never sits beside
    31 % and 42 %."""
    who = Who.seat(view.seat, viewer)
    trump = view.trump
    t = view.trick_no - 1  # index of this trick in the hand
    us = view.pair
    out: list[Message] = []
    theme = None
    # What happened to this trick in the hand.
    trick_won_by = hand.winners[t] & 1 if t < len(hand.winners) else None
    suit = card // 10
    # cantar a tiempo: the card broke a rey and caballo not yet sung.
    if (
        CANTE_MASK[suit] >> card & 1
        and view.hand & CANTE_MASK[suit] == CANTE_MASK[suit]
        and not view.sung >> suit & 1
        and not CANTE_MASK[suit] >> best & 1
    ):
        theme = CANTAR
        points = 40 if suit == trump else 20
        out.append(Message(f"review.reason.cantar.{points}", {"who": who, "suit": suit}))
    elif view.trick and trick_won_by is not None:
        state = trick_state(view.trick, trump)
        partner_winning = (view.leader + state[3]) & 3 == view.partner
        if partner_winning and trick_won_by == us and TANTOS_OF[best] > TANTOS_OF[card]:
            theme = CARGAR
            out.append(
                Message(
                    "review.reason.cargar", {"who": who, "best": best, "n": TANTOS_OF[best] - TANTOS_OF[card]}
                )
            )
        elif trick_won_by != us and TANTOS_OF[card] > TANTOS_OF[best]:
            theme = NO_ENTREGAR
            facts = {"who": who, "n": TANTOS_OF[card], "best": best, "m": TANTOS_OF[best]}
            out.append(
                Message(
                    "review.reason.no_entregar.less" if TANTOS_OF[best] else "review.reason.no_entregar",
                    facts,
                )
            )
    elif not view.trick and best // 10 != suit and best // 10 != trump:
        possible = view.possible()[view.partner]
        s = best // 10
        if not possible & SUIT_MASKS[s] and possible & SUIT_MASKS[trump] and view.unseen & SUIT_MASKS[s]:
            theme = FALLO_COMPANERO
            out.append(Message("review.reason.fallo_companero", {"who": who, "suit": s, "best": best}))
    if theme is None and suit == trump and (best // 10 != trump or best < card):
        later = _needed_to_pisar(view, card, hand)
        if later:
            theme = GUARDAR_TRIUNFO
            out.append(Message("review.reason.guardar_triunfo", {"who": who, "trick": later}))
        elif len(hand.tricks) == 10 and hand.winners[9] & 1 != us and best // 10 != trump:
            last = hand.tricks[9]
            top = last[trick_winner(last, trump)]
            if top // 10 != trump or top < card:
                theme = ULTIMAS
                out.append(Message("review.reason.ultimas", {"who": who, "card": card}))
    win = best_value.shown[0] - played.shown[0]
    points = best_value.shown[1] - played.shown[1]
    if win > 0 and points > 0:
        out.append(Message("review.reason.both", {"who": who, "best": best, "win": win, "points": points}))
    elif win > 0:
        out.append(Message("review.reason.win", {"who": who, "best": best, "win": win}))
    elif points > 0:
        out.append(Message("review.reason.points", {"who": who, "best": best, "points": points}))
    return theme, tuple(out)


def _needed_to_pisar(view: SeatView, card: int, hand: Hand) -> int | None:
    """The later baza (1..10) where the seat, void in the led suit, could not beat a rival's trump that
    ``card`` (a trump) would have beaten, and the rivals took it; None when there was none."""
    trump, seat = view.trump, view.seat
    for i in range(view.trick_no, len(hand.tricks)):
        cards, lead = hand.tricks[i], hand.leaders[i]
        if (hand.winners[i] ^ seat) & 1 == 0:
            continue
        mine = cards[(seat - lead) & 3]
        led = cards[0] // 10
        top = cards[trick_winner(cards, trump)]
        if (
            led != trump
            and mine // 10 != led
            and top // 10 == trump
            and top < card
            and (mine // 10 != trump or mine < top)
        ):
            return i + 1
    return None
