"""The value of each legal card of one seat at one turn, from what that seat could know.

Three ways, chosen by the trick (``engine/README.md``, «The graded review»):

- ``exact``: from ``SEARCH_FROM`` on, when the deals of the unseen cards that fit the seat's view
  (``SeatView.possible()``, ``known()``, hand sizes) are at most ``ENUM_LIMIT``, every one of them is solved
  exactly (``engine.analysis.search``) and the values are their plain mean: no sampling, no interval.
- ``search``: from ``SEARCH_FROM`` on with more deals than that, ``SEARCH_WORLDS`` of them are drawn
  (``engine.bots.worlds.world_sampler``, the bots' sampler) and each is solved exactly.
- ``rollout``: before ``SEARCH_FROM``, ``ROLLOUT_WORLDS`` worlds are drawn and each card is played out to
  the end by normal bots in every seat (``engine.bots.fuerte.play_out``, the fuerte bot's rollouts).

Every card is valued on the same worlds (paired), so the difference between two cards has a much smaller
interval than either value. Values are for the seat's pair: the chance of winning the hand and the
expected points it ends the hand with (tantos of its bazas, cantes, las diez de últimas).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from engine.analysis.search import Valued, card_values, split
from engine.bots.fuerte import candidates, play_out
from engine.bots.view import SeatView, seat_view
from engine.bots.worlds import world_sampler
from engine.cards import CARDS, Card
from engine.hand import Hand

# From this trick on, each world is solved exactly (measured: a world of the 6th trick takes 1.6 ms median,
# 7 ms p90 for all of a seat's cards; of the 5th trick 7 ms median, 45 ms p90, too slow for 48 worlds).
SEARCH_FROM = 6
# The deals of the unseen cards are listed when they are at most ENUM_LIMIT; they are all solved (the value is
# then exact) when a few of them, solved first, say the whole would take at most EXACT_NODES positions;
# otherwise SEARCH_WORLDS of the listed deals are drawn without replacement (uniformly over the deals that fit).
ENUM_LIMIT = 3000
EXACT_NODES = 400_000
PROBES = 4
SEARCH_WORLDS = 64  # worlds drawn and solved exactly when the deals are too many to solve them all
ROLLOUT_WORLDS = 160  # worlds drawn and played out by normal bots before SEARCH_FROM
FORCED_WORLDS = 16  # worlds (or deals) when only one card plays differently: no choice to judge
# Weight of points against the chance of winning when one card must be called the best: 40 points are worth a
# tenth of a hand (the fuerte bot's ``Estimate.value``).
POINTS_PER_HAND = 400
Z = 1.96  # 95 % intervals
# A small-sample guard added to each half-width: one world's largest difference over the number of worlds
# (a difference seen identical in every sampled world is still not known to be exact).
WIN_RANGE, POINTS_RANGE = 1.0, 20.0


# Values are kept (a stored review, a retry's grades) to these decimals, and pages print them from those as a
# percent and whole points: ``shown`` gives the very figures, for the sentences that state a difference.
WIN_DECIMALS, POINTS_DECIMALS = 4, 2


@dataclass(frozen=True, slots=True)
class CardValue:
    """One legal card's value for the seat's pair; ``*_hw``: half-width of the 95 % interval (0 when exact)."""

    card: Card
    win: float  # chance of winning the hand, 0..1
    points: float  # expected points the pair ends the hand with
    win_hw: float
    points_hw: float

    @property
    def kept(self) -> tuple[float, float]:
        """(win, points) as they are kept: to ``WIN_DECIMALS`` and ``POINTS_DECIMALS``."""
        return round(self.win, WIN_DECIMALS), round(self.points, POINTS_DECIMALS)

    @property
    def shown(self) -> tuple[int, int]:
        """(percent of hands won, points) as a page prints them, from the kept figures."""
        win, points = self.kept
        return round(100 * win), round(points)

    @property
    def score(self) -> float:
        """What «best» means: the chance of winning plus points / ``POINTS_PER_HAND``."""
        return self.win + self.points / POINTS_PER_HAND


@dataclass(frozen=True, slots=True)
class Gap:
    """How much a card loses against another on the same worlds, with the 95 % half-widths (0 when exact)."""

    win: float
    win_hw: float
    points: float
    points_hw: float


@dataclass(frozen=True, slots=True)
class TurnAnalysis:
    """Every legal card of ``seat`` at one turn, valued from what the seat could know."""

    seat: int
    trick_no: int
    method: str  # "exact", "search" or "rollout"
    deals: int  # deals solved ("exact": every deal that fits) or worlds sampled
    values: dict[Card, CardValue]  # every legal card (interchangeable cards share their figures)
    same_as: dict[Card, Card]  # each legal card -> the card it plays the same as
    samples: dict[Card, tuple[tuple[int, int], ...]]  # per representative card, (won, points) per world

    @property
    def exact(self) -> bool:
        return self.method == "exact"

    @property
    def choice(self) -> bool:
        """More than one legal card that plays differently."""
        return len(self.samples) > 1

    @property
    def best(self) -> tuple[Card, ...]:
        """The legal cards of the highest ``CardValue.score`` (interchangeable ones together)."""
        top = max(v.score for v in self.values.values())
        return tuple(c for c, v in self.values.items() if v.score >= top - 1e-9)

    def gap(self, card: int, against: int) -> Gap:
        """What ``card`` loses against ``against`` (positive: ``against`` is better), paired per world."""
        a = self.samples[self.same_as[CARDS[against]]]
        b = self.samples[self.same_as[CARDS[card]]]
        n = len(a)
        dw = [x[0] - y[0] for x, y in zip(a, b, strict=True)]
        dp = [x[1] - y[1] for x, y in zip(a, b, strict=True)]
        mw, mp = sum(dw) / n, sum(dp) / n
        if self.exact:
            return Gap(mw, 0.0, mp, 0.0)
        return Gap(mw, _half_width(dw, mw, WIN_RANGE), mp, _half_width(dp, mp, POINTS_RANGE))


def _half_width(xs: list[int], mean: float, spread: float) -> float:
    n = len(xs)
    if n < 2:
        return math.inf
    var = sum((x - mean) ** 2 for x in xs) / (n - 1)
    return Z * math.sqrt(var / n) + spread / n


def view_seed(view: SeatView) -> str:
    """A generator seed from what the seat sees (never a hidden card): the same view, the same worlds."""
    return repr(
        (
            view.seat,
            view.hand,
            view.tricks,
            view.leaders,
            view.trick,
            view.leader,
            view.cantes,
            view.rules,
            view.dealer,
        )
    )


def consistent_deals(view: SeatView, limit: int) -> list[list[int]] | None:
    """Every deal of the unseen cards to the other seats that fits the view, or None when there are more than
    ``limit``. When no deal fits (a renuncio made the plays lie), the plays' inferences are dropped."""
    possible, known = view.possible(), view.known()
    others = [s for s in range(4) if s != view.seat]
    fixed = known[0] | known[1] | known[2] | known[3]
    rest = view.unseen & ~fixed
    free = [c for c in range(40) if rest >> c & 1]
    need = [0 if s == view.seat else view.hand_size(s) - known[s].bit_count() for s in range(4)]
    for loose in (False, True):
        options = {c: [s for s in others if loose or possible[s] >> c & 1] for c in free}
        out: list[list[int]] = []
        if not _place(sorted(free, key=lambda c: len(options[c])), options, list(known), need[:], limit, out):
            return None
        if out:
            return out
    raise AssertionError("no deal fits the hand sizes")  # cannot happen: the real deal is one


def _place(
    order: list[int], options: dict[int, list[int]], hands: list[int], left: list[int], limit: int, out: list
) -> bool:
    """Deal the cards of ``order`` to the seats of their ``options`` with room left, appending each whole deal to
    ``out``; False once there are more than ``limit``."""
    if not order:
        out.append(hands[:])
        return len(out) <= limit
    c, rest = order[0], order[1:]
    for s in options[c]:
        if left[s]:
            left[s] -= 1
            hands[s] |= 1 << c
            going = _place(rest, options, hands, left, limit, out)
            hands[s] ^= 1 << c
            left[s] += 1
            if not going:
                return False
    return True


def analyse_turn(
    state: SeatView | Hand,
    seat: int | None = None,
    *,
    rng: random.Random | None = None,
    worlds: int | None = None,
    reads: int = 0,
    search_from: int = SEARCH_FROM,
    enum_limit: int = ENUM_LIMIT,
) -> TurnAnalysis:
    """The value of each legal card of the seat to play, from its view only (a ``Hand`` is cut down to
    ``seat_view(hand, seat)`` first; ``seat`` defaults to the seat to play). ``worlds`` overrides the number of
    sampled worlds; ``rng`` the generator (by default one seeded by the view, so the same view gives the same
    figures); ``reads``: seats known to be normal bots, whose plays the sampled worlds must fit."""
    view = state if isinstance(state, SeatView) else seat_view(state, state.turn if seat is None else seat)
    if view.turn != view.seat:
        raise ValueError("no es el turno de ese jugador")
    rng = rng or random.Random(view_seed(view))
    legal = view.legal_mask()
    reps = candidates(view, legal)
    distinct = sorted(set(reps.values()))
    per: dict[int, list[tuple[int, int]]] = {c: [] for c in distinct}
    method = ""
    if view.trick_no >= search_from:
        game = Valued(view.trump, view.rules, view.pair)
        deals = consistent_deals(view, enum_limit)
        wanted = worlds or SEARCH_WORLDS
        if len(distinct) == 1:
            wanted, enum_limit = (
                min(wanted, FORCED_WORLDS),
                FORCED_WORLDS,
            )  # no choice: a rough value is enough
        if deals is not None and not reads and len(deals) > PROBES:
            probe = Valued(view.trump, view.rules, view.pair)
            for world in rng.sample(deals, PROBES):
                card_values(view, world, distinct, probe)
            if probe.nodes * len(deals) > EXACT_NODES * PROBES and len(deals) > wanted:
                deals = rng.sample(deals, wanted)  # too costly to solve all: a uniform sample of them
                method = "search"
            else:
                method = "exact"
        elif deals is not None and not reads:
            method = "exact"
        else:
            method = "search"
            draw = world_sampler(view, reads=reads)
            deals = [draw(rng) for _ in range(wanted)]
        n = 0
        for world in deals:
            n += 1
            for c, v in zip(distinct, card_values(view, world, distinct, game), strict=True):
                per[c].append(split(v))
    else:
        method = "rollout"
        draw = world_sampler(view, reads=reads)
        excl = view.exclusions()
        n = worlds or ROLLOUT_WORLDS
        if len(distinct) == 1:
            n = min(n, FORCED_WORLDS)
        for _ in range(n):
            world = draw(rng)
            for c in distinct:
                won, _, points = play_out(view, world, c, excl)
                per[c].append((won, points))
    samples = {CARDS[c]: tuple(v) for c, v in per.items()}
    values = {}
    for c, r in sorted(reps.items()):
        xs = per[r]
        mw = sum(x[0] for x in xs) / n
        mp = sum(x[1] for x in xs) / n
        if method == "exact":
            values[CARDS[c]] = CardValue(CARDS[c], mw, mp, 0.0, 0.0)
        else:
            values[CARDS[c]] = CardValue(
                CARDS[c],
                mw,
                mp,
                _half_width([x[0] for x in xs], mw, WIN_RANGE),
                _half_width([x[1] for x in xs], mp, POINTS_RANGE),
            )
    return TurnAnalysis(
        view.seat,
        view.trick_no,
        method,
        n,
        values,
        {CARDS[c]: CARDS[r] for c, r in reps.items()},
        samples,
    )
