"""«Mis errores en la mesa»: the plays that went wrong in a learner's own kept hands, asked again.

Made when a hand's graded review is done (hands.signals.review_done): each renuncio and each card labelled
«error» or «error grave» of the owner's own seat becomes a TableRetry, with the analyser's grade of every
card that could be played there; each cante the seat missed or sang wrongly (engine.analysis.retry's
cante_errors, on the record) becomes one asked at that moment («¿Qué cantas?»), graded by the engine's
check of every choice. Answered from the seat's view rebuilt from the record; scheduled by FSRS
(right → Good, wrong → Again); two right answers in a row, each given when due, retire it.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime

from django.db import IntegrityError, transaction
from django.utils import timezone
from fsrs import Card

from engine import records
from engine.analysis.retry import RIGHT, RIGHT_LABELS, cante_errors, label_cards, position, renuncios
from engine.analysis.review import CANTAR
from engine.bots.view import SeatView, seat_view
from engine.cards import parse_card
from engine.messages import to_data
from tutor.practice.identity import Owner
from tutor.progress import spacing
from tutor.progress.models import TableRetry, TableRetryAnswer
from tutor.progress.signals import retry_answered

logger = logging.getLogger(__name__)

ERROR_LABELS = ("error", "error_grave")
RETIRE_AFTER = 2  # right answers in a row


def _play_numbers(record) -> list[tuple[int, int, int]]:
    """(play number, trick number 1-based, seat) of every play of the record, in order."""
    out = []
    n = 0
    for event in record.events:
        if isinstance(event, records.Play):
            out.append((n, n // 4 + 1, event.seat))
            n += 1
    return out


def make_rule_items(row) -> int:
    """The rule items of a kept hand whose owner's seat is known, made when it is kept (no analysis needed:
    the referee's rulings): each renuncio of the seat (engine.analysis.retry.renuncios) and each cante it
    missed or sang wrongly. Returns how many were made; safe to call again (the review's items are the
    same ones: an item per play is made once)."""
    seat = row.seat
    if seat is None:
        return 0
    record = records.read(row.text)
    made = _make_cante_items(row, record, seat, seat)
    for number, error in renuncios(record, seat):
        e = {"trick": error.trick, "card": error.card.code, "rule_ids": list(error.rule_ids)}
        made += _make_rule_item(row, record, number, {**e, "message": to_data(error.message(seat))}, seat)
    return made


def make_items(review) -> int:
    """The retry items of a done review of a hand whose owner's seat is known; returns how many were made.
    Safe to call again: an item per play is made once (the rule items, made when the hand was kept, too)."""
    row = review.record
    seat = row.seat
    if seat is None or review.status != review.Status.DONE:
        return 0
    record = records.read(row.text)
    plays = _play_numbers(record)
    data = review.data
    viewer = data.get("viewer")
    made = _make_cante_items(row, record, seat, viewer)
    _refresh_play_items(row, plays, seat, data)
    for e in data.get("rule_errors", []):
        number = _number(plays, e["trick"], seat)
        if e["seat"] == seat and number is not None:
            made += _make_rule_item(row, record, number, e, viewer)
    for t in data.get("turns", []):
        number = _number(plays, t["trick"], seat)
        if t["seat"] != seat or t["label"] not in ERROR_LABELS or number is None:
            continue
        if TableRetry.objects.filter(record=row, play=number, kind=TableRetry.Kind.PLAY).exists():
            continue
        view = _view_at(record, number, seat)
        if view is not None:
            extra = {"theme": t.get("theme") or "", "label": t["label"], "reasons": t["reasons"]}
            made += _create(row, number, TableRetry.Kind.PLAY, t["card"], play_grades(t, view), viewer, extra)
    return made


def _number(plays, trick: int, seat: int) -> int | None:
    return next((n for n, t, s in plays if t == trick and s == seat), None)


def _view_at(record, number: int, seat: int) -> SeatView | None:
    hand = position(record, number)
    return None if hand is None or hand.turn != seat else seat_view(hand, seat)


def _make_rule_item(row, record, number: int, e: dict, viewer: int | None) -> int:
    """A renuncio's item (``e``: the review's rule error, as data), once per play."""
    if TableRetry.objects.filter(record=row, play=number, kind=TableRetry.Kind.RULE).exists():
        return 0
    view = _view_at(record, number, row.seat)
    if view is None:
        return 0
    legal = view.legal_mask()
    grades = {c.code: "legal" if legal >> int(c) & 1 else "renuncio" for c in view.hand_cards()}
    extra = {"rule_ids": e["rule_ids"], "reasons": [e["message"]]}
    return _create(row, number, TableRetry.Kind.RULE, e["card"], grades, viewer, extra)


def _create(row, number: int, kind: str, card: str, grades: dict, viewer: int | None, extra: dict) -> int:
    """One item of the row's owner (1), or 0 when another run made it meanwhile."""
    try:
        with transaction.atomic():
            TableRetry.objects.create(
                learner_id=row.learner_id,
                anon_id="" if row.learner_id else row.anon_id,
                record=row,
                play=number,
                seat=row.seat,
                kind=kind,
                card=card,
                grades=grades,
                viewer=viewer,
                due=timezone.now(),
                **extra,
            )
    except IntegrityError:  # made meanwhile by another run
        return 0
    return 1


def play_grades(turn: dict, view: SeatView) -> dict[str, list]:
    """{code: [label, win, points]} of every legal card at a judged turn of the review: the review's own
    grades (kept with it since ANALYSIS_VERSION 2), so the retry shows the very figures the review shows;
    for a review kept before that, the same analysis made again (``label_cards`` with the card played: the
    same seed and the same refinement as the review, hence the same figures)."""
    kept = turn.get("cards")
    if kept:
        return {code: list(g) for code, g in kept.items()}
    return {
        code: [g.label, g.win, g.points]
        for code, g in label_cards(view, int(parse_card(turn["card"]))).items()
    }


def _refresh_play_items(row, plays, seat: int, data: dict) -> int:
    """A review made again (a newer analysis) regrades the play items it made before, so that an item never
    shows other figures than the review: the grades, label, theme and reasons of each open play item become
    the new review's; an item whose card the new review no longer calls an error is retired (it is not a
    mistake to repeat any more). The answers given and the spacing stay. Returns how many were retired."""
    turns = {
        (t["trick"], t["seat"]): t for t in data.get("turns", []) if t["seat"] == seat and t.get("cards")
    }
    retired = 0
    for item in TableRetry.objects.filter(record=row, kind=TableRetry.Kind.PLAY, retired_at__isnull=True):
        trick = next((trick for n, trick, s in plays if n == item.play and s == seat), None)
        turn = turns.get((trick, seat))
        if turn is None or turn["card"] != item.card:
            continue
        item.grades = {code: list(g) for code, g in turn["cards"].items()}
        item.label, item.theme, item.reasons = turn["label"], turn.get("theme") or "", turn["reasons"]
        fields = ["grades", "label", "theme", "reasons"]
        if turn["label"] not in ERROR_LABELS and item.removed_at is None:
            item.retired_at = timezone.now()
            fields.append("retired_at")
            retired += 1
        item.save(update_fields=fields)
    return retired


def _make_cante_items(row, record, seat: int, viewer: int | None) -> int:
    made = 0
    for e in cante_errors(record, seat):
        if TableRetry.objects.filter(record=row, play=e.plays, kind=TableRetry.Kind.CANTE).exists():
            continue
        extra = {
            "rule_ids": list(e.rule_ids),
            "reasons": [to_data(e.reason)],
            "label": e.kind,  # «missed» or «wrong»
            "theme": CANTAR,  # cantar a tiempo
        }
        grades = {code: [grade, to_data(why)] for code, (grade, why) in e.grades.items()}
        made += _create(row, e.plays, TableRetry.Kind.CANTE, e.sung, grades, viewer, extra)
    return made


# Reading ------------------------------------------------------------------------------------------


def open_items(owner: Owner):
    return TableRetry.objects.filter(owner.q, retired_at__isnull=True, removed_at__isnull=True)


def due_items(owner: Owner, now: datetime | None = None):
    return open_items(owner).filter(due__lte=now or timezone.now()).order_by("due", "pk")


def item_for(owner: Owner, item_id: int) -> TableRetry | None:
    return TableRetry.objects.filter(owner.q, pk=item_id).select_related("record").first()


def view_of(item: TableRetry) -> SeatView | None:
    """The seat's view at the item's play, rebuilt from the record (None when it cannot be any more)."""
    cante = item.kind == TableRetry.Kind.CANTE
    try:
        hand = position(records.read(item.record.text), item.play, moment=cante)
    except Exception:  # a record that no longer reads: the item is stale
        return None
    if hand is None or (hand.turn != item.seat and not cante):
        return None
    return seat_view(hand, item.seat)


def is_right(item: TableRetry, code: str) -> bool | None:
    """Whether ``code`` is a right answer; None when it is no card the seat could play there."""
    grade = item.grades.get(code)
    if grade is None:
        return None
    if item.kind == TableRetry.Kind.RULE:
        return grade == "legal"
    if item.kind == TableRetry.Kind.CANTE:
        return grade[0] == RIGHT
    return grade[0] in RIGHT_LABELS


def best_cards(item: TableRetry) -> list[str]:
    if item.kind == TableRetry.Kind.RULE:
        return [c for c, g in item.grades.items() if g == "legal"]
    if item.kind == TableRetry.Kind.CANTE:
        return [c for c, g in item.grades.items() if g[0] == RIGHT]
    return [c for c, g in item.grades.items() if g[0] == "la_mejor"]


# Answering ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    status: str  # "answered", "stale" (the form was for an earlier answer), "not_due", "closed", "invalid"
    answer: TableRetryAnswer | None = None


def answer(*, owner: Owner, item_id: int, code: str, number: int) -> Outcome | None:
    """Grade one answer to the owner's item; ``number`` is the answer count the form was drawn with, so a
    doubled or stale press changes nothing. None when the item is not the owner's."""
    with transaction.atomic():
        item = TableRetry.objects.select_for_update().filter(owner.q, pk=item_id).first()
        if item is None:
            return None
        if number != item.answers:
            return Outcome("stale")
        if not item.open:
            return Outcome("closed")
        now = timezone.now()
        if item.due > now:
            return Outcome("not_due")
        right = is_right(item, code)
        if right is None:
            return Outcome("invalid")
        card = Card.from_dict(item.fsrs) if item.fsrs else Card(card_id=item.pk)
        card, _log = spacing.review(card, correct=right, when=now)
        logged = TableRetryAnswer.objects.create(
            item=item, number=item.answers, card=code, right=right, answered_at=now
        )
        item.answers += 1
        item.streak = item.streak + 1 if right else 0
        item.fsrs = card.to_dict()
        item.due = card.due
        if item.streak >= RETIRE_AFTER:
            item.retired_at = now
        item.save(update_fields=["answers", "streak", "fsrs", "due", "retired_at"])
        retry_answered.send(sender=TableRetry, answer=logged)
        return Outcome("answered", logged)


def remove(*, owner: Owner, item_id: int, note: str) -> bool | None:
    """The learner takes an item out («no estoy de acuerdo»: ``note`` is kept for their teachers)."""
    updated = TableRetry.objects.filter(owner.q, pk=item_id, removed_at__isnull=True).update(
        removed_at=timezone.now(), note=note.strip()[:2000]
    )
    if updated:
        return True
    return False if TableRetry.objects.filter(owner.q, pk=item_id).exists() else None
