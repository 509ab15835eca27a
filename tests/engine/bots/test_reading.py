"""Reading the normal bots' plays: the worlds a bot counts in must fit what the seats known to be normal bots
played (engine/bots/worlds.py). The real deal always fits; other deals are really excluded; a human's seat is
never read; and the reading still sees only what the seat can see."""

from __future__ import annotations

import random

import pytest

from engine.bots import choose_play, endgame, fuerte, normal_seats, play_hand, seat_view, worlds
from engine.bots.policy import normal_decision
from engine.cards import cards_of
from engine.hand import Hand
from engine.rules import PRESETS

from .helpers import walk
from .test_bots import hidden_twins

ALL = 0b1111


def _normal_positions(rules, deals: int):
    """Every position of hands played by four normal bots (reading each other), with the real hands."""
    for seed in range(deals):
        rng = random.Random(seed)
        hand = Hand.new(rng, seed % 4, rules, first_hand=seed % 4 == 0)
        for h in walk(hand, rng, "normal", ALL):
            yield seat_view(h, h.turn), [seat_view(h, s).hand for s in range(4)]


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_real_deal_always_fits_the_plays_of_the_normal_bots_under_every_table(name):
    read = narrowed = positions = 0
    for view, real in _normal_positions(PRESETS[name], 40):
        plays = worlds._plays_to_read(view, ALL)
        assert all(p.seat != view.seat and p.trick_no <= worlds.READ_BEFORE for p in plays)
        assert worlds._fits(view, plays, real)  # the bots' own plays replay exactly
        read += len(plays)
        if plays and view.trick_no >= 3:
            positions += 1
            draw = worlds._rule_sampler(view, 30)
            rng = random.Random(view.trick_no)
            narrowed += not all(worlds._fits(view, plays, draw(rng)) for _ in range(10))
    assert read > 1_000
    # Worlds that the rules allow but the plays do not are really set aside, in most positions.
    assert narrowed > positions // 2


def test_the_reading_sampler_draws_worlds_that_fit_where_the_rules_alone_mostly_do_not():
    rules = PRESETS["guia"]
    read = plain = drawn = 0
    for view, _real in _normal_positions(rules, 12):
        if view.trick_no < 4:
            continue
        plays = worlds._plays_to_read(view, ALL)
        reading, rules_only = worlds.world_sampler(view, reads=ALL), worlds.world_sampler(view)
        for k in range(5):
            world = reading(random.Random(k))
            assert world[view.seat] == view.hand
            assert sum(m.bit_count() for m in world) == sum(view.hand_size(s) for s in range(4))
            read += worlds._fits(view, list(plays), world)
            plain += worlds._fits(view, list(plays), rules_only(random.Random(k)))
            drawn += 1
    assert drawn > 200
    assert read >= 0.75 * drawn  # the reading mostly finds a fitting world within its draws
    assert plain < 0.5 * drawn  # the rules alone mostly do not: the reading is what keeps them


def _fits_by_replaying(view, hand: Hand, world: list[int]) -> bool | None:
    """The oracle: deal ``world`` (plus what each seat played), replay the hand on a real ``Hand`` and ask
    the normal bot, from each read seat's own view then, for every play it made before the count. None when
    the world cannot replay the hand (a cante's cards elsewhere)."""
    start = [cards_of(world[s] | view.played_by(s)) for s in range(4)]
    try:
        other = Hand(
            start,
            hand.trump,
            hand.dealer,
            hand.rules,
            leader=hand.leaders[0],
            trump_card=hand.trump_card,
            first_card=hand.first_card,
        )
    except Exception:
        return None
    plays = [c for t in hand.tricks for c in t] + list(hand.trick)
    cantes: dict[int, list] = {}
    for d in hand.cantes:
        cantes.setdefault(d.after_trick, []).append(d)
    fits = True
    for i, c in enumerate(plays):
        seat = other.turn
        if seat != view.seat and i and len(other.tricks) < worlds.READ_BEFORE:
            seen = seat_view(other, seat)
            fits &= int(normal_decision(seen, seen.legal_mask()).card) == c
        try:
            other.play(c)
            if not other.trick:
                for d in cantes.get(len(other.tricks), []):
                    other.declare(d.seat, d.option.suit, d.option.tute)
        except Exception:
            return None
    return fits


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_a_world_fits_exactly_when_replaying_the_hand_on_it_gives_the_normal_bots_own_plays(name):
    rules = PRESETS[name]
    compared = rejected = 0
    for seed in range(25):
        rng = random.Random(seed)
        hand = Hand.new(rng, seed % 4, rules, first_hand=seed % 4 == 0)
        for h in walk(hand, rng, "normal", ALL):
            if len(h.tricks) == endgame.FROM_TRICK:
                break
        if hand.turn is None:
            continue
        view = seat_view(hand, hand.turn)
        plays = worlds._plays_to_read(view, ALL)
        draw = worlds._rule_sampler(view, 30)
        for k in range(12):
            world = draw(random.Random(k))
            oracle = _fits_by_replaying(view, hand, world)
            if oracle is None:
                continue
            assert worlds._fits(view, list(plays), world) == oracle
            compared += 1
            rejected += not oracle
    assert compared > 150
    assert compared > rejected > compared // 4  # both verdicts are met


def test_the_count_reads_only_the_plays_the_heuristics_alone_made():
    assert worlds.READ_BEFORE == endgame.FROM_TRICK - 1  # from the count on, plays draw worlds: no replay


@pytest.mark.parametrize("level", ["normal", "fuerte"])
def test_reading_changes_some_decisions_of_the_counting_bots(level, monkeypatch):
    monkeypatch.setattr(endgame, "WORLDS", 4)  # fewer worlds: the test is about the wiring, not the strength
    changed = counted = 0
    for view, _real in _normal_positions(PRESETS["guia"], 40):
        if view.trick_no < endgame.FROM_TRICK or not view.legal_mask() & (view.legal_mask() - 1):
            continue
        counted += 1
        reading = choose_play(view, level, random.Random(counted), reads=ALL)
        blind = choose_play(view, level, random.Random(counted))
        changed += reading.card != blind.card
    assert counted > 100
    assert changed > 0  # the mask reaches the worlds the bot counts in


def test_only_the_normal_bots_seats_are_read_never_a_human_or_another_level():
    assert normal_seats([None, "normal", "normal", "normal"]) == 0b1110
    assert normal_seats(["normal", "principiante", "normal", "fuerte"]) == 0b0101
    assert normal_seats([None, "fuerte", "fuerte", "fuerte"]) == 0
    hand = Hand.new(random.Random(3), 0, PRESETS["guia"])
    play_hand(hand, ["normal"] * 4, random.Random(3))
    view = seat_view(hand, 1)
    assert worlds._plays_to_read(view, 0) == []
    seats = {p.seat for p in worlds._plays_to_read(view, 0b0100)}
    assert seats == {2}


@pytest.mark.parametrize("name", sorted(PRESETS))
@pytest.mark.parametrize(
    ("plays", "levels"),
    [
        ((24, 36), ("normal", "fuerte")),  # from the 7th trick on: the count, with the plays read
        ((8, 24), ("fuerte",)),  # tricks 3-6: fuerte's rollouts, in worlds that read the plays
    ],
    ids=["count", "rollouts"],
)
def test_a_reading_bot_decides_the_same_on_two_deals_that_differ_only_in_cards_its_seat_cannot_see(
    name, plays, levels, monkeypatch
):
    monkeypatch.setattr(fuerte, "PLAY_BUDGET", 600)  # fewer rollouts: the test is about what the bot sees
    rules = PRESETS[name]
    compared = 0
    for seed in range(30):
        rng = random.Random(seed)
        hand = Hand.new(rng, seed % 4, rules)
        stop = rng.randrange(*plays)
        for k, _ in enumerate(walk(hand, rng, "normal", ALL)):
            if k == stop:
                break
        if hand.turn is None:
            continue
        viewer = hand.turn
        for other in hidden_twins(hand, viewer, seed, 4):
            for level in levels:
                mine = choose_play(seat_view(hand, viewer), level, random.Random(seed), reads=ALL)
                theirs = choose_play(seat_view(other, viewer), level, random.Random(seed), reads=ALL)
                assert mine == theirs
            compared += 1
    assert compared >= 20


def _rollout_worlds(monkeypatch) -> list[list[int]]:
    """The worlds the fuerte bot's rollouts are played in, gathered as ``fuerte.evaluate`` plays them out."""
    seen: list[list[int]] = []
    real = fuerte.rollout

    def gather(view, hands, first, excl):
        seen.append(hands)
        return real(view, hands, first, excl)

    monkeypatch.setattr(fuerte, "rollout", gather)
    return seen


def test_before_the_count_the_fuerte_bot_plays_its_cards_out_in_worlds_that_fit_the_normal_bots_plays(
    monkeypatch,
):
    monkeypatch.setattr(fuerte, "PLAY_BUDGET", 600)  # fewer rollouts: the test is about the worlds
    seen = _rollout_worlds(monkeypatch)
    share = {}
    for reads in (ALL, 0):
        fit = total = 0
        for view, _real in _normal_positions(PRESETS["guia"], 12):
            if not 3 <= view.trick_no < endgame.FROM_TRICK:
                continue
            plays = worlds._plays_to_read(view, ALL)
            seen.clear()
            fuerte.evaluate(view, random.Random(view.trick_no), reads=reads)
            for world in {tuple(w) for w in seen}:
                total += 1
                fit += worlds._fits(view, list(plays), list(world))
        assert total > 500
        share[reads] = fit / total
    # Reading, most worlds fit (two in three here, where all three other seats are read: past READ_DRAWS draws
    # the last one drawn is used); from the rules alone, about one in ten does.
    assert share[ALL] > 0.5
    assert share[0] < 0.2


def test_reading_changes_some_decisions_of_the_fuerte_bot_before_the_count(monkeypatch):
    monkeypatch.setattr(fuerte, "PLAY_BUDGET", 600)
    changed = decided = 0
    for view, _real in _normal_positions(PRESETS["guia"], 12):
        if not 3 <= view.trick_no < endgame.FROM_TRICK or not view.legal_mask() & (view.legal_mask() - 1):
            continue
        decided += 1
        reading = choose_play(view, "fuerte", random.Random(decided), reads=ALL)
        blind = choose_play(view, "fuerte", random.Random(decided))
        changed += reading.card != blind.card
    assert decided > 100
    assert changed > 0  # the mask reaches the rollouts' worlds
