"""Counting at the end (engine.bots.endgame): the exact search agrees with playing every line out on the
engine's Hand, and the count decides from the seat's view only."""

from __future__ import annotations

import random

import pytest

from engine.bots import choose_play, endgame, fuerte, seat_view, sing_after_trick
from engine.hand import Hand
from engine.rules import PRESETS

from .helpers import walk
from .test_bots import _hidden_swaps, _swapped


def _best_result(hand: Hand, us: int) -> bool:
    """Brute force on the engine's Hand: does pair ``us`` win with best play by all four seats (the cantes
    sung as the bots sing them)?"""
    if hand.turn is None:
        return hand.score().winner == us
    ours = hand.turn & 1 == us
    for c in hand.legal():
        h = hand.copy()
        if h.play(c) is not None:
            sing_after_trick(h, ["normal"] * 4, random.Random(0))
        if _best_result(h, us) == ours:
            return ours
    return not ours


def _positions(rules, seeds, trick_no):
    """Hands played by normal bots up to some play of the ``trick_no``-th trick, with a choice to make."""
    for seed in range(seeds):
        rng = random.Random(seed)
        stop = rng.randrange(4)
        for h in walk(Hand.new(rng, seed % 4, rules), rng):
            if len(h.tricks) == trick_no - 1 and len(h.trick) == stop:
                if len(h.legal()) > 1:
                    yield seed, h
                break


def _solved_and_played(h: Hand):
    """Each legal card's verdict by the exact search in the real deal, beside the brute force on the Hand."""
    view = seat_view(h, h.turn)
    cards = [int(c) for c in h.legal()]
    results, _ = endgame.solve(view, list(h.hands), cards)
    for c, result in zip(cards, results, strict=True):
        played = h.copy()
        if played.play(c) is not None:
            sing_after_trick(played, ["normal"] * 4, random.Random(0))
        yield result, _best_result(played, view.pair)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_exact_search_in_the_real_deal_agrees_with_every_line_played_out_on_the_hand(name):
    checked = wins = 0
    for _, h in _positions(PRESETS[name], 40, 9):
        for result, expected in _solved_and_played(h):
            assert result == expected
            checked += 1
            wins += result
    assert checked >= 40 and 0 < wins < checked  # both results occur


@pytest.mark.parametrize("trick_no", [7, 8])
def test_from_the_seventh_trick_the_exact_search_agrees_with_the_hand_too(trick_no):
    checked = 0
    for _, h in _positions(PRESETS["guia"], 6 if trick_no == 7 else 12, trick_no):
        for result, expected in _solved_and_played(h):
            assert result == expected
            checked += 1
    assert checked >= 10


def test_the_count_waits_for_the_end_of_the_hand_and_counts_one_card_of_each_run():
    h = Hand.new(3, 0)
    view = seat_view(h, h.turn)
    assert endgame.world_wins(view, view.legal_mask(), random.Random(0)) == ({}, 0)
    counted = 0
    for _, h in _positions(PRESETS["guia"], 10, 9):
        view = seat_view(h, h.turn)
        wins, worlds = endgame.world_wins(view, view.legal_mask(), random.Random(0), worlds=5)
        if not wins:  # the legal cards all play the same
            continue
        assert worlds == 5  # a ninth trick is far under the budget in positions
        assert set(wins) <= {int(c) for c in h.legal()} and len(wins) >= 2
        assert all(0 <= n <= 5 for n in wins.values())
        counted += 1
    assert counted >= 3


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_count_decides_the_same_on_two_deals_that_differ_only_in_cards_its_seat_cannot_see(
    name, monkeypatch
):
    monkeypatch.setattr(fuerte, "PLAY_BUDGET", 500)
    rules = PRESETS[name]
    compared = overruled = 0
    for seed in range(400):
        if overruled >= 4:
            break
        rng = random.Random(seed)
        hand = Hand.new(rng, seed % 4, rules)
        for h in walk(hand, rng):
            if len(h.tricks) < 7 or len(h.legal()) < 2:
                continue
            decision = choose_play(seat_view(h, h.turn), "normal", random.Random(seed))
            if decision.reason.code != "contar" and compared >= 4 * (overruled + 1):
                continue  # enough positions where the heuristics' card stood: look for the count's
            viewer = h.turn
            for a, ca, b, cb in list(_hidden_swaps(h, viewer))[:2]:
                other = _swapped(h, a, ca, b, cb)
                if other is None:
                    continue
                assert seat_view(other, viewer) == seat_view(h, viewer)
                for level in ("normal", "fuerte"):
                    mine = choose_play(seat_view(h, viewer), level, random.Random(seed))
                    theirs = choose_play(seat_view(other, viewer), level, random.Random(seed))
                    assert mine == theirs
                compared += 1
            overruled += decision.reason.code == "contar"
    assert overruled >= 4 and compared >= 12
