"""No option's value tells the answer key. The values are in every page's HTML (radio and checkbox
values): a value may name what its label names, never the option's role. Step 1.1's deck questions
marked the right option «x…» and the others «r…».

The check is an attacker's: over many questions of each family, table and level, a feature of the
values (first character, first two, last one, length) that only the right options carry, every time
it appears, tells the key, unless the same feature of the labels (what the learner reads anyway)
tells it too."""

from collections import defaultdict

import pytest

from engine.messages import render
from engine.rules import PRESETS
from engine.scenarios import DIFFICULTIES, FAMILIES, generate

SEEDS = range(40)
FEATURES = {
    "first character": lambda text: text[:1],
    "first two characters": lambda text: text[:2],
    "last character": lambda text: text[-1:],
    "length": len,
}


def _keys(scenario) -> set[str]:
    answer = scenario.answer
    return {answer} if isinstance(answer, str) else {str(a) for a in answer}


def _telling(rows: list[tuple[list[str], set[int]]]) -> dict[str, set]:
    """Feature name -> the feature values that mark the key in these questions: carried by right
    options only, in at least five questions and never otherwise."""
    found: dict[str, set] = defaultdict(set)
    for name, feature in FEATURES.items():
        marks: dict[object, list[int]] = defaultdict(lambda: [0, 0])
        for texts, right in rows:
            features = [feature(t) for t in texts]
            for value in set(features):
                holders = {i for i, f in enumerate(features) if f == value}
                marks[value][0 if holders <= right else 1] += 1
        found[name] = {value for value, (hit, miss) in marks.items() if hit >= 5 and miss == 0}
    return found


def _questions(family: str, rules) -> tuple[list, list]:
    values, labels = [], []
    for difficulty in DIFFICULTIES:
        for seed in SEEDS:
            scenario = generate(family, seed, difficulty, rules)
            if len(scenario.options) < 2:
                continue
            option_values = [o.value for o in scenario.options]
            right = {i for i, v in enumerate(option_values) if v in _keys(scenario)}
            if not right or len(right) == len(option_values):
                continue
            values.append((option_values, right))
            labels.append(([render(o.label, "es") for o in scenario.options], right))
    return values, labels


@pytest.mark.parametrize("table", sorted(PRESETS))
@pytest.mark.parametrize("family", FAMILIES)
def test_no_option_value_tells_the_key(family, table):
    values, labels = _questions(family, PRESETS[table])
    by_value, by_label = _telling(values), _telling(labels)
    leaks = {name: marks for name, marks in by_value.items() if marks and not by_label[name]}
    assert leaks == {}, f"{family} at {table}: the values' {leaks} mark the right options"


def test_a_deck_question_stored_before_the_plain_values_still_grades():
    from dataclasses import replace

    from engine.scenarios import Option, grade
    from engine.scenarios.mesa import analyse

    scenario = next(
        s
        for seed in range(200)
        if (s := generate("mesa", seed, 1, PRESETS["guia"])).position["kind"] == "no_existe"
    )
    assert not scenario.answer.startswith("x")
    old_position = {k: v for k, v in scenario.position.items() if k != "plain_values"}
    choices, key, _expl = analyse(old_position, PRESETS["guia"])
    options = tuple(Option(c.value, c.label) for c in choices)
    stored = replace(scenario, position=old_position, answer=key, options=options)
    assert key.startswith("x") and grade(stored, key).correct
    assert not grade(stored, next(c.value for c in choices if c.value != key)).correct
