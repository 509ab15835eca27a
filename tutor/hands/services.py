"""Keeping, reading and sharing hand records. Every rule question goes to the engine: the notation
(``engine.records``) and the referee on a record (``engine.referee``)."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import get_language

from engine import record_files, records
from engine.record_referee import RecordReport, referee_on_record
from engine.rules import PRESETS
from tutor.hands import reviews
from tutor.hands.models import HandRecord, Source, new_share_token
from tutor.hands.signals import hand_kept
from tutor.lib.owners import Owner

logger = logging.getLogger(__name__)


class RecordRefused(Exception):
    """A record that cannot be taken in: ``line`` (1-based, or None for the whole record) and why, in
    the reader's language."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line


def language() -> str:
    return "en" if (get_language() or "es").startswith("en") else "es"


def table_name(record: records.HandRecord) -> str:
    """The preset a record's table is, or «personalizada» for any other set of switches."""
    for name, rules in PRESETS.items():
        if rules == record.rules:
            return name
    return "personalizada"


def parse(text: str | bytes) -> records.HandRecord:
    """The record in ``text``, or RecordRefused naming the line and the reason in the reader's language
    (the engine refuses a text over its size limit, a non-text file and hostile characters too)."""
    try:
        record = records.read(text, lang=language())
        referee_on_record(record)  # a record the referee cannot follow is refused the same way
    except records.RecordSyntaxError as error:
        raise RecordRefused(str(error), error.line or None) from None
    return record


def report_of(record: records.HandRecord) -> RecordReport:
    """The referee's report on a record."""
    return referee_on_record(record)


def result_of(report: RecordReport) -> dict:
    """What lists show of a hand without reading it again: the totals, the winning pair and why, the
    renuncios found, whether the hand was played to its end and whether the referee could decide it."""
    totals = report.totals
    return {
        "totals": None if totals is None else list(totals),
        "winner": None if report.winner is None else "AB"[report.winner],
        "reason": report.reason,
        "renuncios": len(report.renuncios),
        "renuncio_seats": sorted({p.seat for p in report.renuncios}),
        "tricks": len(report.winners),
        "decided": report.decided,
    }


@dataclass(frozen=True)
class Kept:
    row: HandRecord
    created: bool


def keep_played_hand(
    *,
    owner: Owner,
    match_hand_id: int,
    record: records.HandRecord,
    seat: int,
    source: str,
    played_at=None,
    origin_url: str = "",
) -> Kept:
    """Store the record of a hand played here, once: a second call for the same hand returns the row."""
    found = HandRecord.objects.filter(match_hand_id=match_hand_id).first()
    if found is not None:
        return Kept(found, False)
    report = report_of(record)
    try:
        with transaction.atomic():
            row = HandRecord.objects.create(
                **owner.fields,
                source=source,
                match_hand_id=match_hand_id,
                seat=seat,
                table=table_name(record),
                text=records.write(record),
                result=result_of(report),
                played_at=played_at or timezone.now(),
                origin_url=origin_url,
            )
    except IntegrityError:  # the same hand kept by a concurrent request
        return Kept(HandRecord.objects.get(match_hand_id=match_hand_id), False)
    kept(row)
    return Kept(row, True)


def keep_table_hand(
    *,
    owner: Owner,
    table_hand_id: int,
    record: records.HandRecord,
    seat: int,
    played_at=None,
    origin_url: str = "",
) -> Kept:
    """Store one person's record of a hand played at a table with people, once per hand and seat."""
    key = f"{table_hand_id}:{seat}"
    found = HandRecord.objects.filter(table_seat_key=key).first()
    if found is not None:
        return Kept(found, False)
    report = report_of(record)
    try:
        with transaction.atomic():
            row = HandRecord.objects.create(
                **owner.fields,
                source=Source.TABLE,
                table_seat_key=key,
                seat=seat,
                table=table_name(record),
                text=records.write(record),
                result=result_of(report),
                played_at=played_at or timezone.now(),
                origin_url=origin_url,
            )
    except IntegrityError:  # the same hand kept by a concurrent request
        return Kept(HandRecord.objects.get(table_seat_key=key), False)
    kept(row)
    return Kept(row, True)


def keep_pasted(*, owner: Owner, text: str, seat: int | None = None, title: str = "") -> HandRecord:
    """Store a hand brought in from outside; RecordRefused (nothing stored) when it does not read."""
    record = parse(text)
    report = report_of(record)
    row = HandRecord.objects.create(
        **owner.fields,
        source=Source.PASTED,
        seat=seat,
        title=title[:120],
        table=table_name(record),
        text=records.write(record),
        result=result_of(report),
        played_at=timezone.now(),
    )
    kept(row)
    return row


def kept(row: HandRecord) -> None:
    """A hand just stored: its rule errors become retries at once (``hand_kept``: progress makes them from
    the referee's rulings) and, when the owner's seat is known, its graded review is queued by itself at the
    lower priority (its play errors follow when the worker has done it). A listener's failure leaves the
    hand kept."""
    try:  # in a savepoint: on PostgreSQL a failed statement would otherwise spoil the move's transaction
        with transaction.atomic():
            hand_kept.send(sender=HandRecord, record=row)
    except Exception:
        logger.exception("a listener of hand record %s failed", row.pk)
    try:
        with transaction.atomic():
            reviews.queue_kept(row)
    except Exception:  # the hand stays kept; its review is queued when someone asks for it
        logger.exception("the review of hand record %s could not be queued", row.pk)


def record_of_played_hand(match_hand_id: int) -> HandRecord | None:
    return HandRecord.objects.filter(match_hand_id=match_hand_id).first()


def records_file(rows: list[HandRecord]) -> str:
    """Several hands in one text file, one record after another (each reads on its own)."""
    return record_files.write_all(row.text for row in rows)


def share(row: HandRecord, *, names: bool) -> HandRecord:
    """Give the hand a read-only link (kept if it has one), showing the players' names only if asked."""
    if row.share_token is None:
        row.share_token = new_share_token()
    row.share_names = names
    row.save(update_fields=["share_token", "share_names"])
    return row


def unshare(row: HandRecord) -> HandRecord:
    row.share_token = None
    row.share_names = False
    row.save(update_fields=["share_token", "share_names"])
    return row
