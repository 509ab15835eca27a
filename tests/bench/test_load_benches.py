"""The learner's load benchmarks run, small (SQLite, one gunicorn worker, a few clients for a few seconds), so
that they do not rot: a page change that their parsing no longer follows makes them refuse every move, which
once went unseen until a benchmark day (the trick just collected, shown beside the open one, was read as part
of it). Their figures are not looked at here: speed is the full runs' (README, Benchmarks)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _run(script: str, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, script, "--db", "sqlite", "--workers", "1", "--clients", "4", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr[-3000:]
    return done.stdout


def test_play_load_plays_whole_hands_without_a_refused_move():
    out = _run("bench/play_load.py", "--level", "normal", "--seconds", "4", "--warmup", "1")
    assert "lost: 0; doubled: 0;" in out and "failed: 0" in out
    assert "learner plays (each with the bots' replies): 0 " not in out


def test_practice_load_answers_without_a_loss_or_a_failure():
    out = _run("bench/practice_load.py", "--seconds", "4", "--warmup", "1")
    assert "lost: 0; doubled: 0;" in out and "failed: 0" in out
    assert "answer round-trips: 0 " not in out
