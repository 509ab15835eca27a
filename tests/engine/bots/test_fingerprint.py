"""The counting bots decide exactly as the reference code did: every decision of many hands (card, reason,
estimates, the count's worlds and wins) under the four tables, fuerte bots at every seat and a fuerte pair
against reading normal bots, hashed per hand and compared with ``data/bot_decisions.json``.

The file holds what ``python -m tests.engine.bots.fingerprint --write --hands 100`` writes on main's code at
0aabbcf (6 December 2026), before the fuerte bot was made cheaper (issue 30); it was written from that command's
printed lines on a copy of that commit (``git archive``). A speed-up that changes a single decision, an
estimate or the number of worlds a count drew fails here. The suite checks the first ``BOT_FINGERPRINT_HANDS``
seeds (default 3: 24 hands, about 5 s of CPU); ``BOT_FINGERPRINT_HANDS=100`` checks all 800 hands (about two
minutes of CPU).

A change meant to change decisions regenerates the file on the new code and says so in its commit.
"""

from __future__ import annotations

import json
import os

import pytest

from .fingerprint import DATA, LINEUPS, TABLES, fingerprint, key

STORED = json.loads(DATA.read_text())["hands"]
SEEDS = range(int(os.environ.get("BOT_FINGERPRINT_HANDS", "3")))


def test_the_stored_fingerprints_cover_every_table_and_line_up_for_the_seeds_checked():
    assert len(SEEDS) * len(TABLES) * len(LINEUPS) <= len(STORED)
    for table in TABLES:
        for lineup in LINEUPS:
            assert all(key(table, lineup, seed) in STORED for seed in SEEDS)


@pytest.mark.parametrize("lineup", sorted(LINEUPS))
@pytest.mark.parametrize("table", TABLES)
def test_every_decision_is_the_reference_codes(table, lineup):
    differ = [seed for seed in SEEDS if fingerprint(table, lineup, seed) != STORED[key(table, lineup, seed)]]
    assert not differ, f"{table}/{lineup}: decisions differ from the reference in hands {differ}"
