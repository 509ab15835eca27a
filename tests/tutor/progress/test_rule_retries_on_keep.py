"""A kept hand's rule errors (renuncios, cantes missed or sung wrongly) become retries as it is kept, from the
referee's rulings, whoever keeps it (a bot hand, a class task, a table with people, a pasted hand with its
seat): nobody has to open its review. The review, queued by itself at the lower priority, adds the play
errors later and makes no rule item twice; its rule items are the very ones made at keeping."""

import pytest
from django.urls import reverse

from engine import records
from engine.analysis import analyse_hand
from engine.analysis.retry import cante_errors, renuncios
from engine.record_replay import hand_of
from engine.rules import PRESETS
from tests.engine.planted import RENUNCIOS, SEAT, planted
from tutor.hands import reviews, services
from tutor.hands.models import HandReview
from tutor.hands.reviews import as_data
from tutor.practice.identity import Owner
from tutor.progress import retries
from tutor.progress.models import TableRetry

RULE_KINDS = (*RENUNCIOS, "cante_missed", "cante_wrong")
KIND_OF = {**dict.fromkeys(RENUNCIOS, "regla"), "cante_missed": "cante", "cante_wrong": "cante"}
FIELDS = ("play", "seat", "kind", "card", "theme", "rule_ids", "label", "grades", "reasons", "viewer")


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _keep(how: str, user, record, n: int):
    owner = Owner(user, "")
    if how == "bots":
        return services.keep_played_hand(
            owner=owner, match_hand_id=n, record=record, seat=SEAT, source="bots"
        ).row
    if how == "tarea":
        return services.keep_played_hand(
            owner=owner, match_hand_id=n, record=record, seat=SEAT, source="tarea"
        ).row
    if how == "mesa":
        return services.keep_table_hand(owner=owner, table_hand_id=n, record=record, seat=SEAT).row
    return services.keep_pasted(owner=owner, text=records.write(record), seat=SEAT)


@pytest.mark.parametrize("rules_key", sorted(PRESETS))
@pytest.mark.parametrize("kind", RULE_KINDS)
def test_a_rule_error_is_an_item_as_soon_as_the_hand_is_kept(rules_key, kind, alice, alice_client):
    p = planted(rules_key, kind)
    for n, how in enumerate(("bots", "tarea", "mesa", "pegada"), start=1):
        row = _keep(how, alice, p.record, n)
        item = TableRetry.objects.get(record=row, play=p.plays, kind=KIND_OF[kind])
        assert item.learner == alice and item.seat == SEAT and item.card == p.card and item.open
        # Its review waits for the worker, behind those someone asked for; nothing was analysed.
        review = HandReview.objects.get(record=row)
        assert review.status == HandReview.Status.QUEUED and review.priority == reviews.KEPT_PRIORITY
    page = alice_client.get(reverse("progress:retries")).content.decode()
    assert page.count(f'href="{reverse("progress:retry", args=[item.pk])}"') == 1


@pytest.mark.parametrize("kind", RULE_KINDS)
def test_the_review_makes_the_same_rule_items_and_none_twice(kind, alice, bob):
    p = planted("ludoteka", kind)
    row = services.keep_pasted(owner=Owner(alice, ""), text=records.write(p.record), seat=SEAT)
    at_keeping = {
        (i.kind, i.play): [getattr(i, f) for f in FIELDS] for i in TableRetry.objects.filter(record=row)
    }
    assert at_keeping
    # The same hand, bob's, whose items come from its review only (as before this change).
    other = services.keep_pasted(owner=Owner(bob, ""), text=records.write(p.record), seat=SEAT)
    TableRetry.objects.filter(record=other).delete()
    trick = min(p.plays // 4 + 1, 10)
    data = as_data(analyse_hand(hand_of(p.record), [SEAT], viewer=SEAT, tricks=[trick]), SEAT)
    for r in (row, other):
        HandReview.objects.filter(record=r).update(status=HandReview.Status.DONE, data=data)
        retries.make_items(HandReview.objects.get(record=r))
    after = {(i.kind, i.play): [getattr(i, f) for f in FIELDS] for i in TableRetry.objects.filter(record=row)}
    from_review = {
        (i.kind, i.play): [getattr(i, f) for f in FIELDS]
        for i in TableRetry.objects.filter(record=other, kind__in=("regla", "cante"))
    }
    rules_after = {k: v for k, v in after.items() if k[0] in ("regla", "cante")}
    assert rules_after == at_keeping == from_review


def test_a_hand_whose_seat_is_not_known_makes_no_item_and_queues_no_review(alice):
    p = planted("guia", "asistir")
    row = services.keep_pasted(owner=Owner(alice, ""), text=records.write(p.record))
    assert not TableRetry.objects.filter(record=row).exists()
    assert not HandReview.objects.filter(record=row).exists()


def test_a_hand_played_against_the_bots_queues_its_review_at_the_lower_priority(alice, alice_client):
    from tests.tutor.play.conftest import play_out, start

    play_out(alice_client, start(alice, seed=5))
    review = HandReview.objects.get()
    assert review.status == HandReview.Status.QUEUED and review.priority == reviews.KEPT_PRIORITY
    # play_out sings nothing: the cantes the learner let pass are items already, the play errors are not.
    record = records.read(review.record.text)
    expected = {("cante", e.plays) for e in cante_errors(record, SEAT)} | {
        ("regla", n) for n, _e in renuncios(record, SEAT)
    }
    assert expected and set(TableRetry.objects.values_list("kind", "play")) == expected
