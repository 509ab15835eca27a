from django.dispatch import receiver

from tutor.classroom.services import record_set_attempt, record_set_match_finished, record_set_retry
from tutor.play.signals import match_finished
from tutor.practice.signals import attempt_recorded
from tutor.progress.signals import retry_answered


@receiver(attempt_recorded, dispatch_uid="classroom-set-progress")
def on_attempt_recorded(sender, attempt, **kwargs) -> None:
    record_set_attempt(attempt)


@receiver(match_finished, dispatch_uid="classroom-set-hands")
def on_match_finished(sender, match, **kwargs) -> None:
    record_set_match_finished(match)


@receiver(retry_answered, dispatch_uid="classroom-set-retries")
def on_retry_answered(sender, answer, **kwargs) -> None:
    record_set_retry(answer)
