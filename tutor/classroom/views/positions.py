"""Built positions: a teacher's own positions, edited, imported, exported and deleted."""

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tutor.classroom.forms import (
    PositionForm,
    PositionImportForm,
    variants,
)
from tutor.classroom.models import Classroom, Position
from tutor.classroom.views.access import position_for_teacher, require_teacher
from tutor.lib.numbers import whole
from tutor.lib.once import once
from tutor.lib.tables import table_label


@require_GET
@login_required
def positions(request: HttpRequest) -> HttpResponse:
    require_teacher(request)
    context = {"positions": Position.objects.filter(owner=request.user), "import_form": PositionImportForm()}
    return render(request, "classroom/positions.html", context)


def _set_being_written(request: HttpRequest) -> Classroom | None:
    """The class whose set form sent the teacher here (?para_tarea=<pk>), when it is theirs."""
    wanted = request.GET.get("para_tarea") or request.POST.get("para_tarea") or ""
    if (pk := whole(wanted)) is None:
        return None
    return Classroom.objects.filter(pk=pk, teachers=request.user, archived=False).first()


def _back_to_set(classroom: Classroom, position: Position | None) -> HttpResponse:
    url = f"{reverse('classroom:set_create', args=[classroom.pk])}?borrador=1"
    return redirect(f"{url}&posicion={position.pk}" if position else url)


@require_http_methods(["GET", "POST"])
@login_required
@once
def position_edit(request: HttpRequest, pk: int | None = None) -> HttpResponse:
    if pk is not None:
        instance = position_for_teacher(request, pk)
    else:
        require_teacher(request)
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
    position = position_for_teacher(request, pk)
    body = json.dumps({"title": position.title, **position.data}, ensure_ascii=False, indent=2)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="posicion-{position.pk}.json"'
    return response


@require_POST
@login_required
@once
def position_import(request: HttpRequest) -> HttpResponse:
    require_teacher(request)
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
    position = position_for_teacher(request, pk)
    position.delete()  # sets keep their own copy of the position
    messages.success(request, _("Posición borrada."))
    return redirect("classroom:positions")
