import pytest

from lessons.course import load_course

COURSE = load_course()
EXAMPLES = [step for step in COURSE.steps if step.example is not None]
COMPARED = [step for step in EXAMPLES if step.example.compare is not None]


def codes(cards):
    return sorted(c.code for c in cards)


@pytest.mark.parametrize("step", EXAMPLES, ids=lambda s: s.key)
def test_the_engine_rules_on_every_example_as_the_text_says(step):
    example = step.example
    ruling = example.ruling()
    assert {v.card for v in ruling.verdicts} == set(example.hand)
    assert codes(ruling.legal) == codes(example.legal)


@pytest.mark.parametrize("step", COMPARED, ids=lambda s: s.key)
def test_a_compared_table_really_changes_the_answer_as_the_text_says(step):
    example = step.example
    other = example.compare_ruling()
    assert codes(other.legal) == codes(example.compare_legal)
    assert codes(other.legal) != codes(example.ruling().legal)
    assert other.variants, "the other table's ruling should name the switch that decided it"


@pytest.mark.parametrize("step", COMPARED, ids=lambda s: s.key)
def test_a_step_with_a_comparison_explains_the_other_table(step):
    assert "en una mesa" in step.body.lower()


def test_each_play_variant_switch_is_shown_side_by_side_somewhere():
    shown = {switch for step in COMPARED for switch in step.example.compare_ruling().variants}
    assert shown >= {"montar_tras_fallo", "fallar_sin_pisar", "excepcion_companero"}


def obligations_taught(step) -> set[str]:
    return {r for r in step.rules if r.startswith("R-OBL-")} - {"R-OBL-RENUNCIO"}


@pytest.mark.parametrize("step", [s for s in EXAMPLES if obligations_taught(s)], ids=lambda s: s.key)
def test_an_example_cites_the_obligation_its_step_teaches(step):
    taught = obligations_taught(step)
    cited = set(step.example.ruling().rule_ids)
    if step.example.compare is not None:
        cited |= set(step.example.compare_ruling().rule_ids)
    assert taught & cited


@pytest.mark.parametrize("step", EXAMPLES, ids=lambda s: s.key)
def test_an_example_has_a_wrong_card_to_try_unless_it_teaches_a_free_choice(step):
    example = step.example
    if len(example.legal) == len(example.hand):
        assert not example.trick or "R-OBL-LIBRE" in step.rules
    else:
        assert len(example.legal) < len(example.hand)


@pytest.mark.parametrize("step", EXAMPLES, ids=lambda s: s.key)
def test_an_example_keeps_the_partner_out_unless_its_step_is_about_the_partner(step):
    if "R-OBL-PAREJA" not in step.rules:
        assert "R-OBL-PAREJA" not in step.example.ruling().rule_ids


def test_the_partner_steps_put_the_partner_in_the_lead():
    for step in COURSE.unit("sin-excepcion-companero").steps:
        assert step.example.ruling().partner_winning, step.key
