"""Fingerprints of the counting bots' decisions: every decision of a hand (card, reason code and the facts the
decision rests on: the fuerte bot's estimates per card, the count's worlds and wins) hashed per hand, so a
change meant to make the bots cheaper can be checked to decide exactly as before.

Each hand is dealt from its seed (``Hand.new(Random(seed), seed % 4, rules)``; a Ludoteka first hand every fifth
seed) and played to its end with the bots of one line-up at every seat, each decision drawing from
``decision_rng(table, lineup, seed, decision number, seat)`` as the web's table draws one generator per decision:

- ``fuerte``: fuerte bots at every seat, nothing read (a fuerte table on the web reads no seat);
- ``fuerte-normal``: a fuerte pair against a normal pair, the normal seats read (as the bench plays them),
  so the reading sampler and the normal bot's count are fingerprinted too.

``python -m tests.engine.bots.fingerprint --write [--hands N]`` writes ``data/bot_decisions.json``: run it
only on code whose decisions are the reference (the file says which commit made it).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
from collections.abc import Iterator
from pathlib import Path

from engine.bots import choose_cante, choose_play, decision_rng, normal_seats, seat_view
from engine.bots.fuerte import Estimate
from engine.hand import Hand
from engine.rules import PRESETS

DATA = Path(__file__).with_name("data") / "bot_decisions.json"
TABLES = ("guia", "estricta", "ludoteka", "companero")
LINEUPS = {
    "fuerte": ("fuerte", "fuerte", "fuerte", "fuerte"),
    "fuerte-normal": ("fuerte", "normal", "fuerte", "normal"),
}


def _fact(value: object) -> object:
    """A decision's fact as plain data (cards as ints, estimates as exact float reprs)."""
    if isinstance(value, Estimate):
        return [repr(value.win_rate), repr(value.margin), value.samples]
    if isinstance(value, dict):
        return sorted((int(k), _fact(v)) for k, v in value.items())
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        return int(value)
    return repr(value)


def decisions(table: str, lineup: str, seed: int) -> Iterator[str]:
    """Every decision of the hand, one line each, in the order they were made."""
    import random

    rules = PRESETS[table]
    levels = LINEUPS[lineup]
    reads = normal_seats(levels)
    hand = Hand.new(random.Random(seed), seed % 4, rules, first_hand=table == "ludoteka" and seed % 5 == 0)
    n = 0
    while hand.turn is not None:
        seat = hand.turn
        d = choose_play(
            seat_view(hand, seat), levels[seat], decision_rng(table, lineup, seed, n, seat), reads=reads
        )
        n += 1
        facts = sorted((k, _fact(v)) for k, v in d.reason.facts.items())
        yield json.dumps([seat, int(d.card), d.reason.code, facts])
        if hand.play(d.card) is not None and not hand.over:
            winner = hand.winners[-1]
            for s in (winner, (winner + 2) & 3):
                c = choose_cante(
                    seat_view(hand, s), levels[s], decision_rng(table, lineup, seed, n, s, "cante")
                )
                n += 1
                if c is not None:
                    yield json.dumps([s, "cante", c.option.kind, c.option.tute, c.option.suit])
                    hand.declare(s, c.option.suit, c.option.tute)
                    if hand.over:
                        break


def fingerprint(table: str, lineup: str, seed: int) -> str:
    """The hash of every decision of one hand (16 hex digits)."""
    digest = hashlib.sha256()
    for line in decisions(table, lineup, seed):
        digest.update(line.encode() + b"\n")
    return digest.hexdigest()[:16]


def key(table: str, lineup: str, seed: int) -> str:
    return f"{table}/{lineup}/{seed}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--write", action="store_true", help="write data/bot_decisions.json")
    parser.add_argument("--hands", type=int, default=40, help="seeds 0..N-1 per table and line-up")
    parser.add_argument("--commit", help="the commit whose code runs (default: git's HEAD)")
    args = parser.parse_args(argv)
    commit = (
        args.commit
        or subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True
        ).stdout.strip()
    )
    hands = {}
    for seed in range(args.hands):
        for table in TABLES:
            for lineup in LINEUPS:
                hands[key(table, lineup, seed)] = fingerprint(table, lineup, seed)
                print(key(table, lineup, seed), hands[key(table, lineup, seed)], flush=True)
    if args.write:
        DATA.parent.mkdir(exist_ok=True)
        made = (
            f"python -m tests.engine.bots.fingerprint --write --hands {args.hands}, on the code of {commit}"
        )
        DATA.write_text(json.dumps({"made_by": made, "hands": hands}, indent=0, sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
