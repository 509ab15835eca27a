"""Plans of the practice sessions progress offers: a mixed session and a review. Pure functions.

A mixed session draws SESSION_SIZE (family, target rule, difficulty) items among everything the
engine can generate under the guide's rules, each with a weight that grows for weak skills, low
mastery and families whose FSRS card is due:

    weight = 1 + (100 - mastery of the rule) / 25 + 10 if the rule is weak + 2 if the family is due

so a weak rule at mastery 0 weighs 15, one never practised 5, and a rule already dominated weighs 1: every skill can come up,
the weakest come up most. Difficulty follows the rule's mastery: 1 below 80, 2 at 80, 3 at 100.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

from engine.rules import GUIA
from engine.scenarios import FAMILIES, targets

SESSION_SIZE = 10
REVIEW_SIZE = 10


@dataclass(frozen=True)
class SkillState:
    mastery: int
    weak: bool


def candidates() -> list[tuple[str, str]]:
    """Every (family, target rule) the engine can generate under the guide's rules."""
    return [(family, target) for family in FAMILIES for target in targets(family, GUIA)]


def difficulty_for(mastery_level: int) -> int:
    if mastery_level >= 100:
        return 3
    if mastery_level >= 80:
        return 2
    return 1


def weight(family: str, target: str, skills: dict[str, SkillState], due_families: Iterable[str]) -> float:
    state = skills.get(target, SkillState(mastery=0, weak=False))
    value = 1 + (100 - state.mastery) / 25
    if state.weak:
        value += 10
    if family in due_families:
        value += 2
    return value


def plan_mixed(
    *,
    skills: dict[str, SkillState],
    due_families: Iterable[str],
    rng: random.Random,
    size: int = SESSION_SIZE,
) -> list[dict]:
    """`size` items weighted towards weak and low-mastery skills and due families; never the same
    (family, rule) twice in a row."""
    due = set(due_families)
    pool = candidates()
    weights = [weight(family, target, skills, due) for family, target in pool]
    plan: list[dict] = []
    previous = None
    while len(plan) < size:
        family, target = rng.choices(pool, weights=weights)[0]
        if (family, target) == previous:
            continue
        previous = (family, target)
        state = skills.get(target, SkillState(mastery=0, weak=False))
        plan.append({"family": family, "target": target, "difficulty": difficulty_for(state.mastery)})
    return plan


def plan_review(
    *, queue: list[tuple[int, str]], due_families: dict[str, int], size: int = REVIEW_SIZE
) -> list[dict]:
    """A review: the failed scenarios of the (already shuffled) queue, given as (attempt id, family),
    at most `size`; then one fresh scenario of every due family ({family: difficulty}) that none of
    those re-issues already covers."""
    plan = [{"review": attempt_id, "family": family} for attempt_id, family in queue[:size]]
    covered = {item["family"] for item in plan}
    for family, difficulty in due_families.items():
        if family not in covered:
            plan.append({"family": family, "target": None, "difficulty": difficulty})
    return plan
