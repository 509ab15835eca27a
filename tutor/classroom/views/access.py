"""Who may open what: the lookups every classroom view starts from (a teacher's class, set,
position or student; a student's task), and the refusals they share."""

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _

from tutor.classroom.models import Assignment, Classroom, Membership, Position, PracticeSet


def require_teacher(request: HttpRequest) -> None:
    if not request.user.is_teacher:
        raise PermissionDenied(_("Esta página es solo para profesores."))


def class_for_teacher(request: HttpRequest, pk: int) -> Classroom:
    return get_object_or_404(Classroom, pk=pk, teachers=request.user)


def set_for_teacher(request: HttpRequest, pk: int) -> PracticeSet:
    return get_object_or_404(
        PracticeSet.objects.select_related("classroom"), pk=pk, classroom__teachers=request.user
    )


def position_for_teacher(request: HttpRequest, pk: int) -> Position:
    return get_object_or_404(Position, pk=pk, owner=request.user)


def membership_for_teacher(request: HttpRequest, pk: int, membership_pk: int) -> Membership:
    classroom = class_for_teacher(request, pk)
    return get_object_or_404(
        Membership.objects.select_related("student"), pk=membership_pk, classroom=classroom
    )


def assignment_for_student(request: HttpRequest, set_pk: int) -> Assignment:
    return get_object_or_404(
        Assignment.objects.select_related("practice_set__classroom"),
        practice_set_id=set_pk,
        student=request.user,
        withdrawn_at__isnull=True,
        practice_set__published_at__isnull=False,
        practice_set__classroom__memberships__student=request.user,
    )


def refuse_archived(request: HttpRequest, classroom: Classroom) -> HttpResponse | None:
    if classroom.archived:
        messages.error(request, _("La clase está archivada: solo se puede consultar."))
        return redirect(classroom)
    return None


def real_names(classroom: Classroom) -> dict[int, str]:
    """Student id -> real name (or username). For the class's teachers only."""
    return {
        m.student_id: m.display_name()
        for m in Membership.objects.filter(classroom=classroom).select_related("student")
    }
