"""The live room's load benchmark runs, small (one round of 6 phones, 2 questions, as deployed: two
instances, their streams and their write workers), so that it does not rot: the page's parsing (the join's
region, the shared regions, the projector's counts written from its events) still follows the pages, and
every answer is in time, in the database once and on the projector. Its figures are not looked at: speed
is the full run's (README, Benchmarks)."""

import os
import re

import pytest

from tests.bench.needs import run_bench

REDIS_URL = os.environ.get("LIVE_LOAD_TEST_REDIS_URL", "redis://127.0.0.1:6379/11")
PORTS = os.environ.get("LIVE_LOAD_TEST_PORTS", "8721,8722,8723,8724,8725,8726").split(",")
# Fixed ports and a Redis database that the bench flushes.
pytestmark = pytest.mark.serial


def test_a_small_room_on_two_instances_answers_every_question_in_time_and_loses_nothing():
    # No test database: the bench makes its own (see test_tables_load).
    out = run_bench(
        "live_load.py",
        REDIS_URL,
        *("--rounds", "1", "--phones", "6", "--questions", "2", "--think", "0.5"),
        *("--question-timeout", "30", "--events"),
        *("--ports", ",".join(PORTS[:2]), "--stream-ports", ",".join(PORTS[2:4])),
        *("--write-ports", ",".join(PORTS[4:])),
    )
    assert (
        "answers accepted 12, in the database 12 (attempts 12), lost 0, missing from the projector's final count 0; failures 0"
        in out
    ), out
    assert "answers in time (accepted, sent before their question's reveal): 12 of 12" in out, out
    # Every answer was seen on the projector, counted from its stream's events; each reveal came from
    # the count (everybody answered), not from the time limit.
    assert re.search(r"answer -> projector: n 12 ", out), out
    assert "the projector counted everybody 2 of 2" in out, out
    # The client's own event loop was never held (its watchdog names any stall over 1 s).
    assert "stalls over 1 s: 0" in out, out
