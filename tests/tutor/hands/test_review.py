"""The graded review of a kept hand: asked for once, computed off the request by the task worker, kept,
and read back in the reader's language and person; never for another person's hand."""

import time

import pytest
from django.urls import reverse
from django.utils import timezone

from engine import records
from engine.analysis import analyse_hand
from engine.cantes import CANTE_MASK
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


def test_a_kept_hand_queues_its_review_once_and_the_first_visit_raises_it(
    alice, alice_client, django_capture_on_commit_callbacks
):
    """The review is queued by itself when the hand is kept, behind the reviews someone asked for; the
    learner opening its page moves that task up instead of queueing another."""
    from django_tasks_db.models import DBTaskResult

    with django_capture_on_commit_callbacks(execute=True):
        row = _played(alice, alice_client)
    task = DBTaskResult.objects.get(task_path="tutor.hands.tasks.review_hand")
    assert task.priority == reviews.KEPT_PRIORITY < reviews.ASKED_PRIORITY
    assert HandReview.objects.get(record=row).task_id == str(task.id)
    url = reverse("hands:review", args=[row.pk])
    with django_capture_on_commit_callbacks(execute=True) as queued:
        page = alice_client.get(url).content.decode()
    assert len(queued) == 1  # raising the waiting task, not queueing a second
    assert "analizando… 0 de 10 bazas" in page.lower() and 'hx-trigger="every 2s"' in page
    with django_capture_on_commit_callbacks(execute=True) as again:
        alice_client.get(url)
    assert again == [] and HandReview.objects.count() == 1  # a doubled visit queues nothing more
    task = DBTaskResult.objects.get(task_path="tutor.hands.tasks.review_hand")
    assert task.priority == reviews.ASKED_PRIORITY
    status = alice_client.get(url + "?estado=1", HTTP_HX_REQUEST="true")
    assert status.status_code == 200 and "review-progress" in status.content.decode()


def test_a_review_nobody_queued_before_is_queued_at_the_asked_priority_on_the_first_visit(
    alice, django_capture_on_commit_callbacks
):
    """A hand kept before reviews queued themselves (no review yet): the visit queues it, once, in front."""
    from django_tasks_db.models import DBTaskResult

    row = services.keep_pasted(owner=Owner(alice, ""), text=COMPLETE_RECORD, seat=0)
    HandReview.objects.filter(record=row).delete()
    with django_capture_on_commit_callbacks(execute=True) as queued:
        reviews.request(row)
        reviews.request(row)
    assert len(queued) == 1
    assert (
        DBTaskResult.objects.get(task_path="tutor.hands.tasks.review_hand").priority == reviews.ASKED_PRIORITY
    )


def test_asked_for_before_its_task_is_queued_the_review_is_queued_in_front(
    alice, django_capture_on_commit_callbacks
):
    """Another request asks for the review after the keeping committed but before its commit hook queued the
    task (no task id yet to raise): the hook queues the task at the asked priority, not behind every kept
    hand's."""
    from django_tasks_db.models import DBTaskResult

    with django_capture_on_commit_callbacks(execute=False) as keeping:  # its hooks held back
        row = services.keep_pasted(owner=Owner(alice, ""), text=COMPLETE_RECORD, seat=0)
    with django_capture_on_commit_callbacks(execute=True):
        reviews.request(row)  # the reader: nothing to raise yet
    assert not DBTaskResult.objects.exists()
    for hook in keeping:  # the keeping's hooks run now
        hook()
    task = DBTaskResult.objects.get(task_path="tutor.hands.tasks.review_hand")
    assert task.priority == reviews.ASKED_PRIORITY


def test_a_teachers_page_of_many_hands_raises_their_waiting_reviews(
    alice, django_capture_on_commit_callbacks
):
    """``request_many`` (the duplicate deal's page) moves a review still waiting at the kept hands' priority
    up, as one reader's visit does, and queues nothing twice."""
    from django_tasks_db.models import DBTaskResult

    with django_capture_on_commit_callbacks(execute=True):
        row = services.keep_pasted(owner=Owner(alice, ""), text=COMPLETE_RECORD, seat=0)
    assert DBTaskResult.objects.get().priority == reviews.KEPT_PRIORITY
    with django_capture_on_commit_callbacks(execute=True):
        reviews.request_many([row])
    assert DBTaskResult.objects.get().priority == reviews.ASKED_PRIORITY
    assert HandReview.objects.get(record=row).priority == reviews.ASKED_PRIORITY


def test_a_review_left_waiting_for_the_worker_says_the_worker_may_be_away(alice, alice_client):
    """No worker runs here: after a minute in the queue the page says why nothing moves."""
    row = _played(alice, alice_client)
    url = reverse("hands:review", args=[row.pk])
    late = "lleva más de un minuto esperando su turno"
    assert late not in alice_client.get(url).content.decode()
    an_hour_ago = timezone.now() - timezone.timedelta(hours=1)
    HandReview.objects.filter(record=row).update(updated_at=an_hour_ago)
    assert late in alice_client.get(url).content.decode()
    assert late in alice_client.get(url + "?estado=1", HTTP_HX_REQUEST="true").content.decode()
    # Once the worker has taken it, the page no longer blames the worker.
    HandReview.objects.filter(record=row).update(status=HandReview.Status.RUNNING, updated_at=an_hour_ago)
    assert late not in alice_client.get(url).content.decode()


def test_a_review_queued_by_itself_long_ago_waits_from_when_it_is_asked_for(alice, alice_client):
    """Queued when the hand was kept, behind every review asked for: the page opened an hour later does not
    blame the worker at once; its wait counts from the visit that raised it."""
    row = _played(alice, alice_client)
    an_hour_ago = timezone.now() - timezone.timedelta(hours=1)
    HandReview.objects.filter(record=row).update(updated_at=an_hour_ago)
    page = alice_client.get(reverse("hands:review", args=[row.pk])).content.decode()
    assert "lleva más de un minuto esperando su turno" not in page
    assert HandReview.objects.get(record=row).priority == reviews.ASKED_PRIORITY


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


def test_a_hand_with_unknown_cards_is_not_sent_to_the_worker_nor_shown_as_being_analysed(alice, alice_client):
    from engine.record_files import EXAMPLE

    row = services.keep_pasted(owner=Owner(alice, ""), text=EXAMPLE)
    page = alice_client.get(reverse("hands:review", args=[row.pk])).content.decode()
    assert HandReview.objects.get(record=row).status == HandReview.Status.UNAVAILABLE
    assert "Analizando" not in page and "no se conocen todas las cartas del reparto" in page


def test_while_a_review_waits_it_counts_the_records_own_tricks(alice):
    row = services.keep_pasted(owner=Owner(alice, ""), text=COMPLETE_RECORD)
    review = reviews.request(row)
    assert review.pending
    row.result["tricks"] = 7  # as a record of a hand left after seven tricks would say
    context = presenters.review_page(row, review, reader=0, names=True)
    assert "0 de 7 bazas" in context["progress"]


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
    # Queued by itself when the hand was kept; nobody else's visit raised it.
    assert HandReview.objects.get().priority == reviews.KEPT_PRIORITY
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


def _reviewed(alice, alice_client) -> tuple[HandRecord, HandReview]:
    row = _played(alice, alice_client)
    review = reviews.request(row)
    assert reviews.run(review.pk) == HandReview.Status.DONE
    review.refresh_from_db()
    return row, review


def test_the_four_hands_are_shown_folded_as_they_were_at_the_start_of_each_trick(alice, alice_client):
    row, review = _reviewed(alice, alice_client)
    record = records.read(row.text)
    page = alice_client.get(reverse("hands:review", args=[row.pk])).content.decode()
    assert page.count('<details class="review-hands">') == 10  # folded: no «open»
    context = presenters.review_page(row, review, reader=0, names=True)
    for n, trick in enumerate(context["tricks"], start=1):
        played_before = record.plays[: 4 * (n - 1)]
        assert f"Las cuatro manos al empezar la baza {n}" in page
        for seat, shown in enumerate(trick["hands"]["seats"]):
            gone = {int(p.card) for p in played_before if p.seat == seat}
            assert shown["cards"] == sorted(int(c) for c in record.hands[seat] if int(c) not in gone)
            assert len(shown["cards"]) == 11 - n and shown["unknown"] == 0
    assert "se muestran las que se saben" not in page


def test_a_partly_known_hand_shows_the_cards_known_and_says_so(alice, alice_client):
    from engine.record_files import EXAMPLE

    row = services.keep_pasted(owner=Owner(alice, ""), text=EXAMPLE)
    record = records.read(row.text)
    page = alice_client.get(reverse("hands:review", args=[row.pk])).content.decode()
    assert "De esta mano no se conocen todas las cartas: se muestran las que se saben." in page
    first = presenters.hands_by_trick(record, None)[0]["seats"]
    for seat, shown in enumerate(first):
        dealt = {int(c) for c in record.hands[seat] if c is not None}
        later = {int(p.card) for p in record.plays if p.seat == seat}
        sung = {  # a cante shows its rey and caballo
            c
            for e in record.events
            if isinstance(e, records.Cante) and e.seat == seat
            for c in range(40)
            if CANTE_MASK[e.suit] >> c & 1
        }
        turned = {int(record.trump_card)} if seat == record.dealer else set()  # the dealer holds it
        assert set(shown["cards"]) == dealt | later | sung | turned
        assert shown["unknown"] == 10 - len(dealt | later | sung | turned)
    assert any(s["unknown"] for s in first) and "que no se conoce" in page


def test_jugar_desde_aqui_plays_on_from_a_judged_card_against_the_bots(alice, alice_client):
    from tutor.play.models import Event, Match

    row, review = _reviewed(alice, alice_client)
    record = records.read(row.text)
    page = alice_client.get(reverse("hands:review", args=[row.pk])).content.decode()
    assert "«Jugar desde aquí» empieza una mano nueva contra los bots" in page
    context = presenters.review_page(row, review, reader=0, names=True, owner=True)
    judged = [j | {"trick": t["number"]} for t in context["tricks"] for j in t["judged"]]
    for seat in (0, 2):  # the learner's card, and the partner's (played on from the learner's next card)
        j = next(j for j in judged if j["trick"] == 4 and j["seat"] == seat)
        k = next(i for i, p in enumerate(record.plays) if i // 4 == 3 and p.seat == seat)
        mine = next(i for i in range(k, 40) if record.plays[i].seat == 0)
        assert f'action="{j["replay_url"]}"' in page
        response = alice_client.post(j["replay_url"])
        copy = Match.objects.get(token=response["Location"].split("/")[-2])
        assert copy.source_hand_id == row.match_hand_id
        assert Event.objects.filter(hand__match=copy, kind="card").count() == mine
    last = max(i for i, p in enumerate(record.plays) if p.seat == 0)
    for j in judged:  # a partner's card after the learner's last one has nothing to play on from
        k = next(i for i, p in enumerate(record.plays) if i // 4 == j["trick"] - 1 and p.seat == j["seat"])
        assert bool(j["replay_url"]) == (k <= last)
    refused = alice_client.post(reverse("play:replay_card", args=[row.match_hand_id, last + 1]), follow=True)
    assert "ya no te tocaba jugar" in refused.content.decode()


def test_jugar_desde_aqui_is_absent_where_it_cannot_be_and_the_page_says_why(
    alice, bob_client, alice_client, client
):
    row, review = _reviewed(alice, alice_client)
    assert bob_client.post(reverse("play:replay_card", args=[row.match_hand_id, 0])).status_code == 404
    services.share(row, names=False)
    row.refresh_from_db()
    shared = client.get(reverse("hands:shared_review", args=[row.share_token])).content.decode()
    assert "Solo quien jugó la mano puede seguir jugándola" in shared and "desde-carta" not in shared
    # A pasted hand that knows every card is played on from its own deal (tests/tutor/hands/
    # test_replay_records.py); one written partly is not, and the page says why.
    pasted = services.keep_pasted(owner=Owner(alice, ""), text=COMPLETE_RECORD)
    urls, why = presenters.replay_from(pasted, records.read(pasted.text), owner=True)
    assert why == "" and len(urls) == 40
    from engine.record_files import EXAMPLE

    partial = services.keep_pasted(owner=Owner(alice, ""), text=EXAMPLE)
    urls, why = presenters.replay_from(partial, records.read(partial.text), owner=True)
    assert urls == {} and "los bots necesitan las cuatro manos" in why


def test_the_page_says_what_each_label_means_from_the_named_thresholds(alice, alice_client):
    from engine.analysis import THRESHOLDS
    from engine.analysis.values import POINTS_PER_HAND

    row, _review = _reviewed(alice, alice_client)
    page = alice_client.get(reverse("hands:review", args=[row.pk])).content.decode()
    for _label, win, points in THRESHOLDS:
        assert f"al menos {round(100 * win)} manos menos de cada 100" in page
        if points is not None:
            assert f"al menos {round(points)} tantos menos de media" in page
    assert f"entre {POINTS_PER_HAND}" in page and "100 % es haber jugado siempre una de las mejores" in page


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
