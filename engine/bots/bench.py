"""``python -m engine.bots.bench [--hands N] [--fuerte-hands N] [--rules PRESET]``: the bots' speed and strength.

Strength is measured duplicate-style: every deal (seed) is played twice, the stronger pair in seats 0/2
and then in seats 1/3, with the dealer rotating with the seed, so the cards cannot favour either pair.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from engine.bots.choose import choose_play
from engine.bots.policy import LEVELS
from engine.bots.table import sing_after_trick
from engine.bots.view import seat_view
from engine.hand import Hand
from engine.rules import TableRules


def timed_hand(seed: int, levels: list[str], rules: TableRules, times: dict[str, list[float]]) -> Hand:
    """Play one hand with ``levels[seat]`` bots, adding each decision's seconds (view included) to ``times``
    (wall clock) and to ``times[level + " cpu"]`` (this process's CPU time, which other load does not inflate)."""
    rng = random.Random(seed * 7 + 1)
    hand = Hand.new(random.Random(seed), seed % 4, rules)
    clock, cpu = time.perf_counter, time.process_time
    while hand.turn is not None:
        level = levels[hand.turn]
        start, start_cpu = clock(), cpu()
        decision = choose_play(seat_view(hand, hand.turn), level, rng)
        times[level].append(clock() - start)
        times[level + " cpu"].append(cpu() - start_cpu)
        if hand.play(decision.card) is not None:
            sing_after_trick(hand, levels, rng)
    return hand


def match_up(
    strong: str, weak: str, deals: int, rules: TableRules, times: dict[str, list[float]]
) -> tuple[int, int]:
    """(hands won by the ``strong`` pair, hands played): each deal twice, seats swapped."""
    won = 0
    for seed in range(deals):
        for side in (0, 1):
            levels = [strong, weak, strong, weak] if side == 0 else [weak, strong, weak, strong]
            won += timed_hand(seed, levels, rules, times).score().winner == side
    return won, 2 * deals


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
    args = parser.parse_args(argv)
    rules = TableRules.from_spec(args.rules)
    times: dict[str, list[float]] = {k: [] for level in LEVELS for k in (level, level + " cpu")}
    started = time.perf_counter()
    np_won, np_played = match_up("normal", "principiante", max(args.hands // 2, 1), rules, times)
    fn_won, fn_played = match_up("fuerte", "normal", max(args.fuerte_hands // 2, 1), rules, times)
    print(f"engine.bots.bench — one core, rules={args.rules}, {time.perf_counter() - started:.0f} s")
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
    print(
        f"| normal pair vs principiante pair: hands won | {np_won} of {np_played} ({np_won / np_played:.1%}) |"
    )
    print(f"| fuerte pair vs normal pair: hands won | {fn_won} of {fn_played} ({fn_won / fn_played:.1%}) |")
    fuerte = times["fuerte"]
    print(
        f"| fuerte decisions timed | {len(fuerte):,} (mean {statistics.fmean(fuerte) * 1000:.1f} ms wall) |"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
