from __future__ import annotations

import functools

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.safestring import SafeString
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from engine.cards import Card, CardError, parse_card
from engine.obligations import the
from engine.rules import RULE_CATALOGUE
from lessons import markdown, services
from lessons.course import Course, Example, Step, Term, fold
from tutor.lib.fragments import shared_part
from tutor.lib.tables import table_label
from tutor.practice import refusals
from tutor.practice.identity import owner_for, reader_for
from tutor.practice.presenters import present

TRY_FIELD = "carta"


def _get_step(unit_slug: str, step_slug: str) -> tuple[Course, Step]:
    course = services.get_course()
    try:
        return course, course.step(unit_slug, step_slug)
    except KeyError:
        raise Http404(_("Ese paso no existe.")) from None


def _glossary_href(term: Term) -> str:
    return f"{reverse('lessons:glossary')}#{term.slug}"


@functools.lru_cache(maxsize=512)
def _html(linked_markdown: str) -> SafeString:
    return markdown.render(linked_markdown)


def _step_html(course: Course, text: str) -> SafeString:
    return _html(course.link_terms(text, _glossary_href))


def _table_heading(name: str) -> str:
    headings = {
        "guia": _("En la mesa de la guía…"),
        "estricta": _("En una mesa estricta…"),
        "ludoteka": _("En una mesa Ludoteka…"),
        "companero": _("En una mesa con excepción del compañero…"),
    }
    return headings.get(name, _("En esta mesa…"))


def _ruling_view(rules_name: str, ruling) -> dict:
    return {
        "name": rules_name,
        "heading": _table_heading(rules_name),
        "label": table_label(rules_name),
        "ruling": ruling,
    }


def _example_context(example: Example, tried: Card | None) -> dict:
    ruling = example.ruling()
    compare = example.compare_ruling()
    main = _ruling_view(example.rules_name, ruling)
    other = _ruling_view(example.compare_name, compare) if compare else None
    return {
        "example": example,
        # The learner sits at seat 0; the trick was led by whoever played len(trick) seats before.
        "leader": (4 - len(example.trick)) % 4,
        "winner": ruling.winning_index,
        "main": main,
        "compare": other,
        "columns": [main, other] if other else [],
        "tried": tried,
        "tried_codes": [tried.code] if tried is not None else [],
        "tried_verdict": ruling.verdict(tried) if tried is not None else None,
        "tried_compare_verdict": compare.verdict(tried) if compare and tried is not None else None,
    }


def _tried_card(example: Example, raw: str) -> tuple[Card | None, str]:
    """The card the learner tried, checked against the example's own hand; or an error message."""
    try:
        card = parse_card(raw.strip())
    except CardError:
        return None, _("No reconozco esa carta. Elige una de las cartas de la mano del ejemplo.")
    if card not in example.hand:
        return None, _("%(the_card)s no está en la mano del ejemplo: prueba con una de sus cartas.") % {
            "the_card": capfirst(the(card))
        }
    return card, ""


def _continue(resume: Step | None) -> dict:
    """The done step's «Continuar»: the course's first unfinished step (none after the last)."""
    if resume is None:
        return {"continue_url": "", "continue_label": ""}
    return {"continue_url": services.step_url(resume), "continue_label": f"{resume.number} · {resume.title}"}


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    course = services.get_course()
    progress = services.progress_by_step(reader_for(request))
    done = services.done_keys(progress)
    resume = services.next_step(course, done)

    def units() -> dict:
        rows = []
        for unit in course.units:
            steps = [{"step": step, "done": step.key in done} for step in unit.steps]
            finished = sum(item["done"] for item in steps)
            rows.append(
                {"unit": unit, "steps": steps, "finished": finished, "complete": finished == len(steps)}
            )
        return {"units": rows, "resume": resume}

    # The list depends only on what is done: drawn once per progress (every new visitor shares one).
    key = (id(course), frozenset(done), resume.key if resume else None)
    context = {
        "units_html": shared_part(request, "lessons/index.html#units", key, units),
        "resume": resume,
        "started": bool(progress),
        "done_count": len(done & {s.key for s in course.steps}),
        "step_count": len(course.steps),
    }
    return render(request, "lessons/index.html", context)


@require_GET
def step(request: HttpRequest, unit_slug: str, step_slug: str) -> HttpResponse:
    course, step = _get_step(unit_slug, step_slug)
    # Reading writes nothing: looking at a step (from a glossary link, say) never moves "next".
    # Questions are issued by start_checkpoints (POST).
    owner = reader_for(request)
    done = services.done_keys(services.progress_by_step(owner))
    tried, error = None, ""
    if step.example is not None and TRY_FIELD in request.GET:
        tried, error = _tried_card(step.example, request.GET[TRY_FIELD][:40])
    checkpoints = services.checkpoint_states(owner=owner, step=step)

    def content() -> dict:
        parts = {"step": step, "body": _step_html(course, step.body), "try_error": error, "try_url": try_url}
        if step.example is not None:
            parts.update(_example_context(step.example, tried))
        return parts

    # The text and the example are the same for every reader (for a given card tried): drawn once.
    try_url = reverse("lessons:try", args=[unit_slug, step_slug])
    key = (id(course), step.key, tried.code if tried is not None else "", error)
    context = {
        "course": course,
        "unit": course.unit(unit_slug),
        "step": step,
        "content_html": shared_part(request, "lessons/step.html#lesson-content", key, content),
        "rules": [(rule_id, RULE_CATALOGUE[rule_id]) for rule_id in step.rules],
        "previous": course.previous_step(step),
        "next": course.next_step(step),
        "done": step.key in done,
        **_continue(services.next_step(course, done)),
        "checkpoints": checkpoints,
        "shown_checkpoints": [
            (cp, _present_checkpoint(request, owner, cp)) for cp in checkpoints if cp.issued is not None
        ],
        "retry": any(cp.failed for cp in checkpoints),
        "needs_questions": any(cp.needs_question for cp in checkpoints),
    }
    return render(request, "lessons/step.html", context)


def _present_checkpoint(request: HttpRequest, owner, cp):
    """A question on the step page, with the answer refused there without JavaScript, if any."""
    error, value = refusals.take(request, cp.issued.token) if cp.attempt is None else ("", [])
    return present(
        cp.issued, owner=owner, attempt=cp.attempt, standalone=False, answer_error=error, answer_value=value
    )


@require_POST
def start_checkpoints(request: HttpRequest, unit_slug: str, step_slug: str) -> HttpResponse:
    """Issue the step's questions that are missing (or follow a wrong answer), then back to the step."""
    step = _get_step(unit_slug, step_slug)[1]
    url = reverse("lessons:step", args=[unit_slug, step_slug])
    owner = owner_for(request)  # the first write for a new visitor: they asked for the questions
    services.record_view(owner=owner, step=step)
    services.issue_checkpoints(owner=owner, step=step)
    return redirect(f"{url}#preguntas")


@require_POST
def try_card(request: HttpRequest, unit_slug: str, step_slug: str) -> HttpResponse:
    course, step = _get_step(unit_slug, step_slug)
    if step.example is None:
        raise Http404(_("Este paso no tiene ejemplo para probar cartas."))
    raw = request.POST.get(TRY_FIELD, "")[:40]
    tried, error = _tried_card(step.example, raw)
    if request.htmx:
        # 200 even for a refused card: htmx 2 swaps only 2xx responses, and the error must show.
        context = {"step": step, "try_error": error, **_example_context(step.example, tried)}
        return render(request, "lessons/step.html#example-result", context)
    # Post/Redirect/Get without storing anything: the step page re-derives the ruling (or the
    # error) from the card in its query string.
    url = reverse("lessons:step", args=[unit_slug, step_slug])
    return redirect(f"{url}?{urlencode({TRY_FIELD: tried.code if tried else raw or '-'})}#ejemplo")


@require_GET
def glossary(request: HttpRequest) -> HttpResponse:
    course = services.get_course()

    def terms() -> dict:
        rows = [
            {
                "term": term,
                "definition": _step_html(course, term.definition),
                "step": course.step(term.unit_slug, term.step_slug),
            }
            for term in sorted(course.glossary, key=lambda t: fold(t.name))
        ]
        return {"terms": rows}

    terms_html = shared_part(request, "lessons/glossary.html#terms", id(course), terms)
    return render(request, "lessons/glossary.html", {"terms_html": terms_html})
