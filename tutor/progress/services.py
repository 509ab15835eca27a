"""Writes of the progress app: recording an attempt, merging an anonymous visitor, rebuilding caches.

Statistics are atomic increments the database makes on the current row, so two answers recorded at
once both count.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from functools import cache

from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.db.models import F, Q
from django.utils import timezone
from fsrs import Card

from tutor.practice.identity import Owner
from tutor.practice.models import Attempt
from tutor.progress import mastery, spacing
from tutor.progress.models import (
    FamilyCard,
    PracticeSession,
    ReviewItem,
    ReviewLogEntry,
    SkillStat,
    TableRetry,
)

Kind = SkillStat.Kind


def _owner_fields(row) -> dict:
    """Owner fields of a row (an attempt, a stat...), as stored on progress rows."""
    return {"learner_id": row.learner_id, "anon_id": "" if row.learner_id else row.anon_id}


def _owner(learner_id: int | None, anon_id: str) -> Owner:
    """The practice Owner of stored owner fields (a user known by its id is enough to filter on)."""
    return Owner(get_user_model()(pk=learner_id) if learner_id is not None else None, anon_id)


def _skill_keys(family: str, rule_ids: Iterable[str]) -> list[tuple[str, str]]:
    return [(Kind.FAMILY, family)] + [(Kind.RULE, rule_id) for rule_id in dict.fromkeys(rule_ids)]


def record_attempt(*, attempt: Attempt) -> None:
    """Update every cache for one new attempt. Call inside the transaction that created it.

    The writes are an answer's hottest path: the skills' counts, the FSRS card taken (created when
    missing, locked, read), then the card saved with its review log entry and, for a wrong answer, its
    review item. On PostgreSQL each group is one statement (data-modifying WITH parts): two round
    trips instead of four or five; SQLite runs the same statements one by one."""
    owner = _owner_fields(attempt)
    new_item = _update_review_queue(attempt, owner)
    row_id, stored = _take_card(
        attempt,
        owner,
        _count_sql(_skill_keys(attempt.family, attempt.rule_ids), owner, attempt.correct, attempt.created_at),
    )
    card = Card.from_dict(stored) if stored else Card(card_id=attempt.pk)
    card, log = spacing.review(card, correct=attempt.correct, when=timezone.now())
    writes = [
        (
            _SAVE_CARD_SQL.format(table=connection.ops.quote_name(FamilyCard._meta.db_table)),
            [_prep(FamilyCard, "card", card.to_dict()), _prep(FamilyCard, "due", card.due), row_id],
        ),
        _insert_sql(
            ReviewLogEntry,
            family=attempt.family,
            attempt_id=attempt.pk,
            rating=int(log.rating),
            reviewed_at=log.review_datetime,
            log=log.to_dict(),
            **owner,
        ),
    ]
    if new_item:
        writes.append(
            _insert_sql(
                ReviewItem,
                attempt_id=attempt.pk,
                family=attempt.family,
                failures=1,
                created_at=attempt.created_at,
                cleared_at=None,
                **owner,
            )
        )
    _run_together(writes)


def _prep(model, name: str, value):
    """``value`` as the database stores ``model``'s field ``name``."""
    return model._meta.get_field(name).get_db_prep_save(value, connection)


def _insert_sql(model, **values) -> tuple[str, list]:
    """An INSERT of one row of ``model`` (column names and values as its fields store them)."""
    sql, fields = _insert_statement(model, tuple(values), connection.vendor)
    return sql, [
        field.get_db_prep_save(value, connection)
        for field, value in zip(fields, values.values(), strict=True)
    ]


@cache
def _insert_statement(model, names: tuple[str, ...], vendor: str) -> tuple[str, list]:
    """``_insert_sql``'s SQL and fields, built once per process (the answer writes two such rows)."""
    meta = model._meta
    fields = [meta.get_field(name) for name in names]
    columns = ", ".join(connection.ops.quote_name(field.column) for field in fields)
    sql = f"INSERT INTO {connection.ops.quote_name(meta.db_table)} ({columns}) VALUES ({', '.join(['%s'] * len(names))})"
    return sql, fields


def _run_together(statements: list[tuple[str, list]], last: tuple[str, list] | None = None):
    """Run ``statements`` and then ``last`` (whose rows are fetched and returned, if given): on
    PostgreSQL as one statement, the others its WITH parts (each runs once, on the same snapshot: they
    must not read what another writes), elsewhere one after the other."""
    fetch = last is not None
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            if last is None:
                *statements, last = statements
            parts = [f"w{n} AS ({sql})" for n, (sql, _) in enumerate(statements)]
            sql = (f"WITH {', '.join(parts)} " if parts else "") + last[0]
            cursor.execute(sql, [p for _, params in statements for p in params] + last[1])
        else:
            for sql, params in [*statements, last] if fetch else statements:
                cursor.execute(sql, params)
        return cursor.fetchall() if fetch else None


# One statement creates the owner's missing rows and counts the attempt on the existing ones, with
# expressions the database evaluates on the current row: two answers recorded at once both count.
# (The ORM has no upsert that increments; this is the answer's hottest write.) The conflict target
# names the partial unique index of the owner's kind (learner or anonymous visitor).
_COUNT_SKILLS_SQL = """
INSERT INTO {table} (learner_id, anon_id, kind, "key", attempts, correct, recent, last_attempt_at)
VALUES {rows}
ON CONFLICT ({owner_column}, kind, "key") WHERE learner_id IS {null_test}
DO UPDATE SET attempts = {table}.attempts + 1,
              correct = {table}.correct + excluded.correct,
              recent = {recent},
              last_attempt_at = excluded.last_attempt_at
"""
_LAST_RESULTS = {  # the last mastery.WINDOW characters of the recent results and this one
    "postgresql": "RIGHT({table}.recent || excluded.recent, {window})",
    "sqlite": "SUBSTR({table}.recent || excluded.recent, -{window})",
}


def _count(keys: Iterable[tuple[str, str]], owner: dict, correct: bool, when: datetime) -> None:
    with connection.cursor() as cursor:
        cursor.execute(*_count_sql(keys, owner, correct, when))


def _count_sql(
    keys: Iterable[tuple[str, str]], owner: dict, correct: bool, when: datetime
) -> tuple[str, list]:
    # Rows are locked in the order of VALUES: always the same order, so that two answers of one
    # owner sharing skills cannot lock them crosswise (a deadlock on PostgreSQL).
    keys = sorted(keys)
    table = connection.ops.quote_name(SkillStat._meta.db_table)
    is_learner = owner["learner_id"] is not None
    sql = _COUNT_SKILLS_SQL.format(
        table=table,
        rows=", ".join(["(%s, %s, %s, %s, 1, %s, %s, %s)"] * len(keys)),
        owner_column="learner_id" if is_learner else "anon_id",
        null_test="NOT NULL" if is_learner else "NULL",
        recent=_LAST_RESULTS[connection.vendor].format(table=table, window=mastery.WINDOW),
    )
    result = "1" if correct else "0"
    when = SkillStat._meta.get_field("last_attempt_at").get_db_prep_value(when, connection)
    params = []
    for kind, key in keys:
        params += [owner["learner_id"], owner["anon_id"], kind, key, int(correct), result, when]
    return sql, params


def record_play(*, learner_id: int | None, anon_id: str, rule_ids: Iterable[str], correct: bool) -> None:
    """Count one graded play at the table («Jugar») for its rule ids, apart from the quizzes' counts.
    Call inside the transaction that logged the play."""
    keys = [(Kind.PLAY, rule_id) for rule_id in dict.fromkeys(rule_ids)]
    if keys:
        owner = {"learner_id": learner_id, "anon_id": "" if learner_id else anon_id}
        _count(keys, owner, correct, timezone.now())


def rebuild_play_stats(
    *, learner_id: int | None, anon_id: str, plays: Iterable[tuple[Iterable[str], bool, datetime]]
) -> None:
    """Replace one owner's «Jugar» counts with those of ``plays`` (rule ids, legal, when), oldest first:
    the play app's log is their source."""
    owner = {"learner_id": learner_id, "anon_id": "" if learner_id else anon_id}
    stats: dict[str, _Stat] = defaultdict(_Stat)
    for rule_ids, correct, when in plays:
        for rule_id in dict.fromkeys(rule_ids):
            stat = stats[rule_id]
            stat.attempts += 1
            stat.correct += int(correct)
            stat.recent = mastery.push(stat.recent, correct)
            stat.last_attempt_at = when
    SkillStat.objects.filter(_owner(learner_id, anon_id).q, kind=Kind.PLAY).delete()
    SkillStat.objects.bulk_create(
        SkillStat(kind=Kind.PLAY, key=key, **owner, **vars(stat)) for key, stat in stats.items()
    )


def _update_review_queue(attempt: Attempt, owner: dict) -> bool:
    """The review queue after a re-issued question's answer (its item cleared when right, failed once
    more when wrong); whether the attempt needs an item of its own (a wrong answer not yet queued)."""
    source_id = attempt.issued.source_attempt_id
    if source_id is not None:
        owner_q = _owner(owner["learner_id"], owner["anon_id"]).q
        item = ReviewItem.objects.filter(owner_q, attempt_id=source_id)
        if attempt.correct:
            item.filter(cleared_at__isnull=True).update(cleared_at=attempt.created_at)
            return False
        if item.update(failures=F("failures") + 1, cleared_at=None):
            return False
    return not attempt.correct


# The owner's card of this family, created (empty) when missing and locked until the transaction
# ends: ON CONFLICT DO UPDATE locks the row on PostgreSQL (SQLite's IMMEDIATE transaction already
# serialises writers), so concurrent reviews of one card are applied one after the other.
_TAKE_CARD_SQL = """
INSERT INTO {table} (learner_id, anon_id, family, card, due) VALUES (%s, %s, %s, %s, NULL)
ON CONFLICT ({owner_column}, family) WHERE learner_id IS {null_test}
DO UPDATE SET family = excluded.family
RETURNING id, card
"""
_SAVE_CARD_SQL = "UPDATE {table} SET card = %s, due = %s WHERE id = %s"


def _take_card(attempt: Attempt, owner: dict, skills: tuple[str, list]) -> tuple[int, dict]:
    """The owner's card of the attempt's family (its row id and stored value, {} when new), taken in
    the statement that also counts the skills (``skills``)."""
    is_learner = owner["learner_id"] is not None
    take = _TAKE_CARD_SQL.format(
        table=connection.ops.quote_name(FamilyCard._meta.db_table),
        owner_column="learner_id" if is_learner else "anon_id",
        null_test="NOT NULL" if is_learner else "NULL",
    )
    params = [owner["learner_id"], owner["anon_id"], attempt.family, _prep(FamilyCard, "card", {})]
    ((row_id, stored),) = _run_together([skills], (take, params))
    return row_id, FamilyCard._meta.get_field("card").from_db_value(stored, None, connection)


@transaction.atomic
def merge_learner(*, user, anon_id: str) -> None:
    """An anonymous visitor's progress joins their account (practice has already moved the attempts)."""
    anon_q = Owner(None, anon_id).q
    ReviewLogEntry.objects.filter(anon_q).update(learner=user, anon_id="")
    PracticeSession.objects.filter(anon_q).update(learner=user, anon_id="")
    TableRetry.objects.filter(anon_q).update(learner=user, anon_id="")
    for model in (SkillStat, ReviewItem, FamilyCard):
        model.objects.filter(anon_q).delete()
    rebuild_owner(learner_id=user.pk, anon_id="")


# Rebuilding from the logs -------------------------------------------------------------------------


@dataclass
class _Stat:
    attempts: int = 0
    correct: int = 0
    recent: str = ""
    last_attempt_at: datetime | None = None


@dataclass
class _Item:
    attempt_id: int
    family: str
    created_at: datetime
    failures: int = 1
    cleared_at: datetime | None = None


@dataclass
class _OwnerLog:
    stats: dict = field(default_factory=lambda: defaultdict(_Stat))
    items: dict = field(default_factory=dict)


def _replay_attempts(rows: Iterable[dict]) -> _OwnerLog:
    """Stats and review queue of one owner from their attempts, oldest first (the same rules as
    record_attempt)."""
    built = _OwnerLog()
    for row in rows:
        for key in _skill_keys(row["family"], row["rule_ids"]):
            stat = built.stats[key]
            stat.attempts += 1
            stat.correct += int(row["correct"])
            stat.recent = mastery.push(stat.recent, row["correct"])
            stat.last_attempt_at = row["created_at"]
        source = built.items.get(row["issued__source_attempt_id"])
        if source is not None:
            if row["correct"]:
                source.cleared_at = source.cleared_at or row["created_at"]
            else:
                source.failures += 1
                source.cleared_at = None
        elif not row["correct"]:
            built.items[row["id"]] = _Item(row["id"], row["family"], row["created_at"])
    return built


ATTEMPT_FIELDS = ("id", "learner_id", "anon_id", "family", "rule_ids", "correct", "created_at")


def rebuild_owner(*, learner_id: int | None, anon_id: str) -> None:
    """Recompute one owner's statistics, review queue and FSRS cards from the logs."""
    owner = {"learner_id": learner_id, "anon_id": "" if learner_id else anon_id}
    owner_q = _owner(learner_id, anon_id).q
    attempts = (
        Attempt.objects.filter(owner_q)
        .order_by("created_at", "id")
        .values(*ATTEMPT_FIELDS, "issued__source_attempt_id")
    )
    built = _replay_attempts(attempts)
    # «Jugar»'s counts come from the play app's log, not from attempts (rebuild_play_stats).
    SkillStat.objects.filter(owner_q).exclude(kind=Kind.PLAY).delete()
    SkillStat.objects.bulk_create(
        SkillStat(kind=kind, key=key, **owner, **vars(stat)) for (kind, key), stat in built.stats.items()
    )
    ReviewItem.objects.filter(owner_q).delete()
    ReviewItem.objects.bulk_create(ReviewItem(**owner, **vars(item)) for item in built.items.values())
    rebuild_cards(owner_q=owner_q, owner=owner)


def rebuild_cards(*, owner_q: Q, owner: dict) -> None:
    """Replace one owner's FSRS cards with the replay of their review logs."""
    reviews = defaultdict(list)
    first_attempt = {}
    logs = ReviewLogEntry.objects.filter(owner_q).order_by("reviewed_at", "id")
    for family, rating, when, attempt_id in logs.values_list("family", "rating", "reviewed_at", "attempt_id"):
        reviews[family].append((rating, when))
        first_attempt.setdefault(family, attempt_id)
    FamilyCard.objects.filter(owner_q).delete()
    cards = []
    for family, family_reviews in reviews.items():
        card = spacing.replay(first_attempt[family], family_reviews)
        cards.append(FamilyCard(family=family, card=card.to_dict(), due=card.due, **owner))
    FamilyCard.objects.bulk_create(cards)


def backfill_review_logs() -> int:
    """Log an FSRS review for every attempt that has none (recorded before progress listened)."""
    missing = Attempt.objects.filter(review_log__isnull=True).order_by("created_at", "id")
    entries = []
    for attempt in missing.only(*ATTEMPT_FIELDS):
        rating = int(spacing.rating_for(attempt.correct))
        entries.append(
            ReviewLogEntry(
                family=attempt.family,
                attempt_id=attempt.pk,
                rating=rating,
                reviewed_at=attempt.created_at,
                log={
                    "card_id": attempt.pk,
                    "rating": rating,
                    "review_datetime": attempt.created_at.isoformat(),
                    "review_duration": None,
                },
                **_owner_fields(attempt),
            )
        )
    ReviewLogEntry.objects.bulk_create(entries, batch_size=500)
    return len(entries)


@transaction.atomic
def rebuild_all() -> int:
    """Rebuild every owner's caches from the logs; returns how many owners there were."""
    backfill_review_logs()
    owners = set(Attempt.objects.values_list("learner_id", "anon_id").distinct())
    owners = {(learner_id, "" if learner_id else anon_id) for learner_id, anon_id in owners}
    # Caches of owners with no attempt left go too (but «Jugar»'s counts, which attempts do not make).
    SkillStat.objects.exclude(kind=Kind.PLAY).delete()
    for model in (ReviewItem, FamilyCard):
        model.objects.all().delete()
    for learner_id, anon_id in sorted(owners, key=lambda o: (o[0] or 0, o[1])):
        rebuild_owner(learner_id=learner_id, anon_id=anon_id)
    return len(owners)
