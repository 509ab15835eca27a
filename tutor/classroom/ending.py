"""A managed child's account ended by a teacher of the class (the child leaves the school), and a class
archived long enough erased whole by its teachers. Both erase through tutor.privacy, as «Borrar mi
cuenta» does."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Count, Q
from django.utils import timezone

from tutor.classroom.models import Classroom, Membership
from tutor.privacy.services import erase_user


@dataclass(frozen=True)
class EndedAccount:
    """What the printable note says: who, from which class, when, and by whom."""

    username: str
    real_name: str
    classroom: str
    teacher: str
    when: datetime


def ended_child(teacher, membership: Membership) -> EndedAccount:
    """Erase the managed child of ``membership`` (the caller has checked that ``teacher`` teaches
    its class and that the account is managed)."""
    note = EndedAccount(
        username=membership.student.username,
        real_name=membership.real_name,
        classroom=membership.classroom.name,
        teacher=teacher.get_full_name() or teacher.username,
        when=timezone.now(),
    )
    erase_user(membership.student)
    return note


def erasable_from(classroom: Classroom) -> datetime | None:
    """When an archived class may be erased whole; None when it is not archived."""
    if not classroom.archived or classroom.archived_at is None:
        return None
    return classroom.archived_at + timedelta(days=settings.ARCHIVED_CLASS_ERASABLE_DAYS)


def can_erase(classroom: Classroom, now: datetime | None = None) -> bool:
    start = erasable_from(classroom)
    return start is not None and (now or timezone.now()) >= start


def children_only_in(classroom: Classroom) -> list:
    """The managed children's accounts of ``classroom`` that belong to no other class: without the
    class nobody could give them a new password, so they go with it."""
    return [
        m.student
        for m in classroom.memberships.filter(managed=True).select_related("student")
        if not Membership.objects.filter(student=m.student).exclude(classroom=classroom).exists()
    ]


def erase_class(classroom: Classroom) -> int:
    """Erase the class with its sets, rounds and the students' work in them, and the managed
    children's accounts that belong to no other class. Returns how many accounts were erased."""
    with transaction.atomic():
        children = children_only_in(classroom)
        # The class first: its rounds go whole, so no child's live answer is kept anonymised in a
        # round that is then erased.
        classroom.delete()
        for child in children:
            erase_user(child)
    return len(children)


def classes_erased_with(teacher) -> list[Classroom]:
    """The classes that ``teacher`` alone teaches: erasing her account erases them."""
    return [
        c
        for c in Classroom.objects.filter(teachers=teacher)
        if not c.teachers.exclude(pk=teacher.pk).exists()
    ]


def children_erased_with(teacher) -> set[int]:
    """The managed children's accounts erasing ``teacher`` erases: those whose every class is one she
    alone teaches (erase_class takes her classes one after the other, so a child in two of them goes
    with the second)."""
    classes = {c.pk for c in classes_erased_with(teacher)}
    members = Membership.objects.filter(classroom_id__in=classes, managed=True).values_list("student_id")
    return set(
        Membership.objects.filter(student_id__in=members)
        .values("student_id")
        .annotate(outside=Count("pk", filter=~Q(classroom_id__in=classes)))
        .filter(outside=0)
        .values_list("student_id", flat=True)
    )
