"""Progress follows practice through its signals; practice never imports progress."""

from django.dispatch import receiver

from tutor.hands.signals import hand_kept, review_done
from tutor.practice.signals import attempt_recorded, learner_merged
from tutor.progress import retries, services


@receiver(attempt_recorded, dispatch_uid="progress-record-attempt")
def on_attempt_recorded(sender, attempt, **kwargs) -> None:
    services.record_attempt(attempt=attempt)


@receiver(learner_merged, dispatch_uid="progress-merge-learner")
def on_learner_merged(sender, user, anon_id, **kwargs) -> None:
    services.merge_learner(user=user, anon_id=anon_id)


@receiver(review_done, dispatch_uid="progress-table-retries")
def on_review_done(sender, review, **kwargs) -> None:
    retries.make_items(review)


@receiver(hand_kept, dispatch_uid="progress-table-rule-retries")
def on_hand_kept(sender, record, **kwargs) -> None:
    retries.make_rule_items(record)
