from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth import logout as auth_logout
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tutor.lib.once import once
from tutor.privacy import services, tasks
from tutor.privacy.forms import ConfirmPasswordForm
from tutor.privacy.models import DataExport


def _limits() -> dict:
    return {
        "anonymous_days": settings.ANONYMOUS_DATA_DAYS,
        "export_days": settings.EXPORT_KEPT_DAYS,
        "archived_days": settings.ARCHIVED_CLASS_ERASABLE_DAYS,
    }


@require_GET
def policy(request: HttpRequest) -> HttpResponse:
    return render(request, "privacy/policy.html", {"heading": _("Privacidad"), **_limits()})


@require_GET
@login_required
def my_data(request: HttpRequest) -> HttpResponse:
    export = DataExport.objects.filter(user=request.user).defer("archive").first()
    return render(
        request,
        "privacy/my_data.html",
        {"heading": _("Mis datos"), "export": export, "is_teacher": request.user.is_teacher, **_limits()},
    )


@require_POST
@login_required
@once
def request_export(request: HttpRequest) -> HttpResponse:
    # One archive in the making at a time: asking again meanwhile queues nothing more.
    if DataExport.objects.filter(user=request.user, state=DataExport.State.PENDING).exists():
        messages.info(request, _("Ya estamos preparando tu archivo. Vuelve a esta página en un momento."))
    else:
        tasks.ask_for_export(request.user)
        messages.success(request, _("Estamos preparando tu archivo. Vuelve a esta página en un momento."))
    return redirect("privacy:my_data")


@require_GET
@login_required
def download(request: HttpRequest, export_id: int) -> HttpResponse:
    export = DataExport.objects.filter(pk=export_id, user=request.user, state=DataExport.State.READY).first()
    if export is None:
        raise Http404
    response = HttpResponse(bytes(export.archive), content_type="application/zip")
    day = timezone.localdate(export.finished_at).isoformat()
    response["Content-Disposition"] = f'attachment; filename="tutor-de-tute-mis-datos-{day}.zip"'
    return response


def _children_erased_with(teacher) -> int:
    from tutor.classroom.ending import children_erased_with

    return children_erased_with(teacher)


@require_http_methods(["GET", "POST"])
@login_required
def delete_account(request: HttpRequest) -> HttpResponse:
    form = ConfirmPasswordForm(request, request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        user = get_user_model().objects.get(pk=request.user.pk)
        auth_logout(request)
        services.erase_user(user)
        messages.success(request, _("Tu cuenta y tus datos se han borrado."))
        return redirect("core:home")
    return render(
        request,
        "privacy/delete_account.html",
        {
            "heading": _("Borrar mi cuenta"),
            "form": form,
            "is_teacher": request.user.is_teacher,
            "children_erased": _children_erased_with(request.user) if request.user.is_teacher else 0,
        },
    )
