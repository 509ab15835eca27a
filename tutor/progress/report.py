"""What Mi progreso shows, read in a fixed number of queries whatever the amount of practice."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.db import connections
from django.utils import timezone

from engine.rules import GUIA, RULE_CATALOGUE
from engine.scenarios import FAMILIES, FAMILY_LABELS, MISCONCEPTIONS, families_for
from tutor.lib.counts import compile_at_once
from tutor.lib.prepared import Compiled, Prepared, rows
from tutor.practice.identity import Owner
from tutor.practice.models import Attempt
from tutor.progress import mastery
from tutor.progress.models import FamilyCard, ReviewItem, SkillStat

RECENT_ATTEMPTS = 20
_RULE_ORDER = {rule_id: n for n, rule_id in enumerate(RULE_CATALOGUE)}


@dataclass
class SkillRow:
    key: str
    label: str  # the family's name, or the rule's catalogue line
    attempts: int
    correct: int
    recent: str
    weak: bool = False
    practicable: bool = False  # some family can aim at this rule
    due: datetime | None = None  # families: when FSRS asks for a review

    @property
    def failures(self) -> int:
        return self.attempts - self.correct

    @property
    def accuracy_percent(self) -> int:
        return round(100 * self.correct / self.attempts) if self.attempts else 0

    @property
    def mastery(self) -> int:
        return mastery.level(self.recent)

    @property
    def mastery_label(self) -> str:
        return mastery.LABELS[self.mastery]

    @property
    def is_due(self) -> bool:
        return self.due is not None and self.due <= timezone.now()

    @property
    def due_soon(self) -> bool:
        """Due within the minute: "dentro de 0 minutos" would read as a contradiction of "0 por repasar"."""
        return self.due is not None and not self.is_due and self.due - timezone.now() < timedelta(minutes=1)


@dataclass
class Progress:
    attempts: int
    correct: int
    families: list[SkillRow]
    skills: list[SkillRow]
    due_families: list[str]
    queue_size: int
    play_skills: list[SkillRow] = field(default_factory=list)  # from «Jugar», apart from the quizzes
    cards: dict[str, datetime] = field(default_factory=dict)  # each family's FSRS due moment

    def at(self, now: datetime) -> None:
        """The families due at ``now`` (a page kept a while ago, shown again)."""
        self.due_families = [f for f in FAMILIES if self.cards.get(f) is not None and self.cards[f] <= now]

    @property
    def accuracy_percent(self) -> int:
        return round(100 * self.correct / self.attempts) if self.attempts else 0

    @property
    def blank(self) -> bool:
        """Nothing practised, by quiz or at the table: the page says the same to everyone."""
        return not self.attempts and not self.play_skills

    @property
    def weak_skills(self) -> list[SkillRow]:
        return [row for row in self.skills if row.weak]

    @property
    def due_labels(self) -> list[str]:
        return [str(FAMILY_LABELS.get(family, family)) for family in self.due_families]

    @property
    def due_count(self) -> int:
        return len(self.due_families)


@dataclass(frozen=True)
class _Stat:
    kind: str
    key: str
    attempts: int
    correct: int
    recent: str


def _state(**who) -> Compiled:
    """The owner's skill counts, FSRS cards and review queue's size in one query: the three reads side by
    side (UNION ALL), each row marked with its read (0: a skill count, 1: a card, 2: the queue)."""
    owner = Owner.by_id(**who)
    stats = SkillStat.objects.filter(owner.q).values_list("kind", "key", "attempts", "correct", "recent")
    cards = FamilyCard.objects.filter(owner.q).values_list("family", "due")
    queue = compile_at_once(open_review_items(owner))  # SELECT (SELECT COUNT(*) ...)
    stats_sql, stats_params = stats.query.sql_with_params()
    cards_sql, cards_params = cards.query.sql_with_params()
    none = "CAST(NULL AS BIGINT)"  # PostgreSQL types a union's NULLs from the branches before
    sql = (
        f"SELECT 0, s.*, NULL, NULL, {none} FROM ({stats_sql}) s"
        f" UNION ALL SELECT 1, NULL, NULL, NULL, NULL, NULL, c.*, {none} FROM ({cards_sql}) c"
        f" UNION ALL SELECT 2, NULL, NULL, NULL, NULL, NULL, NULL, NULL, {queue.sql.removeprefix('SELECT ')}"
    )
    connection = connections[stats.db]
    as_time = getattr(connection.ops, "convert_datetimefield_value", None)  # SQLite: a time as text

    def finish(cursor) -> tuple[list[_Stat], dict, int]:
        found, cards, queue_size = [], {}, 0
        for read, *stat, family, due, size in cursor.fetchall():
            if read == 0:
                found.append(_Stat(*stat))
            elif read == 1:
                cards[family] = as_time(due, None, connection) if as_time and due is not None else due
            else:
                queue_size = int(size)
        return found, cards, queue_size

    return Compiled(sql, (*stats_params, *cards_params, *queue.params), stats.db, finish)


# Mi progreso and the review sessions read this on every visit: built once per process
# (tutor/lib/prepared.py).
_STATE = Prepared(_state)


def progress_for(owner: Owner | None, queue_size: int | None = None) -> Progress:
    """One owner's statistics, weak skills and spaced-repetition state (one query; none for a visitor who
    never practised, ``None``); ``queue_size``: the review queue's, when the caller has counted it."""
    stats, cards, queue = _STATE(**owner.ids) if owner is not None else ([], {}, 0)
    if not stats:  # every attempt counts its skills: no stats, no practice (nor cards, nor queue)
        return Progress(0, 0, [], [], [], 0)
    if queue_size is None:
        queue_size = queue
    families = [
        SkillRow(
            s.key, str(FAMILY_LABELS.get(s.key, s.key)), s.attempts, s.correct, s.recent, due=cards.get(s.key)
        )
        for s in stats
        if s.kind == SkillStat.Kind.FAMILY
    ]
    families.sort(key=lambda row: FAMILIES.index(row.key) if row.key in FAMILIES else len(FAMILIES))
    # Every attempt has exactly one family, so the family rows add up to the overall counts.
    attempts = sum(row.attempts for row in families)
    correct = sum(row.correct for row in families)
    skills = []
    for s in stats:
        if s.kind != SkillStat.Kind.RULE:
            continue
        row = SkillRow(s.key, RULE_CATALOGUE.get(s.key, ""), s.attempts, s.correct, s.recent)
        row.weak = mastery.is_weak(
            attempts=s.attempts, correct=s.correct, overall_attempts=attempts, overall_correct=correct
        )
        row.practicable = bool(families_for(s.key, GUIA))
        skills.append(row)
    skills.sort(key=lambda row: _RULE_ORDER.get(row.key, len(_RULE_ORDER)))
    play_skills = sorted(
        (
            SkillRow(s.key, RULE_CATALOGUE.get(s.key, ""), s.attempts, s.correct, s.recent)
            for s in stats
            if s.kind == SkillStat.Kind.PLAY
        ),
        key=lambda row: _RULE_ORDER.get(row.key, len(_RULE_ORDER)),
    )
    progress = Progress(attempts, correct, families, skills, [], queue_size, play_skills, cards)
    progress.at(timezone.now())
    return progress


def due_cards(owner: Owner, now=None):
    """The exercise types whose FSRS review is due now (``Progress.due_count`` counts them)."""
    return FamilyCard.objects.filter(owner.q, family__in=FAMILIES, due__lte=now or timezone.now())


def open_review_items(owner: Owner):
    return ReviewItem.objects.filter(owner.q, cleared_at__isnull=True)


def review_queue(owner: Owner, rng: random.Random | None = None) -> list[ReviewItem]:
    """The owner's failed scenarios still to review, shuffled: never the same order every time."""
    items = list(open_review_items(owner).order_by("created_at", "id"))
    (rng or random.Random()).shuffle(items)
    return items


@dataclass(frozen=True)
class AnsweredQuestion:
    token: str


@dataclass(frozen=True)
class Answer:
    """What Mi progreso shows of an answer (read as plain values, no model instance)."""

    pk: int
    correct: bool
    family: str
    misconception: str
    rule_ids: list
    created_at: datetime
    issued: AnsweredQuestion


@dataclass
class RecentAttempt:
    attempt: Answer

    @property
    def family_label(self) -> str:
        return str(FAMILY_LABELS.get(self.attempt.family, self.attempt.family))

    @property
    def misconception(self) -> str:
        code = self.attempt.misconception
        return str(MISCONCEPTIONS.get(code, code)) if code else ""


def _recent(**who) -> Compiled:
    answers = Attempt.objects.filter(Owner.by_id(**who).q).order_by("-created_at", "-id")
    shown = ("id", "correct", "family", "misconception", "rule_ids", "created_at", "issued__token")
    return rows(answers.values_list(*shown)[:RECENT_ATTEMPTS])


_RECENT = Prepared(_recent)


def recent_attempts(owner: Owner) -> list[RecentAttempt]:
    """The owner's newest RECENT_ATTEMPTS answers, newest first, with their questions' tokens (one
    query, built once per process)."""
    return [
        RecentAttempt(Answer(*row[:-1], issued=AnsweredQuestion(row[-1]))) for row in _RECENT(**owner.ids)
    ]
