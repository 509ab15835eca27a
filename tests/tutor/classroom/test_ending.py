"""A managed child's account ended by a teacher, and a class archived long enough erased whole."""

from datetime import timedelta

from django.contrib.auth import get_user_model
from django.utils import timezone

from tests.tutor.privacy.conftest import ZOE_ID, ZOE_REAL_NAME, busy_class, identifying, zoe, zoe_client
from tests.tutor.privacy.test_erasure import rows_naming
from tutor.classroom import ending
from tutor.classroom.models import Classroom, Membership

__all__ = ["busy_class", "zoe", "zoe_client"]


def test_ending_a_child_erases_her_everywhere_and_tells_what_was_done(busy_class, zoe, teresa):
    membership = Membership.objects.get(student=zoe)
    note = ending.ended_child(teresa, membership)
    assert (note.username, note.real_name, note.classroom) == ("zoequxlearner", ZOE_REAL_NAME, "4º B")
    assert rows_naming(ZOE_ID, identifying()) == {}


def test_archiving_dates_the_class_and_bringing_it_back_forgets_the_date(classroom):
    assert classroom.archived_at is None and ending.erasable_from(classroom) is None
    classroom.archived = True
    classroom.save(update_fields=["archived"])
    classroom.refresh_from_db()
    assert classroom.archived_at is not None
    assert not ending.can_erase(classroom)
    assert ending.can_erase(classroom, now=timezone.now() + timedelta(days=31))
    classroom.archived = False
    classroom.save(update_fields=["archived"])
    classroom.refresh_from_db()
    assert classroom.archived_at is None


def test_erasing_a_class_takes_its_managed_children_but_not_the_others(busy_class, zoe, alice, bob, charlie):
    classroom = busy_class["classroom"]
    other = Classroom.objects.create(name="Otra")
    Membership.objects.create(classroom=other, student=bob, managed=True)
    Membership.objects.filter(student=bob, classroom=classroom).update(managed=True)
    assert ending.erase_class(classroom) == 1  # zoe; bob is in another class too
    users = get_user_model().objects
    assert not Classroom.objects.filter(pk=classroom.pk).exists()
    assert not users.filter(pk=zoe.pk).exists()
    assert users.filter(pk__in=[alice.pk, bob.pk]).count() == 2
