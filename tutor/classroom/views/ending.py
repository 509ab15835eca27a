"""Ending accounts and classes: a teacher ends a managed child's account (the child leaves the school)
with a printable note of what was done, and erases whole a class archived long enough
(tutor.classroom.ending does the work)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods

from tutor.classroom import ending
from tutor.classroom.forms import ConfirmForm
from tutor.classroom.views.access import class_for_teacher, membership_for_teacher


@require_http_methods(["GET", "POST"])
@login_required
def end_account(request: HttpRequest, pk: int, membership_pk: int) -> HttpResponse:
    membership = membership_for_teacher(request, pk, membership_pk)
    if not membership.managed:
        raise Http404  # only the accounts a teacher created: a learner's own account is hers to end
    form = ConfirmForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        note = ending.ended_child(request.user, membership)
        # The note is this response: nothing about the child is left to draw it again.
        return render(
            request,
            "classroom/ended_note.html",
            {"note": note, "classroom": membership.classroom, "heading": _("Cuenta dada de baja")},
        )
    return render(
        request,
        "classroom/end_account.html",
        {
            "membership": membership,
            "classroom": membership.classroom,
            "form": form,
            "heading": _("Dar de baja a %(name)s") % {"name": membership.display_name()},
            "submit": _("Dar de baja y borrar la cuenta"),
        },
    )


@require_http_methods(["GET", "POST"])
@login_required
def erase_class(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = class_for_teacher(request, pk)
    if not ending.can_erase(classroom):
        messages.error(request, _("Esta clase aún no se puede borrar."))
        return redirect(classroom)
    form = ConfirmForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        name = classroom.name
        erased = ending.erase_class(classroom)
        messages.success(
            request,
            ngettext(
                "Clase «%(name)s» borrada, con %(count)s cuenta creada para ella.",
                "Clase «%(name)s» borrada, con %(count)s cuentas creadas para ella.",
                erased,
            )
            % {"name": name, "count": erased},
        )
        return redirect("classroom:index")
    return render(
        request,
        "classroom/erase_class.html",
        {
            "classroom": classroom,
            "form": form,
            "heading": _("Borrar la clase %(name)s") % {"name": classroom.name},
        },
    )
