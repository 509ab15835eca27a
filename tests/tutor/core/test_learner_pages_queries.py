"""The pages a signed-in learner opens read a fixed number of queries whatever the size of their
history, and Mi progreso's page, drawn once and kept, always shows the data and the clock as they are."""

import re
import time

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from engine.rules import PRESETS
from lessons.course import load_course
from lessons.models import StepProgress
from tests.tutor.progress.factories import owner_of, record
from tutor.play import services as play
from tutor.progress.models import FamilyCard
from tutor.progress.services import record_play

# Each page's queries at most, the session with its user included (one query, tutor.accounts.sessions):
# the home page reads its counts, the lessons done and (to keep them) the next moment a card or a retry
# falls due in one, then the recent answers; Mi progreso its skill counts, cards and review queue in
# one, its open retries, its recent answers and (nothing kept) its last hands' summaries; «Jugar» its
# unfinished matches and its newest in one.
PAGES = {reverse("core:home"): 3, reverse("progress:index"): 5, reverse("play:index"): 2}
# Just after a quiz answer: what the answer changed is read again, not «En la mesa»'s counts (kept under
# the learner's «hands» stamp).
AFTER_AN_ANSWER = {reverse("core:home"): 3, reverse("progress:index"): 4}
# Read again with nothing changed: the home and Mi progreso are kept under the learner's stamp, which the
# session read brings (tutor/accounts/stamps.py): the session is their one query.
KEPT = {reverse("core:home"): 1, reverse("progress:index"): 1}
RULES = [("R-OBL-ASISTIR",), ("R-OBL-MONTAR", "R-OBL-ASISTIR"), ("R-TRICK-2",), ("R-OBL-FALLAR",)]
FAMILIES = ["jugada", "validas", "ganador", "obligacion", "renuncio"]


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _history(user, answers: int, matches: int, steps: int) -> None:
    """Answers (a third right), graded plays at the table, matches (half of them finished) and lessons done."""
    owner = owner_of(user)
    for n in range(answers):
        record(owner, correct=n % 3 == 0, rule_ids=RULES[n % 4], family=FAMILIES[n % 5], seed=n)
    for n in range(answers // 2):
        record_play(learner_id=user.pk, anon_id="", rule_ids=RULES[n % 4], correct=n % 2 == 0)
    for n in range(matches):
        match = play.start_match(owner=owner, rules=PRESETS["guia"], level="principiante", seed=n)
        if n % 2:
            play.Match.objects.filter(pk=match.pk).update(finished_at=timezone.now())
    now = timezone.now()
    StepProgress.objects.bulk_create(
        StepProgress(learner=user, step_key=s.key, last_seen_at=now, done_at=now)
        for s in load_course().steps[:steps]
    )


def _queries(client, url: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    return len(queries)


@pytest.mark.parametrize("url", list(PAGES))
def test_a_learner_page_reads_as_many_queries_for_a_short_history_as_for_a_long_one(
    url, alice, bob, alice_client, bob_client
):
    _history(alice, answers=3, matches=1, steps=1)
    _history(bob, answers=120, matches=24, steps=30)
    few, many = _queries(alice_client, url), _queries(bob_client, url)
    assert few == many
    # Drawn once and kept: a second visit reads the same few queries, never more.
    assert _queries(alice_client, url) == _queries(bob_client, url) == KEPT.get(url, many)
    assert many <= PAGES[url]


@pytest.mark.parametrize("url", list(AFTER_AN_ANSWER))
def test_a_learner_page_just_after_an_answer_reads_what_the_answer_changed(url, alice, alice_client):
    from tests.tutor.progress.test_table_pages_queries import _hands

    _history(alice, answers=12, matches=1, steps=3)
    _hands(alice, 2)
    _queries(alice_client, url)
    record(owner_of(alice), correct=False, family="ganador", seed=99)
    assert _queries(alice_client, url) == AFTER_AN_ANSWER[url]


def test_mi_progreso_kept_page_shows_a_new_answer_at_once(alice, alice_client):
    url = reverse("progress:index")
    record(owner_of(alice), correct=True)
    assert "1 de 1 ejercicio" in alice_client.get(url).content.decode()
    record(owner_of(alice), correct=False, family="ganador")
    body = alice_client.get(url).content.decode()
    assert "1 de 2 ejercicios" in body and "1 ejercicio fallado" in body


def test_mi_progreso_kept_page_shows_a_review_falling_due_with_nothing_else_changed(alice, alice_client):
    url = reverse("progress:index")
    record(owner_of(alice), correct=True)
    FamilyCard.objects.update(due=timezone.now() + timezone.timedelta(seconds=1.5))
    before = alice_client.get(url).content.decode()
    assert "0 por repasar" in before and "en menos de un minuto" in before
    time.sleep(1.6)
    after = alice_client.get(url).content.decode()
    assert "1 por repasar" in after and "toca repasar" in after


def test_each_learner_sees_their_own_kept_page(alice, bob, alice_client, bob_client):
    url = reverse("progress:index")
    record(owner_of(alice), correct=True)
    record(owner_of(bob), correct=False)
    alice_client.get(url)
    body = bob_client.get(url).content.decode()
    assert "0 de 1 ejercicio" in body and "1 de 1 ejercicio" not in body
    # The kept page's forms carry this reader's own CSRF token: «Repasar ahora» posts.
    assert "csrf-token-of-the-reader" not in body and 'name="csrfmiddlewaretoken"' in body
    checked = Client(enforce_csrf_checks=True)
    checked.force_login(bob)
    page = checked.get(url).content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    assert checked.post(reverse("progress:review"), {"csrfmiddlewaretoken": token}).status_code == 302
