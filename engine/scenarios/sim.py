"""Random legal play of whole hands, through the engine's ``Hand``, to draw real positions from."""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.cantes import cante_points
from engine.cards import CARDS, Suit, parse_card, pick
from engine.deal import Deal, deal
from engine.hand import Hand
from engine.rules import TableRules
from engine.tricks import trick_winner


@dataclass(frozen=True, slots=True)
class TrickRecord:
    leader: int
    cards: tuple[int, ...]  # play order, from the leader
    winner: int  # seat
    hands_before: tuple[int, ...]  # masks by seat, before the first card of this trick


@dataclass(frozen=True, slots=True)
class CanteRecord:
    """Las veinte or las cuarenta, declared by ``seat`` right after trick ``after_trick`` (R-CANTE-2)."""

    after_trick: int
    seat: int
    suit: int
    points: int


@dataclass(frozen=True, slots=True)
class HandRecord:
    deal: Deal
    tricks: tuple[TrickRecord, ...]
    cantes: tuple[CanteRecord, ...] = ()


def play_hand(rng: random.Random, rules: TableRules, sing: float = 0.0) -> HandRecord:
    """Deal with ``rng`` (a random dealer) and play the ten tricks with random legal cards.

    After each trick but the tenth, the winner and then the partner each sing, with probability ``sing``,
    one of the veinte or cuarenta the hand allows them now (never a tute: it would end the hand). With
    ``sing`` 0 nobody sings and ``rng`` is drawn from exactly as by plain random play.
    """
    the_deal = deal(rng, rng.randrange(4), rules)
    hand = Hand.from_deal(the_deal, rules)
    records = []
    cantes = []
    while hand.turn is not None:
        before = tuple(hand.hands)
        for _ in range(4):
            winner = hand.play(pick(hand.legal_mask(), rng))
        records.append(TrickRecord(hand.leaders[-1], hand.tricks[-1], winner, before))
        if sing and hand.turn is not None:
            for seat in (winner, (winner + 2) & 3):
                options = [o for o in hand.allowed_cantes(seat) if not o.tute]
                if options and rng.random() < sing:
                    o = options[int(rng.random() * len(options))]
                    hand.declare(seat, o.suit)
                    cantes.append(CanteRecord(len(hand.tricks), seat, int(o.suit), o.points))
    return HandRecord(the_deal, tuple(records), tuple(cantes))


def replay(record: HandRecord, rules: TableRules) -> Hand:
    """The record played again through ``Hand``, each cante declared at its moment: a HandError (an
    illegal card, a cante the hand refuses) says the record is not a real hand."""
    hand = Hand.from_deal(record.deal, rules)
    play_into(hand, record)
    return hand


def play_into(hand: Hand, record: HandRecord) -> None:
    """Play the record's tricks and cantes on ``hand``; on a HandError ``hand`` shows where it stopped."""
    for n, t in enumerate(record.tricks, start=1):
        for c in t.cards:
            hand.play(c)
        for x in record.cantes:
            if x.after_trick == n:
                hand.declare(x.seat, x.suit)


def exchanged(record: HandRecord, pairs: list[tuple[int, int]]) -> HandRecord:
    """The same hand with each pair of cards (a, b) exchanged everywhere: in the deal, in the shown trump
    card, in the tricks. Whether it is still a real hand is for ``replay`` to say."""
    swap = list(CARDS)
    for a, b in pairs:
        swap[a], swap[b] = CARDS[b], CARDS[a]

    def moved(m: int) -> int:
        for a, b in pairs:
            if (m >> a ^ m >> b) & 1:
                m ^= 1 << a | 1 << b
        return m

    d = record.deal
    new_deal = Deal(
        tuple(tuple(swap[c] for c in h) for h in d.hands),
        d.trump,
        None if d.trump_card is None else swap[d.trump_card],
        d.dealer,
        d.leader,
    )
    tricks = tuple(
        TrickRecord(t.leader, tuple(swap[c] for c in t.cards), t.winner, tuple(map(moved, t.hands_before)))
        for t in record.tricks
    )
    return HandRecord(new_deal, tricks, record.cantes)


def rotated(record: HandRecord, k: int) -> HandRecord:
    """The same hand with every seat moved ``k`` places on (seat s plays as seat s + k): with an odd
    ``k`` the two pairs change places."""
    d = record.deal
    hands = [()] * 4
    for s, h in enumerate(d.hands):
        hands[(s + k) & 3] = h
    new_deal = Deal(tuple(hands), d.trump, d.trump_card, (d.dealer + k) & 3, (d.leader + k) & 3)
    tricks = tuple(
        TrickRecord(
            (t.leader + k) & 3,
            t.cards,
            (t.winner + k) & 3,
            tuple(t.hands_before[(s - k) & 3] for s in range(4)),
        )
        for t in record.tricks
    )
    cantes = tuple(CanteRecord(x.after_trick, (x.seat + k) & 3, x.suit, x.points) for x in record.cantes)
    return HandRecord(new_deal, tricks, cantes)


def record_of(
    dealer: int,
    trump_card: str,
    tricks: list[str],
    cantes: list[tuple[int, int, str]],
    rules: TableRules,
) -> HandRecord:
    """A hand written out (the dealer, the shown card, each trick's cards in play order as «1o 3o 12o 11o»,
    each cante as (after which trick, seat, suit)) as a record, checked by playing it through ``Hand``."""
    trump = parse_card(trump_card)
    hands: list[list[int]] = [[], [], [], []]
    leader = (dealer + 1) & 3  # R-DEAL-3
    for t in tricks:
        cards = [parse_card(c) for c in t.split()]
        for i, c in enumerate(cards):
            hands[(leader + i) & 3].append(c)
        leader = (leader + trick_winner(cards, trump.suit)) & 3
    the_deal = Deal(tuple(map(tuple, hands)), trump.suit, trump, dealer, (dealer + 1) & 3)
    hand = Hand.from_deal(the_deal, rules)
    records = []
    for t in tricks:
        before = tuple(hand.hands)
        for c in t.split():
            winner = hand.play(c)
        records.append(TrickRecord(hand.leaders[-1], hand.tricks[-1], winner, before))
        for after, seat, suit in cantes:
            if after == len(records):
                hand.declare(seat, suit)
    sung = tuple(
        CanteRecord(after, seat, int(Suit.parse(suit)), cante_points(Suit.parse(suit), the_deal.trump))
        for after, seat, suit in cantes
    )
    return HandRecord(the_deal, tuple(records), sung)
