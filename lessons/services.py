"""The lessons app's reads and writes: the loaded course, step progress and checkpoint questions.

Checkpoints are practice scenarios issued through ``tutor.practice.services.issue`` with
``mode="leccion"`` and ``context="lesson:<step key>"``; ``CheckpointIssue`` remembers which of the
step's checkpoints each one answers. A step is done once every checkpoint has a right answer.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from lessons.course import Checkpoint, Course, Step, load_course
from lessons.models import CheckpointIssue, StepProgress
from tutor.practice.identity import Owner
from tutor.practice.models import Issued, Mode
from tutor.practice.services import attempt_of

CONTEXT_PREFIX = "lesson:"


def get_course() -> Course:
    """The course under settings.LESSONS_CONTENT_DIR (default: lessons/content), loaded once."""
    return load_course(getattr(settings, "LESSONS_CONTENT_DIR", None))


def context_for(step: Step) -> str:
    return f"{CONTEXT_PREFIX}{step.key}"


# --- progress ----------------------------------------------------------------------------------------


def progress_by_step(owner: Owner | None) -> dict[str, StepProgress]:
    """The owner's progress rows by step key (one query; empty for a visitor with no id yet)."""
    if owner is None:
        return {}
    return {row.step_key: row for row in StepProgress.objects.filter(owner.q)}


def done_keys(progress: dict[str, StepProgress]) -> set[str]:
    return {key for key, row in progress.items() if row.done_at is not None}


def resume_step(course: Course, progress: dict[str, StepProgress]) -> Step | None:
    """Where "Continuar" leads: the step last looked at if it is not done, else the next unfinished
    step after it (wrapping round to the first unfinished one); None when every step is done."""
    done = done_keys(progress)
    pending = [step for step in course.steps if step.key not in done]
    if not pending:
        return None
    seen = [row for row in progress.values() if row.last_seen_at is not None]
    if not seen:
        return pending[0]
    last = max(seen, key=lambda row: row.last_seen_at).step_key
    order = [step.key for step in course.steps]
    if last not in order:  # a step removed from the course since
        return pending[0]
    start = order.index(last)
    for step in pending:
        if order.index(step.key) >= start:
            return step
    return pending[0]


def is_done(*, owner: Owner, step: Step) -> bool:
    return StepProgress.objects.filter(owner.q, step_key=step.key, done_at__isnull=False).exists()


def record_view(*, owner: Owner, step: Step) -> None:
    """Remember that the owner looked at ``step`` now (where they stopped)."""
    now = timezone.now()
    if StepProgress.objects.filter(owner.q, step_key=step.key).update(last_seen_at=now):
        return
    try:
        with transaction.atomic():
            StepProgress.objects.create(**owner.fields, step_key=step.key, last_seen_at=now)
    except IntegrityError:  # a second tab created it meanwhile
        StepProgress.objects.filter(owner.q, step_key=step.key).update(last_seen_at=now)


def mark_done_if_complete(*, owner: Owner, step: Step) -> bool:
    """Set ``done_at`` once every checkpoint of ``step`` has a right answer; True if the step is done.

    Call inside the transaction that recorded the answer (attempt_recorded's receiver does).
    """
    answered = set(
        CheckpointIssue.objects.filter(
            step_key=step.key,
            issued__in=Issued.objects.filter(owner.q, context=context_for(step)),
            issued__attempt__correct=True,
        ).values_list("index", flat=True)
    )
    if not set(range(len(step.checkpoints))) <= answered:
        return False
    now = timezone.now()
    row = StepProgress.objects.select_for_update().filter(owner.q, step_key=step.key).first()
    if row is None:
        StepProgress.objects.create(**owner.fields, step_key=step.key, last_seen_at=now, done_at=now)
    elif row.done_at is None:
        row.done_at = now
        row.save(update_fields=["done_at"])
    return True


def merge_progress(*, user, anon_id: str) -> None:
    """An anonymous visitor's step progress joins ``user``'s: earliest completion, latest visit.

    Call inside a transaction (learner_merged is sent inside one).
    """
    mine = {row.step_key: row for row in StepProgress.objects.filter(learner=user)}
    for row in StepProgress.objects.filter(Owner(None, anon_id).q):
        kept = mine.get(row.step_key)
        if kept is None:
            row.learner, row.anon_id = user, ""
            row.save(update_fields=["learner", "anon_id"])
            continue
        kept.done_at = min((d for d in (kept.done_at, row.done_at) if d), default=None)
        kept.last_seen_at = max((d for d in (kept.last_seen_at, row.last_seen_at) if d), default=None)
        kept.save(update_fields=["done_at", "last_seen_at"])
        row.delete()


# --- checkpoints --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CheckpointState:
    """One checkpoint as the step page shows it: its issued scenario and the answer, if any."""

    index: int
    issued: Issued
    attempt: object | None  # tutor.practice.models.Attempt

    @property
    def number(self) -> int:
        return self.index + 1

    @property
    def scenario(self):
        return self.issued.get_scenario()

    @property
    def passed(self) -> bool:
        return self.attempt is not None and self.attempt.correct


def _issue_checkpoint(*, owner: Owner, step: Step, index: int, next_url: str) -> Issued:
    from tutor.practice.services import issue  # practice's write API

    checkpoint: Checkpoint = step.checkpoints[index]
    with transaction.atomic():
        if checkpoint.is_fixed:
            issued = issue(
                owner=owner,
                mode=Mode.LESSON,
                family=checkpoint.scenario().family,
                rules=checkpoint.rules,
                fixed_id=checkpoint.fixed,
                scenario=checkpoint.scenario(),
                context=context_for(step),
                next_url=next_url,
            )
        else:
            issued = issue(
                owner=owner,
                mode=Mode.LESSON,
                family=checkpoint.family,
                difficulty=checkpoint.difficulty,
                rules=checkpoint.rules,
                target=checkpoint.target,
                context=context_for(step),
                next_url=next_url,
            )
        CheckpointIssue.objects.create(issued=issued, step_key=step.key, index=index)
    return issued


def checkpoints_for(*, owner: Owner, step: Step, next_url: str) -> list[CheckpointState]:
    """The step's checkpoint questions for ``owner``, issuing what is missing.

    Per checkpoint the latest issued question is kept while it is unanswered or answered right; a
    wrong answer keeps its feedback where it was given (the practice fragment), and the next visit
    to the step asks a new question. Queries: one, plus the writes of each question issued.
    """
    latest: dict[int, CheckpointIssue] = {}
    rows = list(
        CheckpointIssue.objects.filter(
            step_key=step.key, issued__in=Issued.objects.filter(owner.q, context=context_for(step))
        )
        .select_related("issued", "issued__attempt")
        .order_by("index", "-issued__issued_at", "-pk")
    )
    passed: set[int] = set()
    for row in rows:
        latest.setdefault(row.index, row)
        if _is_right(row.issued):
            passed.add(row.index)
    states = []
    for index in range(len(step.checkpoints)):
        row = latest.get(index)
        if index in passed:
            # Answered right once: show that answer, even if a later question was left open.
            row = next(r for r in rows if r.index == index and _is_right(r.issued))
            states.append(CheckpointState(index, row.issued, row.issued.attempt))
            continue
        if row is None or attempt_of(row.issued) is not None:
            issued = _issue_checkpoint(owner=owner, step=step, index=index, next_url=next_url)
            states.append(CheckpointState(index, issued, None))
            continue
        states.append(CheckpointState(index, row.issued, None))
    return states


def _is_right(issued: Issued) -> bool:
    attempt = attempt_of(issued)
    return attempt is not None and attempt.correct
