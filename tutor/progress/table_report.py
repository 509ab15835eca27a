"""«En la mesa»: the learner's errors at the table per rule and per play theme, read from the graded reviews
of their own kept hands (errors per 100 cards of their seat; the trend compares the newer half of the last
hands with the older half), the retries waiting, and for the weakest theme its retries and the glossary
entry (and so the lesson step) that explains it."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field

from django.core.cache import cache
from django.db import connection
from django.db.models import Count, F, Max, Q, Window
from django.db.models.functions import RowNumber
from django.utils import timezone

from engine.analysis.review import THEMES
from engine.rules import RULE_CATALOGUE
from tutor.hands.models import HandRecord, HandReview
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
    weakest_items: list = field(default_factory=list)
    weakest_term: str = ""


def _newest(hands) -> list[dict]:
    """The summaries (hands.models.review_summary) of the newest LAST_HANDS ``hands`` with a done review,
    oldest first: read from the summaries only, never the reviews' data, by the owner's index on
    (learner, played_at), stopping at LAST_HANDS."""
    rows = _reviewed(hands).order_by("-played_at", "-pk").values_list("review__summary", flat=True)
    return list(reversed(rows[:LAST_HANDS]))


# --- what an owner's last hands count, kept -------------------------------------------------------
#
# A student's counts change only when a reviewed hand of theirs comes, goes or is reviewed again, so
# they are kept in the cache under a stamp of their reviewed hands read in one small aggregate (how
# many, the newest record's id, the newest change of a review: asking a review again sets its
# updated_at and takes it out of the count until it is done). A page then reads the newest LAST_HANDS
# summaries only of the owners whose stamp has no counts kept (the class dashboard parsed 1,200
# summaries per request). Kept an hour at most, like a reader's kept page (tutor.lib.fragments).

KEPT_SECONDS = 3600
_KEPT = "table-counts:1"  # the prefix of a kept count's key: a new number when Counted changes meaning

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


_STAMP = {"n": Count("pk"), "last": Max("pk"), "changed": Max("review__updated_at")}


def _reviewed(hands):
    return hands.filter(seat__isnull=False, review__status=HandReview.Status.DONE).order_by()


def _stamp(n: int, last: int | None, changed) -> str | None:
    return f"{n}:{last}:{changed.isoformat()}" if n else None


def _class_stamps(student_ids: list[int]) -> dict[int, str]:
    """{student: the stamp of their reviewed hands} for those of ``student_ids`` who have some."""
    rows = (
        _reviewed(HandRecord.objects.filter(learner_id__in=student_ids))
        .values("learner_id")
        .annotate(**_STAMP)
        .values_list("learner_id", "n", "last", "changed")
    )
    return {s: _stamp(n, last, changed) for s, n, last, changed in rows}


def _kept(
    stamps: dict, stamps_now: Callable[[list], dict], read: Callable[[list], dict[object, list[dict]]]
) -> dict[object, Counted]:
    """Each owner's Counted, from the cache where its stamp has them, else from ``read(owners)``
    ({owner: summaries oldest first}); those are kept when ``stamps_now(owners)``, read after them, is
    still the stamp they were read under (a hand done meanwhile, and later removed, would otherwise
    leave counts with that hand under the stamp without it). An owner without a stamp counts nothing."""
    keys = {owner: f"{_KEPT}:{owner}:{stamp}" for owner, stamp in stamps.items()}
    try:
        found = cache.get_many(list(keys.values()))
    except Exception as error:  # Redis away (tutor.lib.outage): counted from the summaries
        log.warning("the cache did not answer the table counts (%s): counted again", error)
        found = None
    got = {owner: found[key] for owner, key in keys.items() if found and key in found}
    missing = [owner for owner in keys if owner not in got]
    if missing:
        fresh = {owner: count(summaries) for owner, summaries in read(missing).items()}
        got.update(fresh)
        if found is not None:
            same = stamps_now(missing)
            kept = {keys[o]: fresh[o] for o in missing if same.get(o) == stamps[o]}
            try:
                cache.set_many(kept, KEPT_SECONDS)
            except Exception as error:
                log.warning("the cache did not keep the table counts (%s)", error)
    return got


def _class_summaries(student_ids: list[int]) -> dict[int, list[dict]]:
    """{student: the summaries of their newest LAST_HANDS reviewed hands, oldest first}, in one query."""
    by_student: dict[int, list] = {s: [] for s in student_ids}
    # A part per student, each read by the (learner, played_at) index and stopped at LAST_HANDS (a
    # window over every hand of the class read them all: 130 ms for 30 students with 200 hands each).
    reviewed = _reviewed(HandRecord.objects.all())
    fields = ("learner_id", "played_at", "pk", "review__summary")
    if connection.features.supports_slicing_ordering_in_compound:
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
    return by_student


def owner_counted(owner: Owner) -> Counted:
    """What the owner's newest LAST_HANDS reviewed hands count (kept, see above)."""
    hands = HandRecord.objects.filter(owner.q)
    name = f"u{owner.user.pk}" if owner.user is not None else f"a{owner.anon_id}"

    def stamps(_owners=None) -> dict[str, str]:
        stamp = _stamp(**_reviewed(hands).aggregate(**_STAMP))
        return {} if stamp is None else {name: stamp}

    return _kept(stamps(), stamps, lambda _owners: {name: _newest(hands)}).get(name, NOTHING)


@dataclass
class ClassTable:
    """Students × rules and themes at the table: errors per 100 of each student's cards."""

    columns: list[tuple[str, str, bool]]  # (key, label, is a rule)
    rows: list[dict]  # {"student_id", "hands", "cards", "cells": [per_100 | None, ...]}
    notes: list[dict]  # removed items with a note: {"learner_id", "record_id", "play", "note"}


def class_table(student_ids) -> ClassTable:
    """The class's habits at the table from each student's last hands with a done review, and the notes
    students left when they removed a retry («no estoy de acuerdo»)."""
    student_ids = list(student_ids)
    counted = _kept(_class_stamps(student_ids), _class_stamps, _class_summaries) if student_ids else {}
    tallies = {s: rows_of(counted.get(s, NOTHING)) for s in student_ids}
    keys: dict[tuple[bool, str], str] = {}
    for _hands, _cards, rows in tallies.values():
        for key, row in rows.items():
            keys[key] = row.label
    order = {t: i for i, t in enumerate(THEMES)}
    columns = sorted(keys, key=lambda k: (k[0], order.get(k[1], 99), k[1]))
    table_rows = []
    for s in student_ids:
        hands, cards, rows = tallies[s]
        cells = [rows[k].per_100 if k in rows else (0.0 if cards else None) for k in columns]
        table_rows.append({"student_id": s, "hands": hands, "cards": cards, "cells": cells})
    notes = list(
        TableRetry.objects.filter(learner_id__in=student_ids, removed_at__isnull=False)
        .exclude(note="")
        .order_by("-removed_at")
        .values("learner_id", "record_id", "play", "note")[:50]
    )
    return ClassTable([(k[1], keys[k], k[0]) for k in columns], table_rows, notes)


def _trend(row: Row, halves: tuple[int, int]) -> str:
    """The newer half of the hands against the older half, in errors per card."""
    old_e, new_e = row.recent
    if not halves[0] or not halves[1]:
        return ""
    old, new = old_e / halves[0], new_e / halves[1]
    if abs(old - new) < 0.005:
        return "igual"
    return "mejora" if new < old else "empeora"


def rows_of(counted: Counted) -> tuple[int, int, dict[tuple[bool, str], Row]]:
    """Hands, cards and a row per rule and theme (in the reader's language) of what was counted."""
    hands, cards, halves, errors = counted
    rows: dict[tuple[bool, str], Row] = {}
    for (rule, key), (older, newer) in errors.items():
        row = Row(key, "", rule, errors=older + newer, recent=[older, newer])
        row.label = str(RULE_CATALOGUE.get(key, key)) if rule else retry_pages.theme_text(key)
        row.per_100 = round(100 * row.errors / cards, 1) if cards else 0.0
        row.trend = _trend(row, halves)
        rows[(rule, key)] = row
    return hands, cards, rows


def table_report(owner: Owner | None) -> TableReport:
    report = TableReport()
    if owner is None:
        return report
    open_items = retries.open_items(owner)
    counts = open_items.aggregate(open=Count("pk"), due=Count("pk", filter=Q(due__lte=timezone.now())))
    report.open_count, report.due_count = counts["open"], counts["due"]
    report.hands, report.cards, rows = rows_of(owner_counted(owner))
    order = {t: i for i, t in enumerate(THEMES)}
    report.rows = sorted(rows.values(), key=lambda r: (r.rule, -r.per_100, order.get(r.key, 99), r.key))
    themes = [r for r in report.rows if not r.rule]
    if themes:
        report.weakest = themes[0]
        report.weakest_items = list(open_items.filter(theme=themes[0].key).order_by("due", "pk")[:5])
        report.weakest_term = THEME_TERMS.get(themes[0].key, "")
    return report
