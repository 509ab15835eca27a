"""A learner who has done a bit of everything, with names found nowhere else in the database: after
her erasure a search for them (and for her id) must come back empty in every table."""

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from lessons.models import StepProgress
from lessons.services import next_step_for, step_url
from tests.conftest import PASSWORD, hashed
from tests.tutor.classroom.conftest import _fast_passwords, classroom, make_set, position
from tests.tutor.live.conftest import joined, right_and_wrong, run_queued_tasks, set_round
from tests.tutor.play.conftest import play_out, start
from tutor.accounts.models import User
from tutor.classroom.models import Membership, Question
from tutor.live import services as live_services
from tutor.practice.identity import Owner
from tutor.practice.models import Attempt
from tutor.progress.sessions import start_mixed

__all__ = ["_fast_passwords", "classroom", "position"]

ZOE_ID = 987654321
ZOE = {
    "username": "zoequxlearner",
    "email": "zoe.qux@correo-unico.example",
    "first_name": "Zoequilla",
    "last_name": "Xuxunaga",
}
ZOE_REAL_NAME = "Zoequilla Xuxunaga Pérez"


def identifying(user_id: int = ZOE_ID) -> list[str]:
    """What names her: her id, username, name, e-mail and the real name her teacher typed."""
    return [str(user_id), *ZOE.values(), ZOE_REAL_NAME]


@pytest.fixture
def zoe(db):
    return User.objects.create(id=ZOE_ID, password=hashed(PASSWORD), role=User.Role.LEARNER, **ZOE)


@pytest.fixture
def zoe_client(zoe):
    client = Client()
    client.force_login(zoe)
    return client


def _answer_set(client, student, practice_set) -> None:
    assert client.get(reverse("classroom:task", args=[practice_set.pk])).status_code == 200
    for q in Question.objects.filter(assignment__student=student).select_related("issued"):
        key = q.issued.scenario["answer"]
        value = key if isinstance(key, list) else str(key)
        assert (
            client.post(reverse("practice:answer", args=[q.issued.token]), {"answer": value}).status_code
            == 302
        )


def _live_answer(live, user, right) -> None:
    question = live.questions.get(number=1)
    question.opened_at = timezone.now() - timedelta(seconds=5)
    question.save()
    good, bad = right_and_wrong(question)
    live_services.answer(live=live, participant=joined(live, user), number=1, raw=good if right else bad)


@pytest.fixture
def busy_class(classroom, teresa, alice, alice_client, zoe, zoe_client, django_capture_on_commit_callbacks):
    """Zoe (a managed child of teresa's class) and alice each answered a set, played a hand (kept in
    «Mis manos»), answered in a live round and opened a lesson; zoe also ran a practice session."""
    Membership.objects.create(classroom=classroom, student=zoe, real_name=ZOE_REAL_NAME, managed=True)
    practice_set = make_set(
        classroom, teresa, items=[{"kind": "family", "family": "obligacion", "count": 2, "difficulty": 1}]
    )
    for user, client in ((alice, alice_client), (zoe, zoe_client)):
        _answer_set(client, user, practice_set)
        play_out(client, start(user))  # a whole hand: kept in «Mis manos» as a record too
        step = next_step_for(None)
        assert client.get(step_url(step)).status_code == 200
        StepProgress.objects.get_or_create(
            learner=user, step_key=step.key, defaults={"last_seen_at": timezone.now()}
        )
    live = set_round(classroom, teresa, practice_set, count=1)
    with django_capture_on_commit_callbacks(execute=True):
        _live_answer(live, zoe, right=True)
        _live_answer(live, alice, right=False)
        live_services.reveal(live=live)
        live_services.finish(live=live)
    run_queued_tasks()  # the task worker logs the round's answers
    start_mixed(owner=Owner(zoe, ""))
    assert Attempt.objects.filter(learner=zoe).count() >= 3
    return {"classroom": classroom, "set": practice_set, "live": live}


def archive_files(data: bytes) -> dict[str, str]:
    import io
    import zipfile

    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {name: archive.read(name).decode() for name in archive.namelist()}
