"""Practice tells lessons about answers and merged visitors through its signals."""

from django.dispatch import receiver

from lessons import services
from tutor.practice.identity import Owner
from tutor.practice.signals import attempt_recorded, learner_merged


@receiver(attempt_recorded, dispatch_uid="lessons-step-done")
def step_done_on_right_answer(sender, attempt, **kwargs) -> None:
    """A right answer to a lesson checkpoint may complete its step."""
    if not attempt.correct or not attempt.context.startswith(services.CONTEXT_PREFIX):
        return
    unit_slug, _, step_slug = attempt.context.removeprefix(services.CONTEXT_PREFIX).partition("/")
    try:
        step = services.get_course().step(unit_slug, step_slug)
    except KeyError:  # a step removed from the course since the question was issued
        return
    owner = Owner(attempt.learner, "") if attempt.learner_id else Owner(None, attempt.anon_id)
    services.mark_done_if_complete(owner=owner, step=step)


@receiver(learner_merged, dispatch_uid="lessons-merge-progress")
def progress_joins_account(sender, user, anon_id, **kwargs) -> None:
    services.merge_progress(user=user, anon_id=anon_id)
