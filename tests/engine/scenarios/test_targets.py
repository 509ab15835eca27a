"""Aiming at a rule id gives a position whose ruling cites it (every family, target and preset)."""

import pytest

from engine.cards import Suit
from engine.obligations import ruling
from engine.rules import GUIA, PRESETS
from engine.scenarios import FAMILIES, ScenarioError, families_for, generate, targets
from engine.scenarios.common import CODE_INDEX

PAIRS = [(f, t, p) for p in PRESETS for f in FAMILIES for t in targets(f, PRESETS[p])]


@pytest.mark.parametrize(("family", "target", "preset"), PAIRS)
def test_a_target_gives_a_position_that_exercises_it(family, target, preset):
    rules = PRESETS[preset]
    for seed in range(30):
        s = generate(family, seed, 1 + seed % 3, rules, target)
        assert s.rule_ids[0] == target
        if family in ("jugada", "validas", "obligacion"):
            pos = s.position
            r = ruling(
                [CODE_INDEX[c] for c in pos["hand"]],
                [CODE_INDEX[c] for c in pos["trick"]],
                Suit.parse(pos["trump"]),
                rules,
            )
            assert target in r.rule_ids


def test_pisar_positions_really_ask_to_pisar():
    for seed in range(50):
        s = generate("obligacion", seed, 2, GUIA, "R-OBL-PISAR")
        assert s.answer == "pisar"


def test_families_for_names_the_families_that_aim_at_a_rule():
    assert families_for("R-OBL-PISAR") == ("jugada", "validas", "obligacion", "renuncio")
    assert families_for("R-TRICK-1") == ("jugada", "validas", "ganador")
    assert families_for("R-CANTE-4") == ("cante",)
    assert families_for("R-SCORE-3") == ("tantos",)


def test_the_cortada_target_is_not_offered_where_a_switch_replaces_it_and_stands_for_the_variant():
    estricta = PRESETS["estricta"]
    assert "R-OBL-CORTADA" in targets("jugada")
    assert "R-OBL-CORTADA" not in targets("jugada", estricta)
    assert "R-VAR-MONTAR-TRAS-FALLO" in targets("jugada", estricta)
    aimed = generate("jugada", 1, 1, estricta, "R-OBL-CORTADA")
    assert aimed == generate("jugada", 1, 1, estricta, "R-VAR-MONTAR-TRAS-FALLO")
    assert "R-OBL-CORTADA" not in aimed.rule_ids


def test_unknown_family_difficulty_or_target_is_refused_in_spanish():
    with pytest.raises(ScenarioError, match="familia desconocida"):
        generate("brisca", 1)
    with pytest.raises(ScenarioError, match="dificultad"):
        generate("jugada", 1, 4)
    with pytest.raises(ScenarioError, match="no puede practicar"):
        generate("tantos", 1, 1, GUIA, "R-OBL-PISAR")
