"""Practice tells lessons about answers and merged visitors through its signals."""

from django.dispatch import receiver

from lessons import services
from lessons.models import CheckpointIssue
from tutor.practice.identity import Owner
from tutor.practice.models import Mode
from tutor.practice.signals import attempt_recorded, learner_merged


@receiver(attempt_recorded, dispatch_uid="lessons-step-done")
def step_done_on_right_answer(sender, attempt, **kwargs) -> None:
    """A right answer to a lesson checkpoint may complete its step."""
    if not attempt.correct or attempt.mode != Mode.LESSON:
        return
    step_key = CheckpointIssue.objects.filter(issued_id=attempt.issued_id).values_list("step_key", flat=True)
    step = services.step_by_key(next(iter(step_key), ""))
    if step is None:  # a step removed from the course since the question was issued
        return
    owner = Owner(attempt.learner, "") if attempt.learner_id else Owner(None, attempt.anon_id)
    services.mark_done_if_complete(owner=owner, step=step)


@receiver(learner_merged, dispatch_uid="lessons-merge-progress")
def progress_joins_account(sender, user, anon_id, **kwargs) -> None:
    services.merge_progress(user=user, anon_id=anon_id)
