import pytest

from engine import scenarios
from lessons.course import load_course

COURSE = load_course()
CHECKPOINTS = [(step, n, cp) for step in COURSE.steps for n, cp in enumerate(step.checkpoints, 1)]


def _quizzable(step) -> list[str]:
    return [rule_id for rule_id in step.rules if scenarios.families_for(rule_id)]


def _main_rule(checkpoint) -> str:
    return checkpoint.target if not checkpoint.is_fixed else scenarios.FIXED[checkpoint.fixed].rule_ids[0]


def test_every_step_has_one_to_three_checkpoints():
    for step in COURSE.steps:
        assert 1 <= len(step.checkpoints) <= 3, step.key


def test_the_deck_the_deal_and_the_match_are_quizzed_by_the_mesa_family_at_their_own_rules():
    mesa = {s.key: [(c.target, c.rules.preset_name) for c in s.checkpoints] for s in COURSE.steps}
    assert mesa["baraja/cuarenta-cartas"] == [("R-DECK-1", "guia"), ("R-DECK-1", "guia")]
    assert mesa["reparto/diez-cartas-y-el-triunfo"] == [("R-DEAL-1", "guia"), ("R-DEAL-2", "guia")]
    assert mesa["reparto/quien-sale"] == [("R-DEAL-3", "guia"), ("R-DEAL-4", "guia")]
    assert mesa["partida/ludoteka-y-playjoy"] == [
        ("R-VAR-PARTIDA-LUDOTEKA", "ludoteka"),
        ("R-DEAL-2", "ludoteka"),
    ]
    for key in (
        "baraja/cuarenta-cartas",
        "baraja/como-se-escriben",
        "reparto/la-mesa",
        "reparto/diez-cartas-y-el-triunfo",
        "reparto/quien-sale",
        "partida/tres-manos",
        "partida/ludoteka-y-playjoy",
        "variantes-y-errores/no-es-el-tute-de-dos",
    ):
        step = next(s for s in COURSE.steps if s.key == key)
        assert {c.family for c in step.checkpoints} == {"mesa"}, key


def test_only_the_tute_that_ends_the_hand_is_quizzed_by_reviewing_an_earlier_rule():
    assert [s.key for s in COURSE.steps if not _quizzable(s)] == ["tute/gana-la-mano"]


@pytest.mark.parametrize(("step", "n", "checkpoint"), CHECKPOINTS, ids=lambda x: getattr(x, "key", str(x)))
def test_every_checkpoint_quizzes_its_step(step, n, checkpoint):
    """Aimed at the step's own rules when a family can quiz one; else at a rule taught before whose
    questions still bring in the step's own rule (the tute that ends the hand: R-TUTE-3)."""
    if _quizzable(step):
        assert _main_rule(checkpoint) in step.rules
        return
    earlier = {r for s in COURSE.steps[: COURSE.steps.index(step)] for r in s.rules}
    assert _main_rule(checkpoint) in earlier
    for seed in range(10):
        assert set(checkpoint.scenario(seed).rule_ids) & set(step.rules), (step.key, seed)


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
