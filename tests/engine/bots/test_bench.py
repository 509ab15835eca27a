"""Smoke test: the bots' benchmark runs on a few hands and prints every row (it is not a timed test)."""

from __future__ import annotations

from engine.bots import bench, fuerte


def test_the_bots_benchmark_plays_its_match_ups_and_prints_its_table(capsys, monkeypatch):
    monkeypatch.setattr(fuerte, "PLAY_BUDGET", 300)
    assert bench.main(["--hands", "4", "--fuerte-hands", "2", "--rules", "ludoteka"]) == 0
    out = capsys.readouterr().out
    for row in (
        "principiante: decisions per second, view included (wall clock)",
        "normal: decisions per second, view included (CPU time)",
        "fuerte: decisions per second, view included (wall clock)",
        "fuerte: p50 / p99 / max ms per decision (wall clock)",
        "fuerte: p50 / p99 / max ms per decision (CPU time)",
        "normal pair vs principiante pair: hands won | ",
        "fuerte pair vs normal pair: hands won | ",
    ):
        assert row in out
    assert " of 4 (" in out and " of 2 (" in out
