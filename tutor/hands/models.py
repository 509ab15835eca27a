"""Hand records: every hand played here, or pasted in from a real table, kept in the engine's notation.

The record's text (``engine.records``) is the hand: the table, the dealer, the trump card, the four hands
(each card or unknown), the plays trick by trick, cantes, a claimed renuncio and comments. Everything
else on the row (the table's name, the result) is read from it when it is stored, so lists and filters
need not parse a record per row.
"""

import secrets

from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from engine import records
from engine.analysis.retry import cante_errors
from engine.analysis.review import CANTAR
from tutor.lib.owners import Owned


def new_share_token() -> str:
    return secrets.token_urlsafe(12)


class Source(models.TextChoices):
    """Where a hand came from."""

    BOTS = "bots", _("contra bots")
    TASK = "tarea", _("tarea de clase")
    PASTED = "pegada", _("pegada")
    TABLE = "mesa", _("mesa con personas")


class HandRecord(Owned):
    """One hand of one person (the owner), with the seat they sat at when it is known.

    A hand played here names its origin by a typed key (``match_hand_id``: the «Jugar» hand it was
    written from), not a foreign key, so that this app depends on none of the apps that feed it.
    """

    source = models.CharField(max_length=8, choices=Source)
    match_hand_id = models.BigIntegerField(null=True, blank=True, unique=True)
    # A hand played at a table with people: one record per person seated, "<table hand id>:<seat>".
    table_seat_key = models.CharField(max_length=32, null=True, blank=True, unique=True)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)  # the owner's seat, 0..3
    title = models.CharField(_("título"), max_length=120, blank=True, default="")
    table = models.CharField(max_length=16)  # a preset name, or "personalizada"
    text = models.TextField()  # the record in the notation (engine.records.write)
    # Read from the referee's report when stored: {"totals": [A, B], "winner": "A"|"B"|None,
    # "reason": ..., "renuncios": n, "complete": bool}
    result = models.JSONField(default=dict)
    # Where the hand can be seen as it was played (a «Jugar» hand's own review), when there is such a page.
    origin_url = models.CharField(max_length=200, blank=True, default="")
    share_token = models.CharField(max_length=24, null=True, blank=True, unique=True)
    share_names = models.BooleanField(default=False)
    played_at = models.DateTimeField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [
            models.Index(fields=["learner", "-played_at"]),
            models.Index(fields=["anon_id", "-played_at"]),
        ]

    def __str__(self) -> str:
        return f"mano #{self.pk}"

    def get_absolute_url(self) -> str:
        return reverse("hands:detail", args=[self.pk])

    @property
    def pair(self) -> str | None:
        return None if self.seat is None else "AB"[self.seat & 1]

    @property
    def won(self) -> bool | None:
        """Whether the owner's pair won the hand (None when the seat or the winner is not known)."""
        winner = self.result.get("winner")
        if self.pair is None or winner not in ("A", "B"):
            return None
        return winner == self.pair


ERROR_LABELS = ("error", "error_grave")  # engine.analysis.review: the labels a retry is made from
# «En la mesa» counts a play labelled «Error» or worse to which the analysis gave no theme under this key
# («otros errores de juego»), so that every error of the seat is counted somewhere.
OTHER_PLAY = "otros"


def review_summary(data: dict, seat: int | None, text: str | None = None) -> dict:
    """What «En la mesa» counts of a done review, kept beside it so that Mi progreso and the class dashboard
    read a few numbers, not the whole review: the cards ``seat`` played there and its errors as
    [is a rule, rule id or theme] (a play error without a theme under ``OTHER_PLAY``); with the record's ``text``, its cantes missed or sung wrongly too (each
    under its rule ids and the theme «cantar a tiempo»)."""
    if seat is None:
        return {}
    turns = [t for t in data.get("turns", []) if t["seat"] == seat]
    errors = [e for e in data.get("rule_errors", []) if e["seat"] == seat]
    found = [[True, r] for e in errors for r in e["rule_ids"]]
    found += [[False, t.get("theme") or OTHER_PLAY] for t in turns if t["label"] in ERROR_LABELS]
    for e in _cante_errors(text, seat) if text else ():
        found += [[True, r] for r in e.rule_ids] + [[False, CANTAR]]
    return {"cards": len(turns) + len(errors), "found": found}


def _cante_errors(text: str, seat: int) -> list:
    try:
        return cante_errors(records.read(text), seat)
    except records.RecordSyntaxError:  # a record that no longer reads has no cantes to count
        return []


class HandReview(models.Model):
    """The graded review of a hand (engine.analysis), computed once off the request by a task and kept.

    ``data`` holds what the page shows, as facts (cards as codes, values as numbers, reasons as engine
    message data): it is rendered in the reader's language and person every time it is read.
    """

    class Status(models.TextChoices):
        QUEUED = "queued", _("en cola")
        RUNNING = "running", _("analizando")
        DONE = "done", _("hecha")
        FAILED = "failed", _("falló")
        UNAVAILABLE = "unavailable", _("no se puede analizar")

    record = models.OneToOneField(HandRecord, on_delete=models.CASCADE, related_name="review")
    status = models.CharField(max_length=12, choices=Status, default=Status.QUEUED)
    done_tricks = models.PositiveSmallIntegerField(default=0)
    total_tricks = models.PositiveSmallIntegerField(default=0)
    seats = models.JSONField(default=list)  # the seats judged (the owner's and the partner's, or all four)
    data = models.JSONField(default=dict)
    summary = models.JSONField(default=dict)  # review_summary(data, the owner's seat), written with data
    engine_version = models.CharField(max_length=16, blank=True, default="")
    # The task's priority when queued (reviews.ASKED_PRIORITY, or KEPT_PRIORITY when queued by itself as the
    # hand was kept) and its id in the task queue, so that a reader asking for it raises it, not queues twice.
    priority = models.SmallIntegerField(default=0)
    task_id = models.CharField(max_length=64, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"revisión de la mano #{self.record_id} ({self.status})"

    @property
    def pending(self) -> bool:
        return self.status in (self.Status.QUEUED, self.Status.RUNNING)
