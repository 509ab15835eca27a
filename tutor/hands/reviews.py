"""The graded review of a kept hand: asked for once, computed by a task (engine.analysis on the record
played again), kept as facts, read back in the reader's language and person.

The learner's seat and the partner's are judged (all four when the owner's seat is not known, a pasted
hand); rule errors (renuncios) are kept apart from the play grade.
"""

from __future__ import annotations

import logging

from django.db import transaction
from django.tasks import TaskResultStatus

from engine import records
from engine.analysis import analyse_hand
from engine.analysis.values import POINTS_DECIMALS, WIN_DECIMALS
from engine.messages import to_data
from engine.record_replay import hand_of
from tutor.hands.models import HandRecord, HandReview, review_summary
from tutor.hands.signals import review_done

logger = logging.getLogger(__name__)

# Bump when the analysis changes what it would say: stored reviews of an older version are made again.
ANALYSIS_VERSION = "2"  # 2: every legal card's grade kept («cards»), for the retries


def seats_for(row: HandRecord) -> list[int]:
    if row.seat is None:
        return [0, 1, 2, 3]
    return sorted({row.seat, (row.seat + 2) % 4})


def _to_queue(review: HandReview) -> bool:
    """A review to compute again: it failed, or an older analysis made it."""
    failed = review.status == HandReview.Status.FAILED
    return failed or (review.status == HandReview.Status.DONE and review.engine_version != ANALYSIS_VERSION)


# The worker takes the highest priority first (django.tasks: -100..100): a review someone asked for (its
# page was opened) before those queued by themselves when a hand was kept, which only make retry items and
# «En la mesa» counts and may wait for a quiet worker.
ASKED_PRIORITY = 0
KEPT_PRIORITY = -50


def request(row: HandRecord, *, asked: bool = True) -> HandReview:
    """The hand's review: queued for the worker the first time it is asked for (and again after a
    failure or an analysis of an older version); a doubled request finds the one already queued.
    ``asked=False``: queued by itself when the hand was kept (``KEPT_PRIORITY``); a reader asking for
    it while it still waits raises it to ``ASKED_PRIORITY`` rather than queueing it twice."""
    from tutor.hands.tasks import review_hand  # the task module imports this one

    priority = ASKED_PRIORITY if asked else KEPT_PRIORITY
    with transaction.atomic():
        review, created = HandReview.objects.select_for_update().get_or_create(
            record=row, defaults={"seats": seats_for(row)}
        )
        if (created or _to_queue(review)) and hand_of(records.read(row.text)) is None:
            # Cards of the deal unknown: nothing to analyse, so the page says so at once rather than
            # «Analizando… 0 de 10 bazas» for a worker that will find the same.
            review.status = HandReview.Status.UNAVAILABLE
            review.engine_version = ANALYSIS_VERSION
            review.save(update_fields=["status", "engine_version", "updated_at"])
        elif created or _to_queue(review):
            review.status = HandReview.Status.QUEUED
            review.done_tricks = 0
            review.seats = seats_for(row)
            review.priority = priority
            review.save(update_fields=["status", "done_tricks", "seats", "priority", "updated_at"])
            transaction.on_commit(lambda: _enqueue(review_hand, review.pk), robust=True)
        elif asked and review.status == HandReview.Status.QUEUED and review.priority < ASKED_PRIORITY:
            review.priority = ASKED_PRIORITY
            review.save(update_fields=["priority", "updated_at"])  # its wait counts from now
            transaction.on_commit(lambda: _raise(review.pk), robust=True)
    return review


def _enqueue(task, review_id: int) -> None:
    """The review's task queued at the review's priority as it stands now: a reader who asked for it
    between its queueing and this commit hook (no task id yet to raise) has set it to ASKED_PRIORITY."""
    priority = HandReview.objects.filter(pk=review_id).values_list("priority", flat=True).first()
    if priority is None:  # the hand was removed meanwhile
        return
    result = task.using(priority=priority).enqueue(review_id)
    HandReview.objects.filter(pk=review_id).update(task_id=str(result.id))


def _raise(review_id: int) -> None:
    """The waiting task of a review someone now asks for, moved up to ``ASKED_PRIORITY`` (the database
    backend's queue; a task already taken, or another backend's, is left as it is)."""
    from django_tasks_db.models import DBTaskResult

    task_id = HandReview.objects.filter(pk=review_id).values_list("task_id", flat=True).first()
    if task_id:
        DBTaskResult.objects.filter(id=task_id, status=TaskResultStatus.READY).update(priority=ASKED_PRIORITY)


def queue_kept(row: HandRecord) -> HandReview | None:
    """A hand just kept whose owner's seat is known: its review queued by itself, at the lower priority, so
    that its play errors come back as retries without anyone opening the review (rule errors need none:
    progress makes those when the hand is kept)."""
    if row.seat is None:
        return None
    return request(row, asked=False)


def request_many(rows: list[HandRecord]) -> dict[int, HandReview]:
    """``request`` for several hands, by record id: one query when every review is asked for already
    and current (a page read again); a hand whose review is missing, failed or stale goes through
    ``request``, which queues it; one still waiting at the kept hands' priority is raised (someone is
    looking at it now)."""
    found = {review.record_id: review for review in HandReview.objects.filter(record__in=rows)}
    asked = {}
    for row in rows:
        review = found.get(row.pk)
        waiting_low = (
            review is not None
            and review.status == HandReview.Status.QUEUED
            and review.priority < ASKED_PRIORITY
        )
        if review is None or _to_queue(review) or waiting_low:
            review = request(row)
        asked[row.pk] = review
    return asked


def run(review_id: int) -> str:
    """Compute a queued review (the task's body)."""
    review = HandReview.objects.select_related("record").filter(pk=review_id).first()
    if review is None:  # the hand was removed meanwhile
        return "gone"
    record = records.read(review.record.text)
    hand = hand_of(record)
    if hand is None:
        _finish(review, HandReview.Status.UNAVAILABLE, {})
        return HandReview.Status.UNAVAILABLE
    total = len(hand.tricks) + (1 if hand.trick else 0)
    HandReview.objects.filter(pk=review.pk).update(status=HandReview.Status.RUNNING, total_tricks=total)

    def progress(done: int, _total: int) -> None:
        HandReview.objects.filter(pk=review.pk).update(done_tricks=done)

    viewer = review.record.seat
    try:
        result = analyse_hand(hand, review.seats, viewer=viewer, progress=progress)
    except Exception:
        logger.exception("the review of hand record %s failed", review.record_id)
        _finish(review, HandReview.Status.FAILED, {})
        return HandReview.Status.FAILED
    _finish(review, HandReview.Status.DONE, as_data(result, viewer))
    review.refresh_from_db()
    try:
        review_done.send(sender=HandReview, review=review)
    except Exception:  # a listener's failure leaves the review done
        logger.exception("a listener of the review of hand record %s failed", review.record_id)
    return HandReview.Status.DONE


def _finish(review: HandReview, status: str, data: dict) -> None:
    HandReview.objects.filter(pk=review.pk).update(
        status=status,
        data=data,
        # Only a done review is counted («En la mesa»): a failed one reads nothing of a record that failed.
        summary=review_summary(data, review.record.seat, review.record.text)
        if status == HandReview.Status.DONE
        else {},
        engine_version=ANALYSIS_VERSION,
        done_tricks=review.total_tricks or 0,
    )


def _value(v) -> dict:
    win, points = v.kept
    return {
        "win": win,
        "points": points,
        "win_hw": round(v.win_hw, WIN_DECIMALS),
        "points_hw": round(v.points_hw, POINTS_DECIMALS),
    }


def as_data(result, viewer: int | None) -> dict:
    """What the page needs, JSON-safe: per judged card its label and values, the best cards, the reasons
    (as message data, spoken to ``viewer``'s seat) and the grade of every legal card there (a retry of that
    play is graded on them: the same figures as the review); the rule errors; the accuracy per seat and
    trick."""
    turns = []
    for t in result.turns:
        turns.append(
            {
                "trick": t.trick,
                "seat": t.seat,
                "card": t.card.code,
                "label": t.label,
                "too_close": t.too_close,
                "choice": t.choice,
                "theme": t.theme,
                "best": [c.code for c in t.best],
                "played": _value(t.played),
                "best_value": _value(t.best_value),
                "method": t.analysis.method,
                "deals": t.analysis.deals,
                "reasons": to_data(list(t.reasons)),
                # every legal card: [label, win, points], from the analysis the card played was judged on
                "cards": {c.code: [label, *t.analysis.values[c].kept] for c, label in t.grades.items()},
            }
        )
    seats = sorted({t["seat"] for t in turns} | set(result.seats))
    return {
        "viewer": viewer,
        "turns": turns,
        "rule_errors": [
            {
                "trick": e.trick,
                "seat": e.seat,
                "card": e.card.code,
                "obligation": e.obligation,
                "rule_ids": list(e.rule_ids),
                "message": to_data(e.message(viewer)),
            }
            for e in result.rule_errors
        ],
        "accuracy": {str(s): result.accuracy(s) for s in seats},
        "accuracy_by_trick": {
            str(s): {str(n): result.accuracy(s, n) for n in sorted({t["trick"] for t in turns})}
            for s in seats
        },
    }
