"""The home page of the one who comes back: where they are, what is due, and the one next thing.

A plain presenter (no template tag queries): ``part(request)`` is None for a first-time visitor
(no account, no practice yet), who gets the welcome page without a single query.
"""

from __future__ import annotations

import logging
from dataclasses import astuple, dataclass, field
from datetime import datetime, timedelta

from django.core.cache import cache
from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import SafeString
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from engine.scenarios import FAMILIES, FAMILY_LABELS
from lessons import services as lessons
from tutor.accounts import stamps
from tutor.classroom.services import assignments_to_do, open_assignments
from tutor.lib.counts import Joined, Soonest, compile_at_once
from tutor.lib.fragments import CACHED_PART_SECONDS, Part, parts_drawn, parts_page, with_token
from tutor.lib.owners import Owner
from tutor.lib.prepared import Compiled, Prepared, rows
from tutor.lib.when import ago
from tutor.practice.identity import reader_for
from tutor.practice.models import Attempt
from tutor.progress import report, retries
from tutor.progress.models import FamilyCard

log = logging.getLogger(__name__)

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
    shows), with the next moments a card and a retry fall due (``_until``); with an account, whether it
    has tasks to do (their rows are read only when it has)."""
    owner = Owner.by_id(**who)
    return compile_at_once(
        report.due_cards(owner, now=now),
        report.open_review_items(owner),
        retries.due_items(owner, now=now),
        Joined(lessons.done_steps(owner), "step_key"),
        Soonest(FamilyCard.objects.filter(owner.q, family__in=FAMILIES, due__gt=now), "due"),
        Soonest(retries.open_items(owner).filter(due__gt=now), "due"),
        *([open_assignments(owner.user)] if owner.user is not None else []),
    )


def _recent(**who) -> Compiled:
    """The newest answers, as the page shows them (report.recent_attempts' order)."""
    answers = Attempt.objects.filter(Owner.by_id(**who).q).order_by("-created_at", "-id")
    return rows(answers.values_list("correct", "family", "issued__token", "created_at")[:RECENT])


# Built and compiled once per process (tutor/lib/prepared.py): the page is opened on every visit.
_NUMBERS, _RECENT = Prepared(_numbers), Prepared(_recent)


def _facts(owner, now) -> dict:
    """What the home shows of the owner, as plain values (and the rows of their tasks), read at ``now``."""
    who = owner.ids
    due_count, queue_size, table_retries, done_keys, card_due, retry_due, *tasks = _NUMBERS(now=now, **who)
    return {
        "soonest": [moment for moment in (card_due, retry_due) if moment is not None],
        "done": frozenset(done_keys),
        "due_count": due_count,
        "queue_size": queue_size,
        "table_retries": table_retries,
        "recent": list(_RECENT(**who)),
        "assignments": assignments_to_do(owner.user) if tasks and tasks[0] else [],
    }


def _built(user, facts: dict) -> Returning:
    course = lessons.get_course()
    done = facts["done"]
    home = Returning(
        name=(user.first_name or user.username) if user is not None else "",
        next_step=lessons.next_step(course, done),
        done_steps=len(done & {step.key for step in course.steps}),
        total_steps=len(course.steps),
        due_count=facts["due_count"],
        queue_size=facts["queue_size"],
        recent=[Recent(*row) for row in facts["recent"]],
        table_retries=facts["table_retries"],
        assignments=facts["assignments"],
    )
    home.action = _action(home)
    return home


def part(request: HttpRequest) -> SafeString | None:
    """The returning learner's part of the home page (None for a first-time visitor or a teacher): drawn
    again only when what it shows has changed; an account's kept under its stamp (``_kept``)."""
    owner = reader_for(request)
    if owner is None:
        return None
    user = owner.user
    if user is not None and user.is_teacher:
        return None  # teachers start from their classes (the menu's «Clases»)
    if user is not None:
        html = _kept(request, owner)
        if html is not None:
            return html
    home = _built(user, _facts(owner, timezone.now()))
    return parts_page(request, _parts(home))


# An account's home part, kept under its stamp (tutor/accounts/stamps.py: the database moves it on every
# write to what the part shows: answers, cards, review queue, retries, lesson steps done, class tasks):
# read again, the part is one cache read and no query. What the clock changes (a card or a retry falling
# due, a task opening or falling overdue) is kept as the moment the facts stop holding (``until``):
# read after it, they are read again. What moves with the clock in words («hace 5 minutos») is in the
# kept HTML's key (``Returning.shown``). Kept an hour at most, like every reader's kept part.
_KEPT = "home:2"  # 2: drawn in parts
_PART = "core/home.html#"


def _parts(home: Returning) -> list[Part]:
    """The learner's part in parts (tutor/lib/fragments.py), each kept under the plain values it shows:
    after an answer, the count to review and the new answer are drawn again, not the tasks, the course
    or the older answers (unless their «hace …» reads otherwise)."""
    context = lambda: {"returning": home}  # noqa: E731 - one context for the sections
    shown = home.shown()
    name, action, tasks, step, numbers = shown[:5]
    zone = timezone.get_current_timezone_name()
    rows = [Part(_PART + "home_tasks", (tasks, zone), context)] if tasks else []
    rows += [
        Part(_PART + "home_course", (step, numbers[:2]), context),
        Part(_PART + "home_review", numbers[2:], context),
    ]
    if home.recent:
        answers = [
            Part(_PART + "home_answer", answer, _answer(row))
            for answer, row in zip(shown[5], home.recent, strict=True)
        ]
        rows.append(Part(_PART + "home_recent", (), dict, answers))
    return [Part(_PART + "returning", (name, action), context, rows)]


def _answer(row: Recent):
    return lambda: {"row": row}


def _kept(request: HttpRequest, owner) -> SafeString | None:
    """The account's part, kept; None when the cache does not answer (then drawn as a visitor's is)."""
    user = owner.user
    key = ":".join(
        (_KEPT, str(user.pk), str(stamps.of(user)), get_language(), timezone.get_current_timezone_name())
    )
    try:
        kept = cache.get(key)
    except Exception as error:  # Redis away (tutor.lib.outage)
        log.warning("the cache did not answer the home page (%s): drawn again", error)
        return None
    now = timezone.now()
    name = user.first_name or user.username
    if kept is None or (kept["until"] is not None and now >= kept["until"]):
        facts = _facts(owner, now)
        kept = {"facts": facts, "until": _until(facts, now), "shown": None, "html": ""}
    elif kept.get("name") == name and now < kept.get("words_until", now):
        # Read again before any «hace …» of the part can read otherwise: nothing it shows has moved.
        return with_token(request, kept["html"])
    home = _built(user, kept["facts"])
    shown = home.shown()
    words_until = _words_until(home.recent, now)
    if shown != kept["shown"] or words_until != kept.get("words_until"):
        drawn = {}
        if shown != kept["shown"]:
            kept["html"], drawn = parts_drawn(_parts(home))
        kept.update(shown=shown, name=name, words_until=words_until)
        try:
            cache.set_many({**drawn, key: kept}, CACHED_PART_SECONDS)
        except Exception as error:
            log.warning("the cache did not keep the home page (%s)", error)
    return with_token(request, kept["html"])


def _words_until(recent: list, now) -> datetime:
    """The first moment after ``now`` at which an answer's «hace …» may read otherwise: they change only
    when a whole number of minutes has passed since the answer (tutor.lib.when.ago, Django's timesince),
    and «hace un momento» a minute after it. Read before it, the kept part is given as it is, without
    building the page's facts again; a minute from now when there are none."""
    moments = []
    for answer in recent:
        passed = max(0, int((now - answer.created_at).total_seconds()) // 60 + 1)
        moments.append(answer.created_at + timedelta(minutes=passed))
    return min(moments, default=now + timedelta(minutes=1))


def _until(facts: dict, now) -> datetime | None:
    """The first moment after ``now`` at which the clock changes what the facts say (a card or a retry
    falls due, a task opens or falls overdue); None: never."""
    moments = list(facts["soonest"])
    for row in facts["assignments"]:
        # ``>=``: a read at the very moment a task falls due must not keep the page past it.
        moments += [m for m in (row.practice_set.opens_at, row.practice_set.due_at) if m and m >= now]
    return min(moments, default=None)
