"""The home page of the one who comes back: where they are, what is due, and the one next thing.

A plain presenter (no template tag queries): ``returning(request)`` is None for a first-time visitor
(no account, no practice yet), who gets the welcome page without a single query.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.http import HttpRequest
from django.urls import reverse
from django.utils.translation import gettext as _

from lessons import services as lessons
from tutor.classroom.services import assignments_to_do
from tutor.lib.counts import counts
from tutor.practice.identity import reader_for
from tutor.progress import report, retries

RECENT = 5


@dataclass(frozen=True)
class Action:
    """The one button of the page: a link (``method="get"``) or a form posting to ``url``."""

    label: str
    url: str
    method: str = "get"
    detail: str = ""


@dataclass
class Returning:
    next_step: object | None  # lessons.course.Step
    done_steps: int
    total_steps: int
    assignments: list = field(default_factory=list)
    due_count: int = 0
    queue_size: int = 0
    recent: list = field(default_factory=list)
    table_retries: int = 0  # plays of the learner's own hands due to be tried again
    action: Action | None = None

    @property
    def to_review(self) -> int:
        return self.due_count + self.queue_size


def _step_url(step) -> str:
    return reverse("lessons:step", args=[step.unit_slug, step.slug])


def _action(home: Returning) -> Action:
    """The most useful next thing: homework first (the teacher is waiting), then what is due for
    review (it is forgotten soonest), then the course, then free practice."""
    open_sets = [a for a in home.assignments if not a.not_open]
    if open_sets:
        first = open_sets[0]
        return Action(_("Hacer la tarea"), first.get_absolute_url(), detail=first.practice_set.title)
    if home.to_review:
        return Action(_("Repasar ahora"), reverse("progress:review"), method="post")
    if home.next_step is not None:
        step = home.next_step
        verb = _("Continuar") if home.done_steps else _("Empezar")
        return Action(verb, _step_url(step), detail=f"{step.number} · {step.title}")
    return Action(_("Practicar"), reverse("practice:index"))


def returning(request: HttpRequest) -> Returning | None:
    owner = reader_for(request)
    if owner is None:
        return None
    user = owner.user
    if user is not None and user.is_teacher:
        return None  # teachers start from their classes (the menu's «Clases»)
    course = lessons.get_course()
    done = lessons.done_step_keys(owner)
    # The page's three numbers in one query (not the whole report: only the counts it shows).
    due_count, queue_size, table_retries = counts(
        report.due_cards(owner), report.open_review_items(owner), retries.due_items(owner)
    )
    home = Returning(
        next_step=lessons.next_step(course, done),
        done_steps=len(done & {step.key for step in course.steps}),
        total_steps=len(course.steps),
        due_count=due_count,
        queue_size=queue_size,
        recent=report.recent_attempts(owner, limit=RECENT),
        table_retries=table_retries,
    )
    if user is not None:
        home.assignments = assignments_to_do(user)
    home.action = _action(home)
    return home
