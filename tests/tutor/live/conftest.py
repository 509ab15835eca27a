from contextlib import contextmanager

import pytest

from bench.inprocess import run_queued_tasks
from tests.tutor.classroom.conftest import _fast_passwords, classroom, make_set, other_classroom, position
from tutor.live import services
from tutor.live.models import Round
from tutor.practice.identity import Owner

__all__ = ["_fast_passwords", "classroom", "other_classroom", "position", "run_queued_tasks"]


@pytest.fixture
def practice_set(classroom, teresa):
    return make_set(
        classroom, teresa, items=[{"kind": "family", "family": "obligacion", "count": 1, "difficulty": 1}]
    )


def set_round(classroom, teacher, practice_set, count: int = 3):
    """A round of ``count`` questions from ``practice_set``, class members only."""
    return services.start_round(
        classroom=classroom,
        teacher=teacher,
        source=Round.Source.SET,
        practice_set=practice_set,
        count=count,
        allow_guests=False,
    )


@pytest.fixture
def live(classroom, teresa, practice_set):
    """Teresa's round of three «¿Qué obligación tienes?» questions, class members only."""
    return set_round(classroom, teresa, practice_set)


def joined(live, user=None, anon_id="", nickname=""):
    return services.join(live=live, owner=Owner(user, anon_id), nickname=nickname)


def right_and_wrong(question) -> tuple[str, str]:
    """An option the engine grades right and one it grades wrong, for a choice question."""
    from engine.scenarios import grade

    scenario = question.get_scenario()
    marks = {o.value: grade(scenario, o.value).correct for o in scenario.options}
    return next(v for v, ok in marks.items() if ok), next(v for v, ok in marks.items() if not ok)


def press(client, live, action: str, **options):
    """The teacher's control ``action`` pressed on a page drawn now (at the round's current stage)."""
    from django.urls import reverse

    stage = Round.objects.values_list("stage", flat=True).get(pk=live.pk)
    return client.post(reverse("live:control", args=[live.code, action]), {"pressed_at": stage}, **options)


@pytest.fixture
def closing(django_capture_on_commit_callbacks):
    """``with closing():`` a block whose commits' callbacks run at its end (the pages told, the
    logging queued), then the task worker's pass over what they queued."""

    @contextmanager
    def block():
        with django_capture_on_commit_callbacks(execute=True):
            yield
        run_queued_tasks()

    return block
