import json
import secrets
from collections import Counter, defaultdict

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db import transaction
from django.db.models import Count, Q
from django.db.models.fields.json import KeyTransform
from django.http import Http404, HttpRequest, HttpResponse, QueryDict, StreamingHttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from engine.messages import from_data
from engine.rules import RULE_CATALOGUE
from engine.scenarios import FAMILY_LABELS, MISCONCEPTIONS
from tutor.classroom import dashboard, services
from tutor.classroom.forms import (
    ClassroomForm,
    CoTeacherForm,
    ItemFormSet,
    JoinForm,
    ManagedStudentsForm,
    PositionForm,
    PositionImportForm,
    PracticeSetForm,
    RealNameForm,
    draft_items,
    initial_from,
    variant_of,
    variants,
)
from tutor.classroom.mastery import attempts_citing, mastery_table, student_mastery
from tutor.classroom.models import Assignment, Classroom, Membership, Position, PracticeSet, SetItem
from tutor.classroom.skills import skill_name
from tutor.lib.cards import card_name, is_card_code
from tutor.lib.i18n import text
from tutor.lib.once import once
from tutor.lib.spreadsheet import csv_response, streaming_csv_response
from tutor.lib.tables import table_label
from tutor.lib.throttle import JOIN_CODE
from tutor.practice.identity import Owner
from tutor.practice.models import Attempt
from tutor.practice.presenters import present
from tutor.progress import mastery as progress_mastery

LOGINS_SESSION_KEY = "classroom_new_logins"
LOGINS_TTL = 15 * 60
SET_DRAFT_SESSION_KEY = "classroom_set_draft"
WRONG_PER_PAGE = 20
ANSWERS_PER_PAGE = 20


def _require_teacher(request: HttpRequest) -> None:
    if not request.user.is_teacher:
        raise PermissionDenied(_("Esta página es solo para profesores."))


def _get_class_for_teacher(request: HttpRequest, pk: int) -> Classroom:
    return get_object_or_404(Classroom, pk=pk, teachers=request.user)


def _get_set_for_teacher(request: HttpRequest, pk: int) -> PracticeSet:
    return get_object_or_404(
        PracticeSet.objects.select_related("classroom"), pk=pk, classroom__teachers=request.user
    )


def _get_position_for_teacher(request: HttpRequest, pk: int) -> Position:
    return get_object_or_404(Position, pk=pk, owner=request.user)


def _get_membership_for_teacher(request: HttpRequest, pk: int, membership_pk: int) -> Membership:
    classroom = _get_class_for_teacher(request, pk)
    return get_object_or_404(
        Membership.objects.select_related("student"), pk=membership_pk, classroom=classroom
    )


def _get_assignment_for_student(request: HttpRequest, set_pk: int) -> Assignment:
    return get_object_or_404(
        Assignment.objects.select_related("practice_set__classroom"),
        practice_set_id=set_pk,
        student=request.user,
        withdrawn_at__isnull=True,
        practice_set__published_at__isnull=False,
        practice_set__classroom__memberships__student=request.user,
    )


def _refuse_archived(request: HttpRequest, classroom: Classroom) -> HttpResponse | None:
    if classroom.archived:
        messages.error(request, _("La clase está archivada: solo se puede consultar."))
        return redirect(classroom)
    return None


def _real_names(classroom: Classroom) -> dict[int, str]:
    """Student id -> real name (or username). For the class's teachers only."""
    return {
        m.student_id: m.display_name()
        for m in Membership.objects.filter(classroom=classroom).select_related("student")
    }


# --- classes ---------------------------------------------------------------------------------


@require_GET
@login_required
def index(request: HttpRequest) -> HttpResponse:
    if request.user.is_teacher:
        show_archived = request.GET.get("archivadas") == "1"
        classes = (
            Classroom.objects.filter(teachers=request.user, archived=show_archived)
            .annotate(students=Count("memberships", distinct=True))
            .order_by("name", "pk")
        )
        return render(
            request, "classroom/index_teacher.html", {"classes": classes, "show_archived": show_archived}
        )
    memberships = Membership.objects.filter(student=request.user).select_related("classroom")
    return render(request, "classroom/index_student.html", {"memberships": memberships, "form": JoinForm()})


@require_http_methods(["GET", "POST"])
@login_required
@once
def create(request: HttpRequest) -> HttpResponse:
    _require_teacher(request)
    form = ClassroomForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        classroom = services.create_classroom(
            teacher=request.user, name=form.cleaned_data["name"], rules=form.cleaned_data["rules"]
        )
        messages.success(
            request,
            _("Clase creada. Comparte el código %(code)s con tus alumnos.") % {"code": classroom.join_code},
        )
        return redirect(classroom)
    context = {"form": form, "heading": _("Nueva clase"), "variants": variants()}
    return render(request, "classroom/form_page.html", context)


@require_POST
@login_required
def join(request: HttpRequest) -> HttpResponse:
    form = JoinForm(request.POST)
    if JOIN_CODE.is_blocked(request):
        messages.error(
            request, _("Demasiados códigos equivocados. Espera 15 minutos antes de volver a intentarlo.")
        )
        return redirect("classroom:index")
    if not form.is_valid():
        messages.error(request, _("Escribe el código que te ha dado tu profesor."))
        return redirect("classroom:index")
    try:
        classroom = services.join_classroom(student=request.user, code=form.cleaned_data["code"])
    except services.ClassroomError as exc:
        JOIN_CODE.record(request)
        messages.error(request, exc.message)
        return redirect("classroom:index")
    messages.success(request, _("Te has unido a la clase «%(name)s».") % {"name": classroom.name})
    return redirect("classroom:tasks")


@require_POST
@login_required
@once
def leave(request: HttpRequest, pk: int) -> HttpResponse:
    membership = get_object_or_404(Membership, classroom_id=pk, student=request.user)
    services.remove_student(membership=membership)
    messages.info(request, _("Has salido de la clase."))
    return redirect("classroom:index")


@require_GET
@login_required
def detail(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = _get_class_for_teacher(request, pk)
    memberships = Membership.objects.filter(classroom=classroom).select_related("student")
    states = Assignment.State
    present = Q(assignments__withdrawn_at__isnull=True)
    sets = classroom.sets.annotate(
        n_rows=Count("assignments", filter=present),
        n_done=Count(
            "assignments", filter=present & Q(assignments__state__in=[states.SUBMITTED, states.LATE])
        ),
        n_started=Count("assignments", filter=present & Q(assignments__state=states.IN_PROGRESS)),
    )
    context = {
        "classroom": classroom,
        "memberships": memberships,
        "teachers": classroom.teachers.order_by("username"),
        "sets": sets,
        "rules_label": table_label(classroom.rules),
        "co_teacher_form": CoTeacherForm(),
    }
    return render(request, "classroom/detail.html", context)


@require_POST
@login_required
@once
def code(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = _get_class_for_teacher(request, pk)
    if refused := _refuse_archived(request, classroom):
        return refused
    action = request.POST.get("action")
    if action == "regenerar":
        services.regenerate_code(classroom=classroom)
        messages.success(
            request, _("Nuevo código: %(code)s. El anterior ya no sirve.") % {"code": classroom.join_code}
        )
    elif action in ("cerrar", "abrir"):
        classroom.join_open = action == "abrir"
        classroom.save(update_fields=["join_open"])
        messages.success(
            request,
            _("Código abierto.") if classroom.join_open else _("Código cerrado: nadie más puede unirse."),
        )
    else:
        messages.error(request, _("Acción desconocida."))
    return redirect(classroom)


@require_POST
@login_required
def archive(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = _get_class_for_teacher(request, pk)
    wanted = request.POST.get("archivada")
    archived = wanted == "1" if wanted in ("0", "1") else not classroom.archived
    if archived == classroom.archived:
        messages.info(request, _("Esto ya estaba hecho."))
        return redirect(classroom)
    classroom.archived = archived
    classroom.save(update_fields=["archived"])
    messages.success(request, _("Clase archivada.") if classroom.archived else _("Clase recuperada."))
    return redirect(classroom)


@require_POST
@login_required
@once
def add_teacher(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = _get_class_for_teacher(request, pk)
    if refused := _refuse_archived(request, classroom):
        return refused
    form = CoTeacherForm(request.POST)
    if form.is_valid():
        try:
            teacher = services.add_teacher(classroom=classroom, username=form.cleaned_data["username"])
        except services.ClassroomError as exc:
            messages.error(request, exc.message)
        else:
            messages.success(request, _("%(name)s ya comparte esta clase.") % {"name": teacher.username})
    return redirect(classroom)


@require_http_methods(["GET", "POST"])
@login_required
@once
def new_students(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = _get_class_for_teacher(request, pk)
    if refused := _refuse_archived(request, classroom):
        return refused
    form = ManagedStudentsForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        logins = services.create_managed_students(classroom=classroom, names=form.cleaned_data["names"])
        # The passwords wait in the cache, never in the session's database row, and only until the
        # sheet is shown or LOGINS_TTL passes; the session holds the key to them.
        key = f"new-logins:{secrets.token_urlsafe(16)}"
        cache.set(
            key,
            {"classroom": classroom.pk, "logins": [[x.username, x.password, x.real_name] for x in logins]},
            LOGINS_TTL,
        )
        request.session[LOGINS_SESSION_KEY] = key
        return redirect("classroom:logins", pk=classroom.pk)
    return render(
        request,
        "classroom/form_page.html",
        {"form": form, "heading": _("Crear cuentas de alumnos"), "classroom": classroom},
    )


@require_GET
@login_required
def logins(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = _get_class_for_teacher(request, pk)
    key = request.session.get(LOGINS_SESSION_KEY)
    stored = cache.get(key) if isinstance(key, str) else None
    rows = []
    if stored and stored.get("classroom") == classroom.pk:
        rows = stored["logins"]
        cache.delete(key)  # shown once: the passwords are not kept anywhere else
        del request.session[LOGINS_SESSION_KEY]
    context = {
        "classroom": classroom,
        "rows": rows,
        "login_url": request.build_absolute_uri(reverse("accounts:login")),
    }
    response = render(request, "classroom/logins.html", context)
    response["Cache-Control"] = "no-store"
    return response


@require_POST
@login_required
@once
def student_name(request: HttpRequest, pk: int, membership_pk: int) -> HttpResponse:
    membership = _get_membership_for_teacher(request, pk, membership_pk)
    if refused := _refuse_archived(request, membership.classroom):
        return refused
    form = RealNameForm(request.POST, instance=membership)
    if form.is_valid():
        form.save()
        messages.success(request, _("Nombre guardado."))
    else:
        messages.error(request, _("El nombre no es válido (máximo 120 caracteres)."))
    return redirect("classroom:detail", pk=pk)


@require_POST
@login_required
@once
def remove_student(request: HttpRequest, pk: int, membership_pk: int) -> HttpResponse:
    membership = _get_membership_for_teacher(request, pk, membership_pk)
    if refused := _refuse_archived(request, membership.classroom):
        return refused
    services.remove_student(membership=membership)
    messages.success(request, _("Alumno quitado de la clase."))
    return redirect("classroom:detail", pk=pk)


@require_GET
@login_required
def heatmap(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = _get_class_for_teacher(request, pk)
    memberships = list(Membership.objects.filter(classroom=classroom).select_related("student"))
    table = mastery_table(m.student_id for m in memberships)
    # Reversed once: a class of 60 has 1,400 cells (the placeholders are never a real id or rule).
    pattern = reverse("classroom:student_skill", args=[classroom.pk, 0, "RULE"])
    head, tail = pattern.split("/0/RULE/")

    def url_for(membership_pk: int, rule_id: str) -> str:
        return f"{head}/{membership_pk}/{rule_id}/{tail}"

    context = {
        "classroom": classroom,
        "dashboard": dashboard.class_dashboard(memberships, table, url_for, request.GET.get("pagina")),
        "legend": [(level, progress_mastery.LABELS[level]) for level in progress_mastery.LEVELS],
    }
    return render(request, "classroom/heatmap.html", context)


@require_GET
@login_required
def student_skill(request: HttpRequest, pk: int, membership_pk: int, rule_id: str) -> HttpResponse:
    membership = _get_membership_for_teacher(request, pk, membership_pk)
    if rule_id not in RULE_CATALOGUE:
        raise Http404
    attempts = (
        attempts_citing(Attempt.objects.filter(learner_id=membership.student_id), rule_id)
        .select_related("issued")
        .order_by("-created_at", "-pk")
    )
    page = Paginator(attempts, ANSWERS_PER_PAGE).get_page(request.GET.get("pagina"))
    context = {
        "classroom": membership.classroom,
        "name": membership.display_name(),
        "skill": skill_name(rule_id),
        "cell": student_mastery(membership.student_id, rule_id),
        "page": page,
        "answers": [dashboard.seen_answer(a) for a in page],
    }
    return render(request, "classroom/student_skill.html", context)


# --- practice sets ---------------------------------------------------------------------------


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
    return positions.filter(pk=int(wanted)).first() if wanted.isdigit() else None


@require_http_methods(["GET", "POST"])
@login_required
@once
def set_create(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = _get_class_for_teacher(request, pk)
    if refused := _refuse_archived(request, classroom):
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
    practice_set = _get_set_for_teacher(request, pk)
    if refused := _refuse_archived(request, practice_set.classroom):
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


def _set_results(practice_set: PracticeSet):
    names = _real_names(practice_set.classroom)
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


def _set_attempts(practice_set: PracticeSet, **filters):
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
    rows = _set_attempts(practice_set, correct=False, family__in=("jugada", "validas")).values_list(
        "issued__set_question__item_id", "answer"
    )
    for item_id, answer in rows.iterator(chunk_size=2000):
        answers = answer if isinstance(answer, list) else [answer]
        chosen[item_id].update(a for a in answers if isinstance(a, str) and is_card_code(a))
    return {item_id: counter.most_common(3) for item_id, counter in chosen.items()}


@require_GET
@login_required
def set_detail(request: HttpRequest, pk: int) -> HttpResponse:
    practice_set = _get_set_for_teacher(request, pk)
    names, rows = _set_results(practice_set)
    wrong = (
        _set_attempts(practice_set, correct=False)
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
    context = {
        "practice_set": practice_set,
        "classroom": practice_set.classroom,
        "rows": rows,
        "mistakes": mistakes,
        "page": page,
        "items": items,
        "family_labels": FAMILY_LABELS,
        "duplicates": _duplicates(practice_set, items, names),
        "goal_skill": skill_name(practice_set.goal_skill) if practice_set.is_goal else None,
    }
    return render(request, "classroom/set_detail.html", context)


def _duplicates(practice_set: PracticeSet, items: list, names: dict) -> list[dict]:
    """Per «jugar N manos» item, each deal's results side by side, one column per student (the class
    duplicate: every student played the same deals against the same bots)."""
    from tutor.play.presenters import hand_results  # play imports nothing of classroom

    out = []
    for item in items:
        if item.kind != SetItem.Kind.PLAY:
            continue
        matches = item.set_matches.select_related("assignment__student", "match").order_by(
            "assignment__student__username"
        )
        students = []
        for sm in matches:
            student = sm.assignment.student
            by_deal = {r["number"]: r for r in hand_results(sm.match)}
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


def _hands_played_and_won(practice_set: PracticeSet) -> dict[int, tuple[int, int]]:
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


@require_GET
@login_required
def set_results_csv(request: HttpRequest, pk: int) -> HttpResponse:
    practice_set = _get_set_for_teacher(request, pk)
    _names, rows = _set_results(practice_set)
    # «Jugar N manos» items: the hands asked for, played and won per student (columns only when there are any).
    asked = sum(i.count for i in practice_set.items.all() if i.kind == SetItem.Kind.PLAY)
    hands = _hands_played_and_won(practice_set) if asked else {}
    response, writer = csv_response(f"tarea-{practice_set.pk}-resultados.csv")
    writer.writerow(
        [
            _("usuario"),
            _("nombre real"),
            _("estado"),
            _("respondidas"),
            _("aciertos"),
            _("preguntas"),
            _("nota"),
            _("tiempo (s)"),
            _("terminada"),
            _("tarde"),
            *([_("manos pedidas"), _("manos jugadas"), _("manos ganadas")] if asked else []),
        ]
    )
    for row in rows:
        writer.writerow(
            [
                row.student.username,
                row.real_name,
                row.get_state_display(),
                row.answered,
                row.correct,
                row.total or "",  # a goal (mastery) or a set of hands asks for no number of questions
                "" if row.score is None or not row.answered else row.score,
                round(row.time_ms / 1000),
                timezone.localtime(row.finished_at).strftime("%Y-%m-%d %H:%M") if row.finished_at else "",
                _("sí") if row.state == Assignment.State.LATE or row.overdue else _("no"),
                *([asked, *hands.get(row.pk, (0, 0))] if asked else []),
            ]
        )
    return response


def _answer_words(scenario: dict, answer) -> str | int:
    """An answer as the teacher reads it: card names, option labels, numbers as numbers."""
    if isinstance(answer, int) and not isinstance(answer, bool):
        return answer
    if isinstance(answer, list):
        return ", ".join(str(_answer_words(scenario, a)) for a in answer) or _("ninguna")
    if isinstance(answer, str):
        if is_card_code(answer):
            return card_name(answer)
        labels = {o.get("value"): text(from_data(o.get("label"))) for o in scenario.get("options", [])}
        if answer in labels:
            return labels[answer]
        if answer.lstrip("-").isascii() and answer.lstrip("-").isdigit():
            return int(answer)
    return str(answer)


def _answer_code(answer) -> str:
    """The raw answer as the engine reads it back (codes separated by spaces)."""
    if isinstance(answer, list):
        return " ".join(str(a) for a in answer)
    return str(answer)


def attempts_csv_header() -> list[str]:
    """The all-answers CSV's column names, in the page's language."""
    return [
        _("usuario"),
        _("nombre real"),
        _("pregunta"),
        _("ejercicio"),
        _("familia"),
        _("reglas de la mesa"),
        _("reglas aplicadas (ids)"),
        _("respuesta"),
        _("respuesta (código)"),
        _("correcta"),
        _("error típico"),
        _("tiempo (ms)"),
        _("fecha"),
    ]


def _attempt_rows(practice_set: PracticeSet, names: dict[int, str]):
    items = {item.pk: item.label() for item in practice_set.items.all()}
    attempts = (
        _set_attempts(practice_set)
        .select_related("issued__set_question", "learner")
        .only(
            "learner",
            "learner__username",
            "issued",
            "family",
            "rules",
            "rule_ids",
            "answer",
            "correct",
            "misconception",
            "time_taken_ms",
            "created_at",
            "issued__set_question__number",
            "issued__set_question__item_id",
        )
        # Only the options of the stored scenario (to name an option answer), not its position.
        .annotate(options=KeyTransform("options", "issued__scenario"))
        .order_by("learner__username", "issued__set_question__number", "pk")
    )
    tables: dict[str, str] = {}
    yield attempts_csv_header()
    for attempt in attempts.iterator(chunk_size=500):
        question = getattr(attempt.issued, "set_question", None)
        table_key = json.dumps(attempt.rules, sort_keys=True)
        if table_key not in tables:
            tables[table_key] = table_label(attempt.rules)
        yield [
            attempt.learner.username,
            names.get(attempt.learner_id, ""),
            question.number if question else "",
            items.get(question.item_id, "") if question else "",
            attempt.family,
            tables[table_key],
            " ".join(attempt.rule_ids),
            _answer_words({"options": attempt.options or []}, attempt.answer),
            _answer_code(attempt.answer),
            _("sí") if attempt.correct else _("no"),
            text(MISCONCEPTIONS.get(attempt.misconception, attempt.misconception)),
            attempt.time_taken_ms,
            timezone.localtime(attempt.created_at).strftime("%Y-%m-%d %H:%M"),
        ]


@require_GET
@login_required
def set_attempts_csv(request: HttpRequest, pk: int) -> StreamingHttpResponse:
    """Every answer of the set, streamed row by row: memory stays flat however long the set's log is."""
    practice_set = _get_set_for_teacher(request, pk)
    rows = _attempt_rows(practice_set, _real_names(practice_set.classroom))
    return streaming_csv_response(f"tarea-{practice_set.pk}-respuestas.csv", rows)


# --- built positions -------------------------------------------------------------------------


@require_GET
@login_required
def positions(request: HttpRequest) -> HttpResponse:
    _require_teacher(request)
    context = {"positions": Position.objects.filter(owner=request.user), "import_form": PositionImportForm()}
    return render(request, "classroom/positions.html", context)


def _set_being_written(request: HttpRequest) -> Classroom | None:
    """The class whose set form sent the teacher here (?para_tarea=<pk>), when it is theirs."""
    wanted = request.GET.get("para_tarea") or request.POST.get("para_tarea") or ""
    if not wanted.isdigit():
        return None
    return Classroom.objects.filter(pk=int(wanted), teachers=request.user, archived=False).first()


def _back_to_set(classroom: Classroom, position: Position | None) -> HttpResponse:
    url = f"{reverse('classroom:set_create', args=[classroom.pk])}?borrador=1"
    return redirect(f"{url}&posicion={position.pk}" if position else url)


@require_http_methods(["GET", "POST"])
@login_required
@once
def position_edit(request: HttpRequest, pk: int | None = None) -> HttpResponse:
    if pk is not None:
        instance = _get_position_for_teacher(request, pk)
    else:
        _require_teacher(request)
        instance = Position(owner=request.user)
    for_set = _set_being_written(request) if pk is None else None
    form = PositionForm(request.POST or None, instance=instance)
    preview = None
    if request.method == "POST" and form.is_valid():
        if "vista_previa" in request.POST:
            preview = form.built
        else:
            position = form.save()
            messages.success(request, _("Posición guardada."))
            return _back_to_set(for_set, position) if for_set else redirect("classroom:positions")
    context = {
        "form": form,
        "preview": preview,
        "ruling": preview.ruling() if preview else None,
        "preview_rules": table_label(preview.rules) if preview else "",
        "position": instance,
        "for_set": for_set,
        "import_form": PositionImportForm() if for_set else None,
        "variants": variants(),
    }
    return render(request, "classroom/position_form.html", context)


@require_GET
@login_required
def position_export(request: HttpRequest, pk: int) -> HttpResponse:
    position = _get_position_for_teacher(request, pk)
    body = json.dumps({"title": position.title, **position.data}, ensure_ascii=False, indent=2)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="posicion-{position.pk}.json"'
    return response


@require_POST
@login_required
@once
def position_import(request: HttpRequest) -> HttpResponse:
    _require_teacher(request)
    for_set = _set_being_written(request)
    form = PositionImportForm(request.POST, request.FILES)
    if not form.is_valid():
        for error in form.errors.get("file", []):
            messages.error(request, error)
        if for_set:
            return redirect(f"{reverse('classroom:position_create')}?para_tarea={for_set.pk}")
        return redirect("classroom:positions")
    created = Position.objects.bulk_create(
        [Position(owner=request.user, title=title, data=data) for title, data in form.cleaned_data["file"]]
    )
    n = len(created)
    messages.success(
        request, ngettext("Importada %(n)s posición.", "Importadas %(n)s posiciones.", n) % {"n": n}
    )
    if for_set:
        return _back_to_set(for_set, created[0])  # bulk_create returns keys on SQLite and PostgreSQL
    return redirect("classroom:positions")


@require_POST
@login_required
@once
def position_delete(request: HttpRequest, pk: int) -> HttpResponse:
    position = _get_position_for_teacher(request, pk)
    position.delete()  # sets keep their own copy of the position
    messages.success(request, _("Posición borrada."))
    return redirect("classroom:positions")


# --- student side ----------------------------------------------------------------------------


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


def _task_summary(assignment: Assignment, questions: list, play_items: list[dict]) -> dict:
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
    elif not questions and not play_items:
        state = "empty"
    elif not any(q.answered for q in questions) and not any(p["match"] for p in play_items):
        state = "not_started"
    else:
        state = "in_progress"
    answered = all(q.answered for q in questions)
    graded = bool(questions) and answered and assignment.score is not None
    score = {"right": assignment.correct, "total": assignment.total, "percent": assignment.score}
    return {"state": state, "score": score if graded else None}


@require_POST
@login_required
def task_play(request: HttpRequest, pk: int, item_pk: int) -> HttpResponse:
    assignment = _get_assignment_for_student(request, pk)
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
    assignment = _get_assignment_for_student(request, pk)
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
        if wanted.isascii() and wanted.isdigit() and len(wanted) <= 4:
            current = next((q for q in questions if q.number == int(wanted)), None)
            if current is None:
                raise Http404
    for q in questions:
        q.answered = hasattr(q.issued, "attempt")
    if current is None:
        current = next((q for q in questions if not q.answered), None)
    context.update(
        questions=questions,
        current=current,
        summary=_task_summary(assignment, questions, context["play_items"]),
    )
    if current is not None:
        attempt = current.issued.attempt if current.answered else None
        context["exercise"] = present(
            current.issued, owner=Owner(request.user, ""), attempt=attempt, standalone=False
        )
    return render(request, "classroom/task.html", context)
