"""Every checkpoint question, over many seeds, stays inside what the course has taught up to its step
(the rules of that step and the earlier ones) and is aimed at its step's point.

The rule ids a question involves are its scenario's ``rule_ids`` and those its grade cites for every
answer a learner can give (``tests.engine.scenarios.sweep.answers``). ``CHECKPOINT_SEEDS`` (environment)
sets how many seeds each generated checkpoint is drawn with; 60 by default.
"""

from __future__ import annotations

import os

import pytest

from engine import scenarios
from engine.cards import Suit
from engine.obligations import ruling
from engine.rules import cite
from engine.scenarios.common import CODE_INDEX
from lessons.course import load_course
from tests.engine.scenarios.sweep import answers

COURSE = load_course()
SEEDS = range(int(os.environ.get("CHECKPOINT_SEEDS", "60")))
PLAY = ("jugada", "validas", "obligacion")
# Targets whose rule lets the player choose any card: every other play target forbids some card.
FREE = ("R-TRICK-1", "R-OBL-LIBRE")


def _taught_by(step) -> set[str]:
    """The rule ids of this step and every earlier one."""
    steps = COURSE.steps[: COURSE.steps.index(step) + 1]
    return {rule_id for s in steps for rule_id in s.rules}


CHECKPOINTS = [
    pytest.param(step, n, checkpoint, id=f"{step.key}-{n}")
    for step in COURSE.steps
    for n, checkpoint in enumerate(step.checkpoints, 1)
]


def _questions(checkpoint):
    if checkpoint.is_fixed:
        yield checkpoint.scenario()
        return
    for seed in SEEDS:
        yield checkpoint.scenario(seed)


def _involved(scenario) -> set[str]:
    ids = set(scenario.rule_ids)
    for answer in answers(scenario):
        ids |= set(scenarios.grade(scenario, answer).rule_ids)
    return ids


@pytest.mark.parametrize(("step", "n", "checkpoint"), CHECKPOINTS)
def test_every_checkpoint_question_uses_only_rules_taught_by_its_step_or_earlier(step, n, checkpoint):
    taught = _taught_by(step)
    allowed = taught | set(cite(tuple(sorted(taught)), checkpoint.rules))  # a table states its variant
    wrong = {}
    for scenario in _questions(checkpoint):
        extra = _involved(scenario) - allowed
        if extra:
            wrong[scenario.seed] = sorted(extra)
    assert wrong == {}, f"{step.key} checkpoint {n}: rules not taught yet, by seed {wrong}"


def _main_rule(checkpoint) -> str:
    return checkpoint.target if not checkpoint.is_fixed else scenarios.FIXED[checkpoint.fixed].rule_ids[0]


@pytest.mark.parametrize(("step", "n", "checkpoint"), CHECKPOINTS)
def test_every_checkpoint_question_is_aimed_at_its_steps_point(step, n, checkpoint):
    """The step's rule comes first (it is what decides the answer); for a play question the engine's own
    ruling on the position cites it, and an obligation forbids at least one card of the hand."""
    main = cite((_main_rule(checkpoint),), checkpoint.rules)[0]
    own = set(cite(step.rules, checkpoint.rules)) | set(step.rules)
    for scenario in _questions(checkpoint):
        assert scenario.rule_ids[0] == main, (step.key, n, scenario.seed, scenario.rule_ids)
        assert set(scenario.rule_ids) & own, (step.key, n, scenario.seed)
        if scenario.family in PLAY:
            pos = scenario.position
            hand = [CODE_INDEX[c] for c in pos["hand"]]
            trick = [CODE_INDEX[c] for c in pos["trick"]]
            r = ruling(hand, trick, Suit.parse(pos["trump"]), scenario.rules)
            assert main in r.rule_ids, (step.key, n, scenario.seed, r.rule_ids)
            if main not in FREE:
                assert len(r.legal) < len(hand), (step.key, n, scenario.seed)
