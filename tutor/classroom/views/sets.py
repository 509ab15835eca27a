"""Practice sets: writing one (with its draft), publishing it, and its results page."""

from collections import Counter, defaultdict

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Count, Q
from django.db.models.fields.json import KeyTransform
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from engine.scenarios import FAMILY_LABELS
from tutor.classroom import dashboard, services, set_retries
from tutor.classroom.forms import (
    ItemFormSet,
    PracticeSetForm,
    draft_items,
    initial_from,
    variant_of,
)
from tutor.classroom.models import Classroom, Membership, Position, PracticeSet, SetItem, SetRetry
from tutor.classroom.skills import skill_name
from tutor.classroom.views.access import class_for_teacher, real_names, refuse_archived, set_for_teacher
from tutor.lib.cards import is_card_code
from tutor.lib.numbers import whole
from tutor.lib.once import once
from tutor.lib.tables import table_label
from tutor.practice.models import Attempt

WRONG_PER_PAGE = 20

SET_DRAFT_SESSION_KEY = "classroom_set_draft"


def _draft_key(classroom: Classroom) -> str:
    return f"{SET_DRAFT_SESSION_KEY}:{classroom.pk}"


def _keep_draft(request: HttpRequest, classroom: Classroom) -> None:
    """The set form as typed, kept in the session while the teacher builds a position elsewhere."""
    data = {k: request.POST.getlist(k) for k in request.POST if k != "csrfmiddlewaretoken"}
    request.session[_draft_key(classroom)] = data


def _restored_draft(request: HttpRequest, classroom: Classroom) -> QueryDict | None:
    stored = request.session.pop(_draft_key(classroom), None)
    if not isinstance(stored, dict):
        return None
    data = QueryDict(mutable=True)
    for key, values in stored.items():
        if isinstance(values, list):
            data.setlist(key, [str(v) for v in values])
    return data


def _set_forms(request: HttpRequest, classroom: Classroom, memberships, data, draft):
    positions = Position.objects.filter(owner=request.user)
    form = PracticeSetForm(data, classroom=classroom, memberships=memberships)
    item_kwargs = {"rules": classroom.get_rules(), "positions": positions}
    initial = None
    if draft is not None:
        form = PracticeSetForm(
            classroom=classroom, memberships=memberships, initial=initial_from(form, draft)
        )
        initial = draft_items(draft, item_kwargs, new_position=_new_position(request, positions))
    items = ItemFormSet(data, prefix="item", form_kwargs=item_kwargs, initial=initial)
    return form, items, positions


def _new_position(request: HttpRequest, positions) -> Position | None:
    wanted = request.GET.get("posicion", "")
    return None if (pk := whole(wanted)) is None else positions.filter(pk=pk).first()


@require_http_methods(["GET", "POST"])
@login_required
@once
def set_create(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = class_for_teacher(request, pk)
    if refused := refuse_archived(request, classroom):
        return refused
    if request.method == "POST" and "construir_posicion" in request.POST:
        _keep_draft(request, classroom)
        return redirect(f"{reverse('classroom:position_create')}?para_tarea={classroom.pk}")
    memberships = list(Membership.objects.filter(classroom=classroom).select_related("student"))
    data = request.POST or None
    draft = None
    if data is None and "borrador" in request.GET:
        # A reload after the draft was used still picks the new position.
        draft = _restored_draft(request, classroom) or QueryDict()
    form, items, positions = _set_forms(request, classroom, memberships, data, draft)
    if request.method == "POST" and form.is_valid() and items.is_valid():
        if not form.cleaned_data["kind"] == PracticeSet.Kind.GOAL and not items.items:
            form.add_error(None, _("Añade al menos un ejercicio."))
        else:
            fields = {k: form.cleaned_data[k] for k in PracticeSetForm.Meta.fields}
            allowed = {m.student_id: m.student for m in memberships}
            students = [allowed[i] for i in form.cleaned_data["chosen"] if i in allowed]
            try:
                practice_set = services.save_set(
                    classroom=classroom,
                    teacher=request.user,
                    fields=fields,
                    items=[] if fields["kind"] == PracticeSet.Kind.GOAL else items.items,
                    students=students,
                    publish="publicar" in request.POST,
                )
            except services.ClassroomError as exc:
                form.add_error(None, exc.message)
            else:
                messages.success(request, _("Tarea guardada."))
                return redirect(practice_set)
    context = {
        "classroom": classroom,
        "form": form,
        "items": items,
        "heading": _("Nueva tarea"),
        "rules_label": table_label(classroom.rules),
        "variant": variant_of(classroom.rules),
        "has_positions": positions.exists(),
        "item_kinds": SetItem.Kind,
    }
    return render(request, "classroom/set_form.html", context)


@require_POST
@login_required
def set_publish(request: HttpRequest, pk: int) -> HttpResponse:
    practice_set = set_for_teacher(request, pk)
    if refused := refuse_archived(request, practice_set.classroom):
        return refused
    try:
        n = services.publish_set(practice_set=practice_set)
    except services.ClassroomError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(
            request,
            ngettext("Tarea publicada para %(n)s alumno.", "Tarea publicada para %(n)s alumnos.", n)
            % {"n": n},
        )
    return redirect(practice_set)


def set_results(practice_set: PracticeSet):
    names = real_names(practice_set.classroom)
    rows = list(
        practice_set.assignments.filter(withdrawn_at__isnull=True)
        .select_related("student")
        .order_by("student__username")
    )
    now = timezone.now()
    for row in rows:
        row.real_name = names.get(row.student_id, row.student.username)
        row.overdue = row.is_overdue(now)
    return names, rows


def set_attempts(practice_set: PracticeSet, **filters):
    """The answers to the set's questions by the students still in it.

    Read through the set's keys (assignment, question, issued), so the cost follows the set, not the
    size of the whole answer log; a withdrawn student's answers stay in the record but not here.
    """
    return Attempt.objects.filter(
        issued__set_question__assignment__practice_set=practice_set,
        issued__set_question__assignment__withdrawn_at__isnull=True,
        **filters,
    )


def _most_chosen_wrong_cards(practice_set: PracticeSet) -> dict[int, list[tuple[str, int]]]:
    """Item id -> its three wrong cards chosen most often (jugada and válidas), from two small columns."""
    chosen: dict[int, Counter] = defaultdict(Counter)
    rows = set_attempts(practice_set, correct=False, family__in=("jugada", "validas")).values_list(
        "issued__set_question__item_id", "answer"
    )
    for item_id, answer in rows.iterator(chunk_size=2000):
        answers = answer if isinstance(answer, list) else [answer]
        chosen[item_id].update(a for a in answers if isinstance(a, str) and is_card_code(a))
    return {item_id: counter.most_common(3) for item_id, counter in chosen.items()}


@require_GET
@login_required
def set_detail(request: HttpRequest, pk: int) -> HttpResponse:
    practice_set = set_for_teacher(request, pk)
    names, rows = set_results(practice_set)
    wrong = (
        set_attempts(practice_set, correct=False)
        .select_related("issued__set_question", "learner")
        .order_by("learner__username", "issued__set_question__number", "pk")
    )
    page = Paginator(wrong, WRONG_PER_PAGE).get_page(request.GET.get("pagina"))
    mistakes = []
    for attempt in page:
        seen = dashboard.seen_answer(attempt)
        seen["name"] = names.get(attempt.learner_id, attempt.learner.username)
        question = getattr(attempt.issued, "set_question", None)
        seen["number"] = question.number if question else None
        mistakes.append(seen)
    wrong_cards = _most_chosen_wrong_cards(practice_set) if practice_set.published_at else {}
    items = list(practice_set.items.all())
    for item in items:
        item.wrong_cards = wrong_cards.get(item.pk, [])
    duplicates = _duplicates(practice_set, items, names)
    played = hands_played_and_won(practice_set) if duplicates else {}
    table_asked = sum(i.count for i in items if i.kind == SetItem.Kind.TABLE)
    table = table_results(practice_set) if table_asked else {}
    table_mistakes = set_retries.answered(practice_set, wrong_only=True) if table_asked else []
    for chosen in table_mistakes:
        chosen.name = names.get(chosen.assignment.student_id, chosen.assignment.student.username)
    for row in rows:
        row.hands_played = played.get(row.pk, (0, 0))[0]
        row.table = table.get(row.pk, {"chosen": 0, "answered": 0, "right": 0})
    context = {
        "practice_set": practice_set,
        "classroom": practice_set.classroom,
        "rows": rows,
        "hand_mistakes": _hand_mistakes(duplicates),
        "table_mistakes": table_mistakes,
        "mistakes": mistakes,
        "page": page,
        "items": items,
        "family_labels": FAMILY_LABELS,
        "duplicates": duplicates,
        "goal_skill": skill_name(practice_set.goal_skill) if practice_set.is_goal else None,
        "table_asked": table_asked,
    }
    return render(request, "classroom/set_detail.html", context)


def table_results(practice_set: PracticeSet) -> dict[int, dict]:
    """Assignment id -> how many of the student's own table items were chosen for the set's «repite tus
    errores de la mesa» rows, answered and right (one query)."""
    rows = (
        SetRetry.objects.filter(assignment__practice_set=practice_set)
        .values("assignment_id")
        .annotate(
            chosen=Count("pk"),
            answered=Count("pk", filter=Q(answered_at__isnull=False)),
            right=Count("pk", filter=Q(right=True)),
        )
    )
    return {r.pop("assignment_id"): r for r in rows}


def _duplicates(practice_set: PracticeSet, items: list, names: dict) -> list[dict]:
    """Per «jugar N manos» item, each deal's results side by side, one column per student (the class
    duplicate: every student played the same deals against the same bots)."""
    from tutor.play.presenters import matches_hand_results  # play imports nothing of classroom

    out = []
    for item in items:
        if item.kind != SetItem.Kind.PLAY:
            continue
        matches = list(
            item.set_matches.select_related("assignment__student", "match").order_by(
                "assignment__student__username"
            )
        )
        results = matches_hand_results([sm.match for sm in matches])
        students = []
        for sm in matches:
            student = sm.assignment.student
            by_deal = {r["number"]: r for r in results[sm.match_id]}
            students.append(
                {
                    "name": names.get(student.pk, student.username),
                    "deals": [by_deal.get(n) for n in range(1, item.count + 1)],
                }
            )
        deals = [
            {"number": n, "cells": [s["deals"][n - 1] for s in students]} for n in range(1, item.count + 1)
        ]
        out.append({"item": item, "students": students, "deals": deals})
    return out


def _hand_mistakes(duplicates: list[dict]) -> list[dict]:
    """Per student, the hands of the set's duplicates with a renuncio or a cante left unsung, in deal order."""
    by_name: dict[str, list[dict]] = {}
    for d in duplicates:
        for student in d["students"]:
            for number, cell in enumerate(student["deals"], 1):
                if cell and (cell["renuncios"] or cell["missed"]):
                    by_name.setdefault(student["name"], []).append(
                        {"item": d["item"], "number": number, **cell}
                    )
    return [{"name": name, "hands": hands} for name, hands in sorted(by_name.items())]


def hands_played_and_won(practice_set: PracticeSet) -> dict[int, tuple[int, int]]:
    """Assignment id -> (hands finished, hands won by the student's pair) over the set's «jugar N manos» items."""
    from tutor.play.models import MatchHand  # play imports nothing of classroom
    from tutor.play.table import LEARNER

    learner_pair = "AB"[LEARNER & 1]
    out: dict[int, tuple[int, int]] = {}
    hands = MatchHand.objects.filter(
        match__set_match__item__practice_set=practice_set, score__isnull=False
    ).values_list("match__set_match__assignment_id", KeyTransform("winner", "score"))
    for assignment_id, winner in hands.iterator(chunk_size=2000):
        played, won = out.get(assignment_id, (0, 0))
        out[assignment_id] = (played + 1, won + (winner == learner_pair))
    return out
