"""The fuerte bot: deal the unseen cards many ways consistent with what the seat knows, play each candidate
card out with normal-bot rollouts in every world, and keep the card that wins most (bridge programs'
Monte Carlo method).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.bots.policy import (
    Decision,
    Reason,
    best_cante,
    normal_card,
    normal_decision,
    trick_facts,
    voids_of,
)
from engine.bots.view import SeatView
from engine.cantes import allowed_cantes
from engine.cards import CARDS, TANTOS_OF, Card
from engine.obligations import legal_mask
from engine.tricks import trick_winner

# Card plays the rollouts of one decision may make in total: the budget that keeps a decision near 30 ms of CPU.
PLAY_BUDGET = 8_000
MIN_SAMPLES, MAX_SAMPLES = 4, 64


@dataclass(frozen=True, slots=True)
class Estimate:
    """A candidate card's result over the sampled worlds, for our pair."""

    win_rate: float  # share of worlds where our pair wins the hand
    margin: float  # mean of (our total - their total) in tantos
    samples: int

    @property
    def value(self) -> float:
        return self.win_rate + self.margin / 400


def sample_world(view: SeatView, rng: random.Random, tries: int = 30) -> list[int]:
    """Four hands (masks) consistent with the view: ours, the known cards, the voids and hand sizes."""
    possible, known = view.possible(), view.known()
    others = [s for s in range(4) if s != view.seat]
    fixed = known[0] | known[1] | known[2] | known[3]
    free = [c for c in range(40) if view.unseen >> c & 1 and not fixed >> c & 1]
    sizes = {s: view.hand_size(s) - known[s].bit_count() for s in others}
    options = {c: [s for s in others if possible[s] >> c & 1] for c in free}
    free.sort(key=lambda c: len(options[c]))
    for attempt in range(tries + 1):
        hands = list(known)
        need = dict(sizes)
        ok = True
        for c in free:
            seats = options[c] if attempt < tries else others  # the last try ignores the inferences
            room = [s for s in seats if need[s] > 0]
            if not room:
                ok = False
                break
            total = sum(need[s] for s in room)
            r = rng.random() * total
            for s in room:
                r -= need[s]
                if r < 0:
                    break
            hands[s] |= 1 << c
            need[s] -= 1
        if ok:
            return hands
    raise AssertionError("no world fits the hand sizes")  # cannot happen: the real deal is one


def rollout(view: SeatView, hands: list[int], first: int, voids: tuple[int, ...]) -> tuple[int, int]:
    """Play ``first`` for the view's seat, then normal bots everywhere to the end: (our pair won, margin)."""
    rules, trump = view.rules, view.trump
    hands = hands[:]
    trick = list(view.trick)
    leader = view.leader
    tantos = list(view.tantos)
    cpts = list(view.cante_points)
    won = list(view.won)
    voids = list(voids)
    sung = view.sung
    n_tricks = len(view.tricks)
    seat = view.seat
    card = first
    last = -1
    while True:
        if trick and card // 10 != trick[0] // 10:
            voids[seat] |= 1 << (trick[0] // 10)
        hands[seat] ^= 1 << card
        trick.append(card)
        if len(trick) == 4:
            winner = (leader + trick_winner(trick, trump)) & 3
            pair = winner & 1
            won[pair] += 1
            tantos[pair] += (
                TANTOS_OF[trick[0]] + TANTOS_OF[trick[1]] + TANTOS_OF[trick[2]] + TANTOS_OF[trick[3]]
            )
            n_tricks += 1
            trick = []
            leader = winner
            if n_tricks == 10:
                last = pair
                break
            for s in (winner, (winner + 2) & 3):
                opt = best_cante(
                    allowed_cantes(hands[s], trump, first_win=won[pair] == 1, sung=sung, rules=rules)
                )
                if opt is not None:
                    if opt.tute:  # R-TUTE-3: the hand ends, won by the singer's pair
                        return int(pair == (view.seat & 1)), 0
                    sung |= 1 << opt.suit
                    cpts[pair] += opt.points
            seat = winner
        else:
            seat = (seat + 1) & 3
        mine = hands[seat]
        rest = hands[0] | hands[1] | hands[2] | hands[3]
        legal = legal_mask(mine, trick, trump, rules) if trick else mine
        if not legal & (legal - 1):
            card = legal.bit_length() - 1
            continue
        tute_open = won[seat & 1] == 0 or rules.tute_cualquier_baza
        card, _ = normal_card(
            mine, legal, trick, seat, trump, rest & ~mine, voids, n_tricks + 1, sung, rules, tute_open
        )
    totals = [tantos[0] + cpts[0], tantos[1] + cpts[1]]
    totals[last] += 10
    us = view.seat & 1
    if totals[0] == totals[1]:
        return int(last == us), 0
    margin = totals[us] - totals[1 - us]
    return int(margin > 0), margin


def candidates(view: SeatView, legal: int) -> dict[int, int]:
    """Each legal card mapped to the representative that plays the same: cards of one suit with no tantos and
    no unseen card between them are interchangeable."""
    out = {}
    unseen = view.unseen
    for s in range(4):
        rep = -1
        for c in range(10 * s, 10 * s + 10):
            if legal >> c & 1:
                if rep >= 0 and not TANTOS_OF[c] and not TANTOS_OF[rep]:
                    out[c] = rep
                else:
                    out[c] = rep = c
            elif unseen >> c & 1:
                rep = -1
    return out


def evaluate(view: SeatView, rng: random.Random, samples: int | None = None) -> dict[Card, Estimate]:
    """The estimate of every legal card of the seat to play (interchangeable cards share one)."""
    legal = view.legal_mask()
    reps = candidates(view, legal)
    distinct = sorted(set(reps.values()))
    if samples is None:
        plays = sum(view.hand_size(s) for s in range(4))
        samples = max(MIN_SAMPLES, min(MAX_SAMPLES, PLAY_BUDGET // (len(distinct) * max(plays, 1))))
    voids = voids_of(view.possible())
    wins = dict.fromkeys(distinct, 0)
    margins = dict.fromkeys(distinct, 0)
    for _ in range(samples):
        world = sample_world(view, rng)
        for c in distinct:
            w, m = rollout(view, world, c, voids)
            wins[c] += w
            margins[c] += m
    return {
        CARDS[c]: Estimate(wins[r] / samples, margins[r] / samples, samples) for c, r in sorted(reps.items())
    }


@dataclass(frozen=True, slots=True)
class Better:
    """A legal card the fuerte bot estimates clearly better than the one played (for the review)."""

    card: Card
    estimate: Estimate
    played: Estimate


def clearly_better(
    view: SeatView,
    played: int,
    rng: random.Random,
    samples: int | None = None,
    *,
    win_gap: float = 0.15,
    margin_gap: float = 20.0,
) -> Better | None:
    """The best legal card when it beats ``played`` by ``win_gap`` of hands won, or by ``margin_gap`` tantos
    without winning fewer hands; None when ``played`` was as good as that (or the only card)."""
    estimates = evaluate(view, rng, samples)
    mine = estimates[CARDS[played]]
    best = max(estimates, key=lambda c: (estimates[c].value, -c))
    top = estimates[best]
    gap = top.win_rate - mine.win_rate
    if gap >= win_gap or (gap >= 0 and top.margin - mine.margin >= margin_gap):
        return Better(best, top, mine)
    return None


def fuerte_decision(view: SeatView, legal: int, rng: random.Random) -> Decision:
    if not legal & (legal - 1) or (view.first_card is not None and not view.tricks and not view.trick):
        return normal_decision(view, legal)
    estimates = evaluate(view, rng)
    best = max(estimates, key=lambda c: (estimates[c].value, -c))
    facts = trick_facts(view) | {"estimates": estimates}
    return Decision(best, Reason("mejor_estimacion", facts))
