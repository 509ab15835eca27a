"""The fuerte bot: deal the unseen cards many ways consistent with what the seat knows, play each candidate
card out with normal-bot rollouts in every world, and keep the card that wins most (bridge programs'
Monte Carlo method).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.bots import endgame
from engine.bots.policy import (
    Decision,
    Reason,
    bot_cante,
    normal_card,
    normal_decision,
    trick_facts,
)
from engine.bots.view import SeatView, excluded_after
from engine.bots.worlds import world_sampler
from engine.cards import CARDS, TANTOS_OF, Card
from engine.obligations import legal_after, trick_state

# Card plays the rollouts of one decision may make in total: the budget that keeps a decision near 30 ms of CPU.
PLAY_BUDGET = 4_000
MIN_SAMPLES, MAX_SAMPLES = 4, 64
# From this trick the fuerte bot counts exactly (``endgame.counted``, in twice the normal bot's worlds and
# positions) instead of rolling out: the earliest trick where the count fits the 100 ms budget (measured with
# ``python -m engine.analysis.bench``: engine/bots/README.md).
COUNT_FROM = 6


@dataclass(frozen=True, slots=True)
class Estimate:
    """A candidate card's result over the sampled worlds, for our pair."""

    win_rate: float  # share of worlds where our pair wins the hand
    margin: float  # mean of (our total - their total) in tantos
    samples: int

    @property
    def value(self) -> float:
        return self.win_rate + self.margin / 400


def rollout(view: SeatView, hands: list[int], first: int, excl: tuple[int, ...]) -> tuple[int, int]:
    """Play ``first`` for the view's seat, then normal bots everywhere to the end: (our pair won, margin)."""
    won, margin, _ = play_out(view, hands, first, excl)
    return won, margin


def play_out(view: SeatView, hands: list[int], first: int, excl: tuple[int, ...]) -> tuple[int, int, int]:
    """``rollout`` with our pair's points at the end as the table scores them (the review's value,
    ``engine.analysis``): (our pair won, margin, our points).

    ``excl``: per seat, the cards its plays so far showed it could not hold (``SeatView.exclusions``). Each
    bot of the rollout reads the voids from its own seat, as it would at the table: what it cannot see,
    less what the plays exclude."""
    rules, trump = view.rules, view.trump
    hands = hands[:]
    trick = list(view.trick)
    n = len(trick)
    leader = view.leader
    tantos = list(view.tantos)
    cpts = list(view.cante_points)
    won = list(view.won)
    excl = list(excl)
    sung = view.sung
    n_tricks = len(view.tricks)
    seat = view.seat
    card = first
    rest = hands[0] | hands[1] | hands[2] | hands[3]  # the cards still in the hands
    # The trick's state (``obligations.trick_state``), kept card by card.
    led, high_led, high_trump, win = trick_state(trick, trump) if n else (-1, -1, -1, 0)
    last = -1
    while True:
        suit = card // 10
        if n:
            if suit != led or card < high_led:  # beating the led suit's best card shows nothing
                excl[seat] |= excluded_after((led, high_led, high_trump, win), n, card, trump, rules)
            if suit == trump:
                if card > high_trump:
                    if led == trump:
                        high_led = card  # R-OBL-TRIUNFO-SALIDA
                    high_trump, win = card, n
            elif suit == led and card > high_led:
                high_led = card
                if high_trump < 0:
                    win = n
        else:
            led, high_led, high_trump, win = suit, card, card if suit == trump else -1, 0
        bit = 1 << card
        hands[seat] ^= bit
        rest ^= bit
        trick.append(card)
        n += 1
        if n == 4:
            winner = (leader + win) & 3
            pair = winner & 1
            won[pair] += 1
            tantos[pair] += (
                TANTOS_OF[trick[0]] + TANTOS_OF[trick[1]] + TANTOS_OF[trick[2]] + TANTOS_OF[trick[3]]
            )
            n_tricks += 1
            trick = []
            n = 0
            leader = winner
            if n_tricks == 10:
                last = pair
                break
            for s in (winner, (winner + 2) & 3):
                opt = bot_cante(hands[s], trump, won[pair] == 1, sung, rules)
                if opt is not None:
                    if opt.tute:  # R-TUTE-3: the hand ends, won by the singer's pair
                        us = view.seat & 1
                        return int(pair == us), 0, tantos[us] + cpts[us]
                    sung |= 1 << opt.suit
                    cpts[pair] += opt.points
            seat = winner
            legal = mine = hands[seat]
        else:
            seat = (seat + 1) & 3
            mine = hands[seat]
            legal = legal_after(mine, n, led, high_led, high_trump, win, trump, rules)
        if not legal & (legal - 1):
            card = legal.bit_length() - 1
            continue
        card, _ = normal_card(
            mine,
            legal,
            trick,
            seat,
            trump,
            rest & ~mine,
            excl,
            n_tricks + 1,
            sung,
            rules,
            won[seat & 1] == 0 or rules.tute_cualquier_baza,
            (led, high_led, high_trump, win) if n else None,
        )
    totals = [tantos[0] + cpts[0], tantos[1] + cpts[1]]
    totals[last] += 10
    us = view.seat & 1
    if totals[0] == totals[1]:
        return int(last == us), 0, totals[us]
    margin = totals[us] - totals[1 - us]
    return int(margin > 0), margin, totals[us]


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


def evaluate(
    view: SeatView, rng: random.Random, samples: int | None = None, reads: int = 0
) -> dict[Card, Estimate]:
    """The estimate of every legal card of the seat to play (interchangeable cards share one), played out in
    worlds that fit what the seat knows, and the plays of the seats in ``reads`` (known to be normal bots,
    ``worlds.world_sampler``).

    With ``samples`` given, every card is played out in that many worlds. Without, the budget decides
    (``PLAY_BUDGET`` card plays in all): with more than two cards that play differently, every card is played
    out in the first half of the worlds and only the better half of them (by ``Estimate.value``) in the
    second half, so the cards that matter get more worlds for the same plays.
    """
    legal = view.legal_mask()
    reps = candidates(view, legal)
    distinct = sorted(set(reps.values()))
    k = len(distinct)
    if samples is None:
        plays = max(sum(view.hand_size(s) for s in range(4)), 1)
        keep = k if k <= 2 else (k + 1) // 2
        # ``first`` worlds for every card, then as many for the ``keep`` best: first * (k + keep) rollouts.
        first = PLAY_BUDGET // (plays * (k + keep))
        samples = max(MIN_SAMPLES, min(MAX_SAMPLES, 2 * first))
        first = samples if keep == k else samples // 2
    else:
        keep, first = k, samples
    excl = view.exclusions()
    wins = dict.fromkeys(distinct, 0)
    margins = dict.fromkeys(distinct, 0)
    counts = dict.fromkeys(distinct, 0)
    draw = world_sampler(view, reads=reads)
    playing = distinct
    for i in range(samples):
        if i == first:
            playing = sorted(sorted(playing, key=lambda c: (-(wins[c] + margins[c] / 400), c))[:keep])
        world = draw(rng)
        for c in playing:
            w, m = rollout(view, world, c, excl)
            wins[c] += w
            margins[c] += m
            counts[c] += 1
    return {
        CARDS[c]: Estimate(wins[r] / counts[r], margins[r] / counts[r], counts[r])
        for c, r in sorted(reps.items())
    }


@dataclass(frozen=True, slots=True)
class Better:
    """A legal card the fuerte bot estimates clearly better than the one played (for the review)."""

    card: Card
    estimate: Estimate
    played: Estimate


def _best_kept(estimates: dict[Card, Estimate]) -> Card:
    """The best card among those played out in every world (``evaluate`` drops the weaker half of the
    cards after the first half of the worlds: their estimates rest on fewer samples)."""
    most = max(e.samples for e in estimates.values())
    return max((c for c in estimates if estimates[c].samples == most), key=lambda c: (estimates[c].value, -c))


def clearly_better(
    view: SeatView,
    played: int,
    rng: random.Random,
    samples: int | None = None,
    *,
    reads: int = 0,
    win_gap: float = 0.15,
    margin_gap: float = 20.0,
) -> Better | None:
    """The best legal card when it beats ``played`` by ``win_gap`` of hands won, or by ``margin_gap`` tantos
    without winning fewer hands; None when ``played`` was as good as that (or the only card). ``reads``: as
    for ``evaluate``."""
    estimates = evaluate(view, rng, samples, reads)
    mine = estimates[CARDS[played]]
    best = _best_kept(estimates)
    top = estimates[best]
    gap = top.win_rate - mine.win_rate
    if gap >= win_gap or (gap >= 0 and top.margin - mine.margin >= margin_gap):
        return Better(best, top, mine)
    return None


def fuerte_decision(view: SeatView, legal: int, rng: random.Random, reads: int = 0) -> Decision:
    if not legal & (legal - 1) or (view.first_card is not None and not view.tricks and not view.trick):
        return normal_decision(view, legal)
    if view.trick_no >= COUNT_FROM:  # few cards left: count them exactly (engine/bots/endgame.py)
        return endgame.counted(
            view, legal, normal_decision(view, legal), rng, 2 * endgame.WORLDS, reads, from_trick=COUNT_FROM
        )
    estimates = evaluate(view, rng, reads=reads)
    best = _best_kept(estimates)
    facts = trick_facts(view) | {"estimates": estimates}
    return Decision(best, Reason("mejor_estimacion", facts))
