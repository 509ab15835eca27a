import pytest

from engine import scenarios
from lessons.course import load_course

COURSE = load_course()
CHECKPOINTS = [(step, n, cp) for step in COURSE.steps for n, cp in enumerate(step.checkpoints, 1)]


def test_every_step_closes_with_one_to_three_checkpoints():
    for step in COURSE.steps:
        assert 1 <= len(step.checkpoints) <= 3, step.key


@pytest.mark.parametrize(("step", "n", "checkpoint"), CHECKPOINTS, ids=lambda x: getattr(x, "key", str(x)))
def test_every_checkpoint_resolves_and_generates_a_scenario(step, n, checkpoint):
    if checkpoint.is_fixed:
        assert checkpoint.fixed in scenarios.FIXED
    else:
        assert checkpoint.family in scenarios.FAMILIES
        assert checkpoint.difficulty in scenarios.DIFFICULTIES
        assert checkpoint.target in scenarios.targets(checkpoint.family, checkpoint.rules)
    for seed in (0, 1, 2):
        assert checkpoint.scenario(seed) is not None
