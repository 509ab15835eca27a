"""Smoke test: the benchmark runs with a tiny count (it is not a timed test)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_benchmark_runs_and_prints_its_table():
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run(
        [sys.executable, "-m", "engine.bench", "--count", "10"],
        capture_output=True,
        cwd=ROOT,
        env=env,
        timeout=300,
    )
    out = proc.stdout.decode()
    assert proc.returncode == 0, proc.stderr.decode()
    assert "legal-card sets" in out
    assert "full rulings" in out
    assert "complete random hands" in out
    assert "engine.scenarios" in out or "scenario family" in out


def test_the_records_benchmark_runs_and_prints_its_table():
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run(
        [sys.executable, "-m", "engine.records_bench", "--count", "10", "--rules", "ludoteka"],
        capture_output=True,
        cwd=ROOT,
        env=env,
        timeout=300,
    )
    out = proc.stdout.decode()
    assert proc.returncode == 0, proc.stderr.decode()
    assert "records read per second" in out
    assert "records read and refereed per second" in out
    assert "ludoteka" in out
