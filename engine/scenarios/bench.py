"""Time ``generate`` per family and difficulty: ``python -m engine.scenarios.bench [--n 500] [--rules guia]``."""

from __future__ import annotations

import argparse
import gc
import time

from engine.rules import PRESETS
from engine.scenarios import DIFFICULTIES, FAMILIES, generate


def _pct(times: list[float]) -> tuple[float, float, float]:
    times = sorted(times)
    return times[len(times) // 2], times[min(len(times) - 1, int(len(times) * 0.99))], times[-1]


def measure(
    family: str, difficulty: int, n: int, rules
) -> tuple[tuple[float, float, float], tuple[float, ...]]:
    """((p50, p99, max) of CPU time, (p50, p99, max) of wall time) in microseconds over seeds 0..n-1.

    CPU time of this thread is what the code costs; wall time also counts whatever else the machine runs.
    """
    cpu, wall = [], []
    gc.disable()
    try:
        for seed in range(n):
            c0, w0 = time.thread_time_ns(), time.perf_counter_ns()
            generate(family, seed, difficulty, rules)
            cpu.append((time.thread_time_ns() - c0) / 1000)
            wall.append((time.perf_counter_ns() - w0) / 1000)
    finally:
        gc.enable()
    return _pct(cpu), _pct(wall)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=int, default=500, help="seeds per family and difficulty")
    parser.add_argument("--rules", default="guia", choices=sorted(PRESETS))
    args = parser.parse_args(argv)
    rules = PRESETS[args.rules]
    generate("jugada", 0)  # warm up imports and caches
    print(f"generate() over {args.n} seeds, rules {args.rules} (microseconds)")
    print(
        f"{'family':<11} {'level':>5} {'cpu p50':>8} {'cpu p99':>8} {'cpu max':>8} {'wall p50':>9} {'wall p99':>9}"
    )
    for family in FAMILIES:
        for difficulty in DIFFICULTIES:
            (p50, p99, worst), (w50, w99, _) = measure(family, difficulty, args.n, rules)
            flag = "" if p99 < 1000 else "  > 1 ms"
            print(
                f"{family:<11} {difficulty:>5} {p50:>8.0f} {p99:>8.0f} {worst:>8.0f} {w50:>9.0f} {w99:>9.0f}{flag}"
            )


if __name__ == "__main__":
    main()
