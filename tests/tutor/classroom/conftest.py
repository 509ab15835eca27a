import pytest
from django.utils import timezone

from tutor.classroom import services
from tutor.classroom.models import Membership, Position


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    # Five personas per test: the production hasher would make these modules take minutes.
    settings.PASSWORD_HASHERS = [
        "django.contrib.auth.hashers.MD5PasswordHasher",
        "tutor.classroom.passwords.FreshPasswordHasher",
    ]


@pytest.fixture
def classroom(teresa, alice, bob):
    """Teresa's class with alice and bob (real names set); tomas is not in it."""
    c = services.create_classroom(teacher=teresa, name="4º B", rules="guia")
    Membership.objects.create(classroom=c, student=alice, real_name="Alicia Gómez")
    Membership.objects.create(classroom=c, student=bob, real_name="Roberto Díaz")
    return c


@pytest.fixture
def other_classroom(tomas, charlie):
    c = services.create_classroom(teacher=tomas, name="Club de los martes", rules="estricta")
    Membership.objects.create(classroom=c, student=charlie, real_name="Carlos Ruiz")
    return c


@pytest.fixture
def position(teresa):
    return Position.objects.create(
        owner=teresa,
        title="Montar con el rey",
        data={"trump": "o", "trick": ["10c"], "hand": ["12c", "4c", "6b"], "rules": "guia"},
    )


def make_set(classroom, teacher, *, items=None, publish=True, due_in_days=3, **fields):
    items = (
        items if items is not None else [{"kind": "family", "family": "jugada", "count": 2, "difficulty": 1}]
    )
    return services.save_set(
        classroom=classroom,
        teacher=teacher,
        fields={
            "title": fields.pop("title", "Asistir y montar"),
            "instructions": "",
            "kind": fields.pop("kind", "items"),
            "goal_skill": fields.pop("goal_skill", ""),
            "goal_level": fields.pop("goal_level", None),
            "opens_at": timezone.now() - timezone.timedelta(hours=1),
            "due_at": timezone.now() + timezone.timedelta(days=due_in_days),
            "whole_class": fields.pop("whole_class", True),
        },
        items=items,
        students=fields.pop("students", []),
        publish=publish,
    )
