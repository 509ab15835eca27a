"""`{% load practice %}{% practice_scenario issued scenario attempt %}`: a scenario with its form or feedback."""

from functools import cache

from django import template
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _

from engine.scenarios import Scenario
from tutor.practice.display import (
    family_label,
    feedback,
    given_cards,
    position,
    rules_in_force,
    table_changes_when_answered,
)
from tutor.practice.identity import Owner
from tutor.practice.models import Mode

register = template.Library()

# Modes whose "Siguiente" issues another scenario with the same settings (practice:next).
NEXT_MODES = (Mode.FAMILY, Mode.SKILL, Mode.FIXED)
# Modes started from the Practicar page, which is where "back" leads.
PRACTICE_MODES = (Mode.FAMILY, Mode.SKILL, Mode.FIXED, Mode.REVIEW, Mode.MIXED)


def _back_link(issued) -> tuple[str, str]:
    """Where "back" leads from this scenario's feedback, and its words; ("", "") for nowhere."""
    if issued.mode in PRACTICE_MODES:
        return reverse("practice:index"), _("Volver a Practicar")
    if issued.next_url and issued.mode == Mode.LESSON:
        return issued.next_url, _("Volver a la lección")
    if issued.next_url and issued.mode == Mode.ASSIGNMENT:
        return issued.next_url, _("Volver a la tarea")
    return "", ""


def _on_step_page(request) -> bool:
    match = getattr(request, "resolver_match", None)
    return match is not None and match.namespace == "lessons"


def _step_done(request, issued, attempt):
    """The lesson step this right answer belongs to, when it is now done (lessons decides)."""
    if issued.mode != Mode.LESSON or attempt is None or not attempt.correct:
        return None
    from lessons.services import step_done_for

    user = None
    if issued.learner_id:
        me = getattr(request, "user", None)
        user = me if getattr(me, "pk", None) == issued.learner_id else issued.learner
    return step_done_for(Owner(user, issued.anon_id), issued.context)


def _continue_url(step) -> str:
    """Where «Continuar» leads from a done step: the next unfinished step, or the course index."""
    if step is None:
        return reverse("lessons:index")
    return reverse("lessons:step", args=[step.unit_slug, step.slug])


@cache
def _script_url() -> str:
    return static("js/practice.js")


@cache
def _url_pattern(name: str) -> str:
    """A scenario URL with a placeholder token, reversed once per process (tokens need no quoting)."""
    return reverse(name, args=["TOKEN"])


def scenario_url(name: str, token: str) -> str:
    return _url_pattern(name).replace("TOKEN", token)


@register.inclusion_tag("practice/_scenario_body.html", takes_context=True)
def practice_scenario(context, issued, scenario=None, attempt=None) -> dict:
    """Everything the fragment shows; `answer_error`, `replayed` and `answer_value` are read from the
    caller's context when set (the answer view sets them)."""
    return _scenario_context(context, issued, scenario, attempt)


@register.inclusion_tag("practice/_scenario_answered.html", takes_context=True)
def practice_answer(context, issued, scenario=None, attempt=None) -> dict:
    """Only the answer part (and the table, when answering changes it): what an htmx answer swaps."""
    data = _scenario_context(context, issued, scenario, attempt)
    data["table_changes"] = table_changes_when_answered(data["scenario"])
    return data


def _scenario_context(context, issued, scenario, attempt) -> dict:
    if not isinstance(scenario, Scenario):
        scenario = Scenario.from_dict(scenario) if isinstance(scenario, dict) else issued.get_scenario()
    attempt = attempt or None
    answer_value = context.get("answer_value") or []
    back_url, back_label = _back_link(issued)
    request = context.get("request")
    step_done, next_url = None, issued.next_url
    if issued.mode == Mode.LESSON and attempt is not None:
        # «Continuar» leads to the course's next unfinished step once this one is done; before
        # that, back to the step's questions (on the step page they are right there: no button).
        if _on_step_page(request):
            next_url = _continue_url(context.get("resume")) if context.get("done") else ""
        else:
            step_done = _step_done(request, issued, attempt)
            if step_done is not None:
                next_url = step_done.next_url or reverse("lessons:index")
            elif next_url:
                next_url += "#preguntas"
    return {
        "request": request,
        "csrf_token": context.get("csrf_token"),
        "issued": issued,
        "scenario": scenario,
        "attempt": attempt,
        "family_label": family_label(scenario.family),
        "table": position(scenario, answered=attempt is not None),
        "rules": rules_in_force(scenario.rules),
        "feedback": feedback(scenario, attempt.grade) if attempt is not None else None,
        "given_cards": given_cards(attempt.grade) if attempt is not None else [],
        "given_label": _("tu carta") if scenario.answer_kind == "card" else _("marcada"),
        "answer_error": context.get("answer_error") or "",
        "answer_value": answer_value if isinstance(answer_value, list) else [answer_value],
        "replayed": bool(context.get("replayed")),
        "next_url": next_url,
        "back_url": back_url,
        "step_done": step_done,  # None on the step page: its status line says so
        "back_label": back_label,
        "next_action": scenario_url("practice:next", issued.token) if issued.mode in NEXT_MODES else "",
        "answer_url": scenario_url("practice:answer", issued.token),
        "script_url": _script_url(),
    }
