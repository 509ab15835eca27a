import random
from collections import Counter

from engine.rules import GUIA
from engine.scenarios import generate, targets
from tutor.progress.planning import SkillState, candidates, difficulty_for, plan_mixed, plan_review


def _plans(skills, due=(), seeds=range(30)):
    return [plan_mixed(skills=skills, due_families=due, rng=random.Random(seed)) for seed in seeds]


def test_a_mixed_session_has_ten_items_the_engine_can_generate():
    (plan,) = _plans({}, seeds=[1])
    assert len(plan) == 10
    for n, item in enumerate(plan):
        assert item["target"] in targets(item["family"], GUIA)
        generate(item["family"], n, item["difficulty"], GUIA, item["target"])


def test_it_never_repeats_the_same_item_twice_in_a_row():
    for plan in _plans({}):
        pairs = [(i["family"], i["target"]) for i in plan]
        assert all(a != b for a, b in zip(pairs, pairs[1:], strict=False))


def test_it_leans_on_weak_and_low_mastery_skills():
    # every skill dominated except MONTAR, which is weak
    skills = {target: SkillState(mastery=100, weak=False) for _, target in candidates()}
    skills["R-OBL-MONTAR"] = SkillState(mastery=0, weak=True)
    targets_drawn = Counter(i["target"] for plan in _plans(skills) for i in plan)
    # MONTAR is aimed at by 4 of the 40 (family, rule) pairs, each weighing 15 against 1
    share = targets_drawn["R-OBL-MONTAR"] / 300
    assert share > 0.35
    assert targets_drawn.most_common(1)[0][0] == "R-OBL-MONTAR"


def test_it_leans_on_due_families():
    skills = {target: SkillState(mastery=100, weak=False) for _, target in candidates()}
    families = Counter(i["family"] for plan in _plans(skills, due={"tantos"}) for i in plan)
    uniform_share = 5 / len(candidates())  # tantos aims at 5 rules
    assert families["tantos"] / 300 > 2 * uniform_share


def test_difficulty_follows_mastery():
    assert [difficulty_for(m) for m in (0, 50, 80, 100)] == [1, 1, 2, 3]
    skills = {target: SkillState(mastery=100, weak=False) for _, target in candidates()}
    assert {i["difficulty"] for plan in _plans(skills, seeds=[3]) for i in plan} == {3}


def test_a_review_takes_the_shuffled_queue_then_one_scenario_of_each_due_family_not_covered():
    plan = plan_review(queue=[(7, "jugada"), (3, "ganador")], due_families={"jugada": 1, "tantos": 2})
    assert plan == [
        {"review": 7, "family": "jugada"},
        {"review": 3, "family": "ganador"},
        {"family": "tantos", "target": None, "difficulty": 2},
    ]


def test_a_review_takes_at_most_ten_failed_scenarios():
    plan = plan_review(queue=[(n, "jugada") for n in range(15)], due_families={})
    assert [i["review"] for i in plan] == list(range(10))


def test_nothing_to_review_is_an_empty_plan():
    assert plan_review(queue=[], due_families={}) == []
