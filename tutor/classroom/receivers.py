from django.dispatch import receiver

from tutor.classroom.services import record_set_attempt, record_set_match_finished
from tutor.play.signals import match_finished
from tutor.practice.signals import attempt_recorded


@receiver(attempt_recorded, dispatch_uid="classroom-set-progress")
def on_attempt_recorded(sender, attempt, **kwargs) -> None:
    record_set_attempt(attempt)


@receiver(match_finished, dispatch_uid="classroom-set-hands")
def on_match_finished(sender, match, **kwargs) -> None:
    record_set_match_finished(match)
