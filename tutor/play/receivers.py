"""An anonymous visitor's matches join the account at sign-up or log-in, with their practice."""

from django.dispatch import receiver

from tutor.practice.signals import learner_merged


@receiver(learner_merged, dispatch_uid="play-merge-learner")
def on_learner_merged(sender, user, anon_id, **kwargs) -> None:
    # Connected after progress's receiver (apps are ready in INSTALLED_APPS order), which has
    # already dropped the visitor's counts: «Jugar»'s are rebuilt from the play log.
    from tutor.play.models import Match
    from tutor.play.services import rebuild_progress_of

    # «follows» is one press of one owner's page (tutor.lib.pressed): it means nothing to the account.
    Match.objects.filter(learner__isnull=True, anon_id=anon_id).update(learner=user, anon_id="", follows=None)
    rebuild_progress_of(learner_id=user.pk, anon_id="")
