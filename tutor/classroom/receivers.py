from django.dispatch import receiver

from tutor.classroom.services import record_set_attempt
from tutor.practice.signals import attempt_recorded


@receiver(attempt_recorded, dispatch_uid="classroom-set-progress")
def on_attempt_recorded(sender, attempt, **kwargs) -> None:
    record_set_attempt(attempt)
