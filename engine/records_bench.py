"""``python -m engine.records_bench [--count N] [--rules PRESET]``: hand records parsed and refereed per
second of CPU time on one core (engine.records.read, then engine.record_referee.referee_on_record;
measured with time.process_time, so other work on the machine weighs less).

The records are random hands written out (cantes sung, one in five with a renuncio), half of them as a
table would type them: no hand lines and no deal code, so the referee rebuilds every hand from the plays.
"""

from __future__ import annotations

import argparse
import random
import time

from engine.hand import random_hand
from engine.record_referee import referee_on_record
from engine.records import HandRecord, from_hand, read, write
from engine.rules import PRESETS

UNKNOWN = ((None,) * 10,) * 4


def texts(count: int, rules_name: str, seed: int = 1) -> list[str]:
    rng = random.Random(seed)
    rules = PRESETS[rules_name]
    out = []
    for i in range(count):
        h = random_hand(rng, i % 4, rules, renuncio=0.02 if i % 5 == 0 else 0.0)
        r = from_hand(h)
        if i % 2:
            fields = {name: getattr(r, name) for name in HandRecord.__slots__}
            r = HandRecord(**{**fields, "hands": UNKNOWN, "deal_code": None})
        out.append(write(r))
    return out


def measure(records: list[str]) -> dict[str, float]:
    start = time.process_time()
    parsed = [read(t) for t in records]
    read_s = time.process_time() - start
    start = time.process_time()
    for t in records:
        referee_on_record(read(t))
    both_s = time.process_time() - start
    return {"read": len(parsed) / read_s, "read+referee": len(records) / both_s}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=4000)
    parser.add_argument("--rules", choices=sorted(PRESETS), action="append")
    args = parser.parse_args(argv)
    names = args.rules or ["guia", "estricta"]
    print(f"{'measure':<44}" + "".join(f"{n:>12}" for n in names) + f"{'target':>10}")
    results = {n: measure(texts(args.count, n)) for n in names}
    for key, label, target in (
        ("read", "records read per second", ""),
        ("read+referee", "records read and refereed per second", "2,000"),
    ):
        print(f"{label:<44}" + "".join(f"{results[n][key]:>12,.0f}" for n in names) + f"{target:>10}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
