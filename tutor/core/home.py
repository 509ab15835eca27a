"""The home page of the one who comes back: where they are, what is due, and the one next thing.

A plain presenter (no template tag queries): ``returning(request)`` is None for a first-time visitor
(no account, no practice yet), who gets the welcome page without a single query.
"""

from __future__ import annotations

from dataclasses import astuple, dataclass, field
from datetime import datetime

from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from engine.scenarios import FAMILY_LABELS
from lessons import services as lessons
from tutor.classroom.services import assignments_to_do, open_assignments
from tutor.lib.counts import Joined, compile_at_once
from tutor.lib.owners import Owner
from tutor.lib.prepared import Compiled, Prepared, rows
from tutor.lib.when import ago
from tutor.practice.identity import reader_for
from tutor.practice.models import Attempt
from tutor.progress import report, retries

RECENT = 5


@dataclass(frozen=True)
class Action:
    """The one button of the page: a link (``method="get"``) or a form posting to ``url``."""

    label: str
    url: str
    method: str = "get"
    detail: str = ""


@dataclass(frozen=True)
class Recent:
    """One of the newest answers."""

    correct: bool
    family: str
    token: str  # its question's
    created_at: datetime

    @property
    def family_label(self) -> str:
        return str(FAMILY_LABELS.get(self.family, self.family))

    @property
    def url(self) -> str:
        return reverse("practice:scenario", args=[self.token])


@dataclass
class Returning:
    name: str  # the account's first name, else its username ("" for a visitor without an account)
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

    def shown(self) -> tuple:
        """Everything the page's part shows, as plain values: its cache key (tutor/lib/fragments.py).
        What depends on the clock is in it as it reads now (overdue or not, «hace …»)."""
        step = self.next_step
        return (
            self.name,
            astuple(self.action) if self.action else None,
            [
                (
                    a.practice_set_id,
                    a.practice_set.title,
                    a.practice_set.due_at,
                    a.practice_set.classroom.name,
                    a.overdue,
                    a.not_open,
                    a.answered,
                    a.total,
                )
                for a in self.assignments
            ],
            (step.key, step.number, step.title) if step is not None else None,
            (self.done_steps, self.total_steps, self.to_review, self.table_retries),
            [(r.correct, r.family_label, r.token, ago(r.created_at)) for r in self.recent],
            timezone.get_current_timezone_name(),
        )


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


def _numbers(now, **who) -> Compiled:
    """The page's numbers and the lessons done, in one query (not the whole report: only what it
    shows); with an account, whether it has tasks to do (their rows are read only when it has)."""
    owner = Owner.by_id(**who)
    return compile_at_once(
        report.due_cards(owner, now=now),
        report.open_review_items(owner),
        retries.due_items(owner, now=now),
        Joined(lessons.done_steps(owner), "step_key"),
        *([open_assignments(owner.user)] if owner.user is not None else []),
    )


def _recent(**who) -> Compiled:
    """The newest answers, as the page shows them (report.recent_attempts' order)."""
    answers = Attempt.objects.filter(Owner.by_id(**who).q).order_by("-created_at", "-id")
    return rows(answers.values_list("correct", "family", "issued__token", "created_at")[:RECENT])


# Built and compiled once per process (tutor/lib/prepared.py): the page is opened on every visit.
_NUMBERS, _RECENT = Prepared(_numbers), Prepared(_recent)


def returning(request: HttpRequest) -> Returning | None:
    owner = reader_for(request)
    if owner is None:
        return None
    user = owner.user
    if user is not None and user.is_teacher:
        return None  # teachers start from their classes (the menu's «Clases»)
    course = lessons.get_course()
    who = owner.ids
    due_count, queue_size, table_retries, done_keys, *tasks = _NUMBERS(now=timezone.now(), **who)
    done = set(done_keys)
    home = Returning(
        name=(user.first_name or user.username) if user is not None else "",
        next_step=lessons.next_step(course, done),
        done_steps=len(done & {step.key for step in course.steps}),
        total_steps=len(course.steps),
        due_count=due_count,
        queue_size=queue_size,
        recent=[Recent(*row) for row in _RECENT(**who)],
        table_retries=table_retries,
    )
    if tasks and tasks[0]:
        home.assignments = assignments_to_do(user)
    home.action = _action(home)
    return home
