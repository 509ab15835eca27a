"""What the teacher pages show, prepared in Python: the class dashboard and each answer as it was seen.

Skills are named as the course names them (tutor.classroom.skills); the rule id stays as small print.
Mastery levels come from
tutor.progress.mastery, verdicts and explanations from the engine's stored grade (practice's display).
"""

from __future__ import annotations

import html
import logging
from dataclasses import dataclass
from typing import NamedTuple

from django.core.cache import cache
from django.core.paginator import Page, Paginator
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from engine.scenarios import FAMILY_LABELS, Scenario, ScenarioError
from engine.scenarios.common import CODE_INDEX
from tutor.classroom.mastery import skill_rows
from tutor.classroom.skills import SkillName, skill_name
from tutor.practice import display
from tutor.progress import mastery
from tutor.progress.table_report import class_notes

log = logging.getLogger(__name__)

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


@dataclass
class StudentRow:
    membership_pk: int
    name: str
    mean: int | None
    cells_html: SafeString = SafeString("")  # the row's cells drawn (StudentPart.cells, in column order)


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

    def heads_html(self) -> SafeString:
        """Each column's ``<th>`` drawn: its skill's name, its rule id (a link to the lesson where there is
        one) and the class's mean (a class has a few dozen: a template's loop drew much of the page's cost)."""
        return mark_safe("".join(_head(column) for column in self.columns))  # noqa: S308 - _head escapes

    def rows_html(self) -> SafeString:
        """The ``<tr>`` of each student of the page: their name, then their cells."""
        return mark_safe(  # noqa: S308 - the name escaped here, the cells where they were drawn
            "".join(
                f'<tr><th scope="row" class="dashboard__student" title="{escape(row.name)}">'
                f"{escape(row.name)}</th>{row.cells_html}</tr>"
                for row in self.rows
            )
        )


# A column's head around its mean, per (rule id, language): the course's names do not change in a process.
_HEADS: dict[tuple[str, str], tuple[str, str]] = {}


def _head(column: SkillColumn) -> str:
    skill = column.skill
    key = (skill.rule_id, get_language())
    around = _HEADS.get(key)
    if around is None:
        rule_id, summary = escape(skill.rule_id), escape(skill.summary)
        if skill.url:
            small = f'<a href="{escape(skill.url)}" title="{summary}">{rule_id}</a>'
        else:
            small = f'<span title="{summary}">{rule_id}</span>'
        around = (
            f'<th scope="col" class="dashboard__skill"><span class="dashboard__skill-name">{escape(skill.name)}'
            f'</span> <small class="dashboard__skill-id">{small}</small> <small class="dashboard__skill-mean">',
            "</small></th>",
        )
        _HEADS[key] = around
    mean = "" if column.mean is None else escape(_("media %(mean)s") % {"mean": column.mean})
    return f"{around[0]}{mean}{around[1]}"


def _mean(values) -> int | None:
    return round(sum(values) / len(values)) if values else None


def _weak_first(mean: int | None) -> tuple[int, int]:
    # Practised skills by rising mean; those nobody has practised go last.
    return (1, 0) if mean is None else (0, mean)


class StudentPart(NamedTuple):
    """What the dashboard shows of one student, in plain values (kept in the cache): their mastery level
    per skill practised (the class's means and order are computed from these), each of those cells drawn
    (``<td>``, its link to their answers), and the notes they left removing a retry, newest first."""

    levels: dict[str, int]
    cells: dict[str, str]
    notes: tuple[tuple, ...]  # (removed_at, pk, record_id, play, kind, note)


class _CellWords:
    """A cell's HTML, its words translated once per (level, answers) pair rather than once per cell (a
    class of 30 has 700 cells: a template's loop drew most of the page's cost)."""

    def __init__(self) -> None:
        self.drawn: dict[tuple[int, int], tuple[str, str]] = {}
        unpractised = escape(_("sin practicar"))  # (not inside an f-string: xgettext would not see it)
        self.empty = (
            '<td class="dashboard__cell mastery--none"><span aria-hidden="true">—</span>'
            f'<span class="visually-hidden">{unpractised}</span></td>'
        )

    def html(self, level: int, answered: int, href: str) -> str:
        """The ``<td>`` of a skill at mastery ``level`` after ``answered`` answers, linking to ``href``."""
        key = (level, answered)
        around = self.drawn.get(key)
        if around is None:
            detail = ngettext("%(level)s · %(n)s respuesta", "%(level)s · %(n)s respuestas", answered)
            detail %= {"level": level, "n": answered}
            around = (
                f'<td class="dashboard__cell mastery--{level:d}"><a href="',
                f'"><span class="mastery-text">{escape(mastery.LABELS[level])}</span>'
                f' <span class="dashboard__n">{escape(detail)}</span></a></td>',
            )
            self.drawn[key] = around
        return f"{around[0]}{html.escape(href)}{around[1]}"


# Each student's part is kept under their stamp (tutor/accounts/stamps.py: the database moves it with every
# write to their skill counts and their retries, so to what the part shows), the membership (its cells
# link to it) and the language: after one student's answer, only that student is read and drawn again.
_KEPT = "class-dashboard:1"
KEPT_SECONDS = 3600  # like every kept part of a reader's data (tutor.lib.fragments)


def student_parts(classroom_pk: int, memberships, url_for) -> dict[int, StudentPart]:
    """{membership pk: StudentPart} of every member: from the cache where their stamp has it, else read
    (the students whose part is not kept, together: a query of their skills, one of their notes) and kept.
    ``memberships``: dashboards.Member, their stamps read before this call, so that a part kept under a
    stamp is never older than it. ``url_for(membership pk, rule id)``: a cell's address."""
    language = get_language()
    keys = {m.pk: f"{_KEPT}:{classroom_pk}:{m.pk}:{m.student_id}:{m.stamp}:{language}" for m in memberships}
    try:
        found = cache.get_many(list(keys.values()))
    except Exception as error:  # Redis away (tutor.lib.outage): every part read and drawn, none kept
        log.warning("the cache did not answer the dashboard's students (%s): read again", error)
        found = None
    parts = {pk: found[key] for pk, key in keys.items() if found and key in found}
    missing = [m for m in memberships if m.pk not in parts]
    if not missing:
        return parts
    fresh = _read_parts(missing, url_for)
    parts.update(fresh)
    if found is not None:
        try:
            cache.set_many({keys[pk]: part for pk, part in fresh.items()}, KEPT_SECONDS)
        except Exception as error:
            log.warning("the cache did not keep the dashboard's students (%s)", error)
    return parts


def _read_parts(memberships, url_for) -> dict[int, StudentPart]:
    ids = [m.student_id for m in memberships]
    levels: dict[int, dict[str, int]] = {s: {} for s in ids}
    answered: dict[int, dict[str, int]] = {s: {} for s in ids}
    for student, rule_id, n, _right, recent in skill_rows(ids):
        levels[student][rule_id] = mastery.level(recent)
        answered[student][rule_id] = n
    notes = class_notes(ids)
    words = _CellWords()
    parts = {}
    for m in memberships:
        theirs, counts = levels[m.student_id], answered[m.student_id]
        cells = {r: words.html(level, counts[r], url_for(m.pk, r)) for r, level in theirs.items()}
        parts[m.pk] = StudentPart(theirs, cells, tuple(notes.get(m.student_id, ())))
    return parts


def class_dashboard(memberships, parts: dict[int, StudentPart], page_number=None) -> Dashboard:
    """Students × skills, grouped by course unit, the weakest units, skills and students first, from the
    students' parts (``student_parts``).

    Every student counts in the skills' means and the order; only one page of STUDENTS_PER_PAGE rows,
    the weakest first, is drawn: each row its student's cells in the columns' order.
    """
    levels_of: dict[str, list[int]] = {}
    for m in memberships:
        for rule_id, level in parts[m.pk].levels.items():
            levels_of.setdefault(rule_id, []).append(level)
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
        mean = _mean(parts[m.pk].levels.values())
        students.append((_weak_first(mean), m.display_name(), m, mean))
    students.sort(key=lambda s: (s[0], s[1].lower()))
    page = Paginator(students, STUDENTS_PER_PAGE).get_page(page_number)
    empty = _CellWords().empty
    rows = []
    for _key, name, m, mean in page:
        cells = parts[m.pk].cells
        drawn = "".join([cells.get(rule_id, empty) for rule_id in ordered])
        rows.append(StudentRow(m.pk, name, mean, mark_safe(drawn)))  # noqa: S308 - drawn escaped
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
