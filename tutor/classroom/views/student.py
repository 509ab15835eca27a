"""The student's side: my tasks, one task, and a task's hands to play."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.db.models import Count, Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from engine.rules import RULE_CATALOGUE
from tutor.classroom import services, set_retries
from tutor.classroom.mastery import student_mastery
from tutor.classroom.models import Assignment, SetItem
from tutor.classroom.skills import skill_name
from tutor.classroom.views.access import assignment_for_student
from tutor.lib.numbers import whole
from tutor.practice import refusals
from tutor.practice.identity import Owner
from tutor.practice.presenters import present


@require_GET
@login_required
def tasks(request: HttpRequest) -> HttpResponse:
    rows = list(
        Assignment.objects.filter(
            student=request.user,
            withdrawn_at__isnull=True,
            practice_set__published_at__isnull=False,
            practice_set__classroom__archived=False,
        )
        .select_related("practice_set__classroom")
        .order_by("practice_set__due_at", "pk")
    )
    now = timezone.now()
    for row in rows:
        row.overdue = row.is_overdue(now)
        row.not_open = row.practice_set.opens_at > now
    return render(request, "classroom/tasks.html", {"rows": rows})


def _play_items(assignment: Assignment) -> list[dict]:
    """The set's «jugar N manos» items with the student's match of each (None until started), how
    many of its hands are over and whether the match is (it ends after its N hands)."""
    started = {
        sm.item_id: sm
        for sm in assignment.set_matches.select_related("match").annotate(
            played=Count("match__hands", filter=Q(match__hands__score__isnull=False))
        )
    }
    out = []
    for item in assignment.practice_set.items.all():
        if item.kind != SetItem.Kind.PLAY:
            continue
        sm = started.get(item.pk)
        match = sm.match if sm else None
        out.append(
            {
                "item": item,
                "match": match,
                "played": sm.played if sm else 0,
                "over": bool(match and match.over),
            }
        )
    return out


def _table_part(assignment: Assignment, chosen: list) -> dict | None:
    """The set's «repite tus errores de la mesa» rows for this student: what the rows ask for, the
    student's own items chosen for them (each with its link while the hand is kept, and an answered one
    with ``answer_number``, the set's answer, for its correction) and how many are answered; None for a set without such a row."""
    asked = sum(i.count for i in assignment.practice_set.items.all() if i.kind == SetItem.Kind.TABLE)
    if not asked:
        return None
    numbers = set_retries.answer_numbers(chosen)
    for c in chosen:  # the set's answer, whose correction the retry page shows at «?visto=N»
        c.answer_number = numbers.get(c.pk)
    return {
        "asked": asked,
        "items": chosen,
        "answered": sum(1 for c in chosen if c.answered_at is not None),
    }


def _task_summary(assignment: Assignment, questions: list, play_items: list[dict], table_items=()) -> dict:
    """Where the student's set stands once no question is left to answer.

    ``state`` is ``"finished"`` (the set is handed in: every question answered, every match over,
    services._move_state), ``"closed"`` (not handed in, and the class is archived: nothing more can be
    done), ``"not_started"`` (nothing answered nor played yet), ``"in_progress"``, or ``"empty"`` (no
    question and no hands to show). ``score`` (right, total, percent) once every question is answered,
    and never for a set without graded questions: hands are not graded, and a «0 de 0» would mean
    nothing.
    """
    if assignment.is_done:
        state = "finished"
    elif assignment.practice_set.classroom.archived:
        state = "closed"
    elif not questions and not play_items and not table_items:
        state = "empty"
    elif (
        not any(q.answered for q in questions)
        and not any(p["match"] for p in play_items)
        and not any(t.answered_at for t in table_items)
    ):
        state = "not_started"
    else:
        state = "in_progress"
    answered = all(q.answered for q in questions) and all(t.answered_at for t in table_items)
    graded = bool(questions or table_items) and answered and assignment.score is not None
    score = {"right": assignment.correct, "total": assignment.total, "percent": assignment.score}
    return {"state": state, "score": score if graded else None}


@require_POST
@login_required
def task_play(request: HttpRequest, pk: int, item_pk: int) -> HttpResponse:
    assignment = assignment_for_student(request, pk)
    item = get_object_or_404(
        SetItem, pk=item_pk, practice_set=assignment.practice_set, kind=SetItem.Kind.PLAY
    )
    if assignment.practice_set.opens_at > timezone.now():
        raise Http404
    if assignment.practice_set.classroom.archived:  # a page loaded before the class was archived
        messages.error(request, _("La clase está archivada: esta tarea ya no se puede terminar."))
        return redirect("classroom:task", pk)
    return redirect(services.start_set_match(assignment=assignment, item=item).match)


@require_GET
@login_required
def task(request: HttpRequest, pk: int) -> HttpResponse:
    assignment = assignment_for_student(request, pk)
    practice_set = assignment.practice_set
    now = timezone.now()
    context = {"assignment": assignment, "practice_set": practice_set, "overdue": assignment.is_overdue(now)}
    if practice_set.opens_at > now:
        context["not_open"] = True
        return render(request, "classroom/task.html", context)
    if practice_set.is_goal:
        context["goal"] = student_mastery(request.user.pk, practice_set.goal_skill)
        context["goal_skill"] = skill_name(practice_set.goal_skill)
        context["goal_text"] = RULE_CATALOGUE.get(practice_set.goal_skill, "")
        return render(request, "classroom/task.html", context)
    context["play_items"] = _play_items(assignment)
    current = None
    wanted = request.GET.get("n", "")
    # The first visit issues the student's questions; a «?n=» the set does not have is a 404 that must
    # leave none issued (a refused request changes nothing): the Http404 rolls the block back.
    with transaction.atomic():
        questions = services.ensure_questions(assignment=assignment)
        table_items = services.ensure_table_items(assignment=assignment)
        if (number := whole(wanted, 4)) is not None:
            current = next((q for q in questions if q.number == number), None)
            if current is None:
                raise Http404
    for q in questions:
        q.answered = hasattr(q.issued, "attempt")
    if current is None:
        current = next((q for q in questions if not q.answered), None)
    context.update(
        questions=questions,
        current=current,
        table=_table_part(assignment, table_items),
        # «ver la corrección» is there for each answered question, and each answered play of a kept hand
        corrections=bool(questions)
        or any(getattr(c, "answer_number", None) is not None for c in table_items),
        summary=_task_summary(assignment, questions, context["play_items"], table_items),
    )
    if current is not None:
        attempt = current.issued.attempt if current.answered else None
        error, value = refusals.take(request, current.issued.token) if attempt is None else ("", [])
        context["exercise"] = present(
            current.issued,
            owner=Owner(request.user, ""),
            attempt=attempt,
            standalone=False,
            answer_error=error,
            answer_value=value,
        )
    return render(request, "classroom/task.html", context)
