"""``python -m engine.analysis.bench [--hands N] [--levels principiante,normal,fuerte] [--fuerte-hands N]``:
the review's cost and what its labels say of each bot.

For each level, ``--hands`` hands (seeds S, S+1, …, the dealer rotating) are played by four bots of that level
and analysed for all four seats. Printed: the analysis time per hand (CPU, this process, one core) p50 / p99
and the hands per minute one worker analyses; per level, the share of cards (turns with a choice) labelled
«error» or worse, and the losses of the cards that were not the best (the distribution the thresholds were
chosen from); then the fuerte bot's decision time p50 / p99 (it counts exactly from ``fuerte.COUNT_FROM``).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections import defaultdict

from engine.analysis.review import ERROR, ERROR_GRAVE, LA_MEJOR, LABELS, HandReview, analyse_hand
from engine.bots import fuerte
from engine.bots.bench import _ms, timed_hand
from engine.bots.table import play_hand
from engine.hand import Hand
from engine.rules import PRESETS


def bot_hand(seed: int, level: str, rules) -> Hand:
    return play_hand(
        Hand.new(random.Random(seed), seed % 4, rules), [level] * 4, random.Random(f"play:{seed}")
    )


def error_share(reviews: list[HandReview]) -> tuple[int, int]:
    """(cards labelled «error» or worse, cards with a choice)."""
    bad = sum(len(r.labelled(ERROR, ERROR_GRAVE)) for r in reviews)
    return bad, sum(1 for r in reviews for t in r.turns if t.choice)


def _q(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(len(xs) * q))] if xs else float("nan")


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m engine.analysis.bench")
    p.add_argument("--hands", type=int, default=10)
    p.add_argument("--levels", default="principiante,normal,fuerte")
    p.add_argument("--fuerte-hands", type=int, default=10)
    p.add_argument("--rules", default="guia")
    p.add_argument("--first-seed", type=int, default=0)
    a = p.parse_args(argv)
    rules = PRESETS[a.rules]
    print(
        f"load average {os.getloadavg()[0]:.2f}; rules {a.rules}; {a.hands} hands per level, four seats each"
    )
    times: list[float] = []
    for level in a.levels.split(",") if a.hands else ():
        reviews = []
        labels: dict[str, int] = defaultdict(int)
        losses_w, losses_p, methods = [], [], defaultdict(int)
        for seed in range(a.first_seed, a.first_seed + a.hands):
            hand = bot_hand(seed, level, rules)
            start = time.process_time()
            review = analyse_hand(hand)
            times.append(time.process_time() - start)
            reviews.append(review)
            for t in review.turns:
                if t.choice:
                    labels[t.label] += 1
                    methods[t.analysis.method] += 1
                    if t.label != LA_MEJOR:
                        losses_w.append(t.gap.win)
                        losses_p.append(t.gap.points)
        bad, cards = error_share(reviews)
        print(
            f"\n{level}: {bad} of {cards} cards with a choice labelled error or worse ({bad / max(cards, 1):.1%})"
        )
        print("  labels: " + ", ".join(f"{k} {labels[k]}" for k in LABELS))
        print("  methods: " + ", ".join(f"{k} {v}" for k, v in sorted(methods.items())))
        print(
            "  losses of the cards not the best, quantiles 50/75/90/95/99: win "
            + " / ".join(f"{_q(losses_w, q):.2f}" for q in (0.5, 0.75, 0.9, 0.95, 0.99))
            + "; points "
            + " / ".join(f"{_q(losses_p, q):.1f}" for q in (0.5, 0.75, 0.9, 0.95, 0.99))
        )
        acc = [r.accuracy() for r in reviews if r.accuracy() is not None]
        print(f"  accuracy per hand (all seats): mean {statistics.fmean(acc):.1f} %")
    times.sort()
    if times:
        print(
            f"\nanalysis per hand (four seats, CPU): p50 {times[len(times) // 2]:.2f} s, "
            f"p99 {_q(times, 0.99):.2f} s, max {times[-1]:.2f} s; "
            f"{60 / statistics.fmean(times):.1f} hands per minute for one worker"
        )
    if a.fuerte_hands:
        t: dict[str, list[float]] = defaultdict(list)
        for seed in range(a.first_seed, a.first_seed + a.fuerte_hands):
            timed_hand(seed, ["fuerte", "normal", "fuerte", "normal"], rules, t)
        print(
            f"fuerte decisions ({len(t['fuerte'])}, counting from trick {fuerte.COUNT_FROM}): "
            f"p50 / p99 / max {_ms(t['fuerte'], 0.5):.1f} / {_ms(t['fuerte'], 0.99):.1f} / "
            f"{_ms(t['fuerte'], 1.0):.1f} ms wall, {_ms(t['fuerte cpu'], 0.5):.1f} / "
            f"{_ms(t['fuerte cpu'], 0.99):.1f} / {_ms(t['fuerte cpu'], 1.0):.1f} ms CPU"
        )


if __name__ == "__main__":
    main()
