"""Review and mixed sessions: planned on the server, issued one at a time, ending with a summary."""

import random

import pytest
from django.urls import reverse

from tests.tutor.progress.factories import anonymous, owner_of, record, right_answer, wrong_answer
from tutor.practice.identity import SESSION_KEY
from tutor.practice.models import Issued
from tutor.practice.services import submit
from tutor.progress.models import PracticeSession, ReviewItem
from tutor.progress.sessions import start_mixed

REVIEW = reverse("progress:review")
MIXED = reverse("progress:mixed")


def _issued_at(response) -> Issued:
    assert response.status_code == 302
    token = response.url.rstrip("/").split("/")[-1]
    return Issued.objects.get(token=token)


def _follow_to_scenario(client, response) -> Issued:
    """From a redirect to session_next, on to the scenario it issues."""
    assert response.status_code == 302
    return _issued_at(client.get(response.url))


def test_review_reissues_the_failed_scenario_itself(alice, alice_client, cual_puedes_jugar):
    owner = owner_of(alice)
    failed, _ = submit(owner=owner, token=cual_puedes_jugar(alice).token, raw="4c")
    issued = _follow_to_scenario(alice_client, alice_client.post(REVIEW))
    assert issued.mode == "repaso"
    assert issued.source_attempt_id == failed.pk
    assert issued.scenario == failed.issued.scenario
    assert issued.session_item.session == PracticeSession.objects.get()
    assert issued.session_item.position == 0
    attempt, _ = submit(owner=owner, token=issued.token, raw="12c")
    assert attempt.correct
    assert ReviewItem.objects.get(attempt=failed).cleared_at is not None
    # the queue is empty now and no family is due yet: nothing to review
    response = alice_client.post(REVIEW, follow=True)
    assert "No tienes nada por repasar" in response.content.decode()


def test_a_wrong_answer_on_the_reissue_keeps_the_item_in_the_queue(alice, alice_client, cual_puedes_jugar):
    owner = owner_of(alice)
    failed, _ = submit(owner=owner, token=cual_puedes_jugar(alice).token, raw="4c")
    issued = _follow_to_scenario(alice_client, alice_client.post(REVIEW))
    submit(owner=owner, token=issued.token, raw="6b")
    item = ReviewItem.objects.get(attempt=failed)
    assert item.cleared_at is None and item.failures == 2
    assert ReviewItem.objects.count() == 1


def test_review_with_nothing_waiting_creates_no_session(alice_client):
    response = alice_client.post(REVIEW)
    assert response.status_code == 302 and response.url == reverse("progress:index")
    assert not PracticeSession.objects.exists()


def test_a_mixed_session_issues_ten_items_one_at_a_time_then_shows_a_summary(alice, alice_client):
    owner = owner_of(alice)
    response = alice_client.post(MIXED)
    session = PracticeSession.objects.get()
    assert session.kind == "mixta" and len(session.plan) == 10
    url = response.url
    results = []
    for n in range(10):
        issued = _issued_at(alice_client.get(url))
        assert issued.mode == "mixta"
        assert (issued.session_item.session_id, issued.session_item.position) == (session.pk, n)
        item = session.plan[n]
        assert issued.family == item["family"] and item["target"] in issued.rule_ids
        # asking again before answering gives the same scenario, not a new one
        assert _issued_at(alice_client.get(url)).pk == issued.pk
        raw = (n % 2 and right_answer(issued)) or wrong_answer(issued) or right_answer(issued)
        attempt, _ = submit(owner=owner, token=issued.token, raw=raw)
        results.append(attempt.correct)
        url = reverse("progress:session_next", args=[session.pk])
    response = alice_client.get(url)
    assert response.status_code == 302 and response.url == reverse(
        "progress:session_summary", args=[session.pk]
    )
    body = alice_client.get(response.url).content.decode()
    right = sum(results)
    assert right >= 5  # the odd ones were answered right
    assert body.count("✓ Bien") == right and body.count("✗ Mal") == 10 - right
    assert f"Has acertado {right} de 10 respondidos" in body
    assert Issued.objects.count() == 10


def test_a_mixed_session_leans_on_the_weak_skill(alice, alice_client):
    owner = owner_of(alice)
    for n in range(12):
        record(owner, correct=True, family="ganador", rule_ids=("R-TRICK-2",), seed=n)
    for n in range(4):
        record(owner, correct=False, family="jugada", rule_ids=("R-OBL-PISAR",), seed=n)
    # Seeded draws: the lean is a property of the weights, and a test must not fail one run in many.
    for n in range(20):
        start_mixed(owner=owner, rng=random.Random(n))
    alice_client.post(MIXED)  # the view plans through the same service
    targets = [item["target"] for s in PracticeSession.objects.all()[:20] for item in s.plan]
    # 4 of the 40 (family, rule) pairs aim at PISAR, each weighing 15 against 5 for a rule never
    # practised and 1 for TRICK-2: about 52 of 200 expected, 20 if drawn uniformly.
    assert targets.count("R-OBL-PISAR") >= 30


@pytest.mark.parametrize("name", ["session_next", "session_summary"])
def test_other_learners_and_visitors_cannot_use_a_session(
    name, alice_client, bob_client, charlie_client, client
):
    alice_client.post(MIXED)
    session = PracticeSession.objects.get()
    url = reverse(f"progress:{name}", args=[session.pk])
    for other in (bob_client, charlie_client, client):
        assert other.get(url).status_code == 404
    assert Issued.objects.count() == 0
    assert alice_client.get(url).status_code in (200, 302)


def test_an_anonymous_visitor_gets_a_review_of_their_own_failures_only(alice, client, cual_puedes_jugar):
    cual_puedes_jugar_alice = cual_puedes_jugar(alice)
    submit(owner=owner_of(alice), token=cual_puedes_jugar_alice.token, raw="4c")
    assert client.post(REVIEW).url == reverse("progress:index")
    anon_id = client.session[SESSION_KEY]
    failed, _ = submit(owner=anonymous(anon_id), token=cual_puedes_jugar(anonymous(anon_id)).token, raw="4c")
    issued = _follow_to_scenario(client, client.post(REVIEW))
    assert issued.source_attempt_id == failed.pk and issued.anon_id == anon_id


@pytest.mark.parametrize(("url", "method"), [(REVIEW, "get"), (MIXED, "get")])
def test_starting_a_session_rejects_get(url, method, alice_client):
    assert getattr(alice_client, method)(url).status_code == 405


def test_session_pages_reject_post(alice_client):
    alice_client.post(MIXED)
    session = PracticeSession.objects.get()
    for name in ("session_next", "session_summary"):
        assert alice_client.post(reverse(f"progress:{name}", args=[session.pk])).status_code == 405


def test_the_summary_makes_the_same_queries_however_long_the_session(alice, alice_client):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    alice_client.post(MIXED)
    session = PracticeSession.objects.get()
    summary = reverse("progress:session_summary", args=[session.pk])
    next_url = reverse("progress:session_next", args=[session.pk])
    alice_client.get(next_url)
    with CaptureQueriesContext(connection) as one:
        alice_client.get(summary)
    for _ in range(5):
        issued = _issued_at(alice_client.get(next_url))
        submit(owner=owner_of(alice), token=issued.token, raw=right_answer(issued))
    with CaptureQueriesContext(connection) as six:
        alice_client.get(summary)
    assert len(one) == len(six) <= 5


def test_each_question_of_a_mixed_session_says_where_the_learner_is(alice, alice_client):
    url = alice_client.post(MIXED).url
    for n in range(1, 4):
        issued = _issued_at(alice_client.get(url))
        body = alice_client.get(issued.get_absolute_url()).content.decode()
        assert f'<h1 class="h4" data-place>Sesión mixta · {n} de 10</h1>' in body
        submit(owner=owner_of(alice), token=issued.token, raw=right_answer(issued))


def test_a_review_question_says_where_the_learner_is(alice, alice_client, cual_puedes_jugar):
    submit(owner=owner_of(alice), token=cual_puedes_jugar(alice).token, raw="4c")
    issued = _follow_to_scenario(alice_client, alice_client.post(REVIEW))
    total = len(PracticeSession.objects.get().plan)
    body = alice_client.get(issued.get_absolute_url()).content.decode()
    assert f"Repaso · 1 de {total}" in body


def test_a_review_that_stops_at_ten_says_how_many_are_still_waiting(alice, alice_client):
    owner = owner_of(alice)
    for seed in range(12):
        record(owner, correct=False, seed=seed + 1)
    session_next = alice_client.post(REVIEW).url
    for _ in range(20):
        response = alice_client.get(session_next)
        if "/s/" not in response.url:
            break
        issued = _issued_at(response)
        submit(owner=owner, token=issued.token, raw=right_answer(issued))
    summary = alice_client.get(response.url).content.decode()
    assert "Un repaso trae como mucho 10 ejercicios fallados: aún te quedan 2 en la cola." in summary
    assert f'action="{REVIEW}"' in summary


def test_a_review_that_emptied_the_queue_says_nothing_about_a_limit(alice, alice_client):
    owner = owner_of(alice)
    record(owner, correct=False)
    session_next = alice_client.post(REVIEW).url
    issued = _issued_at(alice_client.get(session_next))
    submit(owner=owner, token=issued.token, raw=right_answer(issued))
    summary = alice_client.get(alice_client.get(session_next).url).content.decode()
    assert "Has acertado 1 de 1" in summary
    assert "data-review-left" not in summary
