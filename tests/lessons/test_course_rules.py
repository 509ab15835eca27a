from dataclasses import replace

from engine.rules import RULE_CATALOGUE


def untaught(course) -> set[str]:
    taught = {rule_id for step in course.steps for rule_id in step.rules}
    return set(RULE_CATALOGUE) - taught


def test_every_rule_id_of_the_catalogue_is_taught_by_at_least_one_step(course):
    assert untaught(course) == set()


def test_the_coverage_check_notices_a_rule_that_no_step_teaches(course):
    without_tute = replace(course, units=tuple(u for u in course.units if u.slug != "tute"))
    assert untaught(without_tute) == {"R-TUTE-3"}


def test_every_step_names_only_catalogue_rule_ids(course):
    for step in course.steps:
        assert set(step.rules) <= set(RULE_CATALOGUE), step.key
