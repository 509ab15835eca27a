"""An anonymous visitor's matches join the account at sign-up or log-in, with their practice."""

from django.dispatch import receiver

from tutor.practice.signals import learner_merged


@receiver(learner_merged, dispatch_uid="play-merge-learner")
def on_learner_merged(sender, user, anon_id, **kwargs) -> None:
    from tutor.play.models import Match

    Match.objects.filter(learner__isnull=True, anon_id=anon_id).update(learner=user, anon_id="")
