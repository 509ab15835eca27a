"""``python -m engine.bots.bench [--hands N] [--fuerte-hands N] [--rules PRESET] [--first-seed S]``: the bots'
speed and strength.

Strength is measured duplicate-style: every deal (seed S, S+1, …) is played twice, the stronger pair in
seats 0/2 and then in seats 1/3, with the dealer rotating with the seed, so the cards cannot favour either
pair. A hand always has a winner (R-SCORE-3 gives equal totals to the pair that took the last trick); the
figure is hands won by the stronger pair over all hands played, and the rows say how many of those hands
were such ties.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import dataclass

from engine.bots.choose import choose_play, normal_seats
from engine.bots.policy import LEVELS
from engine.bots.table import sing_after_trick
from engine.bots.view import seat_view
from engine.hand import Hand
from engine.rules import TableRules


def timed_hand(seed: int, levels: list[str], rules: TableRules, times: dict[str, list[float]]) -> Hand:
    """Play one hand with ``levels[seat]`` bots, adding each decision's seconds (view included) to ``times``
    (wall clock) and to ``times[level + " cpu"]`` (this process's CPU time, which other load does not inflate).

    Each seat draws from its own generator, so a change in how one bot spends random numbers (the worlds it
    samples) leaves the other seats' draws where they were and two versions of a bot compare on paired hands."""
    rngs = [random.Random(f"{seed}:{seat}") for seat in range(4)]
    hand = Hand.new(random.Random(seed), seed % 4, rules)
    clock, cpu = time.perf_counter, time.process_time
    reads = normal_seats(levels)
    while hand.turn is not None:
        level = levels[hand.turn]
        start, start_cpu = clock(), cpu()
        decision = choose_play(seat_view(hand, hand.turn), level, rngs[hand.turn], reads=reads)
        times[level].append(clock() - start)
        times[level + " cpu"].append(cpu() - start_cpu)
        if hand.play(decision.card) is not None:
            sing_after_trick(hand, levels, rngs)
    return hand


@dataclass(frozen=True, slots=True)
class MatchUp:
    """Hands won by the stronger pair, hands played, and how many hands were ties given to the last trick."""

    won: int
    played: int
    ties: int

    def row(self, what: str) -> str:
        return (
            f"| {what}: hands won | {self.won} of {self.played} ({self.won / self.played:.1%}; "
            f"{self.ties} tied totals went to the last trick, R-SCORE-3) |"
        )


def match_up(
    strong: str, weak: str, deals: int, rules: TableRules, times: dict[str, list[float]], first_seed: int = 0
) -> MatchUp:
    """The ``strong`` pair against the ``weak`` one: deals ``first_seed``… each played twice, seats swapped."""
    won = ties = 0
    for seed in range(first_seed, first_seed + deals):
        for side in (0, 1):
            levels = [strong, weak, strong, weak] if side == 0 else [weak, strong, weak, strong]
            score = timed_hand(seed, levels, rules, times).score()
            won += score.winner == side
            ties += score.reason == "empate-ultimas"
    return MatchUp(won, 2 * deals, ties)


def _ms(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * q))] * 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--hands", type=int, default=2000, help="hands of normal vs principiante (default 2000)"
    )
    parser.add_argument(
        "--fuerte-hands", type=int, default=2000, help="hands of fuerte vs normal (default 2000)"
    )
    parser.add_argument("--rules", default="guia", help="table preset (default guia)")
    parser.add_argument("--first-seed", type=int, default=0, help="seed of the first deal (default 0)")
    args = parser.parse_args(argv)
    rules = TableRules.from_spec(args.rules)
    times: dict[str, list[float]] = {k: [] for level in LEVELS for k in (level, level + " cpu")}
    started = time.perf_counter()
    deals = max(args.hands // 2, 1), max(args.fuerte_hands // 2, 1)
    normal = match_up("normal", "principiante", deals[0], rules, times, args.first_seed)
    strong = match_up("fuerte", "normal", deals[1], rules, times, args.first_seed)
    print(
        f"engine.bots.bench — one core, rules={args.rules}, deals from seed {args.first_seed}, "
        f"{time.perf_counter() - started:.0f} s"
    )
    print("| measure | value |")
    print("|---|---:|")
    for level in LEVELS:
        for key, what in ((level, "wall clock"), (level + " cpu", "CPU time")):
            values = times[key]
            rate = len(values) / sum(values) if values and sum(values) else 0
            print(f"| {level}: decisions per second, view included ({what}) | {rate:,.0f} |")
    for key, what in (("fuerte", "wall clock"), ("fuerte cpu", "CPU time")):
        v = times[key]
        print(
            f"| fuerte: p50 / p99 / max ms per decision ({what}) | "
            f"{_ms(v, 0.5):.1f} / {_ms(v, 0.99):.1f} / {max(v) * 1000:.1f} |"
        )
    print(normal.row("normal pair vs principiante pair"))
    print(strong.row("fuerte pair vs normal pair"))
    fuerte = times["fuerte"]
    print(
        f"| fuerte decisions timed | {len(fuerte):,} (mean {statistics.fmean(fuerte) * 1000:.1f} ms wall) |"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
