"""The cantes a cante quiz says were sung earlier are ones the engine allows at their moment."""

import random
from dataclasses import replace

import pytest

from engine.rules import GUIA, PRESETS
from engine.scenarios import FIXED, generate
from engine.scenarios.cante import build_cante
from engine.scenarios.consistency import check_position

rule = pytest.mark.rule


def _with(s, **changes):
    return replace(s, position={**s.position, **changes})


@rule("R-CANTE-1", "R-CANTE-2", "R-CANTE-3")
@pytest.mark.parametrize(
    "bad",
    [
        {"seat": "rival", "suit": "e", "points": 20, "after_trick": 1},  # the viewer holds rey and caballo
        {"seat": "viewer", "suit": "e", "points": 40, "after_trick": 1},  # las veinte are not worth 40
        {"seat": "viewer", "suit": "e", "points": 20, "after_trick": 99},  # no such trick
    ],
)
def test_the_checker_reports_an_earlier_cante_the_engine_would_not_allow(bad):
    s = FIXED["guia-veinte-espadas"]
    viewer = s.position["viewer"]
    seat = (viewer + 1) % 4 if bad["seat"] == "rival" else viewer
    broken = _with(s, sung=[{**bad, "seat": seat}])
    assert check_position(broken) != []


@rule("R-CANTE-2")
def test_the_checker_reports_a_cante_already_declared_now_that_is_not_valid():
    s = FIXED["guia-rey-jugado"]
    broken = _with(s, sang_now=[{"seat": s.position["viewer"], "suit": "e", "points": 20}])
    assert check_position(broken) != []  # the rey de espadas has been played (R-CANTE-3)


@rule("R-CANTE-4", "R-TUTE-2")
def test_a_late_tute_quiz_never_made_the_viewer_sing_las_veinte_while_holding_the_tute():
    s = generate("cante", 11, 3, GUIA, "R-TUTE-2")
    assert check_position(s) == []
    assert "(tú, tras la baza" not in s.question


@rule("R-CANTE-4", "R-TUTE-2")
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_late_tute_histories_hold_only_cantes_the_engine_allows(preset):
    for seed in range(60):
        s = build_cante(random.Random(seed), seed, 3, PRESETS[preset], None, "tute_tarde")
        assert check_position(s) == [], (seed, check_position(s))


def _played_by_viewer(position: dict) -> list[str]:
    viewer = position["viewer"]
    return [t["cards"][(viewer - t["leader"]) % 4] for t in position["history"]]


@rule("R-CANTE-3")
def test_the_rey_jugado_example_has_no_earlier_cante():
    s = FIXED["guia-rey-jugado"]
    assert "12e" in _played_by_viewer(s.position)
    assert s.position["sung"] == []


@rule("R-CANTE-3")
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_played_card_quiz_never_sang_that_suit_before_the_card_was_played(preset):
    for seed in range(100):
        suit = "ceb"[seed % 3]
        s = build_cante(
            random.Random(seed),
            seed,
            2,
            PRESETS[preset],
            None,
            "jugada",
            want_trump=0,
            want_suit=1 + seed % 3,
        )
        assert {f"12{suit}", f"11{suit}"} & set(_played_by_viewer(s.position)), seed
        assert suit not in {x["suit"] for x in s.position["sung"]}, (seed, s.question)
