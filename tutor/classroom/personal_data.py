"""Classroom's part of «Mis datos» and of an erasure (tutor/lib/personal_data.py); its rows that name
the user (memberships, assignments, positions, sets) are in the archive through the generic walk.

The archive adds the names of the user's classes (a membership names its class by number only).
A teacher's erasure hands the sets they made to another teacher of the class, and erases whole the
classes nobody else teaches (their sets, rounds and the students' work in them) as an archived class
is erased: the managed children's accounts of such a class that are in no other class go with it
(nobody could give them a new password), the other students' accounts stay. A student's memberships and assignments go with the account (the database cascades).
"""

from django.db.models import Q

from tutor.classroom.models import Classroom, PracticeSet
from tutor.lib.personal_data import Table, before_erasure, erased_with, exports


@exports
def class_names(user):
    classes = (
        Classroom.objects.filter(Q(memberships__student=user) | Q(teachers=user)).distinct().order_by("pk")
    )
    yield Table("classroom/classes", [{"id": c.pk, "name": c.name, "archived": c.archived} for c in classes])


@before_erasure
def hand_over_or_erase_classes(user):
    from django.contrib.auth import get_user_model

    from tutor.classroom.ending import children_erased_with, classes_erased_with
    from tutor.privacy.services import erase_user

    # The children that go are the ones «Borrar mi cuenta» counted (all their classes go), decided before
    # any class is deleted, so the order of her classes cannot change who stays; the classes go first, so
    # no child's live answer is kept anonymised in a round that is then erased.
    children = children_erased_with(user)
    for classroom in classes_erased_with(user):
        classroom.delete()
    for child in get_user_model().objects.filter(pk__in=children):
        erase_user(child)
    for practice_set in PracticeSet.objects.filter(created_by=user).select_related("classroom"):
        other = practice_set.classroom.teachers.exclude(pk=user.pk).order_by("pk").first()
        if other is None:
            practice_set.delete()
        else:
            PracticeSet.objects.filter(pk=practice_set.pk).update(created_by=other)


@erased_with
def managed_children_of_erased_classes(user) -> set[int]:
    from tutor.classroom.ending import children_erased_with

    return children_erased_with(user)
