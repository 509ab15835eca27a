"""``python -m engine.bench [--count N] [--rules PRESET]``: throughput of the hot paths on one core."""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import time

from engine.cards import cards_of, pick
from engine.hand import Hand, random_hand
from engine.messages import render
from engine.obligations import legal_mask, ruling
from engine.rules import TableRules


def positions(n: int, rules: TableRules, seed: int = 1) -> list[tuple[int, tuple[int, ...], int]]:
    """(hand mask, trick so far, trump) for ``n`` plays of random legal hands, leads excluded."""
    rng = random.Random(seed)
    out: list[tuple[int, tuple[int, ...], int]] = []
    while len(out) < n:
        h = Hand.new(rng, rng.randrange(4), rules)
        while h.turn is not None and len(out) < n:
            if h.trick:
                out.append((h.hands[h.turn], tuple(h.trick), int(h.trump)))
            h.play(pick(h.legal_mask(), rng))
    return out


def _rate(count: int, seconds: float) -> float:
    return count / seconds if seconds > 0 else float("inf")


def bench_legal(pos, rules: TableRules, rounds: int) -> float:
    start = time.perf_counter()
    for _ in range(rounds):
        for hand, trick, trump in pos:
            legal_mask(hand, trick, trump, rules)
    return _rate(rounds * len(pos), time.perf_counter() - start)


def bench_rulings(pos, rules: TableRules, lang: str | None = "es") -> float:
    """Rulings per second of CPU time with the explanation and every card's verdict rendered in ``lang``
    (a ruling holds messages; the words are what a page prints), or without words when ``lang`` is None."""
    hands = [(cards_of(hand), trick, trump) for hand, trick, trump in pos]
    start = time.process_time()
    for hand, trick, trump in hands:
        r = ruling(hand, trick, trump, rules)
        if lang is not None:
            render(r.explanation, lang)
            for v in r.verdicts:
                render(v.why, lang)
    return _rate(len(hands), time.process_time() - start)


def bench_hands(n: int, rules: TableRules) -> float:
    start = time.perf_counter()
    for i in range(n):
        h = random_hand(i, i % 4, rules)
        h.score()
    return _rate(n, time.perf_counter() - start)


def bench_scenarios(n: int, rules: TableRules) -> list[tuple[str, float, float]] | str:
    """(family, p50 ms, p99 ms) of CPU time (a shared machine's other work does not count) per family
    of engine.scenarios, or a note when it is absent."""
    try:
        scenarios = importlib.import_module("engine.scenarios")
        families, generate = scenarios.FAMILIES, scenarios.generate
    except (ImportError, AttributeError) as err:
        return f"engine.scenarios no disponible ({err}); se omite."
    rows = []
    for family in families:
        times = []
        for seed in range(n):
            start = time.thread_time()
            generate(family, seed, (seed % 3) + 1, rules)
            times.append((time.thread_time() - start) * 1000)
        times.sort()
        p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
        rows.append((str(family), statistics.median(times), p99))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--count", type=int, default=20_000, help="positions and hands to time (default 20000)"
    )
    parser.add_argument("--rules", default="guia", help="table preset (default guia)")
    args = parser.parse_args(argv)
    rules = TableRules.from_spec(args.rules)
    n = max(args.count, 10)
    pos = positions(n, rules)
    rounds = max(1, 200_000 // n)
    legal = bench_legal(pos, rules, rounds)
    bench_rulings(pos[:500], rules, "en")  # every template compiled before the clock starts
    rulings = {lang: bench_rulings(pos, rules, lang) for lang in ("es", "en", None)}
    hands = bench_hands(max(n // 4, 10), rules)
    print(f"engine.bench — one core, rules={args.rules}, {n} positions")
    print("| measure | per second |")
    print("|---|---:|")
    print(f"| legal-card sets (legal_mask) | {legal:,.0f} |")
    print(f"| full rulings with every card's explanation in Spanish | {rulings['es']:,.0f} |")
    print(f"| full rulings with every card's explanation in English | {rulings['en']:,.0f} |")
    print(f"| the same rulings without their words (messages only) | {rulings[None]:,.0f} |")
    print(f"| complete random hands (plays checked, cantes offered, scored) | {hands:,.0f} |")
    rows = bench_scenarios(max(n // 100, 5), rules)
    if isinstance(rows, str):
        print(rows)
    else:
        print()
        print("| scenario family | p50 ms (CPU) | p99 ms (CPU) |")
        print("|---|---:|---:|")
        for family, p50, p99 in rows:
            print(f"| {family} | {p50:.3f} | {p99:.3f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
