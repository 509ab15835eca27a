import pytest
from django.core.management import CommandError, call_command

from tutor.accounts.models import User


def test_it_creates_the_demo_learner_and_teacher(db, settings):
    settings.DEBUG = True
    call_command("seed_demo")
    call_command("seed_demo")
    learner, teacher = User.objects.get(username="alumna"), User.objects.get(username="profesora")
    assert not learner.is_teacher and learner.check_password("baraja-de-oros")
    assert teacher.is_teacher and teacher.check_password("baraja-de-copas")
    assert User.objects.count() == 2


def test_it_creates_one_demo_class_with_the_learner_and_a_published_set(db, settings):
    from tutor.classroom.models import Assignment, Classroom

    settings.DEBUG = True
    call_command("seed_demo")
    call_command("seed_demo")
    classroom = Classroom.objects.get()
    assert [t.username for t in classroom.teachers.all()] == ["profesora"]
    assert [m.student.username for m in classroom.memberships.all()] == ["alumna"]
    row = Assignment.objects.get()
    assert row.student.username == "alumna"
    assert row.practice_set.published_at is not None
    assert row.total == 8


def test_it_refuses_without_debug(db, settings):
    settings.DEBUG = False
    with pytest.raises(CommandError):
        call_command("seed_demo")
    assert not User.objects.exists()
