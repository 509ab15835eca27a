from django.db import models
from django.db.models import Q

from tutor.lib.owners import Owned


class StepProgress(Owned):
    """One learner's state on one step: when they last looked at it and when they completed it.

    A step is done once every checkpoint of it has been answered right (``done_at``); the row with
    the latest ``last_seen_at`` is where the learner stopped. Steps are named by their stable key
    ("montar/supera-la-salida"), not by number, so renumbering the course keeps progress.
    """

    step_key = models.CharField(max_length=120)
    last_seen_at = models.DateTimeField(null=True, blank=True)
    done_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["learner", "step_key"],
                condition=Q(learner__isnull=False),
                name="lessons_progress_one_row_per_learner_step",
            ),
            models.UniqueConstraint(
                fields=["anon_id", "step_key"],
                condition=Q(learner__isnull=True),
                name="lessons_progress_one_row_per_anon_step",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.step_key} ({'hecho' if self.done_at else 'en curso'})"


class CheckpointIssue(models.Model):
    """Which checkpoint of a step an issued practice scenario answers.

    The owner lives on the Issued row (practice moves it at login), the checkpoint's place here.
    """

    issued = models.OneToOneField(
        "practice.Issued", on_delete=models.CASCADE, related_name="lesson_checkpoint"
    )
    step_key = models.CharField(max_length=120)
    index = models.PositiveSmallIntegerField()  # 0-based place in the step's [[checkpoints]]

    class Meta:
        indexes = [models.Index(fields=["step_key", "index"])]

    def __str__(self) -> str:
        return f"{self.step_key} #{self.index + 1}"
