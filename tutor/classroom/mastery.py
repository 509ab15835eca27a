"""Mastery per student and skill, read from the practice log with one aggregate query.

A scenario's skill is its first rule id (the one it aims at; the engine puts it first). Mastery is the
share of right answers with two phantom wrong ones added, so a couple of lucky answers cannot show
mastery: 5 right of 5 is 71, 8 of 8 is 80, 18 of 20 is 82.
"""

from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Count, Q
from django.db.models.fields.json import KT

from tutor.practice.models import Attempt

PRIOR_WRONG = 2


@dataclass(frozen=True, slots=True)
class Cell:
    answered: int
    right: int

    @property
    def mastery(self) -> int:
        return round(100 * self.right / (self.answered + PRIOR_WRONG))


def mastery_value(answered: int, right: int) -> int:
    return Cell(answered, right).mastery


def mastery_table(student_ids: Iterable[int]) -> dict[tuple[int, str], Cell]:
    """{(student id, rule id): Cell} for every skill the students have answered, in one query."""
    rows = (
        Attempt.objects.filter(learner_id__in=list(student_ids))
        .annotate(skill=KT("rule_ids__0"))
        .values("learner_id", "skill")
        .annotate(answered=Count("pk"), right=Count("pk", filter=Q(correct=True)))
        .order_by()
    )
    return {(r["learner_id"], r["skill"]): Cell(r["answered"], r["right"]) for r in rows if r["skill"]}


def student_mastery(student_id: int, skill: str) -> Cell:
    row = (
        Attempt.objects.filter(learner_id=student_id)
        .annotate(skill=KT("rule_ids__0"))
        .filter(skill=skill)
        .aggregate(answered=Count("pk"), right=Count("pk", filter=Q(correct=True)))
    )
    return Cell(row["answered"] or 0, row["right"] or 0)
