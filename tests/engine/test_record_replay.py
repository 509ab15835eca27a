"""A record played again from another seat (engine.record_replay): the rules are the same under rotation,
checked on the engine itself, and «Jugar desde aquí» starts from exactly the record's position."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engine.analysis.retry import position
from engine.deal import deal, given
from engine.hand import random_hand
from engine.record_files import EXAMPLE
from engine.record_replay import CannotReplay, hand_of, replay_problem, replay_start, rotate
from engine.records import deal_code, deal_from_code, from_hand, read, write
from engine.rules import PRESETS


def _hands(n: int):
    """Bot-free random hands at every preset (a Ludoteka first hand among them), with cantes sung and a
    few renuncios, so that every kind of event is rotated."""
    rng = random.Random(32)
    for i in range(n):
        name = list(PRESETS)[i % len(PRESETS)]
        first = name == "ludoteka" and i % 2 == 0
        yield random_hand(rng, rng.randrange(4), PRESETS[name], first_hand=first, renuncio=0.03 * (i % 3))


def _swap(pair: tuple, odd: int) -> tuple:
    return tuple(reversed(pair)) if odd else tuple(pair)


@pytest.mark.parametrize("by", [1, 2, 3])
def test_a_hand_seen_from_another_seat_is_the_same_hand(by):
    """Every seat moved ``by`` places: the same tricks, each won by the same player (now at another seat),
    the same cantes and renuncios by the same players, the same score with the pairs swapped when
    ``by`` is odd. The record written and read back is the rotated one (it stays a valid record)."""
    for hand in _hands(60):
        record = from_hand(hand, players=("Ana", "Bruno", "Carla", "Diego"))
        seen = rotate(record, by)
        assert read(write(seen)) == seen
        assert seen.players[0] == record.players[by] and seen.dealer == (record.dealer - by) % 4
        again = hand_of(seen)
        assert again.tricks == hand.tricks and again.trump == hand.trump
        assert again.winners == [(w - by) % 4 for w in hand.winners]
        assert [(d.seat, d.option) for d in again.cantes] == [
            ((d.seat - by) % 4, d.option) for d in hand.cantes
        ]
        assert [(r.trick, r.seat, r.card) for r in again.renuncios] == [
            (r.trick, (r.seat - by) % 4, r.card) for r in hand.renuncios
        ]
        odd = by & 1
        score, theirs = again.score(), hand.score()
        assert score.totals == _swap(theirs.totals, odd) and score.tantos == _swap(theirs.tantos, odd)
        assert score.winner == theirs.winner ^ odd and score.reason == theirs.reason
        assert rotate(seen, (4 - by) % 4) == record  # and back


def test_a_deal_given_card_by_card_is_the_deal_shuffled_here():
    """A deal stored by its code and given back (``engine.deal.given``) deals the same hand: the same
    hands, trump, turned-up card, dealer and leader, Ludoteka's first hand too."""
    for seed in range(40):
        rules = PRESETS["ludoteka" if seed % 2 else "guia"]
        d = deal(seed, seed % 4, rules, first_hand=seed % 4 == 1)
        back = given(*deal_from_code(deal_code(d.hands, d.dealer, d.trump_card)))
        assert [sorted(h) for h in back.hands] == [sorted(h) for h in d.hands]
        assert (back.trump, back.trump_card, back.dealer, back.leader) == (
            d.trump,
            d.trump_card,
            d.dealer,
            d.leader,
        )


def test_the_start_is_the_records_position_at_that_card_seen_from_the_seat():
    """From a card and a seat: the copy starts before that seat's next card, and every seat's hand, the
    trick so far, the tricks, the tantos, the cantes' points and the trump are the record's there."""
    rng = random.Random(7)
    for hand in _hands(40):
        record = from_hand(hand)
        card, seat = rng.randrange(len(record.plays)), rng.randrange(4)
        try:
            start = replay_start(record, card, seat)
        except CannotReplay as refused:
            assert refused.reason == "no_turn"
            assert all(p.seat != seat for p in record.plays[card:])
            continue
        assert start.point >= card and record.plays[start.point].seat == seat
        assert all(p.seat != seat for p in record.plays[card : start.point])
        there = position(record, start.point)  # the record played up to that card (analysis.retry)
        h = start.hand
        assert there.turn == seat and h.turn == 0
        assert [h.hands[n] for n in range(4)] == [there.hands[(n + seat) % 4] for n in range(4)]
        assert h.trick == there.trick and h.tricks == there.tricks and h.trump == there.trump
        assert h.trump_card == there.trump_card
        odd = seat & 1
        assert tuple(h.tantos) == _swap(there.tantos, odd)
        assert tuple(h.cante_points) == _swap(there.cante_points, odd)
        assert [(d.seat + seat) % 4 for d in h.cantes] == [d.seat for d in there.cantes]
        assert (start.deal.dealer + seat) % 4 == record.dealer


def test_a_record_that_cannot_be_played_on_says_why():
    partial = read(EXAMPLE)
    assert replay_problem(partial) == "partial"
    with pytest.raises(CannotReplay) as refused:
        replay_start(partial, 0, 0)
    assert refused.value.reason == "partial"
    whole = from_hand(random_hand(3))
    assert replay_problem(whole) is None
    cut = replace(whole, events=tuple(e for e in whole.events if e in whole.plays[:20]))
    assert replay_problem(cut) == "unfinished"  # every card is known (its code), but no result
    for card, seat, reason in ((40, 0, "no_card"), (-1, 0, "no_card"), (0, 4, "no_card")):
        with pytest.raises(CannotReplay) as refused:
            replay_start(whole, card, seat)
        assert refused.value.reason == reason
    last = whole.plays[-1].seat
    with pytest.raises(CannotReplay) as refused:
        replay_start(whole, 39, (last + 1) % 4)
    assert refused.value.reason == "no_turn"
