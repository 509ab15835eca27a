"""Every family keeps one contract: make, mark, aims and what its page draws."""

import pytest

from engine.rules import PRESETS
from engine.scenarios import FAMILIES, FAMILY, Family, generate, grade, targets
from engine.scenarios.grading import normalise


@pytest.mark.parametrize("name", FAMILIES)
def test_each_family_exposes_the_same_small_interface(name):
    family = FAMILY[name]
    assert isinstance(family, Family) and family.name == name and family.label
    assert callable(family.make) and callable(family.mark) and callable(family.aims)
    assert family.draws <= {"trick", "hand", "history", "hands_before", "cante", "piles"}


@pytest.mark.parametrize("name", FAMILIES)
@pytest.mark.parametrize("table", sorted(PRESETS))
def test_generate_targets_and_grade_go_through_the_contract(name, table):
    rules, family = PRESETS[table], FAMILY[name]
    assert targets(name, rules) == family.aims(rules) and family.aims(rules)
    for seed in range(5):
        scenario = generate(name, seed, 2, rules)
        assert scenario == family.make(seed, 2, rules, None)
        answer = scenario.options[-1].value if scenario.options else 0
        assert grade(scenario, answer) == family.mark(scenario, normalise(scenario, answer))


def test_a_family_that_draws_a_hand_gets_one_in_its_positions():
    for name, family in FAMILY.items():
        scenario = generate(name, 1, 1, PRESETS["guia"])
        assert ("hand" in scenario.position) == ("hand" in family.draws), name


def test_a_default_rule_the_table_replaces_is_aimed_at_as_the_table_states_it():
    companero = PRESETS["companero"]
    scenario = generate("jugada", 7, 2, companero, target="R-OBL-PAREJA")
    assert scenario == generate("jugada", 7, 2, companero, target="R-VAR-COMPANERO")
    assert "R-VAR-COMPANERO" in scenario.rule_ids and "R-OBL-PAREJA" not in scenario.rule_ids
