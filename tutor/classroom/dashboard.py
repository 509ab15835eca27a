"""What the teacher pages show, prepared in Python: the class dashboard and each answer as it was seen.

Skills are named as the course names them (tutor.classroom.skills); the rule id stays as small print.
Mastery levels come from
tutor.progress.mastery, verdicts and explanations from the engine's stored grade (practice's display).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.core.paginator import Page, Paginator
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from engine.scenarios import FAMILY_LABELS, Scenario, ScenarioError
from engine.scenarios.common import CODE_INDEX
from tutor.classroom.mastery import Cell
from tutor.classroom.skills import SkillName, skill_name
from tutor.practice import display

STUDENTS_PER_PAGE = 30


@dataclass
class SkillColumn:
    skill: SkillName
    mean: int | None  # the class's mean mastery among those who practised it
    practised: int


@dataclass
class UnitGroup:
    title: str
    columns: list[SkillColumn]


@dataclass(frozen=True, slots=True)
class DashboardCell:
    """One student × skill, its words prepared here: a class of 60 has 1,400 of them."""

    css: str
    label: str = ""
    detail: str = ""
    href: str = ""


@dataclass
class StudentRow:
    membership_pk: int
    name: str
    mean: int | None
    cells: list[DashboardCell] = field(default_factory=list)
    cells_html: SafeString = SafeString("")  # the row's cells drawn (_CellWords.html)


@dataclass
class Dashboard:
    groups: list[UnitGroup]
    rows: list[StudentRow]
    page: Page

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


_EMPTY = DashboardCell("mastery--none")


class _CellWords:
    """A cell's words, translated once per (level, answers) pair rather than once per cell; and its HTML,
    drawn here around them (a class of 30 has 700 cells: a template's loop drew most of the page's cost)."""

    def __init__(self) -> None:
        self.seen: dict[tuple[int, int], tuple[str, str, str]] = {}
        self.drawn: dict[tuple[int, int], tuple[str, str]] = {}
        unpractised = escape(_("sin practicar"))  # (not inside an f-string: xgettext would not see it)
        self.empty = (
            '<td class="dashboard__cell mastery--none"><span aria-hidden="true">—</span>'
            f'<span class="visually-hidden">{unpractised}</span></td>'
        )

    def html(self, cells: list[DashboardCell], cell_values: list) -> SafeString:
        """The ``<td>`` of each of a row's ``cells`` (``cell_values``: their Cells, or None)."""
        out = []
        for shown, cell in zip(cells, cell_values, strict=True):
            if cell is None:
                out.append(self.empty)
                continue
            key = (cell.mastery, cell.answered)
            around = self.drawn.get(key)
            if around is None:
                around = (
                    f'<td class="dashboard__cell {escape(shown.css)}"><a href="',
                    f'"><span class="mastery-text">{escape(shown.label)}</span>'
                    f' <span class="dashboard__n">{escape(shown.detail)}</span></a></td>',
                )
                self.drawn[key] = around
            out.append(f"{around[0]}{escape(shown.href)}{around[1]}")
        return mark_safe("".join(out))  # noqa: S308 - every value above escaped

    def cell(self, cell: Cell | None, href: str) -> DashboardCell:
        if cell is None:
            return _EMPTY
        key = (cell.mastery, cell.answered)
        words = self.seen.get(key)
        if words is None:
            detail = ngettext("%(level)s · %(n)s respuesta", "%(level)s · %(n)s respuestas", cell.answered)
            words = (
                f"mastery--{cell.mastery}",
                cell.label,
                detail % {"level": cell.mastery, "n": cell.answered},
            )
            self.seen[key] = words
        return DashboardCell(*words, href)


def class_dashboard(memberships, table: dict[tuple[int, str], Cell], url_for, page_number=None) -> Dashboard:
    """Students × skills, grouped by course unit, the weakest units, skills and students first.

    ``url_for(membership pk, rule id)`` is the address of a cell (that student's answers for the skill).
    Every student counts in the skills' means and the order; only one page of STUDENTS_PER_PAGE rows,
    the weakest first, is drawn.
    """
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
    students = []
    for m in memberships:
        found = [table.get((m.student_id, rule_id)) for rule_id in ordered]
        mean = _mean([cell.mastery for cell in found if cell is not None])
        students.append((_weak_first(mean), m.display_name(), m, found, mean))
    students.sort(key=lambda s: (s[0], s[1].lower()))
    page = Paginator(students, STUDENTS_PER_PAGE).get_page(page_number)
    words = _CellWords()
    rows = [
        StudentRow(
            m.pk,
            name,
            mean,
            [words.cell(cell, url_for(m.pk, rule_id)) for cell, rule_id in zip(found, ordered, strict=True)],
        )
        for _key, name, m, found, mean in page
    ]
    for row, student in zip(rows, page, strict=True):
        row.cells_html = words.html(row.cells, student[3])
    return Dashboard(groups, rows, page)


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
