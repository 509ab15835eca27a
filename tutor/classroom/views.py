import csv
import json
from collections import Counter, defaultdict

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from engine.rules import RULE_CATALOGUE
from engine.scenarios import FAMILY_LABELS, MISCONCEPTIONS
from tutor.classroom import services, throttle
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
)
from tutor.classroom.mastery import mastery_table
from tutor.classroom.models import Assignment, Classroom, Membership, Position, PracticeSet
from tutor.lib.cards import card_name, is_card_code
from tutor.lib.tables import table_label
from tutor.practice.identity import Owner
from tutor.practice.models import Attempt
from tutor.practice.presenters import present

LOGINS_SESSION_KEY = "classroom_new_logins"


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
    return render(request, "classroom/form_page.html", {"form": form, "heading": _("Nueva clase")})


@require_POST
@login_required
def join(request: HttpRequest) -> HttpResponse:
    form = JoinForm(request.POST)
    if throttle.is_blocked(request):
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
        throttle.record_failure(request)
        messages.error(request, exc.message)
        return redirect("classroom:index")
    messages.success(request, _("Te has unido a la clase «%(name)s».") % {"name": classroom.name})
    return redirect("classroom:tasks")


@require_POST
@login_required
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
    classroom.archived = not classroom.archived
    classroom.save(update_fields=["archived"])
    messages.success(request, _("Clase archivada.") if classroom.archived else _("Clase recuperada."))
    return redirect(classroom)


@require_POST
@login_required
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
def new_students(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = _get_class_for_teacher(request, pk)
    if refused := _refuse_archived(request, classroom):
        return refused
    form = ManagedStudentsForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        logins = services.create_managed_students(classroom=classroom, names=form.cleaned_data["names"])
        request.session[LOGINS_SESSION_KEY] = {
            "classroom": classroom.pk,
            "logins": [[x.username, x.password, x.real_name] for x in logins],
        }
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
    stored = request.session.get(LOGINS_SESSION_KEY)
    rows = []
    if stored and stored.get("classroom") == classroom.pk:
        rows = stored["logins"]
        del request.session[LOGINS_SESSION_KEY]  # shown once: the passwords are not kept anywhere else
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
    present = {skill for _student, skill in table}
    skills = [s for s in RULE_CATALOGUE if s in present]
    rows = [
        {"name": m.display_name(), "cells": [table.get((m.student_id, s)) for s in skills]}
        for m in memberships
    ]
    context = {"classroom": classroom, "skills": [(s, RULE_CATALOGUE[s]) for s in skills], "rows": rows}
    return render(request, "classroom/heatmap.html", context)


# --- practice sets ---------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
@login_required
def set_create(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = _get_class_for_teacher(request, pk)
    if refused := _refuse_archived(request, classroom):
        return refused
    memberships = list(Membership.objects.filter(classroom=classroom).select_related("student"))
    data = request.POST or None
    form = PracticeSetForm(data, classroom=classroom, memberships=memberships)
    positions = Position.objects.filter(owner=request.user)
    items = ItemFormSet(
        data, prefix="item", form_kwargs={"rules": classroom.get_rules(), "positions": positions}
    )
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
        messages.success(request, _("Tarea publicada para %(n)s alumnos.") % {"n": n})
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
    """The answers to the set's questions by the students still in it, by student and question number.

    Read through the set's keys (assignment, question, issued), so the cost follows the set, not the
    size of the whole answer log; a withdrawn student's answers stay in the record but not here.
    """
    return (
        Attempt.objects.filter(
            issued__set_question__assignment__practice_set=practice_set,
            issued__set_question__assignment__withdrawn_at__isnull=True,
            **filters,
        )
        .select_related("issued__set_question__item", "learner")
        .order_by("learner__username", "issued__set_question__number")
    )


def _given_cards(attempt: Attempt) -> list[str]:
    given = attempt.answer
    if isinstance(given, str):
        return [given]
    if isinstance(given, list):
        return [g for g in given if isinstance(g, str)]
    return []


@require_GET
@login_required
def set_detail(request: HttpRequest, pk: int) -> HttpResponse:
    practice_set = _get_set_for_teacher(request, pk)
    names, rows = _set_results(practice_set)
    wrong = list(_set_attempts(practice_set, correct=False))
    by_student = defaultdict(list)
    chosen = defaultdict(Counter)
    for attempt in wrong:
        attempt.real_name = names.get(attempt.learner_id, attempt.learner.username)
        attempt.misconception_label = MISCONCEPTIONS.get(attempt.misconception, "")
        attempt.position = attempt.issued.scenario.get("position", {})
        attempt.question = attempt.issued.scenario.get("question", "")
        attempt.given_cards = _given_cards(attempt)
        by_student[attempt.real_name].append(attempt)
        question = getattr(attempt.issued, "set_question", None)
        if question is not None and attempt.family in ("jugada", "validas"):
            for code in attempt.given_cards:
                chosen[question.item_id][code] += 1
    items = list(practice_set.items.all())
    for item in items:
        item.wrong_cards = chosen[item.pk].most_common(3)
    context = {
        "practice_set": practice_set,
        "classroom": practice_set.classroom,
        "rows": rows,
        "wrong_by_student": sorted(by_student.items()),
        "items": items,
        "family_labels": FAMILY_LABELS,
    }
    return render(request, "classroom/set_detail.html", context)


def _csv_response(filename: str) -> tuple[HttpResponse, "csv.writer"]:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.write("\ufeff")  # spreadsheets then read the accents right
    return response, csv.writer(response)


@require_GET
@login_required
def set_results_csv(request: HttpRequest, pk: int) -> HttpResponse:
    practice_set = _get_set_for_teacher(request, pk)
    _names, rows = _set_results(practice_set)
    response, writer = _csv_response(f"tarea-{practice_set.pk}-resultados.csv")
    writer.writerow(
        [
            "usuario",
            "nombre real",
            "estado",
            "respondidas",
            "aciertos",
            "preguntas",
            "nota",
            "tiempo (s)",
            "terminada",
            "tarde",
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
                row.total,
                "" if row.score is None else row.score,
                round(row.time_ms / 1000),
                timezone.localtime(row.finished_at).strftime("%Y-%m-%d %H:%M") if row.finished_at else "",
                "sí" if row.state == Assignment.State.LATE or row.overdue else "no",
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
        labels = {o.get("value"): o.get("label") for o in scenario.get("options", [])}
        if answer in labels:
            return labels[answer]
        if answer.lstrip("-").isdigit():
            return int(answer)
    return str(answer)


def _answer_code(answer) -> str:
    """The raw answer as the engine reads it back (codes separated by spaces)."""
    if isinstance(answer, list):
        return " ".join(str(a) for a in answer)
    return str(answer)


@require_GET
@login_required
def set_attempts_csv(request: HttpRequest, pk: int) -> HttpResponse:
    practice_set = _get_set_for_teacher(request, pk)
    names = _real_names(practice_set.classroom)
    attempts = _set_attempts(practice_set)
    response, writer = _csv_response(f"tarea-{practice_set.pk}-respuestas.csv")
    writer.writerow(
        [
            "usuario",
            "nombre real",
            "pregunta",
            "ejercicio",
            "familia",
            "reglas de la mesa",
            "reglas aplicadas (ids)",
            "respuesta",
            "respuesta (código)",
            "correcta",
            "error típico",
            "tiempo (ms)",
            "fecha",
        ]
    )
    for attempt in attempts:
        question = getattr(attempt.issued, "set_question", None)
        writer.writerow(
            [
                attempt.learner.username,
                names.get(attempt.learner_id, ""),
                question.number if question else "",
                question.item.label() if question else "",
                attempt.family,
                table_label(attempt.rules),
                " ".join(attempt.rule_ids),
                _answer_words(attempt.issued.scenario, attempt.answer),
                _answer_code(attempt.answer),
                "sí" if attempt.correct else "no",
                MISCONCEPTIONS.get(attempt.misconception, attempt.misconception),
                attempt.time_taken_ms,
                timezone.localtime(attempt.created_at).strftime("%Y-%m-%d %H:%M"),
            ]
        )
    return response


# --- built positions -------------------------------------------------------------------------


@require_GET
@login_required
def positions(request: HttpRequest) -> HttpResponse:
    _require_teacher(request)
    context = {"positions": Position.objects.filter(owner=request.user), "import_form": PositionImportForm()}
    return render(request, "classroom/positions.html", context)


@require_http_methods(["GET", "POST"])
@login_required
def position_edit(request: HttpRequest, pk: int | None = None) -> HttpResponse:
    if pk is not None:
        instance = _get_position_for_teacher(request, pk)
    else:
        _require_teacher(request)
        instance = Position(owner=request.user)
    form = PositionForm(request.POST or None, instance=instance)
    preview = None
    if request.method == "POST" and form.is_valid():
        if "vista_previa" in request.POST:
            preview = form.built
        else:
            form.save()
            messages.success(request, _("Posición guardada."))
            return redirect("classroom:positions")
    context = {
        "form": form,
        "preview": preview,
        "ruling": preview.ruling() if preview else None,
        "preview_rules": table_label(preview.rules) if preview else "",
        "position": instance,
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
def position_import(request: HttpRequest) -> HttpResponse:
    _require_teacher(request)
    form = PositionImportForm(request.POST, request.FILES)
    if not form.is_valid():
        for error in form.errors.get("file", []):
            messages.error(request, error)
        return redirect("classroom:positions")
    Position.objects.bulk_create(
        [Position(owner=request.user, title=title, data=data) for title, data in form.cleaned_data["file"]]
    )
    messages.success(request, _("Importadas %(n)s posiciones.") % {"n": len(form.cleaned_data["file"])})
    return redirect("classroom:positions")


@require_POST
@login_required
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
        from tutor.classroom.mastery import student_mastery

        context["goal"] = student_mastery(request.user.pk, practice_set.goal_skill)
        context["goal_text"] = RULE_CATALOGUE.get(practice_set.goal_skill, "")
        return render(request, "classroom/task.html", context)
    questions = services.ensure_questions(assignment=assignment)
    for q in questions:
        q.answered = hasattr(q.issued, "attempt")
    current = None
    wanted = request.GET.get("n", "")
    if wanted.isdigit():
        current = next((q for q in questions if q.number == int(wanted)), None)
        if current is None:
            raise Http404
    if current is None:
        current = next((q for q in questions if not q.answered), None)
    context.update(questions=questions, current=current)
    if current is not None:
        attempt = current.issued.attempt if current.answered else None
        context["exercise"] = present(
            current.issued, owner=Owner(request.user, ""), attempt=attempt, standalone=False
        )
    return render(request, "classroom/task.html", context)
