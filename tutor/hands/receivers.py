"""An anonymous visitor's hands follow them into the account they sign up or log in with."""

from django.dispatch import receiver

from tutor.hands.models import HandRecord
from tutor.practice.signals import learner_merged


@receiver(learner_merged, dispatch_uid="hands-merge-learner")
def adopt_anonymous_hands(sender, user, anon_id: str, **kwargs) -> None:
    HandRecord.objects.filter(learner__isnull=True, anon_id=anon_id).update(learner=user, anon_id="")
