"""Counting at the end of the hand: the last tricks played out exactly in a few worlds the seat cannot tell
apart, and the card best on average (what a club player does when «las cuentas» are few).

From ``FROM_TRICK`` on, the unseen cards are few and ``SeatView.possible()`` narrows them: the seat deals
them ``WORLDS`` ways that fit what it saw (``worlds.world_sampler``, with the plays of the seats known to
be normal bots read), solves each world double-dummy (every
seat sees every card: minimax with alpha-beta over the remaining plays, cantes sung as the bots sing them,
the hand's result as the score decides it) and keeps the card whose mean result is best. The search sees
only the sampled worlds, never the real hands, and draws them from the caller's generator, so the choice is
a function of the view and the generator.
"""

from __future__ import annotations

import random

from engine.bots.policy import REYES_CABALLOS, Decision, Reason, bot_cante, trick_facts
from engine.bots.view import SeatView
from engine.bots.worlds import world_sampler
from engine.cantes import CANTE_MASK, TUTE_MASK
from engine.cards import CARDS, TANTOS_OF
from engine.obligations import legal_after, trick_state
from engine.rules import TableRules

FROM_TRICK = 7  # the 7th trick: four cards each (the search bounds its cost with NODE_BUDGET)
WORLDS = 16
MIN_WORLDS = 2
# Positions the search may visit for one decision (for WORLDS worlds; in proportion for more; the table of
# solved positions makes 16 worlds cost about what 6 did without it): past it, no
# more worlds are drawn. It bounds the rare costly counts (a 7th trick whose hands could still sing a tute).
NODE_BUDGET = 8_000

REYES, CABALLOS = TUTE_MASK["reyes"], TUTE_MASK["caballos"]
# BETWEEN[a][b] (a < b, same suit): the cards strictly between a and b.
BETWEEN = tuple(tuple(((1 << b) - 1) & ~((2 << a) - 1) if a < b else 0 for b in range(40)) for a in range(40))
# RUN[a][b]: BETWEEN[a][b] when a and b (a < b) could play the same (one suit, no tantos), else -1; RUN[-1] (no
# card before b) is all -1.
RUN = tuple(
    tuple(
        BETWEEN[a][b] if a < b and a // 10 == b // 10 and not TANTOS_OF[a] and not TANTOS_OF[b] else -1
        for b in range(40)
    )
    for a in range(40)
) + (tuple(-1 for _ in range(40)),)


class _Game:
    """One world's remaining plays, solved for the pair of ``us``: does it win the hand?

    A trick in play is carried as its state (``obligations.trick_state``: led suit, strongest card of it,
    strongest trump, index of the winning card), its cards so far and its tantos, updated card by card.
    """

    __slots__ = ("trump", "rules", "us", "nodes", "seen")

    def __init__(self, trump: int, rules: TableRules, us: int) -> None:
        self.trump, self.rules, self.us = trump, rules, us
        self.nodes = 0
        self.seen: dict[tuple, bool] = {}

    def moves(self, hands: list[int], seat: int, legal: int) -> list[int]:
        """The ``legal`` cards of ``seat``, one of each run of cards that play the same (same suit, no tantos,
        no other seat's card between them)."""
        others = (hands[0] | hands[1] | hands[2] | hands[3]) & ~hands[seat]
        out: list[int] = []
        prev = -1
        while legal:
            low = legal & -legal
            legal ^= low
            c = low.bit_length() - 1
            between = RUN[prev][c]
            prev = c
            if between < 0 or others & between:
                out.append(c)
        return out

    def wins(
        self, hands: list[int], seat: int, leader: int, n: int, state: tuple, pts: int, rest: tuple
    ) -> bool:
        """Does our pair win with best play from here, where ``seat`` plays the ``n``-th card of the trick?
        ``state`` is the trick's (led, high_led, high_trump, winner index), ``pts`` its tantos so far, ``rest``
        the hand's (diff, won, sung, done, left): our points minus theirs, tricks won per pair, suits sung,
        tricks completed, tantos still in the hands."""
        self.nodes += 1
        trump = self.trump
        ours = (seat & 1) == self.us
        mine = hands[seat]
        if n:
            led, high_led, high_trump, win = state
            legal = legal_after(mine, n, led, high_led, high_trump, win, trump, self.rules)
        else:
            led = high_led = high_trump = win = -1
            legal = mine
        for c in self.moves(hands, seat, legal):
            suit = c // 10
            if not n:
                nstate = (suit, c, c if suit == trump else -1, 0)
            elif suit == trump:
                if c > high_trump:
                    nstate = (led, c if led == trump else high_led, c, n)
                else:
                    nstate = state
            elif suit == led and c > high_led:
                nstate = (led, c, high_trump, n if high_trump < 0 else win)
            else:
                nstate = state
            hands[seat] = mine ^ (1 << c)
            if n == 3:
                v = self.after_trick(hands, (leader + nstate[3]) & 3, pts + TANTOS_OF[c], rest)
            else:
                v = self.wins(hands, (seat + 1) & 3, leader, n + 1, nstate, pts + TANTOS_OF[c], rest)
            hands[seat] = mine
            if v == ours:  # our seat found a win, or theirs a loss for us: the others need not be tried
                return v
        return not ours

    def after_trick(self, hands: list[int], winner: int, pts: int, rest: tuple) -> bool:
        diff, won, sung, done, left = rest
        pair = winner & 1
        sign = 1 if pair == self.us else -1
        diff += sign * pts
        left -= pts
        done += 1
        if done == 10:
            diff += sign * 10  # las diez de últimas (R-SCORE-2)
            return diff > 0 or (diff == 0 and pair == self.us)  # a tie goes to the last trick (R-SCORE-3)
        won = (won[0] + (pair == 0), won[1] + (pair == 1))
        if ((hands[0] | hands[1] | hands[2] | hands[3]) & REYES_CABALLOS).bit_count() < 2:
            bound = left + 10  # no cante is left to sing: every point still to be made is tantos and the diez
        else:
            for s in (winner, (winner + 2) & 3):
                opt = bot_cante(hands[s], self.trump, won[pair] == 1, sung, self.rules)
                if opt is not None:
                    if opt.tute:  # R-TUTE-3: the hand ends, won by the singer's pair
                        return pair == self.us
                    sung |= 1 << opt.suit
                    diff += sign * opt.points
            bound = self.cantes_left(hands, sung)
            if bound >= 0:
                bound += left + 10  # every point still to be made: tantos, las diez de últimas, cantes
        if bound >= 0:
            if diff > bound:
                return True
            if diff < -bound:
                return False
        key = (hands[0], hands[1], hands[2], hands[3], winner, diff, won, sung)
        v = self.seen.get(key)
        if v is None:
            if done == 9:  # one card each: the last trick plays itself (its four positions still counted)
                self.nodes += 4
                v = self.seen[key] = self.last_trick(hands, winner, diff)
            else:
                v = self.seen[key] = self.wins(hands, winner, winner, 0, (), 0, (diff, won, sung, done, left))
        return v

    def last_trick(self, hands: list[int], leader: int, diff: int) -> bool:
        """Does our pair win when each seat holds one card and ``leader`` leads the last trick? ``diff``: our
        points minus theirs before it."""
        cards = [hands[(leader + i) & 3].bit_length() - 1 for i in range(4)]
        pair = (leader + trick_state(cards, self.trump)[3]) & 1
        pts = TANTOS_OF[cards[0]] + TANTOS_OF[cards[1]] + TANTOS_OF[cards[2]] + TANTOS_OF[cards[3]] + 10
        diff += pts if pair == self.us else -pts  # its tantos and las diez de últimas (R-SCORE-2)
        return diff > 0 or (diff == 0 and pair == self.us)  # a tie goes to the last trick (R-SCORE-3)

    def cantes_left(self, hands: list[int], sung: int) -> int:
        """The points of the cantes the hands could still sing, or -1 while one could still sing a tute (it
        ends the hand whatever the points)."""
        points = 0
        for h in hands:
            if (h & REYES_CABALLOS).bit_count() < 2:
                continue
            if h & REYES == REYES or h & CABALLOS == CABALLOS:
                return -1
            for s in range(4):
                if h & CANTE_MASK[s] == CANTE_MASK[s] and not sung >> s & 1:
                    points += 40 if s == self.trump else 20
        return points


def _cards(view: SeatView, legal: int) -> list[int]:
    """Our legal cards that play differently, judged against every card we cannot see (any seat may hold it)."""
    probe = [0, 0, 0, 0]
    probe[view.seat] = view.hand
    probe[(view.seat + 1) & 3] = view.unseen
    return _Game(view.trump, view.rules, view.pair).moves(probe, view.seat, legal)


def solve(view: SeatView, world: list[int], cards: list[int]) -> tuple[list[bool], int]:
    """For each of ``cards`` (ours, legal now): does our pair win this world with it? And the positions searched."""
    us, trick = view.pair, view.trick
    game = _Game(view.trump, view.rules, us)
    diff = (view.tantos[us] + view.cante_points[us]) - (view.tantos[1 - us] + view.cante_points[1 - us])
    everything = world[0] | world[1] | world[2] | world[3]
    # Tantos not yet in a completed trick (the hands' and the trick's): each trick takes its own off.
    left = sum(TANTOS_OF[c] for c in range(40) if everything >> c & 1) + sum(TANTOS_OF[c] for c in trick)
    out = []
    for c in cards:
        hands = world[:]
        seat = view.seat
        played = (*trick, c)
        hands[seat] ^= 1 << c
        state = trick_state(played, view.trump)
        pts = sum(TANTOS_OF[x] for x in played)
        rest_c = (diff, view.won, view.sung, len(view.tricks), left)
        if len(played) == 4:
            v = game.after_trick(hands, (view.leader + state[3]) & 3, pts, rest_c)
        else:
            v = game.wins(hands, (seat + 1) & 3, view.leader, len(played), state, pts, rest_c)
        out.append(v)
    return out, game.nodes


def world_wins(
    view: SeatView,
    legal: int,
    rng: random.Random,
    worlds: int | None = None,
    nodes: int | None = None,
    reads: int = 0,
    from_trick: int = FROM_TRICK,
) -> tuple[dict[int, int], int]:
    """Each of our legal cards that plays differently mapped to the number of sampled worlds in which it wins
    the hand with exact play, and the number of worlds: ``worlds`` of them, fewer (never under
    ``MIN_WORLDS``) once the search has visited ``nodes`` positions (a budget in positions, not in time, so
    the choice stays a function of the view and the generator); ``reads``: the seats known to be normal bots,
    whose plays the worlds must fit (``worlds.world_sampler``). Empty before ``FROM_TRICK`` or when only one
    card plays differently (``from_trick``: the fuerte bot counts from an earlier trick)."""
    if view.trick_no < from_trick:
        return {}, 0
    cards = _cards(view, legal)
    if len(cards) < 2:
        return {}, 0
    worlds = WORLDS if worlds is None else worlds
    budget = NODE_BUDGET * worlds // WORLDS if nodes is None else nodes
    totals = dict.fromkeys(cards, 0)
    draw = world_sampler(view, reads=reads)
    # A world drawn again (few unseen cards late in the hand) is not searched again: ``solve`` is a function of
    # the view, the world and the cards, so its answer and its count of positions are taken as they were.
    solved: dict[tuple[int, ...], tuple[list[bool], int]] = {}
    visited = done = 0
    while done < worlds and (done < MIN_WORLDS or visited < budget):
        world = draw(rng)
        key = (world[0], world[1], world[2], world[3])
        if key not in solved:
            solved[key] = solve(view, world, cards)
        values, n = solved[key]
        visited += n
        done += 1
        for c, v in zip(cards, values, strict=True):
            totals[c] += v
    return totals, done


def counted(
    view: SeatView,
    legal: int,
    decision: Decision,
    rng: random.Random,
    worlds: int | None = None,
    reads: int = 0,
    from_trick: int = FROM_TRICK,
) -> Decision:
    """``decision`` (the heuristics' card), or from ``FROM_TRICK`` on the card that wins the hand in more of
    the sampled worlds: the heuristics' card stays when it wins in as many."""
    wins, worlds = world_wins(view, legal, rng, worlds, reads=reads, from_trick=from_trick)
    if not wins:
        return decision
    card = int(decision.card)
    # The heuristics' card, or the card its run is counted by (the lowest of the run: same suit, below it).
    mine = wins[max(c for c in wins if c <= card and c // 10 == card // 10)]
    best = max(wins, key=lambda c: (wins[c], -c))
    if wins[best] <= mine:
        return decision
    return Decision(CARDS[best], Reason("contar", trick_facts(view) | {"worlds": worlds, "wins": wins[best]}))
