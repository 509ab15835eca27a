"""Worlds: the unseen cards dealt to the other seats in a way that fits everything one seat knows.

Besides what the rules show (voids, «could not beat», cards shown), a seat may know that some other seats
are normal bots (``reads``, a 4-bit mask): the heuristics of ``policy.normal_card`` are deterministic, so a
world is kept only when, dealt that way, each of those seats would have made the very plays it made (as a
club player reads a partner's plays: «si tuviera el as, lo habría echado»). Only plays made before the
count (``READ_BEFORE``) are read: from the 7th trick the normal bot draws worlds of its own, which cannot
be replayed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from engine.bots.policy import normal_card
from engine.bots.view import SeatView, excluded
from engine.cards import FULL_DECK
from engine.obligations import legal_after, trick_state

# Plays of tricks 1..READ_BEFORE are the heuristics' alone (the count starts at the 7th trick), so they replay.
READ_BEFORE = 6
# Worlds drawn to find one the read seats' plays fit; past it, the last one drawn (it fits the rules) is used.
READ_DRAWS = 30


@dataclass(frozen=True, slots=True)
class _Play:
    """One past play of a read seat, with what that seat knew then (all of it but its hand)."""

    seat: int
    card: int
    trick: tuple[int, ...]  # the cards before it in its trick
    state: tuple[int, int, int, int] | None  # that trick's ``trick_state``, None for a lead
    later: int  # the cards the seat played from then on, this one included
    played: int  # every card played before it
    excluded: tuple[int, int, int, int]  # per seat, what its plays so far showed it could not hold
    trick_no: int
    sung: int
    tute_open: bool


def _plays_to_read(view: SeatView, reads: int) -> list[_Play]:
    """The read seats' plays before ``READ_BEFORE`` tricks (but the hand's opening lead, which a Ludoteka
    first hand forces), in the order they were made."""
    rules, trump = view.rules, view.trump
    history = [*zip(view.tricks, view.leaders, strict=True), (view.trick, view.leader)]
    later = [0, 0, 0, 0]
    for cards, lead in history:
        for j, c in enumerate(cards):
            later[(lead + j) & 3] |= 1 << c
    out: list[_Play] = []
    excl = [0, 0, 0, 0]
    played = 0
    won = [0, 0]
    for t, (cards, lead) in enumerate(history):
        if t >= READ_BEFORE:
            break
        sung = 0
        for sc in view.cantes:
            if sc.after_trick <= t and not sc.option.tute:
                sung |= 1 << sc.option.suit
        for j, c in enumerate(cards):
            seat = (lead + j) & 3
            if reads >> seat & 1 and (t or j) and seat != view.seat:
                before = cards[:j]
                out.append(
                    _Play(
                        seat,
                        c,
                        before,
                        trick_state(before, trump) if j else None,
                        later[seat],
                        played,
                        (excl[0], excl[1], excl[2], excl[3]),
                        t + 1,
                        sung,
                        won[seat & 1] == 0 or rules.tute_cualquier_baza,
                    )
                )
            if j:
                excl[seat] |= excluded(cards[:j], c, trump, rules)
            later[seat] ^= 1 << c
            played |= 1 << c
        if t < len(view.winners):
            won[view.winners[t] & 1] += 1
    return out


def _fits(view: SeatView, plays: list[_Play], world: list[int]) -> bool:
    """Would each read seat, holding its cards of ``world``, have made the plays it made?

    A play that rules a world out moves to the front of ``plays``, so the next world is tried first against
    the plays most likely to rule it out (the answer does not depend on the order)."""
    rules, trump = view.rules, view.trump
    for i, p in enumerate(plays):
        seat = p.seat
        hand = world[seat] | p.later
        if p.state is None:
            legal = hand
        else:
            legal = legal_after(hand, len(p.trick), *p.state, trump, rules)
        if not legal & (legal - 1):
            continue  # one card: nothing to read
        unseen = FULL_DECK & ~hand & ~p.played
        card, _ = normal_card(
            hand,
            legal,
            p.trick,
            seat,
            trump,
            unseen,
            p.excluded,
            p.trick_no,
            p.sung,
            rules,
            p.tute_open,
            p.state,
        )
        if card != p.card:
            if i:
                plays.insert(0, plays.pop(i))
            return False
    return True


def world_sampler(view: SeatView, tries: int = 30, reads: int = 0) -> Callable[[random.Random], list[int]]:
    """A function drawing worlds for ``view`` from a generator: what the view infers (voids, known cards, hand
    sizes) is worked out once, so a decision that draws many worlds pays for it once. With ``reads`` (a mask
    of seats known to be normal bots), a world must also fit their plays (up to ``READ_DRAWS`` draws)."""
    draw = _rule_sampler(view, tries)
    plays = _plays_to_read(view, reads) if reads else []
    if not plays:
        return draw

    def read(rng: random.Random) -> list[int]:
        for _ in range(READ_DRAWS):
            world = draw(rng)
            if _fits(view, plays, world):
                return world
        return world

    return read


def _rule_sampler(view: SeatView, tries: int) -> Callable[[random.Random], list[int]]:
    """Worlds that fit what the rules let the view infer."""
    possible, known = view.possible(), view.known()
    others = tuple(s for s in range(4) if s != view.seat)
    fixed = known[0] | known[1] | known[2] | known[3]
    rest = view.unseen & ~fixed
    free = [c for c in range(40) if rest >> c & 1]
    sizes = [0 if s == view.seat else view.hand_size(s) - known[s].bit_count() for s in range(4)]
    options = {c: tuple(s for s in others if possible[s] >> c & 1) for c in free}
    free.sort(key=lambda c: len(options[c]))
    inferred = [(1 << c, options[c], len(options[c])) for c in free]
    loose = [(1 << c, others, 3) for c in free]

    def draw(rng: random.Random) -> list[int]:
        """Four hands (masks) consistent with the view: ours, the known cards, the voids and hand sizes.

        Each free card goes to one of the seats that may hold it, chosen in proportion to the cards each still
        needs (a seat that needs none is never chosen): ``r`` is drawn in [0, total) and the seats' needs are
        taken off it in order until it goes below 0. One or three seats, the most frequent, are written out
        (the same generator draws and the same arithmetic as the loop)."""
        uniform = rng.random
        for attempt in range(tries + 1):
            hands = list(known)
            need = sizes[:]
            # The last try ignores the inferences.
            for bit, seats, k in inferred if attempt < tries else loose:
                if k == 1:
                    chosen = seats[0]
                    if not need[chosen]:
                        break
                    uniform()
                elif k == 3:
                    a, b, c = seats
                    na, nb, nc = need[a], need[b], need[c]
                    if not na + nb + nc:
                        break
                    r = uniform() * (na + nb + nc)
                    if na:
                        chosen = a
                        r -= na
                    if not na or r >= 0:
                        if nb:
                            chosen = b
                            r -= nb
                            if r >= 0 and nc:
                                chosen = c
                        elif nc:
                            chosen = c
                else:
                    total = 0
                    for s in seats:
                        total += need[s]
                    if not total:
                        break
                    r = uniform() * total
                    for s in seats:
                        n = need[s]
                        if n:
                            chosen = s
                            r -= n
                            if r < 0:
                                break
                hands[chosen] |= bit
                need[chosen] -= 1
            else:
                return hands
        raise AssertionError("no world fits the hand sizes")  # cannot happen: the real deal is one

    return draw


def sample_world(view: SeatView, rng: random.Random, tries: int = 30) -> list[int]:
    """Four hands (masks) consistent with the view: ours, the known cards, the voids and hand sizes."""
    return world_sampler(view, tries)(rng)
