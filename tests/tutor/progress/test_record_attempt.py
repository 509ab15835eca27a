"""What one recorded attempt changes: statistics, the review queue and the family's FSRS card."""

import random

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from fsrs import Card, Rating, State

from tests.tutor.progress.factories import anonymous, owner_of, record, record_many
from tutor.accounts.models import ShownStamp
from tutor.progress import report
from tutor.progress.models import FamilyCard, ReviewItem, ReviewLogEntry, SkillStat
from tutor.progress.services import rebuild_all, rebuild_owner


def _stat(owner, key):
    return SkillStat.objects.get(owner.q, key=key)


def test_it_counts_an_attempt_for_its_family_and_each_rule(alice):
    owner = owner_of(alice)
    record(owner, correct=False, rule_ids=("R-OBL-ASISTIR", "R-OBL-MONTAR"))
    record(owner, correct=True, rule_ids=("R-OBL-ASISTIR",))
    family = _stat(owner, "jugada")
    assert (family.kind, family.attempts, family.correct, family.recent) == ("family", 2, 1, "01")
    asistir = _stat(owner, "R-OBL-ASISTIR")
    assert (asistir.kind, asistir.attempts, asistir.correct, asistir.recent) == ("rule", 2, 1, "01")
    montar = _stat(owner, "R-OBL-MONTAR")
    assert (montar.attempts, montar.correct, montar.recent) == (1, 0, "0")


def test_a_rule_listed_twice_counts_once(alice):
    owner = owner_of(alice)
    record(owner, correct=True, rule_ids=("R-OBL-ASISTIR", "R-OBL-ASISTIR"))
    assert _stat(owner, "R-OBL-ASISTIR").attempts == 1


def test_mastery_rises_and_falls_with_the_stored_recent_results(alice):
    owner = owner_of(alice)
    record_many(owner, "1" * 10)
    assert _stat(owner, "R-OBL-ASISTIR").mastery == 100
    record_many(owner, "0000")
    stat = _stat(owner, "R-OBL-ASISTIR")
    assert stat.recent == "111111" + "0000"
    assert stat.mastery == 50


def test_owners_keep_separate_statistics(alice, bob):
    record(owner_of(alice), correct=True)
    record(owner_of(bob), correct=False)
    record(anonymous(), correct=False)
    assert _stat(owner_of(alice), "jugada").correct == 1
    assert _stat(owner_of(bob), "jugada").correct == 0
    assert _stat(anonymous(), "jugada").attempts == 1
    assert SkillStat.objects.filter(kind="family").count() == 3


def test_a_failed_scenario_enters_the_review_queue_and_a_right_one_does_not(alice):
    owner = owner_of(alice)
    right = record(owner, correct=True)
    wrong = record(owner, correct=False, misconception="no_monto")
    assert list(ReviewItem.objects.values_list("attempt_id", flat=True)) == [wrong.pk]
    assert not ReviewItem.objects.filter(attempt=right).exists()


def test_an_item_leaves_the_queue_when_a_reissue_of_it_is_answered_right(alice):
    owner = owner_of(alice)
    wrong = record(owner, correct=False)
    record(owner, correct=False, source_attempt=wrong)
    item = ReviewItem.objects.get(attempt=wrong)
    assert item.cleared_at is None and item.failures == 2
    # the failed re-issue did not become a second item
    assert ReviewItem.objects.count() == 1
    fixed = record(owner, correct=True, source_attempt=wrong)
    item.refresh_from_db()
    assert item.cleared_at == fixed.created_at
    assert report.review_queue(owner) == []


def test_a_right_answer_to_a_fresh_scenario_does_not_clear_the_queue(alice):
    owner = owner_of(alice)
    record(owner, correct=False, family="jugada")
    record(owner, correct=True, family="jugada")
    assert len(report.review_queue(owner)) == 1


def test_the_review_queue_is_shuffled(alice):
    owner = owner_of(alice)
    failed = [record(owner, correct=False, seed=n).pk for n in range(6)]
    orders = {
        tuple(item.attempt_id for item in report.review_queue(owner, random.Random(seed)))
        for seed in range(20)
    }
    assert all(sorted(order) == failed for order in orders)
    assert len(orders) > 1
    # and without a seeded source it is not always the creation order either
    unseeded = {tuple(i.attempt_id for i in report.review_queue(owner)) for _ in range(30)}
    assert len(unseeded) > 1


def test_one_learner_never_gets_another_learners_review_items(alice, bob):
    record(owner_of(alice), correct=False)
    assert report.review_queue(owner_of(bob)) == []
    assert len(report.review_queue(owner_of(alice))) == 1


def test_a_right_answer_is_a_good_review_and_a_wrong_one_an_again_review(alice):
    owner = owner_of(alice)
    right = record(owner, correct=True)
    wrong = record(owner, correct=False)
    assert ReviewLogEntry.objects.get(attempt=right).rating == Rating.Good
    assert ReviewLogEntry.objects.get(attempt=wrong).rating == Rating.Again
    log = ReviewLogEntry.objects.get(attempt=wrong).log
    assert log["rating"] == int(Rating.Again)
    card = Card.from_dict(FamilyCard.objects.get(owner.q, family="jugada").card)
    assert card.card_id == right.pk
    assert card.state in (State.Learning, State.Relearning)


def test_the_card_is_due_a_minute_after_a_failure_and_later_after_right_answers(alice):
    owner = owner_of(alice)
    wrong = record(owner, correct=False, family="ganador", rule_ids=("R-TRICK-2",))
    reviewed = ReviewLogEntry.objects.get(attempt=wrong).reviewed_at
    card = FamilyCard.objects.get(owner.q, family="ganador")
    assert (card.due - reviewed).total_seconds() == 60  # py-fsrs's first learning step
    for _ in range(3):
        last = record(owner, correct=True, family="ganador", rule_ids=("R-TRICK-2",))
    card.refresh_from_db()
    reviewed = ReviewLogEntry.objects.get(attempt=last).reviewed_at
    assert (card.due - reviewed).days >= 1  # graduated to review: days, not minutes


def test_the_card_is_rebuilt_from_the_review_logs(alice):
    owner = owner_of(alice)
    for r in "1101011":
        record(owner, correct=r == "1", family="validas", rule_ids=("R-OBL-FALLAR",))
    before = FamilyCard.objects.get(owner.q, family="validas")
    FamilyCard.objects.filter(owner.q).update(card={}, due=None)
    rebuild_owner(learner_id=alice.pk, anon_id="")
    after = FamilyCard.objects.get(owner.q, family="validas")
    assert after.card == before.card
    assert after.due == before.due
    assert after.card["last_review"] is not None


def _snapshot():
    stats = sorted(
        SkillStat.objects.values_list(
            "learner_id", "anon_id", "kind", "key", "attempts", "correct", "recent", "last_attempt_at"
        ),
        key=str,
    )
    items = sorted(
        ReviewItem.objects.values_list(
            "learner_id", "anon_id", "attempt_id", "family", "failures", "created_at", "cleared_at"
        ),
        key=str,
    )
    cards = sorted(FamilyCard.objects.values_list("learner_id", "anon_id", "family", "card", "due"), key=str)
    return stats, items, cards


def _varied_practice(alice, bob):
    rng = random.Random(7)
    owners = [owner_of(alice), owner_of(bob), anonymous()]
    rules = [("R-OBL-ASISTIR",), ("R-OBL-ASISTIR", "R-OBL-MONTAR"), ("R-OBL-FALLAR",), ("R-TRICK-2",)]
    failed = []
    for n in range(60):
        owner = rng.choice(owners)
        correct = rng.random() < 0.6
        family = rng.choice(["jugada", "validas", "ganador"])
        mine = [a for a in failed if a.learner_id == (owner.user.pk if owner.user else None)]
        source = rng.choice(mine) if mine and rng.random() < 0.3 else None
        attempt = record(
            owner,
            correct=correct,
            family=source.family if source else family,
            rule_ids=rng.choice(rules),
            source_attempt=source,
            seed=n,
        )
        if not correct and source is None:
            failed.append(attempt)


def test_rebuild_gives_exactly_what_the_incremental_updates_gave(alice, bob):
    _varied_practice(alice, bob)
    incremental = _snapshot()
    assert incremental[1]  # some items in the queue, some cleared
    assert any(item[-1] for item in incremental[1]) and any(not item[-1] for item in incremental[1])
    rebuild_all()
    assert _snapshot() == incremental


def test_the_command_rebuilds_caches_that_were_lost_or_corrupted(alice, bob):
    _varied_practice(alice, bob)
    incremental = _snapshot()
    SkillStat.objects.filter(kind="rule").delete()
    SkillStat.objects.filter(kind="family").update(attempts=999, recent="")
    ReviewItem.objects.all().delete()
    FamilyCard.objects.all().delete()
    call_command("rebuild_progress", stdout=open("/dev/null", "w"))
    assert _snapshot() == incremental


def test_the_command_logs_a_review_for_attempts_recorded_before_progress_listened(alice):
    owner = owner_of(alice)
    attempt = record(owner, correct=False)
    ReviewLogEntry.objects.all().delete()
    call_command("rebuild_progress", stdout=open("/dev/null", "w"))
    entry = ReviewLogEntry.objects.get(attempt=attempt)
    assert entry.rating == Rating.Again and entry.reviewed_at == attempt.created_at
    assert FamilyCard.objects.get(owner.q, family="jugada").card["card_id"] == attempt.pk


@pytest.mark.parametrize("who", ["learner", "visitor"])
def test_an_answers_progress_writes_are_two_statements_on_postgresql(alice, who):
    """The skills' counts with the card taken, then the card saved with its review log entry and
    review item: one statement each on PostgreSQL (its WITH parts), one by one on SQLite; the rows
    and the learner's stamp move as they did."""
    owner = owner_of(alice) if who == "learner" else anonymous()
    record(owner, correct=True, rule_ids=("R-OBL-ASISTIR", "R-OBL-MONTAR"))
    stamp = ShownStamp.objects.filter(user=alice).values_list("n", flat=True).first()
    card_before = FamilyCard.objects.get(owner.q, family="jugada").card
    with CaptureQueriesContext(connection) as queries:
        wrong = record(owner, correct=False, rule_ids=("R-OBL-ASISTIR", "R-OBL-MONTAR"))
    progress = [q["sql"] for q in queries if "progress_" in q["sql"]]
    assert len(progress) == (2 if connection.vendor == "postgresql" else 5), progress
    assert [
        (s.key, s.attempts, s.correct, s.recent) for s in SkillStat.objects.filter(owner.q).order_by("key")
    ] == [
        ("R-OBL-ASISTIR", 2, 1, "10"),
        ("R-OBL-MONTAR", 2, 1, "10"),
        ("jugada", 2, 1, "10"),
    ]
    item = ReviewItem.objects.get(owner.q)
    assert (item.attempt_id, item.family, item.failures, item.created_at, item.cleared_at) == (
        wrong.pk,
        "jugada",
        1,
        wrong.created_at,
        None,
    )
    log = ReviewLogEntry.objects.get(attempt=wrong)
    assert (log.family, log.rating, log.log["rating"]) == ("jugada", Rating.Again, int(Rating.Again))
    card = FamilyCard.objects.get(owner.q, family="jugada")
    assert card.card != card_before and card.due is not None
    assert Card.from_dict(card.card).last_review == log.reviewed_at
    moved = ShownStamp.objects.filter(user=alice).values_list("n", flat=True).first()
    assert (moved > stamp) if who == "learner" else (moved == stamp)
