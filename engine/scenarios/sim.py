"""Random legal play of whole hands (with the cantes a player would declare) to draw real positions from."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from engine.cantes import CABALLO, CANTE_MASK, REY, TUTE_MASK  # noqa: F401  (re-exported)
from engine.cards import SUIT_MASKS
from engine.deal import Deal, deal
from engine.obligations import legal_mask
from engine.rules import TableRules
from engine.tricks import trick_winner

# One definition of the cante cards: engine.cantes (R-CANTE-1, R-TUTE-1).
PAIR_MASK = CANTE_MASK
REYES = TUTE_MASK["reyes"]
CABALLOS = TUTE_MASK["caballos"]


def pick(rng: random.Random, mask: int) -> int:
    """A uniformly random card of a non-empty mask."""
    k = rng.randrange(mask.bit_count())
    while k:
        mask &= mask - 1
        k -= 1
    return (mask & -mask).bit_length() - 1


@dataclass(frozen=True, slots=True)
class TrickRecord:
    leader: int
    cards: tuple[int, ...]  # play order, from the leader
    winner: int  # seat
    hands_before: tuple[int, int, int, int]  # masks by seat, before the first card of this trick


@dataclass(frozen=True, slots=True)
class CanteRecord:
    after_trick: int  # index of the trick whose collection opened the moment
    seat: int
    suit: int  # -1 for a tute
    points: int
    tute: str | None = None  # "reyes" / "caballos"


@dataclass(frozen=True, slots=True)
class HandRecord:
    deal: Deal
    tricks: tuple[TrickRecord, ...]
    cantes: tuple[CanteRecord, ...]
    final_hands: tuple[int, int, int, int]


# A chooser gets (rng, seat, legal mask, trick so far, trick index) and returns the card to play.
Chooser = Callable[[random.Random, int, int, list[int], int], int]


def _random_choice(rng: random.Random, seat: int, legal: int, trick: list[int], index: int) -> int:
    return pick(rng, legal)


def play_hand(
    rng: random.Random,
    rules: TableRules,
    *,
    dealer: int | None = None,
    tricks: int = 10,
    choose: Chooser = _random_choice,
    sing: bool = True,
    the_deal: Deal | None = None,
) -> HandRecord:
    """Deal with ``rng`` and play ``tricks`` tricks of random legal cards, declaring cantes when allowed."""
    if the_deal is None:
        the_deal = deal(rng, rng.randrange(4) if dealer is None else dealer, rules)
    hands = [0, 0, 0, 0]
    for seat, cards in enumerate(the_deal.hands):
        for c in cards:
            hands[seat] |= 1 << c
    trump = int(the_deal.trump)
    leader = the_deal.leader
    records: list[TrickRecord] = []
    cantes: list[CanteRecord] = []
    sung = 0  # suits sung, as a 4-bit set (R-CANTE-3)
    pair_tricks = [0, 0]
    for index in range(tricks):
        before = (hands[0], hands[1], hands[2], hands[3])
        trick: list[int] = []
        for i in range(4):
            seat = (leader + i) % 4
            c = choose(rng, seat, legal_mask(hands[seat], trick, trump, rules), trick, index)
            hands[seat] &= ~(1 << c)
            trick.append(c)
        winner = (leader + trick_winner(trick, trump)) % 4
        records.append(TrickRecord(leader, tuple(trick), winner, before))
        pair_tricks[winner % 2] += 1
        leader = winner
        if sing and index < 9:
            ended, sung = _declare(
                hands, winner, trump, rules, index, pair_tricks[winner % 2] == 1, sung, cantes
            )
            if ended:
                break
    return HandRecord(the_deal, tuple(records), tuple(cantes), (hands[0], hands[1], hands[2], hands[3]))


def _declare(hands, winner, trump, rules, index, first_for_pair, sung, cantes) -> tuple[bool, int]:
    """Each member of the winning pair declares the best cante they may (R-CANTE-2, R-CANTE-4, R-TUTE-2)."""
    for seat in (winner, (winner + 2) % 4):
        h = hands[seat]
        if first_for_pair or rules.tute_cualquier_baza:
            for kind, mask in (("reyes", REYES), ("caballos", CABALLOS)):
                if h & mask == mask:  # R-TUTE-1, R-TUTE-3: ends the hand
                    cantes.append(CanteRecord(index, seat, -1, 0, kind))
                    return True, sung
        options = [s for s in range(4) if h & PAIR_MASK[s] == PAIR_MASK[s] and not sung >> s & 1]
        if options:
            suit = trump if trump in options else options[0]  # R-CANTE-4: cuarenta before veinte
            sung |= 1 << suit
            cantes.append(CanteRecord(index, seat, suit, 40 if suit == trump else 20))
    return False, sung


def suit_of_mask(mask: int, suit: int) -> int:
    return mask & SUIT_MASKS[suit]
