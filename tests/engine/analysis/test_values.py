"""engine.analysis: the values of a seat's cards are the exact ones where they claim to be, and come from
the seat's view only."""

from __future__ import annotations

import itertools
import random

import pytest

from engine.analysis import analyse_turn, consistent_deals
from engine.analysis.search import card_values, split
from engine.bots import seat_view, sing_after_trick
from engine.bots.fuerte import candidates
from engine.cards import cards_of
from engine.hand import Hand, HandError
from engine.rules import PRESETS
from tests.engine.bots.helpers import replay, walk
from tests.engine.bots.test_bots import hidden_twins


def _brute(hand: Hand, us: int) -> tuple[int, int]:
    """An independent search on the engine's Hand: (won, points of pair ``us``) with best play, both pairs
    first playing to win the hand, then our pair for its points and the rivals against them; cantes sung
    as the bots sing them; the result as ``Hand.score`` gives it."""
    if hand.turn is None:
        score = hand.score()
        return int(score.winner == us), score.totals[us]
    ours = hand.turn & 1 == us
    results = []
    for c in hand.legal():
        h = hand.copy()
        if h.play(c) is not None:
            sing_after_trick(h, ["normal"] * 4, random.Random(0))
        results.append(_brute(h, us))
    return max(results) if ours else min(results)


def _positions(rules, seeds: int, trick_no: int):
    for seed in range(seeds):
        rng = random.Random(seed)
        stop = rng.randrange(4)
        for h in walk(Hand.new(rng, seed % 4, rules), rng):
            if len(h.tricks) == trick_no - 1 and len(h.trick) == stop:
                if len(h.legal()) > 1:
                    yield h
                break


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_valued_search_in_the_real_deal_equals_a_brute_force_on_the_hand(name):
    checked = 0
    for trick_no in (8, 9):
        for h in _positions(PRESETS[name], 12, trick_no):
            view = seat_view(h, h.turn)
            cards = [int(c) for c in h.legal()]
            values = card_values(view, list(h.hands), cards)
            for c, v in zip(cards, values, strict=True):
                played = h.copy()
                if played.play(c) is not None:
                    sing_after_trick(played, ["normal"] * 4, random.Random(0))
                assert split(v) == _brute(played, view.pair), (name, h.record(), c)
                checked += 1
    assert checked >= 30


def _fits(hand: Hand, seat: int, others: dict[int, int]) -> Hand | None:
    """The hand replayed on the deal where each other seat holds ``others[s]`` now (plus what it played), or
    None when a past play or cante would have been illegal there or the dealer no longer holds an unplayed
    trump card: an independent test of «consistent with what the seat saw»."""
    start = []
    for s in range(4):
        now = hand.hands[s] if s == seat else others[s]
        start.append(cards_of(now | hand.played[s]))
    tc = hand.trump_card
    if tc is not None and not any(tc in t for t in hand.tricks) and tc not in hand.trick:
        if not (1 << tc) & (hand.hands[hand.dealer] if hand.dealer == seat else others[hand.dealer]):
            return None
    try:
        return replay(hand, start)
    except HandError:
        return None


@pytest.mark.parametrize("name", ["guia", "companero"])
def test_the_exact_value_is_the_mean_of_a_brute_force_over_every_deal_the_seat_cannot_rule_out(name):
    compared = 0
    for h in _positions(PRESETS[name], 16, 9):
        seat = h.turn
        view = seat_view(h, seat)
        analysis = analyse_turn(view)
        assert analysis.method == "exact"
        # Every way to give the unseen cards to the other seats, kept when the hand replays legally on it.
        others = [s for s in range(4) if s != seat]
        unseen = cards_of(view.unseen)
        sizes = [len(h.hand_of(s)) for s in others]
        totals: dict[int, list[int]] = {int(c): [0, 0] for c in h.legal()}
        deals = 0
        for first in itertools.combinations(unseen, sizes[0]):
            rest = [c for c in unseen if c not in first]
            for second in itertools.combinations(rest, sizes[1]):
                third = [c for c in rest if c not in second]
                masks = {
                    s: sum(1 << c for c in part)
                    for s, part in zip(others, (first, second, third), strict=True)
                }
                world = _fits(h, seat, masks)
                if world is None:
                    continue
                deals += 1
                for c in totals:
                    played = world.copy()
                    if played.play(c) is not None:
                        sing_after_trick(played, ["normal"] * 4, random.Random(0))
                    won, points = _brute(played, view.pair)
                    totals[c][0] += won
                    totals[c][1] += points
        assert analysis.deals == deals
        for c, (won, points) in totals.items():
            value = analysis.values[c]
            assert value.win == pytest.approx(won / deals) and value.points == pytest.approx(points / deals)
            assert value.win_hw == value.points_hw == 0.0
        compared += 1
    assert compared >= 8


def test_the_deals_listed_are_the_deals_the_sampler_may_draw():
    for h in _positions(PRESETS["guia"], 6, 8):
        view = seat_view(h, h.turn)
        deals = consistent_deals(view, 5000)
        assert deals is not None and list(h.hands) in deals  # the real deal is one of them
        assert len({tuple(d) for d in deals}) == len(deals)
        assert consistent_deals(view, len(deals) - 1) is None


@pytest.mark.parametrize("trick_no", [2, 5, 6, 8])
def test_two_deals_that_differ_only_in_cards_the_seat_cannot_see_get_the_same_values(trick_no):
    compared = 0
    for seed in range(20):
        rng = random.Random(seed)
        for h in walk(Hand.new(rng, seed % 4, PRESETS["guia"]), rng):
            if len(h.tricks) == trick_no - 1 and len(h.trick) == seed % 4 and len(h.legal()) > 1:
                seat = h.turn
                mine = analyse_turn(h, seat, worlds=24)
                for twin in hidden_twins(h, seat, seed, 3):
                    assert twin.hands != h.hands
                    other = analyse_turn(twin, seat, worlds=24)
                    assert other == mine
                    compared += 1
                break
        if compared >= 4:
            break
    assert compared >= 4


def test_every_card_is_valued_on_the_same_worlds_and_interchangeable_cards_share_their_figures():
    rng = random.Random(3)
    h = next(x for x in walk(Hand.new(rng), rng) if len(x.tricks) == 2 and not x.trick)
    view = seat_view(h, h.turn)
    a = analyse_turn(view, worlds=20)
    assert a.method == "rollout" and a.deals == 20
    assert {len(s) for s in a.samples.values()} == {20}
    reps = candidates(view, view.legal_mask())
    assert set(a.values) == set(h.legal())
    for c, r in reps.items():
        assert a.values[c].win == a.values[r].win and a.values[c].points == a.values[r].points
    # The paired difference's interval is no wider than it would be from two independent samples.
    best = a.best[0]
    for c in a.values:
        if a.same_as[c] != a.same_as[best]:
            gap = a.gap(c, best)
            assert gap.win == pytest.approx(a.values[best].win - a.values[c].win)
            assert gap.points == pytest.approx(a.values[best].points - a.values[c].points)
