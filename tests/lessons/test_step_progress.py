"""Checkpoints complete steps: issued on request (POST), once per owner, graded as practice attempts,
merged at login."""

import pytest
from django.urls import reverse

from lessons.models import CheckpointIssue, StepProgress
from tests.lessons.conftest import right_answer, wrong_answer
from tutor.practice.identity import SESSION_KEY, Owner
from tutor.practice.models import Attempt, Issued
from tutor.practice.services import submit

UNIT, STEP = "montar", "la-mas-fuerte-de-la-baza"
KEY = f"{UNIT}/{STEP}"
URL = reverse("lessons:step", args=[UNIT, STEP])
START = reverse("lessons:start", args=[UNIT, STEP])


def _open_checkpoints(owner_q):
    return list(
        Issued.objects.filter(owner_q, lesson_checkpoint__step_key=KEY, attempt__isnull=True).order_by(
            "lesson_checkpoint__index"
        )
    )


def test_checkpoints_are_issued_as_lesson_practice_linked_to_their_step(alice, alice_client):
    alice_client.post(START)
    issued = list(Issued.objects.filter(learner=alice))
    assert len(issued) == 2
    assert {i.mode for i in issued} == {"leccion"}
    assert {i.lesson_checkpoint.step_key for i in issued} == {KEY}
    assert {i.lesson_checkpoint.index for i in issued} == {0, 1}
    assert {i.family for i in issued} == {"jugada", "validas"}
    assert all("R-OBL-MONTAR" in i.rule_ids for i in issued)


def test_a_fixed_checkpoint_issues_the_seeds_scenario(alice, alice_client):
    alice_client.post(reverse("lessons:start", args=["montar", "supera-la-salida"]))
    fixed = Issued.objects.get(learner=alice, lesson_checkpoint__index=0)
    assert fixed.fixed_id == "guia-cual-puedes-jugar"


def test_answering_every_checkpoint_right_completes_the_step(alice, alice_client):
    alice_client.post(START)
    owner = Owner(alice, "")
    first, second = _open_checkpoints(owner.q)
    attempt, _ = submit(owner=owner, token=first.token, raw=right_answer(first))
    assert attempt.correct and attempt.issued.lesson_checkpoint.step_key == KEY
    assert StepProgress.objects.get(learner=alice, step_key=KEY).done_at is None
    submit(owner=owner, token=second.token, raw=right_answer(second))
    assert StepProgress.objects.get(learner=alice, step_key=KEY).done_at is not None
    body = alice_client.get(reverse("lessons:index")).content.decode()
    assert "Has completado 1 de 50 pasos." in body


def test_a_wrong_answer_does_not_complete_and_a_new_question_follows(alice, alice_client):
    alice_client.post(START)
    owner = Owner(alice, "")
    first, second = _open_checkpoints(owner.q)
    attempt, _ = submit(owner=owner, token=first.token, raw=wrong_answer(first))
    assert not attempt.correct
    submit(owner=owner, token=second.token, raw=right_answer(second))
    assert StepProgress.objects.get(learner=alice, step_key=KEY).done_at is None
    body = alice_client.get(URL).content.decode()
    assert "fallada: pide otra pregunta" in body and "Otra pregunta" in body
    assert _open_checkpoints(owner.q) == []  # reading the page issues nothing
    response = alice_client.post(START)
    assert response.status_code == 302 and response["Location"] == f"{URL}#preguntas"
    (again,) = _open_checkpoints(owner.q)
    assert again.lesson_checkpoint.index == 0 and again.token != first.token
    submit(owner=owner, token=again.token, raw=right_answer(again))
    assert StepProgress.objects.get(learner=alice, step_key=KEY).done_at is not None


def test_a_passed_checkpoint_stays_passed_on_the_page(alice, alice_client):
    alice_client.post(START)
    owner = Owner(alice, "")
    first, _ = _open_checkpoints(owner.q)
    submit(owner=owner, token=first.token, raw=right_answer(first))
    body = alice_client.get(URL).content.decode()
    assert body.count("bien respondida") == 1
    assert Issued.objects.filter(learner=alice).count() == 2


def test_practice_answers_outside_lessons_complete_nothing(alice):
    from tutor.practice.services import issue

    owner = Owner(alice, "")
    issued = issue(owner=owner, mode="familia", family="jugada", target="R-OBL-MONTAR")
    submit(owner=owner, token=issued.token, raw=right_answer(issued))
    assert not StepProgress.objects.exists()


def test_one_learners_checkpoints_are_never_shown_to_another(alice_client, bob, bob_client):
    alice_client.post(START)
    alice_tokens = set(Issued.objects.values_list("token", flat=True))
    bob_client.post(START)
    body = bob_client.get(URL).content.decode()
    for token in alice_tokens:
        assert token not in body
    assert Issued.objects.filter(learner=bob).count() == 2


def test_another_learners_right_answers_do_not_complete_my_step(alice, alice_client, bob, bob_client):
    alice_client.post(START)
    bob_client.post(START)
    owner = Owner(alice, "")
    for issued in _open_checkpoints(owner.q):
        submit(owner=owner, token=issued.token, raw=right_answer(issued))
    assert StepProgress.objects.filter(learner=alice, done_at__isnull=False).count() == 1
    assert not StepProgress.objects.filter(learner=bob, done_at__isnull=False).exists()
    assert "Paso sin terminar" in bob_client.get(URL).content.decode()


@pytest.mark.django_db
def test_an_anonymous_learners_progress_joins_the_account_at_login(client, alice, password):
    client.post(START)
    anon_id = client.session[SESSION_KEY]
    owner = Owner(None, anon_id)
    for issued in _open_checkpoints(owner.q):
        submit(owner=owner, token=issued.token, raw=right_answer(issued))
    assert StepProgress.objects.get(anon_id=anon_id, step_key=KEY).done_at is not None
    # alice had looked at the same step before, logged in elsewhere
    StepProgress.objects.create(learner=alice, step_key=KEY)
    response = client.post(reverse("accounts:login"), {"username": "alice", "password": password})
    assert response.status_code == 302
    row = StepProgress.objects.get(step_key=KEY)
    assert row.learner == alice and row.done_at is not None and row.last_seen_at is not None
    assert not StepProgress.objects.filter(learner__isnull=True).exists()
    assert CheckpointIssue.objects.filter(issued__learner=alice).count() == 2
    assert "Has completado 1 de 50 pasos." in client.get(reverse("lessons:index")).content.decode()


def test_every_attempt_is_logged_once(alice, alice_client):
    alice_client.post(START)
    owner = Owner(alice, "")
    first, _ = _open_checkpoints(owner.q)
    submit(owner=owner, token=first.token, raw=right_answer(first))
    _, created = submit(owner=owner, token=first.token, raw=right_answer(first))
    assert not created
    assert Attempt.objects.filter(learner=alice).count() == 1


def test_asking_for_the_questions_twice_issues_them_once(alice, alice_client):
    alice_client.post(START)
    first = set(Issued.objects.values_list("token", flat=True))
    alice_client.post(START)
    alice_client.get(URL)
    assert set(Issued.objects.values_list("token", flat=True)) == first
    assert sorted(CheckpointIssue.objects.values_list("index", flat=True)) == [0, 1]


def test_starting_the_questions_is_post_only(alice_client):
    assert alice_client.get(START).status_code == 405
    assert not Issued.objects.exists() and not StepProgress.objects.exists()
