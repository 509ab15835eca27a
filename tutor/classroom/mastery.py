"""Mastery per student and skill, as "Mi progreso" computes it (tutor.progress.mastery levels 0/50/80/100).

The heatmap reads progress's SkillStat cache for the whole class in one query; a goal is checked
against the Attempt log itself, so it never depends on which receiver of attempt_recorded ran first.
"""

import json
from collections.abc import Iterable
from dataclasses import dataclass

from django.db import connection
from django.db.models import QuerySet, TextField
from django.db.models.functions import Cast

from tutor.lib.prepared import Prepared, rows
from tutor.practice.models import Attempt
from tutor.progress import mastery
from tutor.progress.models import SkillStat

# Attempts read back to find a skill's last WINDOW results (a skill is in most of a learner's attempts).
GOAL_SCAN = 400


@dataclass(frozen=True, slots=True)
class Cell:
    answered: int
    right: int
    recent: str

    @property
    def mastery(self) -> int:
        return mastery.level(self.recent)

    @property
    def label(self) -> str:
        return str(mastery.LABELS[self.mastery])


def _rule_rows(stats: QuerySet) -> QuerySet:
    return (
        stats.filter(kind=SkillStat.Kind.RULE)
        .order_by("learner_id", "key")
        .values_list("learner_id", "key", "attempts", "correct", "recent")
    )


# One student's, built once per process (tutor/lib/prepared.py): the class dashboard after one answer.
_ONE_STUDENT = Prepared(lambda student: rows(_rule_rows(SkillStat.objects.filter(learner_id=student))))


def skill_rows(student_ids: Iterable[int]) -> list[tuple[int, str, int, int, str]]:
    """(student id, rule id, answers, right, recent) for every skill the students have practised, in one
    query, in a fixed order."""
    student_ids = list(student_ids)
    if len(student_ids) == 1:
        return list(_ONE_STUDENT(student=student_ids[0]))
    return list(_rule_rows(SkillStat.objects.filter(learner_id__in=student_ids)))


def student_mastery(student_id: int, skill: str) -> Cell:
    """One student's mastery of one skill, from their latest attempts that cite it."""
    rows = (
        Attempt.objects.filter(learner_id=student_id)
        .order_by("-created_at", "-pk")
        .values_list("rule_ids", "correct")[:GOAL_SCAN]
    )
    results = [correct for rule_ids, correct in rows if skill in (rule_ids or [])]
    recent = "".join("1" if c else "0" for c in reversed(results[: mastery.WINDOW]))
    return Cell(len(results), sum(results), recent)


def attempts_citing(attempts: QuerySet, rule_id: str) -> QuerySet:
    """The attempts whose rule ids include ``rule_id`` (JSON containment where the database has it)."""
    if connection.vendor == "postgresql":
        return attempts.filter(rule_ids__contains=[rule_id])
    # Elsewhere the JSON list is read as text: a quoted id matches only itself ("R-OBL" not "R-OBL-PISAR").
    return attempts.annotate(rule_ids_text=Cast("rule_ids", TextField())).filter(
        rule_ids_text__contains=json.dumps(rule_id)
    )
