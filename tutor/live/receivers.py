"""A guest who signs in mid-round keeps their place: their participant (and the answers under it)
becomes the account's, so they neither lose their answers nor answer the same question twice."""

from django.db import transaction
from django.dispatch import receiver

from tutor.practice.signals import learner_merged


@receiver(learner_merged, dispatch_uid="live-merge-learner")
def on_learner_merged(sender, user, anon_id, **kwargs) -> None:
    from tutor.live.models import LiveAnswer, Participant

    with transaction.atomic():
        for guest in Participant.objects.select_for_update().filter(learner__isnull=True, anon_id=anon_id):
            own = Participant.objects.filter(round=guest.round_id, learner=user).first()
            if own is None:  # the guest's place becomes the account's
                Participant.objects.filter(pk=guest.pk).update(learner=user, anon_id="")
                continue
            # The account had its own place too: the guest's answers join it, one per question.
            answered = set(LiveAnswer.objects.filter(participant=own).values_list("question_id", flat=True))
            LiveAnswer.objects.filter(participant=guest).exclude(question_id__in=answered).update(
                participant=own
            )
            guest.delete()
