"""Matches played at the table against three bots: the match, its hands and the log of what happened.

The state of a hand is never stored as such: it is the engine's ``Hand`` rebuilt from the deal (its
seed and dealer, or its code when given card by card) and the append-only log of events, so nothing can drift from the rules.
"""

import secrets

from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from engine.rules import TableRules
from tutor.lib.owners import Owned, unique_per_owner
from tutor.lib.tables import table_label


def new_token() -> str:
    return secrets.token_urlsafe(16)


class Level(models.TextChoices):
    PRINCIPIANTE = "principiante", _("principiante")
    NORMAL = "normal", _("normal")
    FUERTE = "fuerte", _("fuerte")


class TutorMode(models.TextChoices):
    APRENDIZ = "aprendiz", _("aprendiz")
    EXAMEN = "examen", _("examen")


class Match(Owned):
    """A match (partida) of one learner, seat 0, with a bot partner (seat 2) and two bot rivals."""

    token = models.CharField(max_length=32, unique=True, default=new_token, editable=False)
    rules = models.JSONField()  # TableRules.to_dict()
    level = models.CharField(max_length=16, choices=Level, default=Level.NORMAL)
    mode = models.CharField(max_length=16, choices=TutorMode, default=TutorMode.APRENDIZ)
    seed = models.BigIntegerField()  # every deal and every bot decision of the match derive from it
    first_dealer = models.PositiveSmallIntegerField()
    # «Jugar desde aquí»: a one-hand match that starts as the source hand was up to a play.
    source_hand = models.ForeignKey(
        "MatchHand", null=True, blank=True, on_delete=models.SET_NULL, related_name="replays"
    )
    # «Jugar desde aquí» from a kept record of a hand played elsewhere (pasted, or at a table with people):
    # a one-hand match dealt as the record was, from the owner's seat, up to one of their plays.
    source_record = models.ForeignKey(
        "hands.HandRecord", null=True, blank=True, on_delete=models.SET_NULL, related_name="replays"
    )
    # A fixed number of hands (a class's «jugar N manos»): the match ends after them, won or not.
    max_hands = models.PositiveSmallIntegerField(null=True, blank=True)
    points = models.JSONField(default=list)  # cache of the engine Match's points, [A, B]
    winner = models.SmallIntegerField(null=True, blank=True)  # pair index, when a pair won the match
    finished_at = models.DateTimeField(null=True, blank=True)
    # «Dejar esta partida» on /jugar/: no longer listed to resume (its hands and log stay).
    abandoned_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # «Nueva partida» pressed on a page drawn when the owner's newest match was this id (0: none): one
    # match per press (tutor.lib.pressed); empty for matches started otherwise.
    follows = models.PositiveBigIntegerField(null=True, blank=True, editable=False)

    class Meta:
        indexes = [
            models.Index(fields=["learner", "-updated_at"]),
            models.Index(fields=["anon_id", "-updated_at"]),
        ]
        constraints = unique_per_owner("match_one_per_press", ["follows"])
        verbose_name_plural = "matches"

    def __str__(self) -> str:
        return f"partida #{self.pk} ({self.token})"

    def get_absolute_url(self) -> str:
        return reverse("play:match", args=[self.token])

    def get_rules(self) -> TableRules:
        return TableRules.from_spec(self.rules)

    @property
    def table_name(self) -> str:
        """The table's name in the reader's language («Mesa estricta»)."""
        return table_label(self.rules)

    @property
    def over(self) -> bool:
        return self.finished_at is not None

    @property
    def is_replay(self) -> bool:
        """A one-hand match of «Jugar desde aquí» (from a hand here or from a kept record)."""
        return self.source_hand_id is not None or self.source_record_id is not None


class MatchHand(models.Model):
    """One hand of a match: how it was dealt, and its score once over."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveSmallIntegerField()  # 1, 2, ...
    seed = models.BigIntegerField()  # the deal's, unless ``deal`` is given; the bots' decisions' always
    dealer = models.PositiveSmallIntegerField()
    first_hand = models.BooleanField(default=False)  # the match's first (Ludoteka's first hand)
    # A deal given card by card (engine.records.deal_code: the hands, the dealer, the turned-up card),
    # for a hand not dealt from its seed: «Jugar desde aquí» from a kept record. Empty: the seed's deal.
    deal = models.CharField(max_length=13, blank=True, default="")
    # «Jugar desde aquí»: how many events of the log were copied from the source hand (not played here:
    # Mi progreso does not count them again when it is rebuilt from the log).
    copied = models.PositiveSmallIntegerField(default=0)
    score = models.JSONField(null=True, blank=True)  # HandScore.to_dict() once the hand is over
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "number"], name="play_hand_number_unique")]

    def __str__(self) -> str:
        return f"mano {self.number} de la partida #{self.match_id}"

    @property
    def over(self) -> bool:
        return self.score is not None


class Event(models.Model):
    """One thing that happened in a hand, in order: a card played, a cante sung, or a cante let pass.

    Append-only; ``seq`` is the event's place in the hand, so a replayed or doubled submission (which
    names the place it was made for) is recognised and never applied twice.
    """

    class Kind(models.TextChoices):
        CARD = "card", _("carta")
        CANTE = "cante", _("cante")
        PASS = "pass", _("no canta")

    hand = models.ForeignKey(MatchHand, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveSmallIntegerField()
    seat = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=8, choices=Kind)
    card = models.CharField(max_length=4, blank=True, default="")  # card code, for kind=card
    cante = models.CharField(max_length=16, blank=True, default="")  # suit letter or "tute:reyes"
    # For the learner's cards: the engine's verdict when it was played (legal, obligation, rule ids).
    legal = models.BooleanField(default=True)
    grade = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["seq"]
        constraints = [models.UniqueConstraint(fields=["hand", "seq"], name="play_event_seq_unique")]

    def __str__(self) -> str:
        return f"{self.seq}: {self.seat} {self.kind} {self.card or self.cante}"

    def save(self, *args, **kwargs) -> None:
        if self.pk is not None and not kwargs.get("force_insert"):
            raise ValueError("Event is append-only: a logged play is never rewritten")
        super().save(*args, **kwargs)
