"""What the teacher pages show, prepared in Python: the class dashboard and each answer as it was seen.

Skills are named as the course names them (tutor.classroom.skills); the rule id stays as small print.
Mastery levels come from
tutor.progress.mastery, verdicts and explanations from the engine's stored grade (practice's display).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from engine.scenarios import FAMILY_LABELS, Scenario, ScenarioError
from engine.scenarios.common import CODE_INDEX
from tutor.classroom.mastery import Cell
from tutor.classroom.skills import SkillName, skill_name
from tutor.practice import display


@dataclass
class SkillColumn:
    skill: SkillName
    mean: int | None  # the class's mean mastery among those who practised it
    practised: int


@dataclass
class UnitGroup:
    title: str
    columns: list[SkillColumn]


@dataclass
class DashboardCell:
    cell: Cell | None
    rule_id: str

    @property
    def css(self) -> str:
        return "mastery--none" if self.cell is None else f"mastery--{self.cell.mastery}"


@dataclass
class StudentRow:
    membership_pk: int
    name: str
    mean: int | None
    cells: list[DashboardCell] = field(default_factory=list)


@dataclass
class Dashboard:
    groups: list[UnitGroup]
    rows: list[StudentRow]

    @property
    def columns(self) -> list[SkillColumn]:
        return [c for g in self.groups for c in g.columns]

    @property
    def weakest(self) -> list[SkillColumn]:
        """The three skills with the lowest class mean (what to teach again first)."""
        practised = [c for c in self.columns if c.mean is not None]
        return sorted(practised, key=lambda c: (c.mean, -c.practised))[:3]


def _mean(values: list[int]) -> int | None:
    return round(sum(values) / len(values)) if values else None


def _weak_first(mean: int | None) -> tuple[int, int]:
    # Practised skills by rising mean; those nobody has practised go last.
    return (1, 0) if mean is None else (0, mean)


def class_dashboard(memberships, table: dict[tuple[int, str], Cell]) -> Dashboard:
    """Students × skills, grouped by course unit, the weakest units, skills and students first."""
    levels_of: dict[str, list[int]] = {}
    for (_student, rule_id), cell in table.items():
        levels_of.setdefault(rule_id, []).append(cell.mastery)
    columns = [SkillColumn(skill_name(r), _mean(levels), len(levels)) for r, levels in levels_of.items()]
    by_unit: dict[str, list[SkillColumn]] = {}
    for column in sorted(
        columns, key=lambda c: (_weak_first(c.mean), c.skill.unit_order, c.skill.step_order)
    ):
        by_unit.setdefault(column.skill.unit, []).append(column)
    groups = [UnitGroup(unit, cols) for unit, cols in by_unit.items()]
    groups.sort(key=lambda g: _weak_first(_mean([c.mean for c in g.columns if c.mean is not None])))
    ordered = [c.skill.rule_id for g in groups for c in g.columns]
    rows = []
    for m in memberships:
        cells = [DashboardCell(table.get((m.student_id, rule_id)), rule_id) for rule_id in ordered]
        levels = [c.cell.mastery for c in cells if c.cell is not None]
        rows.append(StudentRow(m.pk, m.display_name(), _mean(levels), cells))
    rows.sort(key=lambda r: (_weak_first(r.mean), r.name.lower()))
    return Dashboard(groups, rows)


# --- an answer as the student saw it ---------------------------------------------------------------


def _as_set(value) -> set[str]:
    if isinstance(value, list):
        return {str(v) for v in value}
    return set() if value is None else {str(value)}


def _cards(value) -> list[str]:
    values = value if isinstance(value, list) else [value]
    return [v for v in values if isinstance(v, str) and v in CODE_INDEX]


def seen_answer(attempt) -> dict:
    """A logged answer ready for `classroom/_seen.html`: the position, the options, theirs and the right one.

    Reads ``attempt.issued.scenario`` and ``attempt.grade``; a damaged stored scenario is said, not raised.
    """
    try:
        scenario = Scenario.from_dict(attempt.issued.scenario)
    except ScenarioError:
        return {"broken": True, "attempt": attempt}
    grade = attempt.grade
    words = display.feedback(scenario, grade)
    given, expected = _as_set(grade.get("given")), _as_set(grade.get("expected"))
    options = [
        {"label": o.label, "value": o.value, "chosen": o.value in given, "right": o.value in expected}
        for o in scenario.options
    ]
    card_answer = scenario.answer_kind in ("card", "cards")
    return {
        "broken": False,
        "attempt": attempt,
        "scenario": scenario,
        "family": FAMILY_LABELS.get(scenario.family, scenario.family),
        "question": scenario.question,
        "table": display.position(scenario, answered=True),
        "options": [] if card_answer else options,
        "given_cards": _cards(grade.get("given")) if card_answer else [],
        "expected_notes": {c: _("respuesta correcta") for c in _cards(grade.get("expected"))}
        if card_answer
        else {},
        "given": words["given"],
        "expected": words["expected"],
        "explanation": words["explanation"],
        "misconception": words["misconception"],
        "correct": bool(attempt.correct),
    }
