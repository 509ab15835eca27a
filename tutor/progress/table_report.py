"""«En la mesa»: the learner's errors at the table per rule and per play theme, read from the graded reviews
of their own kept hands (errors per 100 cards of their seat; the trend compares the newer half of the last
hands with the older half), the retries waiting, and for the weakest theme its retries and the glossary
entry (and so the lesson step) that explains it."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils import timezone

from engine.analysis.review import THEMES
from engine.rules import RULE_CATALOGUE
from tutor.hands.models import HandRecord, HandReview
from tutor.practice.identity import Owner
from tutor.progress import retries, retry_pages

LAST_HANDS = 40  # the reviews read: the last hands with a done review
ERROR_LABELS = retries.ERROR_LABELS

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
    recent: list = field(default_factory=lambda: [0, 0, 0, 0])  # [older errors, older cards, newer ...]


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


def _reviews(owner: Owner):
    rows = HandRecord.objects.filter(owner.q, seat__isnull=False).order_by("-played_at", "-pk")
    ids = list(rows.values_list("pk", flat=True)[:LAST_HANDS])
    reviews = HandReview.objects.filter(record_id__in=ids, status=HandReview.Status.DONE).select_related(
        "record"
    )
    return sorted(reviews, key=lambda r: (r.record.played_at, r.record_id))


def _trend(row: Row) -> str:
    old_e, old_c, new_e, new_c = row.recent
    if not old_c or not new_c:
        return ""
    old, new = old_e / old_c, new_e / new_c
    if abs(old - new) < 0.005:
        return "igual"
    return "mejora" if new < old else "empeora"


def table_report(owner: Owner | None) -> TableReport:
    report = TableReport()
    if owner is None:
        return report
    open_items = retries.open_items(owner)
    report.open_count = open_items.count()
    report.due_count = open_items.filter(due__lte=timezone.now()).count()
    reviews = _reviews(owner)
    report.hands = len(reviews)
    rows: dict[tuple[bool, str], Row] = {}
    half = len(reviews) // 2
    for i, review in enumerate(reviews):
        seat = review.record.seat
        turns = [t for t in review.data.get("turns", []) if t["seat"] == seat]
        errors = [e for e in review.data.get("rule_errors", []) if e["seat"] == seat]
        cards = len(turns) + len(errors)
        report.cards += cards
        newer = 2 if i >= half else 0
        found: list[tuple[bool, str]] = [(True, r) for e in errors for r in e["rule_ids"]]
        found += [(False, t["theme"]) for t in turns if t["label"] in ERROR_LABELS and t["theme"]]
        for key in found:
            if key not in rows:
                rows[key] = Row(key[1], "", key[0])
            rows[key].errors += 1
            rows[key].recent[newer] += 1
        for row in rows.values():
            row.recent[newer + 1] += cards
    for (rule, key), row in rows.items():
        row.label = str(RULE_CATALOGUE.get(key, key)) if rule else retry_pages.theme_text(key)
        row.per_100 = round(100 * row.errors / report.cards, 1) if report.cards else 0.0
        row.trend = _trend(row)
    order = {t: i for i, t in enumerate(THEMES)}
    report.rows = sorted(rows.values(), key=lambda r: (r.rule, -r.per_100, order.get(r.key, 99), r.key))
    themes = [r for r in report.rows if not r.rule]
    if themes:
        report.weakest = themes[0]
        report.weakest_items = list(open_items.filter(theme=themes[0].key).order_by("due", "pk")[:5])
        report.weakest_term = THEME_TERMS.get(themes[0].key, "")
    return report
