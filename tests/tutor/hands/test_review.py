"""The graded review of a kept hand: asked for once, computed off the request by the task worker, kept,
and read back in the reader's language and person; never for another person's hand."""

import time

import pytest
from django.urls import reverse
from django.utils import timezone

from engine import records
from engine.analysis import analyse_hand
from engine.record_replay import hand_of
from tests.tutor.hands.samples import COMPLETE_RECORD
from tests.tutor.play.conftest import play_out, start
from tutor.hands import presenters, reviews, services
from tutor.hands.models import HandRecord, HandReview
from tutor.practice.identity import Owner


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _played(alice, alice_client) -> HandRecord:
    play_out(alice_client, start(alice, seed=5))
    return HandRecord.objects.get()


def test_the_first_visit_queues_one_review_and_shows_its_progress(
    alice, alice_client, django_capture_on_commit_callbacks
):
    row = _played(alice, alice_client)
    url = reverse("hands:review", args=[row.pk])
    with django_capture_on_commit_callbacks(execute=True) as queued:
        page = alice_client.get(url).content.decode()
    assert len(queued) == 1
    assert "analizando… 0 de 10 bazas" in page.lower() and 'hx-trigger="every 2s"' in page
    with django_capture_on_commit_callbacks(execute=True) as again:
        alice_client.get(url)
    assert again == [] and HandReview.objects.count() == 1  # a doubled visit queues nothing more
    from django_tasks_db.models import DBTaskResult

    assert DBTaskResult.objects.filter(task_path="tutor.hands.tasks.review_hand").count() == 1
    status = alice_client.get(url + "?estado=1", HTTP_HX_REQUEST="true")
    assert status.status_code == 200 and "review-progress" in status.content.decode()


def test_a_computed_review_is_the_analysers_and_is_read_from_storage(alice, alice_client):
    row = _played(alice, alice_client)
    review = reviews.request(row)
    assert reviews.run(review.pk) == HandReview.Status.DONE
    review.refresh_from_db()
    assert review.seats == [0, 2]  # the learner's cards and the partner's
    expected = analyse_hand(hand_of(records.read(row.text)), [0, 2], viewer=0)
    assert [(t["trick"], t["seat"], t["card"], t["label"]) for t in review.data["turns"]] == [
        (t.trick, t.seat, t.card.code, t.label) for t in expected.turns
    ]
    assert review.data["accuracy"]["0"] == pytest.approx(expected.accuracy(0))
    status = alice_client.get(reverse("hands:review", args=[row.pk]) + "?estado=1", HTTP_HX_REQUEST="true")
    assert status.status_code == 204 and status["HX-Refresh"] == "true"
    page = alice_client.get(reverse("hands:review", args=[row.pk])).content.decode()
    assert "precisión" in page and "Baza 10" in page
    for t in review.data["turns"]:
        label = {
            "la_mejor": "la mejor",
            "buena": "buena",
            "imprecision": "imprecisión",
            "error": "error",
        }.get(t["label"], "error grave")
        assert f"— {label}" in page.lower()


def test_no_better_card_is_printed_with_figures_equal_to_the_played_ones(alice, alice_client):
    for seed in range(5, 9):
        play_out(alice_client, start(alice, seed=seed))
    for row in HandRecord.objects.all():
        review = reviews.request(row)
        reviews.run(review.pk)
        review.refresh_from_db()
        context = presenters.review_page(row, review, reader=0, names=True)
        for trick in context["tricks"]:
            for j in trick["judged"]:
                if j["best"]:
                    played, best = j["played"], j["best_value"]
                    assert (played["win"], played["points"]) != (best["win"], best["points"])
                    assert j["label"] in presenters.BAD_LABELS


def test_a_hand_with_unknown_cards_cannot_be_valued_and_says_so(alice, alice_client):
    from engine.record_files import EXAMPLE

    row = services.keep_pasted(owner=Owner(alice, ""), text=EXAMPLE)
    review = reviews.request(row)
    assert reviews.run(review.pk) == HandReview.Status.UNAVAILABLE
    page = alice_client.get(reverse("hands:review", args=[row.pk])).content.decode()
    assert "no se conocen todas las cartas del reparto" in page


def test_a_pasted_whole_hand_is_valued_for_all_four_seats(alice):
    row = services.keep_pasted(owner=Owner(alice, ""), text=COMPLETE_RECORD)
    review = reviews.request(row)
    reviews.run(review.pk)
    review.refresh_from_db()
    assert review.seats == [0, 1, 2, 3]
    assert {t["seat"] for t in review.data["turns"]} == {0, 1, 2, 3}


def test_nobody_else_opens_a_review(alice, bob, alice_client, bob_client, client):
    row = _played(alice, alice_client)
    assert bob_client.get(reverse("hands:review", args=[row.pk])).status_code == 404
    assert client.get(reverse("hands:review", args=[row.pk])).status_code == 404
    assert not HandReview.objects.exists()
    services.share(row, names=False)
    row.refresh_from_db()
    assert client.get(reverse("hands:shared_review", args=[row.share_token])).status_code == 200


def test_the_reasons_speak_to_the_reader():
    # Written for the learner at seat 0: «tu compañero». A teacher (no seat) and the other seats read it
    # about that player: «su compañero», next to the line that names the player.
    cargar = {"msg": "review.reason.cargar", "facts": {"who": {"who": [0, None]}, "best": 0, "n": 11}}
    rule = {
        "msg": "review.rule_error",
        "facts": {
            "trick": 4,
            "who": {"who": [0, None]},
            "card": 5,
            "obligation": {"msg": "review.obligation.asistir", "facts": {}},
        },
    }
    from django.utils import translation

    with translation.override("es"):
        assert presenters._words(cargar, 0, 0).startswith("Tu compañero ya ganaba")
        assert presenters._words(cargar, 0, None).startswith("Su compañero ya ganaba")
        assert "jugaste" in presenters._words(rule, 0, 0)
        teacher = presenters._words(rule, 0, None)
        assert "jugador 1" in teacher and "jugaste" not in teacher
        assert "tu compañero" in presenters._words(rule, 0, 2).lower()


def test_a_failed_review_is_queued_again_on_the_next_visit(
    alice, alice_client, django_capture_on_commit_callbacks
):
    row = _played(alice, alice_client)
    review = reviews.request(row)
    HandReview.objects.filter(pk=review.pk).update(status=HandReview.Status.FAILED)
    with django_capture_on_commit_callbacks(execute=True) as queued:
        alice_client.get(reverse("hands:review", args=[row.pk]))
    assert len(queued) == 1
    review.refresh_from_db()
    assert review.status == HandReview.Status.QUEUED


def test_the_worker_computes_the_review_off_the_request(alice, task_worker):
    from django.test import Client

    client = Client()
    client.force_login(alice)
    play_out(client, start(alice, seed=5))
    row = HandRecord.objects.get()
    url = reverse("hands:review", args=[row.pk])
    client.get(url)
    deadline = time.monotonic() + 120
    while HandReview.objects.get().status != HandReview.Status.DONE:
        assert time.monotonic() < deadline, task_worker.output()
        time.sleep(0.2)
    started = time.perf_counter()
    page = client.get(url).content.decode()
    assert time.perf_counter() - started < 1.0  # drawn from the stored review, not recomputed
    assert "precisión" in page and "analizando" not in page


def test_an_analysis_that_fails_ends_failed_even_if_the_records_cantes_fail_too(alice, monkeypatch):
    """A failed (or unavailable) review keeps no summary: «En la mesa» reads done ones only, and reading
    the record's cantes again must not leave the review running forever when the record is what failed."""
    from tutor.hands import models

    row = HandRecord.objects.create(
        learner=alice, source="pegada", seat=0, text=COMPLETE_RECORD, played_at=timezone.now()
    )
    review = HandReview.objects.create(record=row, status=HandReview.Status.QUEUED, seats=[0, 2])

    def broken(*args, **kwargs):
        raise RuntimeError("a record the analysis cannot follow")

    monkeypatch.setattr(reviews, "analyse_hand", broken)
    monkeypatch.setattr(models, "cante_errors", broken)
    assert reviews.run(review.pk) == HandReview.Status.FAILED
    review.refresh_from_db()
    assert review.status == HandReview.Status.FAILED and review.summary == {}
