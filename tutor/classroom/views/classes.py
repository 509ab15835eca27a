"""Classes: create, join, leave, the class page, its code, teachers and students."""

import secrets

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tutor.classroom import ending, services
from tutor.classroom.forms import (
    ClassroomForm,
    CoTeacherForm,
    JoinForm,
    ManagedStudentsForm,
    RealNameForm,
    variants,
)
from tutor.classroom.models import Assignment, Classroom, Membership
from tutor.classroom.views.access import (
    class_for_teacher,
    membership_for_teacher,
    refuse_archived,
    require_teacher,
)
from tutor.lib.once import once
from tutor.lib.outage import shared
from tutor.lib.tables import table_label
from tutor.lib.throttle import JOIN_CODE

LOGINS_TTL = 15 * 60

LOGINS_SESSION_KEY = "classroom_new_logins"


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
    require_teacher(request)
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
    classroom = class_for_teacher(request, pk)
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
        "erasable_from": ending.erasable_from(classroom),
        "can_erase": ending.can_erase(classroom),
    }
    return render(request, "classroom/detail.html", context)


@require_POST
@login_required
@once
def code(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = class_for_teacher(request, pk)
    if refused := refuse_archived(request, classroom):
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
    classroom = class_for_teacher(request, pk)
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
    classroom = class_for_teacher(request, pk)
    if refused := refuse_archived(request, classroom):
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
    classroom = class_for_teacher(request, pk)
    if refused := refuse_archived(request, classroom):
        return refused
    form = ManagedStudentsForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        logins = services.create_managed_students(classroom=classroom, names=form.cleaned_data["names"])
        return _show_logins(request, classroom, logins)
    return render(
        request,
        "classroom/form_page.html",
        {"form": form, "heading": _("Crear cuentas de alumnos"), "classroom": classroom},
    )


def _show_logins(request: HttpRequest, classroom, logins) -> HttpResponse:
    """Send the teacher to the sheet of these logins. The passwords wait in the cache, never in the
    session's database row, and only until the sheet is shown or LOGINS_TTL passes; the session holds
    the key to them. While Redis does not answer they wait in the database's cache
    (tutor.lib.outage), deleted alike."""
    key = f"new-logins:{secrets.token_urlsafe(16)}"
    shared.set(
        key,
        {"classroom": classroom.pk, "logins": [[x.username, x.password, x.real_name] for x in logins]},
        LOGINS_TTL,
    )
    request.session[LOGINS_SESSION_KEY] = key
    return redirect("classroom:logins", pk=classroom.pk)


@require_POST
@login_required
@once
def student_password(request: HttpRequest, pk: int, membership_pk: int) -> HttpResponse:
    """A new password for a child whose account the class made: a child who forgot theirs has no
    email to recover it; the teacher prints them a new card."""
    membership = membership_for_teacher(request, pk, membership_pk)
    if refused := refuse_archived(request, membership.classroom):
        return refused
    try:
        login = services.new_password(membership=membership)
    except services.ClassroomError as exc:
        messages.error(request, exc.message)
        return redirect("classroom:detail", pk=pk)
    return _show_logins(request, membership.classroom, [login])


@require_GET
@login_required
def logins(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = class_for_teacher(request, pk)
    key = request.session.get(LOGINS_SESSION_KEY)
    stored = shared.get(key) if isinstance(key, str) else None
    rows = []
    if stored and stored.get("classroom") == classroom.pk:
        rows = stored["logins"]
        shared.delete(key)  # shown once: the passwords are not kept anywhere else
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
    membership = membership_for_teacher(request, pk, membership_pk)
    if refused := refuse_archived(request, membership.classroom):
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
    membership = membership_for_teacher(request, pk, membership_pk)
    if refused := refuse_archived(request, membership.classroom):
        return refused
    services.remove_student(membership=membership)
    messages.success(request, _("Alumno quitado de la clase."))
    return redirect("classroom:detail", pk=pk)
