"""The lessons app's reads and writes: the loaded course, step progress and checkpoint questions.

Checkpoints are practice scenarios issued through ``tutor.practice.services.issue`` with
``mode="leccion"``; ``CheckpointIssue`` links each one to its step and the checkpoint it answers
(its origin, described by lessons/origins.py). They are issued on a POST only (``issue_checkpoints``): reading
a step writes nothing but the owner's "last seen". A step is done once every checkpoint has a right
answer (every step has one to three: the course loader refuses a step without).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language

from lessons.course import Checkpoint, Course, Step, load_course
from lessons.models import CheckpointIssue, StepProgress
from tutor.practice.identity import Owner
from tutor.practice.models import Issued, Mode
from tutor.practice.services import attempt_of, issue


def get_course() -> Course:
    """The course under settings.LESSONS_CONTENT_DIR (default: lessons/content), loaded once, in the
    active language: English when it is English, Spanish otherwise."""
    return load_course(getattr(settings, "LESSONS_CONTENT_DIR", None)).in_language(get_language())


# --- progress ----------------------------------------------------------------------------------------


def progress_by_step(owner: Owner | None) -> dict[str, StepProgress]:
    """The owner's progress rows by step key (one query; empty for a visitor with no id yet)."""
    if owner is None:
        return {}
    return {row.step_key: row for row in StepProgress.objects.filter(owner.q)}


def done_steps(owner: Owner):
    """The owner's progress rows of completed steps (a queryset: their ``step_key`` is what counts)."""
    return StepProgress.objects.filter(owner.q, done_at__isnull=False)


def done_keys(progress: dict[str, StepProgress]) -> set[str]:
    return {key for key, row in progress.items() if row.done_at is not None}


def next_step(course: Course, done: set[str]) -> Step | None:
    """The one "next" of the course: the first step in course order that is not completed (None once
    every step is done). Every «Continuar» leads here; looking at a step never moves it."""
    return next((step for step in course.steps if step.key not in done), None)


def next_step_for(owner: Owner | None) -> Step | None:
    return next_step(get_course(), done_keys(progress_by_step(owner)))


@dataclass(frozen=True)
class StepDone:
    """A lesson step its owner has completed, and where to go next ("" after the last step)."""

    step: Step
    next_url: str
    next_title: str
    next_step: Step | None = None


def step_by_key(step_key: str) -> Step | None:
    """The step with this key ("unit/step"), or None for a step removed from the course since."""
    unit_slug, _sep, step_slug = step_key.partition("/")
    try:
        return get_course().step(unit_slug, step_slug)
    except KeyError:
        return None


def step_url(step: Step) -> str:
    return reverse("lessons:step", args=[step.unit_slug, step.slug])


def url_teaching(rule_id: str) -> str | None:
    """The first step that teaches ``rule_id`` (practice links the rule ids of its feedback here)."""
    steps = get_course().steps_for_rule(rule_id)
    return step_url(steps[0]) if steps else None


def step_done_for(owner: Owner, step: Step) -> StepDone | None:
    """``step`` and where to go next (the course's first unfinished step), if ``owner`` has completed it."""
    course = get_course()
    done = done_keys(progress_by_step(owner))
    if step.key not in done:
        return None
    following = next_step(course, done)
    if following is None:
        return StepDone(step=step, next_url="", next_title="")
    return StepDone(step=step, next_url=step_url(following), next_title=following.title, next_step=following)


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
    if not step.checkpoints:
        return False
    answered = set(
        CheckpointIssue.objects.filter(
            owner.q_through("issued"), step_key=step.key, issued__attempt__correct=True
        ).values_list("index", flat=True)
    )
    if not set(range(len(step.checkpoints))) <= answered:
        return False
    _set_done(owner=owner, step=step)
    return True


def _set_done(*, owner: Owner, step: Step) -> None:
    """Set done_at (once) and last_seen_at on the owner's row for ``step``. Inside a transaction."""
    now = timezone.now()
    row = StepProgress.objects.select_for_update().filter(owner.q, step_key=step.key).first()
    if row is None:
        try:
            with transaction.atomic():
                StepProgress.objects.create(**owner.fields, step_key=step.key, last_seen_at=now, done_at=now)
            return
        except IntegrityError:  # a second tab created it meanwhile
            row = StepProgress.objects.select_for_update().get(owner.q, step_key=step.key)
    if row.done_at is None:
        row.done_at = now
        row.save(update_fields=["done_at"])


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
    """One checkpoint as the step page shows it: its latest question (None before the owner asked
    for the step's questions) and the answer given, if any."""

    index: int
    issued: Issued | None
    attempt: object | None  # tutor.practice.models.Attempt

    @property
    def number(self) -> int:
        return self.index + 1

    @property
    def scenario(self):
        return self.issued.get_scenario() if self.issued is not None else None

    @property
    def passed(self) -> bool:
        return self.attempt is not None and self.attempt.correct

    @property
    def failed(self) -> bool:
        return self.attempt is not None and not self.attempt.correct

    @property
    def needs_question(self) -> bool:
        """No question to answer: none issued yet, or the last one was answered wrong."""
        return self.issued is None or self.failed


def checkpoint_states(*, owner: Owner | None, step: Step) -> list[CheckpointState]:
    """The step's checkpoints for ``owner`` (None: a visitor with no id yet), read only: one query.

    Per checkpoint: the question answered right, if any; else the latest one issued, open or
    answered wrong (its feedback stays until the owner asks for another question).
    """
    rows = []
    if owner is not None and step.checkpoints:
        rows = list(
            CheckpointIssue.objects.filter(owner.q_through("issued"), step_key=step.key)
            .select_related("issued", "issued__attempt")
            .order_by("index", "-issued__issued_at", "-pk")
        )
    chosen: dict[int, Issued] = {}
    for row in rows:  # newest first per index
        if row.index not in chosen or (_is_right(row.issued) and not _is_right(chosen[row.index])):
            chosen[row.index] = row.issued
    states = []
    for index in range(len(step.checkpoints)):
        issued = chosen.get(index)
        states.append(CheckpointState(index, issued, attempt_of(issued) if issued is not None else None))
    return states


def issue_checkpoints(*, owner: Owner, step: Step) -> int:
    """Issue a question for every checkpoint of ``step`` that has none to answer; how many were issued.

    Idempotent: a checkpoint with an open question or a right answer gets nothing new.
    """
    issued = 0
    with transaction.atomic():
        # Double clicks and parallel tabs: the owner's row for the step (record_view made it) is the
        # lock, so the second request reads the first one's questions and issues nothing.
        list(StepProgress.objects.select_for_update().filter(owner.q, step_key=step.key))
        for state in checkpoint_states(owner=owner, step=step):
            if state.needs_question:
                _issue_checkpoint(owner=owner, step=step, index=state.index)
                issued += 1
    return issued


def _issue_checkpoint(*, owner: Owner, step: Step, index: int) -> Issued:
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
            )
        else:
            issued = issue(
                owner=owner,
                mode=Mode.LESSON,
                family=checkpoint.family,
                difficulty=checkpoint.difficulty,
                rules=checkpoint.rules,
                target=checkpoint.target,
            )
        CheckpointIssue.objects.create(issued=issued, step_key=step.key, index=index)
    return issued


def _is_right(issued: Issued) -> bool:
    attempt = attempt_of(issued)
    return attempt is not None and attempt.correct
