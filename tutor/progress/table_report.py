"""«En la mesa»: the learner's errors at the table per rule and per play theme, read from the graded reviews
of their own kept hands (errors per 100 cards of their seat; the trend compares the newer half of the last
hands with the older half), the retries waiting, and for the weakest theme its retries and the glossary
entry (and so the lesson step) that explains it."""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime

from django.core.cache import cache
from django.db import connection
from django.db.models import F, QuerySet, Window
from django.db.models.functions import RowNumber
from django.utils.translation import gettext as _

from engine.analysis.review import THEMES
from engine.rules import RULE_CATALOGUE
from tutor.accounts import stamps
from tutor.hands.models import OTHER_PLAY, HandRecord, HandReview
from tutor.lib import prepared
from tutor.lib.counts import counts
from tutor.lib.prepared import Compiled, Prepared, rows
from tutor.practice.identity import Owner
from tutor.progress import retries, retry_pages
from tutor.progress.models import TableRetry

log = logging.getLogger(__name__)

LAST_HANDS = 40  # the reviews read: the last hands with a done review

# The glossary entry that explains each theme (lessons/content/glosario.toml); it names its lesson step.
THEME_TERMS = {
    "cargar": "cargar",
    "no_entregar": "tantos",
    "guardar_triunfo": "pisar",
    "ultimas": "diez-de-ultimas",
    "cantar": "cante",
    "fallo_companero": "salir-al-fallo",
}


@dataclass
class Row:
    key: str  # a theme or a rule id
    label: str
    rule: bool
    errors: int = 0
    per_100: float = 0.0
    trend: str = ""  # "mejora", "empeora", "igual" or "" (too few hands)
    recent: list = field(default_factory=lambda: [0, 0])  # errors in the older half of the hands, the newer


@dataclass
class TableReport:
    hands: int = 0
    cards: int = 0
    rows: list[Row] = field(default_factory=list)
    due_count: int = 0
    open_count: int = 0
    weakest: Row | None = None
    weakest_items: list[dict] = field(default_factory=list)  # {"pk", "record_id", "play", "kind"}
    weakest_term: str = ""
    other: bool = False  # a row counts the play errors without a theme («otros errores de juego»)


def _reviewed(hands):
    return hands.filter(seat__isnull=False, review__status=HandReview.Status.DONE)


def _newest(hands) -> list[dict]:
    """The summaries (hands.models.review_summary) of the newest LAST_HANDS ``hands`` with a done review,
    oldest first: read from the summaries only, never the reviews' data, by the owner's index on
    (learner, played_at), stopping at LAST_HANDS."""
    rows = _reviewed(hands).order_by("-played_at", "-pk").values_list("review__summary", flat=True)
    return list(reversed(rows[:LAST_HANDS]))


# What the last hands of one owner count, in plain values (kept in the cache): hands, cards, cards per
# half (older, newer), and per (is a rule, rule id or theme): errors in the older half, in the newer.
Counted = tuple[int, int, tuple[int, int], dict[tuple[bool, str], tuple[int, int]]]
NOTHING: Counted = (0, 0, (0, 0), {})


def count(summaries: list[dict]) -> Counted:
    """What reviews' summaries (hands.models.review_summary, oldest first) count."""
    cards, halves = 0, [0, 0]
    errors: dict[tuple[bool, str], list[int]] = {}
    half = len(summaries) // 2
    for i, summary in enumerate(summaries):
        n = summary.get("cards", 0)
        newer = int(i >= half)
        cards += n
        halves[newer] += n
        for is_rule, name in summary.get("found", []):
            errors.setdefault((bool(is_rule), name), [0, 0])[newer] += 1
    return len(summaries), cards, (halves[0], halves[1]), {k: (v[0], v[1]) for k, v in errors.items()}


def owner_counted(owner: Owner) -> Counted:
    """What the owner's newest LAST_HANDS reviewed hands count: an account's kept under its ``hands`` stamp
    (``_kept``), a visitor's counted."""
    if owner.user is not None:
        uid = owner.user.pk
        return _kept([uid], {uid: stamps.hands_of(owner.user)}).get(uid, NOTHING)
    return count(_newest(HandRecord.objects.filter(owner.q)))


# --- the class's counts, kept -----------------------------------------------------------------------
#
# What a student's newest LAST_HANDS reviewed hands count changes only when that set of hands changes (a
# hand played, removed, or its review asked again: that sets the review's updated_at and takes it out
# until it is done again), so it is kept in the cache under a stamp of the set: a digest of its records'
# ids and their reviews' updated_at, every student's read in one query that touches only those hands. The
# summaries are read only for the students whose stamp has nothing kept (the class dashboard parsed
# 1,200 of them per request), and kept only when the stamp read again after them has not changed. Kept
# an hour at most, like a reader's kept page (tutor.lib.fragments).

KEPT_SECONDS = 3600
_KEPT = "table-counts:2"  # the prefix of a kept count's key: a new number when Counted changes meaning


def _newest_sql(columns: str, tail: str = "") -> str:
    """PostgreSQL: ``columns`` over each student's newest LAST_HANDS reviewed hands (``t``: record_id,
    played_at, updated_at, summary), a part per student (``s.id``) read by the (learner, played_at)
    index; parameters: the students' ids, the done status."""
    hands, reviews = HandRecord._meta.db_table, HandReview._meta.db_table
    summary = ", r.summary" if "t.summary" in columns else ""
    return (
        f"SELECT s.id, {columns} FROM unnest(%s::bigint[]) AS s(id) CROSS JOIN LATERAL ("
        f" SELECT h.id AS record_id, h.played_at, r.updated_at{summary} FROM {hands} h"
        f" JOIN {reviews} r ON r.record_id = h.id"
        f" WHERE h.learner_id = s.id AND h.seat IS NOT NULL AND r.status = %s"
        f" ORDER BY h.played_at DESC, h.id DESC LIMIT {LAST_HANDS:d}) t {tail}"
    )


def _newest_rows(student_ids: list[int], *fields: str):
    """SQLite (no LATERAL): (learner_id, played_at, pk, *fields) of each student's newest LAST_HANDS
    reviewed hands, by a window per student."""
    newest = Window(
        RowNumber(), partition_by=F("learner_id"), order_by=[F("played_at").desc(), F("pk").desc()]
    )
    return (
        _reviewed(HandRecord.objects.filter(learner_id__in=student_ids))
        .annotate(newest=newest)
        .filter(newest__lte=LAST_HANDS)
        .values_list("learner_id", "played_at", "pk", *fields)
    )


def _class_stamps(student_ids: list[int]) -> dict[int, str]:
    """{student: the stamp of their newest reviewed hands} for those of ``student_ids`` who have some."""
    if connection.vendor == "postgresql":
        sql = _newest_sql(
            "md5(string_agg(t.record_id::text || '@' || t.updated_at::text, ',' ORDER BY t.record_id))",
            "GROUP BY s.id",
        )
        with connection.cursor() as cursor:
            cursor.execute(sql, [student_ids, HandReview.Status.DONE])
            return dict(cursor.fetchall())
    stamps: dict[int, list] = {}
    for learner, _played, pk, updated in _newest_rows(student_ids, "review__updated_at"):
        stamps.setdefault(learner, []).append(f"{pk}@{updated.isoformat()}")
    return {
        s: hashlib.md5(",".join(sorted(v)).encode(), usedforsecurity=False).hexdigest()
        for s, v in stamps.items()
    }


def _hands_key(student_id: int, hands_stamp: int) -> str:
    """Where a student's Counted is kept under their ``hands`` stamp."""
    return f"{_KEPT}:{student_id}:h{hands_stamp}"


def counted_key(user) -> str:
    """Where ``owner_counted`` keeps the account's Counted (a page that reads the cache anyway reads it
    with its own keys, and gives it to ``table_report``)."""
    return _hands_key(user.pk, stamps.hands_of(user))


def _class_summaries(student_ids: list[int]) -> dict[int, list[dict]]:
    """{student: the summaries of their newest LAST_HANDS reviewed hands, oldest first}, in one query."""
    by_student: dict[int, list] = {s: [] for s in student_ids}
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(
                _newest_sql("t.played_at, t.record_id, t.summary"), [student_ids, HandReview.Status.DONE]
            )
            rows = cursor.fetchall()
        rows = [
            (s, played, pk, json.loads(summary) if isinstance(summary, str) else summary)
            for s, played, pk, summary in rows
        ]
    else:
        rows = _newest_rows(student_ids, "review__summary")
    for learner, _played, _pk, summary in sorted(rows, key=lambda r: (r[1], r[2])):
        by_student[learner].append(summary)
    return by_student


def _class_counted(student_ids: list[int]) -> dict[int, Counted]:
    """{student: what their newest LAST_HANDS reviewed hands count} for each of ``student_ids``: on
    PostgreSQL counted by the database from the summaries in one query (no summary sent and parsed here:
    the class dashboard drawn with nothing kept parsed 1,200 of them), elsewhere here from the summaries."""
    if connection.vendor != "postgresql":
        return {s: count(summaries) for s, summaries in _class_summaries(student_ids).items()}
    # Each hand's place among the student's counted ones, oldest first (``i``), and their number (``n``):
    # the newer half is i >= n / 2, as ``count`` halves them. Then per student and half: the cards (a
    # row whose ``is_rule`` is NULL), and the errors per (is a rule, rule id or theme).
    newest = _newest_sql(
        "t.summary, row_number() OVER (PARTITION BY s.id ORDER BY t.played_at, t.record_id) - 1 AS i,"
        " count(*) OVER (PARTITION BY s.id) AS n"
    )
    found = "CASE WHEN jsonb_typeof(summary->'found') = 'array' THEN summary->'found' ELSE '[]'::jsonb END"
    sql = (
        f"WITH h AS ({newest}), c AS (SELECT id, n, i >= n / 2 AS newer, summary FROM h)"
        " SELECT id, n, newer, NULL::boolean, NULL::text, sum(coalesce((summary->>'cards')::int, 0))"
        " FROM c GROUP BY id, n, newer"
        " UNION ALL SELECT id, n, newer, f->0 IN ('true'::jsonb, '1'::jsonb), f->>1, count(*)"
        f" FROM c CROSS JOIN LATERAL jsonb_array_elements({found}) f GROUP BY 1, 2, 3, 4, 5"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [student_ids, HandReview.Status.DONE])
        rows = cursor.fetchall()
    hands: dict[int, int] = {}
    halves: dict[int, list[int]] = {}
    errors: dict[int, dict[tuple[bool, str], list[int]]] = {}
    for student, n, newer, is_rule, name, value in rows:
        hands[student] = n
        if is_rule is None:
            halves.setdefault(student, [0, 0])[int(newer)] += int(value)
        else:
            errors.setdefault(student, {}).setdefault((is_rule, name), [0, 0])[int(newer)] += int(value)
    counted = dict.fromkeys(student_ids, NOTHING)
    for student, n in hands.items():
        older, newer = halves.get(student, (0, 0))
        theirs = errors.get(student, {})
        counted[student] = (n, older + newer, (older, newer), {k: (v[0], v[1]) for k, v in theirs.items()})
    return counted


def _kept(student_ids: list[int], shown: dict[int, int | None] | None = None) -> dict[int, Counted]:
    """Each student's Counted, from the cache where their stamp has them, else from their summaries (then
    kept, when their stamp read again after the summaries is the same: a hand done meanwhile, and later
    removed, would otherwise leave counts with that hand under the stamp without it). A student without
    reviewed hands counts nothing.

    ``shown``: each student's ``hands`` stamp (tutor/accounts/stamps.py: it moves with every write to their
    hands and reviews, not with a quiz answer), read before this call: then no digest of their hands is
    read. Counts read after that stamp and kept under it are never older than it (a write moves it in the
    same transaction); a student without one has never written."""
    if shown is not None:
        keys = {s: _hands_key(s, n) for s, n in shown.items() if n is not None}
        return _found_or_counted(keys, recheck=None)
    stamps = _class_stamps(student_ids)
    keys = {s: f"{_KEPT}:{s}:{stamp}" for s, stamp in stamps.items()}
    return _found_or_counted(keys, recheck=stamps)


def _found_or_counted(keys: dict[int, str], recheck: dict[int, str] | None) -> dict[int, Counted]:
    try:
        found = cache.get_many(list(keys.values()))
    except Exception as error:  # Redis away (tutor.lib.outage): counted from the summaries
        log.warning("the cache did not answer the table counts (%s): counted again", error)
        found = None
    got = {s: found[key] for s, key in keys.items() if found and key in found}
    missing = [s for s in keys if s not in got]
    if missing:
        fresh = _class_counted(missing)
        got.update(fresh)
        if found is not None:
            same = _class_stamps(missing) if recheck is not None else None
            kept = {keys[s]: fresh[s] for s in missing if same is None or same.get(s) == recheck[s]}
            try:
                cache.set_many(kept, KEPT_SECONDS)
            except Exception as error:
                log.warning("the cache did not keep the table counts (%s)", error)
    return got


@dataclass
class ClassTable:
    """Students × rules and themes at the table: errors per 100 of each student's cards."""

    columns: list[tuple[str, str, bool]]  # (key, label, is a rule)
    rows: list[dict]  # {"student_id", "hands", "cards", "cells": [per_100 | None, ...]}
    notes: list[dict]  # removed items with a note: {"learner_id", "record_id", "play", "note"}

    @property
    def other(self) -> bool:
        """A column counts the play errors without a theme («otros errores de juego»)."""
        return any(not rule and key == OTHER_PLAY for key, _name, rule in self.columns)


def class_table(
    student_ids, shown: dict[int, int | None] | None = None, notes: list[dict] | None = None
) -> ClassTable:
    """The class's habits at the table from each student's last hands with a done review, and the notes
    students left when they removed a retry («no estoy de acuerdo»); ``shown``: the students' stamps
    (``_kept``); ``notes``: those notes when the caller has them (``class_newest_notes``), else read."""
    student_ids = list(student_ids)
    kept = _kept(student_ids, shown) if student_ids else {}
    counted = [(s, kept.get(s, NOTHING)) for s in student_ids]
    order = {t: i for i, t in enumerate(THEMES)}
    columns = sorted({k for _s, c in counted for k in c[3]}, key=lambda k: (k[0], order.get(k[1], 99), k[1]))
    table_rows = []
    for s, (hands, cards, _halves, errors) in counted:
        cells = [
            _per_100(sum(errors[k]), cards) if k in errors else (0.0 if cards else None) for k in columns
        ]
        table_rows.append({"student_id": s, "hands": hands, "cards": cards, "cells": cells})
    if notes is None:
        notes = class_newest_notes(class_notes(student_ids))
    return ClassTable([(key, _label(rule, key), rule) for rule, key in columns], table_rows, notes)


NOTES = 50  # the notes the class dashboard shows: the class's newest


def _noted(items: QuerySet) -> QuerySet:
    """Of ``items``, the removed ones with a note, newest first, as class_notes gives them (after the
    learner)."""
    return (
        items.filter(removed_at__isnull=False)
        .exclude(note="")
        .order_by("-removed_at", "-pk")
        .values_list("learner_id", "removed_at", "pk", "record_id", "play", "kind", "note")
    )


# One student's notes, built once per process (tutor/lib/prepared.py): the class dashboard after one answer.
_ONE_STUDENTS_NOTES = Prepared(
    lambda student: rows(_noted(TableRetry.objects.filter(learner_id=student))[:NOTES])
)


def class_notes(student_ids) -> dict[int, list[tuple]]:
    """{student: the notes they left removing a retry, their newest NOTES, newest first, each as
    (removed_at, pk, record_id, play, kind, note)} of those of ``student_ids`` who left some, in one
    query."""
    student_ids = list(student_ids)
    if len(student_ids) == 1:
        found = _ONE_STUDENTS_NOTES(student=student_ids[0])
    else:
        newest = Window(
            RowNumber(), partition_by=F("learner_id"), order_by=[F("removed_at").desc(), F("pk").desc()]
        )
        items = TableRetry.objects.filter(learner_id__in=student_ids).annotate(newest=newest)
        found = _noted(items.filter(newest__lte=NOTES))
    by_student: dict[int, list[tuple]] = {}
    for learner, *note in found:
        by_student.setdefault(learner, []).append(tuple(note))
    return by_student


def class_newest_notes(by_student: dict[int, Iterable[tuple]]) -> list[dict]:
    """The class's newest NOTES of ``class_notes``' notes: {"learner_id", "record_id", "play", "kind",
    "note"}, newest first."""
    everyone = [(note, s) for s, notes in by_student.items() for note in notes]
    everyone.sort(key=lambda n: n[0][:2], reverse=True)
    return [
        {"learner_id": s, "record_id": record_id, "play": play, "kind": kind, "note": note}
        for (_removed, _pk, record_id, play, kind, note), s in everyone[:NOTES]
    ]


def _trend(row: Row, halves: tuple[int, int]) -> str:
    """The newer half of the hands against the older half, in errors per card."""
    old_e, new_e = row.recent
    if not halves[0] or not halves[1]:
        return ""
    old, new = old_e / halves[0], new_e / halves[1]
    if abs(old - new) < 0.005:
        return "igual"
    return "mejora" if new < old else "empeora"


def _label(rule: bool, key: str) -> str:
    """A rule's catalogue line or a theme's name, in the reader's language."""
    if rule:
        return str(RULE_CATALOGUE.get(key, key))
    return _("otros errores de juego") if key == OTHER_PLAY else retry_pages.theme_text(key)


def _per_100(errors: int, cards: int) -> float:
    return round(100 * errors / cards, 1) if cards else 0.0


def rows_of(counted: Counted) -> tuple[int, int, dict[tuple[bool, str], Row]]:
    """Hands, cards and a row per rule and theme (in the reader's language) of what was counted."""
    hands, cards, halves, errors = counted
    rows: dict[tuple[bool, str], Row] = {}
    for (rule, key), (older, newer) in errors.items():
        row = Row(key, _label(rule, key), rule, errors=older + newer, recent=[older, newer])
        row.per_100 = _per_100(row.errors, cards)
        row.trend = _trend(row, halves)
        rows[(rule, key)] = row
    return hands, cards, rows


@dataclass(frozen=True)
class OpenRetry:
    """An open retry as the page reads it."""

    due: datetime
    theme: str
    pk: int
    record_id: int
    play: int
    kind: str


def _open_retries(**who) -> Compiled:
    shown = ("due", "theme", "pk", "record_id", "play", "kind")
    return prepared.rows(retries.open_items(Owner.by_id(**who)).values_list(*shown))


_OPEN = Prepared(_open_retries)  # built once per process (tutor/lib/prepared.py)


def open_retries(owner: Owner) -> list[OpenRetry]:
    """The owner's open retries, soonest due first (one query): their number, how many are due at a moment,
    and the weakest theme's, from one read."""
    return sorted((OpenRetry(*row) for row in _OPEN(**owner.ids)), key=lambda r: (r.due, r.pk))


def table_report(
    owner: Owner | None,
    open_count: int | None = None,
    due_count: int | None = None,
    open_items: list[OpenRetry] | None = None,
    counted: Counted | None = None,
) -> TableReport:
    """The owner's «En la mesa»; ``open_count`` and ``due_count`` (their retries open and due now), when the
    caller has counted them with other numbers of its page (tutor.lib.counts); ``open_items``: their open
    retries when the caller has read them (``open_retries``: then no query here); ``counted``: what
    ``owner_counted`` gives, when the caller has it."""
    report = TableReport()
    if owner is None:
        return report
    if open_items is not None:
        open_count = len(open_items)
    if open_count is None or due_count is None:
        open_count, due_count = counts(retries.open_items(owner), retries.due_items(owner))
    report.open_count, report.due_count = open_count, due_count
    report.hands, report.cards, rows_found = rows_of(owner_counted(owner) if counted is None else counted)
    order = {t: i for i, t in enumerate(THEMES)}
    report.rows = sorted(rows_found.values(), key=lambda r: (r.rule, -r.per_100, order.get(r.key, 99), r.key))
    report.other = any(not r.rule and r.key == OTHER_PLAY for r in report.rows)
    themes = [r for r in report.rows if not r.rule and r.key != OTHER_PLAY]  # «otros» has no lesson
    if themes:
        report.weakest = themes[0]
        theme = themes[0].key
        if open_items is not None:
            found = [
                {"pk": i.pk, "record_id": i.record_id, "play": i.play, "kind": i.kind}
                for i in open_items
                if i.theme == theme
            ]
        else:
            found = (
                retries.open_items(owner)
                .filter(theme=theme)
                .order_by("due", "pk")
                .values("pk", "record_id", "play", "kind")
            )
        report.weakest_items = list(found[:5])
        report.weakest_term = THEME_TERMS.get(theme, "")
    return report
