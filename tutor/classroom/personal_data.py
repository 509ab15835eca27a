"""Classroom's part of an erasure (tutor/lib/personal_data.py); its rows that name the user
(memberships, assignments, positions, sets) are in the archive through the generic walk.

A teacher's erasure hands the sets they made to another teacher of the class, and erases whole the
classes nobody else teaches (their sets, rounds and the students' work in them; the students'
accounts stay). A student's memberships and assignments go with the account (the database cascades).
"""

from tutor.classroom.models import Classroom, PracticeSet
from tutor.lib.personal_data import before_erasure


@before_erasure
def hand_over_or_erase_classes(user):
    for classroom in Classroom.objects.filter(teachers=user):
        if not classroom.teachers.exclude(pk=user.pk).exists():
            classroom.delete()
    for practice_set in PracticeSet.objects.filter(created_by=user).select_related("classroom"):
        other = practice_set.classroom.teachers.exclude(pk=user.pk).order_by("pk").first()
        if other is None:
            practice_set.delete()
        else:
            PracticeSet.objects.filter(pk=practice_set.pk).update(created_by=other)
