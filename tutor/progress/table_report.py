"""«En la mesa»: the learner's errors at the table per rule and per play theme, read from the graded reviews
of their own kept hands (errors per 100 cards of their seat; the trend compares the newer half of the last
hands with the older half), the retries waiting, and for the weakest theme its retries and the glossary
entry (and so the lesson step) that explains it."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import connection
from django.db.models import Count, F, Q, Window
from django.db.models.functions import RowNumber
from django.utils import timezone

from engine.analysis.review import THEMES
from engine.rules import RULE_CATALOGUE
from tutor.hands.models import HandRecord, HandReview
from tutor.practice.identity import Owner
from tutor.progress import retries, retry_pages
from tutor.progress.models import TableRetry

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
    weakest_items: list = field(default_factory=list)
    weakest_term: str = ""


def _newest(hands) -> list[dict]:
    """The summaries (hands.models.review_summary) of the newest LAST_HANDS ``hands`` with a done review,
    oldest first: read from the summaries only, never the reviews' data, by the owner's index on
    (learner, played_at), stopping at LAST_HANDS."""
    rows = (
        hands.filter(seat__isnull=False, review__status=HandReview.Status.DONE)
        .order_by("-played_at", "-pk")
        .values_list("review__summary", flat=True)[:LAST_HANDS]
    )
    return list(reversed(rows))


def _reviews(owner: Owner) -> list[dict]:
    return _newest(HandRecord.objects.filter(owner.q))


@dataclass
class ClassTable:
    """Students × rules and themes at the table: errors per 100 of each student's cards."""

    columns: list[tuple[str, str, bool]]  # (key, label, is a rule)
    rows: list[dict]  # {"student_id", "hands", "cards", "cells": [per_100 | None, ...]}
    notes: list  # removed items with a note: TableRetry rows


def class_table(student_ids) -> ClassTable:
    """The class's habits at the table from each student's last hands with a done review, and the notes
    students left when they removed a retry («no estoy de acuerdo»)."""
    student_ids = list(student_ids)
    by_student: dict[int, list] = {s: [] for s in student_ids}
    # Each student's newest LAST_HANDS reviewed hands, in one query: a part per student, each read by the
    # (learner, played_at) index and stopped at LAST_HANDS (a window over every hand of the class read
    # them all: 130 ms for 30 students with 200 hands each).
    reviewed = HandRecord.objects.filter(seat__isnull=False, review__status=HandReview.Status.DONE)
    fields = ("learner_id", "played_at", "pk", "review__summary")
    if not student_ids:
        rows = []
    elif connection.features.supports_slicing_ordering_in_compound:
        parts = [
            reviewed.filter(learner_id=s).order_by("-played_at", "-pk").values_list(*fields)[:LAST_HANDS]
            for s in student_ids
        ]
        rows = parts[0].union(*parts[1:], all=True) if len(parts) > 1 else parts[0]
    else:  # SQLite takes no LIMIT inside a UNION: a window per student
        newest = Window(
            RowNumber(), partition_by=F("learner_id"), order_by=[F("played_at").desc(), F("pk").desc()]
        )
        rows = (
            reviewed.filter(learner_id__in=student_ids)
            .annotate(newest=newest)
            .filter(newest__lte=LAST_HANDS)
            .values_list(*fields)
        )
    for learner, _played, _pk, summary in sorted(rows, key=lambda r: (r[1], r[2])):
        by_student[learner].append(summary)
    tallies = {s: tally(reviews) for s, reviews in by_student.items()}
    keys: dict[tuple[bool, str], str] = {}
    for _cards, _halves, rows in tallies.values():
        for key, row in rows.items():
            keys[key] = row.label
    order = {t: i for i, t in enumerate(THEMES)}
    columns = sorted(keys, key=lambda k: (k[0], order.get(k[1], 99), k[1]))
    table_rows = []
    for s in student_ids:
        cards, _halves, rows = tallies[s]
        cells = [rows[k].per_100 if k in rows else (0.0 if cards else None) for k in columns]
        table_rows.append({"student_id": s, "hands": len(by_student[s]), "cards": cards, "cells": cells})
    notes = list(
        TableRetry.objects.filter(learner_id__in=student_ids, removed_at__isnull=False)
        .exclude(note="")
        .order_by("-removed_at")[:50]
    )
    return ClassTable([(k[1], keys[k], k[0]) for k in columns], table_rows, notes)


def _trend(row: Row, halves: list[int]) -> str:
    """The newer half of the hands against the older half, in errors per card."""
    old_e, new_e = row.recent
    if not halves[0] or not halves[1]:
        return ""
    old, new = old_e / halves[0], new_e / halves[1]
    if abs(old - new) < 0.005:
        return "igual"
    return "mejora" if new < old else "empeora"


def tally(summaries: list[dict]) -> tuple[int, list[int], dict[tuple[bool, str], Row]]:
    """Cards, cards per half (older, newer) and a row per rule and theme, over reviews' summaries
    (hands.models.review_summary) oldest first."""
    rows: dict[tuple[bool, str], Row] = {}
    cards, halves = 0, [0, 0]
    half = len(summaries) // 2
    for i, summary in enumerate(summaries):
        n = summary.get("cards", 0)
        newer = int(i >= half)
        cards += n
        halves[newer] += n
        for is_rule, name in summary.get("found", []):
            key = (is_rule, name)
            row = rows.setdefault(key, Row(key[1], "", key[0], recent=[0, 0]))
            row.errors += 1
            row.recent[newer] += 1
    for (rule, key), row in rows.items():
        row.label = str(RULE_CATALOGUE.get(key, key)) if rule else retry_pages.theme_text(key)
        row.per_100 = round(100 * row.errors / cards, 1) if cards else 0.0
        row.trend = _trend(row, halves)
    return cards, halves, rows


def table_report(owner: Owner | None) -> TableReport:
    report = TableReport()
    if owner is None:
        return report
    open_items = retries.open_items(owner)
    counts = open_items.aggregate(open=Count("pk"), due=Count("pk", filter=Q(due__lte=timezone.now())))
    report.open_count, report.due_count = counts["open"], counts["due"]
    reviews = _reviews(owner)
    report.hands = len(reviews)
    report.cards, _halves, rows = tally(reviews)
    order = {t: i for i, t in enumerate(THEMES)}
    report.rows = sorted(rows.values(), key=lambda r: (r.rule, -r.per_100, order.get(r.key, 99), r.key))
    themes = [r for r in report.rows if not r.rule]
    if themes:
        report.weakest = themes[0]
        report.weakest_items = list(open_items.filter(theme=themes[0].key).order_by("due", "pk")[:5])
        report.weakest_term = THEME_TERMS.get(themes[0].key, "")
    return report
