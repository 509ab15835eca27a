"""The live room's load benchmark runs, small (one round of 6 phones, 2 questions, as deployed: two
instances, their streams and their write workers), so that it does not rot: the page's parsing (the join's
region, the shared regions, the projector's counts written from its events) still follows the pages, and
every answer is in time, in the database once and on the projector. Its figures are not looked at: speed
is the full run's (README, Benchmarks)."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.bench.needs import postgres_redis_uvicorn

ROOT = Path(__file__).resolve().parents[2]
REDIS_URL = os.environ.get("LIVE_LOAD_TEST_REDIS_URL", "redis://127.0.0.1:6379/11")
PORTS = os.environ.get("LIVE_LOAD_TEST_PORTS", "8721,8722,8723,8724,8725,8726").split(",")
# Fixed ports and a Redis database that the bench flushes.
pytestmark = pytest.mark.serial


def test_a_small_room_on_two_instances_answers_every_question_in_time_and_loses_nothing():
    # No test database: the bench makes its own (see test_tables_load).
    base = postgres_redis_uvicorn(REDIS_URL)
    env = {**os.environ, "DATABASE_URL": base, "REDIS_URL": REDIS_URL}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    done = subprocess.run(
        [
            sys.executable,
            "bench/live_load.py",
            *("--rounds", "1", "--phones", "6", "--questions", "2", "--think", "0.5"),
            *("--question-timeout", "30", "--events"),
            *("--ports", ",".join(PORTS[:2]), "--stream-ports", ",".join(PORTS[2:4])),
            *("--write-ports", ",".join(PORTS[4:])),
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    out = done.stdout
    assert done.returncode == 0, out + done.stderr[-3000:]
    assert (
        "answers accepted 12, in the database 12 (attempts 12), lost 0, missing from the projector's final count 0; failures 0"
        in out
    ), out
    assert "answers in time (accepted, sent before their question's reveal): 12 of 12" in out, out
    # Every answer was seen on the projector, counted from its stream's events; each reveal came from
    # the count (everybody answered), not from the time limit.
    assert re.search(r"answer -> projector: n 12 ", out), out
    assert "the projector counted everybody 2 of 2" in out, out
