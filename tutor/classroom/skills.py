"""Skills named as the course names them: the title of the first lesson step that teaches the rule,
under that step's unit. Teachers read these; the rule id stays as small print beside them."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from engine.rules import RULE_CATALOGUE
from tutor.practice import display

OTHER_UNIT_ORDER = 10_000


@dataclass(frozen=True, slots=True)
class SkillName:
    rule_id: str
    name: str
    unit: str
    unit_order: int
    step_order: int
    url: str | None
    summary: str


@cache
def _course_names(lang: str) -> dict[str, tuple[str, str, int, int]]:
    """rule id -> (step title, unit title, unit order, step order) of the first step that teaches it, in
    the course's words in ``lang``."""
    from lessons.course import load_course  # lessons is a sibling app: read its course lazily

    try:
        course = load_course().in_language(lang)
    except Exception:  # a broken course must not take the teacher's pages down with it
        return {}
    names: dict[str, tuple[str, str, int, int]] = {}
    for unit in course.units:
        for step in unit.steps:
            for rule_id in step.rules:
                names.setdefault(rule_id, (step.title, unit.title, unit.order, step.order))
    return names


def skill_name(rule_id: str) -> SkillName:
    known = _course_names(get_language() or "es").get(rule_id)
    summary = RULE_CATALOGUE.get(rule_id, "")
    if known is None:
        return SkillName(rule_id, summary or rule_id, _("Otras reglas"), OTHER_UNIT_ORDER, 0, None, summary)
    title, unit, unit_order, step_order = known
    return SkillName(rule_id, title, unit, unit_order, step_order, display.lesson_url(rule_id), summary)


def skill_label(rule_id: str) -> str:
    """«Si puedes superar, tienes que superar (R-OBL-MONTAR)»: the name first, the id after."""
    return f"{skill_name(rule_id).name} ({rule_id})"
