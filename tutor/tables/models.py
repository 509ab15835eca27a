"""Tables for people: who sits where, the hands dealt and the append-only log of what happened.

As in «Jugar», the state of a hand is never stored: it is the engine's ``Hand`` rebuilt from the deal
and the log (``tutor.tables.game``), so an instance that restarts loses nothing and nothing can drift
from the rules.
"""

import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from engine.rules import TableRules
from tutor.play.models import Level, TutorMode

# No 0/O, 1/I/L: a code read aloud must not be ambiguous (the classes' alphabet).
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalise_code(raw: str) -> str:
    return "".join(ch for ch in str(raw).upper() if ch.isalnum())[:CODE_LENGTH]


def new_token() -> str:
    return secrets.token_urlsafe(16)


class RenuncioRule(models.TextChoices):
    REFUSED = "rehusar", _("se rehúsa al momento")
    REAL = "mesa_real", _("como en una mesa real: se canta «¡Renuncio!»")


class FalseCall(models.TextChoices):
    """What a false «¡Renuncio!» costs (rules.md gives no figure: the table says; ``POINT`` by default)."""

    POINT = "punto", _("un punto de la partida para la pareja rival, al terminar la mano")
    NOTHING = "nada", _("no cuesta nada")
    SILENCE = "sin_cantar", _("quien se equivoca ya no puede cantar renuncio en esa mano")


class Table(models.Model):
    token = models.CharField(max_length=32, unique=True, default=new_token, editable=False)
    code = models.CharField(max_length=CODE_LENGTH, unique=True, default=new_code, editable=False)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    # A class's table: its teachers may seat members, watch and end it.
    classroom = models.ForeignKey(
        "classroom.Classroom", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    rules = models.JSONField()  # TableRules.to_dict()
    level = models.CharField(max_length=16, choices=Level, default=Level.NORMAL)  # the bots'
    renuncio = models.CharField(max_length=16, choices=RenuncioRule, default=RenuncioRule.REFUSED)
    false_call = models.CharField(max_length=16, choices=FalseCall, default=FalseCall.POINT)
    seed = models.BigIntegerField()
    first_dealer = models.PositiveSmallIntegerField()
    points = models.JSONField(default=list)
    winner = models.SmallIntegerField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0)  # grows on every change (polls and streams)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)  # the match ended, or the table was closed
    closed_reason = models.CharField(max_length=16, blank=True, default="")  # "", partida, inactiva, profesor
    # The last comings and goings the seats were told (``services.tell``: who sat, left, went away or came
    # back, at which version), on the table's row so that every read of the table has them at no cost.
    notices = models.JSONField(default=list, blank=True)
    last_activity = models.DateTimeField(auto_now_add=True)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"mesa {self.code}"

    def get_absolute_url(self) -> str:
        return reverse("tables:table", args=[self.token])

    def get_rules(self) -> TableRules:
        return TableRules.from_spec(self.rules)

    @property
    def over(self) -> bool:
        return self.finished_at is not None


class Seat(models.Model):
    """A person at a seat (0..3; partners opposite: 0 and 2, 1 and 3). A seat without a row is a bot's."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    mode = models.CharField(max_length=16, choices=TutorMode, default=TutorMode.APRENDIZ)
    last_seen = models.DateTimeField()
    silenced_hand = models.PositiveSmallIntegerField(null=True, blank=True)  # a false call's cost
    # The others were told this person is away (a bot plays for them): told once, and told of the return.
    away_told = models.BooleanField(default=False)
    # The person's last request was a plain one (a page or a form, never a poll or a stream): their page
    # does not update itself, so they are given longer before a bot plays (services.PLAIN_AWAY_SECONDS).
    plain = models.BooleanField(default=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="tables_seat_number_unique"),
            models.UniqueConstraint(fields=["table", "user"], name="tables_seat_user_unique"),
            models.CheckConstraint(condition=models.Q(number__lte=3), name="tables_seat_number_range"),
        ]

    def __str__(self) -> str:
        return f"sitio {self.number} de {self.table}"


class TableHand(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveSmallIntegerField()
    seed = models.BigIntegerField()
    dealer = models.PositiveSmallIntegerField()
    first_hand = models.BooleanField(default=False)
    score = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["table", "number"], name="tables_hand_number_unique")]

    def __str__(self) -> str:
        return f"mano {self.number} de {self.table}"

    @property
    def over(self) -> bool:
        return self.score is not None


class TableEvent(models.Model):
    """One thing that happened in a hand, in order (append-only; ``seq`` guards doubled posts)."""

    class Kind(models.TextChoices):
        CARD = "card", _("carta")
        CANTE = "cante", _("cante")
        PASS = "pass", _("no canta")
        CALL = "call", _("«¡Renuncio!»")

    hand = models.ForeignKey(TableHand, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveSmallIntegerField()
    seat = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=8, choices=Kind)
    value = models.CharField(max_length=16, blank=True, default="")  # card code, cante, or the called seat
    legal = models.BooleanField(default=True)
    by_bot = models.BooleanField(default=False)
    grade = models.JSONField(null=True, blank=True)  # a call's verdict
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["seq"]
        constraints = [models.UniqueConstraint(fields=["hand", "seq"], name="tables_event_seq_unique")]

    def __str__(self) -> str:
        return f"{self.seq}: {self.seat} {self.kind} {self.value}"

    def save(self, *args, **kwargs) -> None:
        if self.pk is not None and not kwargs.get("force_insert"):
            raise ValueError("TableEvent is append-only")
        super().save(*args, **kwargs)


class Phrase(models.Model):
    """One of the fixed phrases a seat sent (no free chat)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="phrases")
    seat = models.PositiveSmallIntegerField()
    key = models.CharField(max_length=16)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.seat}: {self.key}"


class League(models.Model):
    """A league of pairs, everyone against everyone (home and away if chosen), with its standings."""

    organiser = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    # A class's league: its pairs are the class's students; its teachers manage it, its players see it.
    classroom = models.ForeignKey(
        "classroom.Classroom", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    name = models.CharField(_("nombre"), max_length=80)
    rules = models.CharField(max_length=16)  # a preset's name
    home_and_away = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        # One name per organiser: a form sent twice makes one league, and the list tells them apart.
        constraints = [
            models.UniqueConstraint(fields=["organiser", "name"], name="tables_league_name_unique")
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tables:league", args=[self.pk])


class LeaguePair(models.Model):
    """A pair: a name, and in a class's league the two students (they sit opposite, as partners)."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="pairs")
    name = models.CharField(max_length=80)
    first = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    second = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )

    class Meta:
        constraints = [models.UniqueConstraint(fields=["league", "name"], name="tables_pair_name_unique")]

    def __str__(self) -> str:
        return self.name


class Fixture(models.Model):
    """One match of the league: its round, the pairs, and the match's points once played (the home pair
    is pair A: seats 1 and 3 of a record, 0 and 2 of a table)."""

    class How(models.TextChoices):
        ENTERED = "anotado", _("resultado anotado")
        TABLE = "mesa", _("jugado en una mesa de la aplicación")
        RECORDS = "manos", _("manos pegadas")

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="fixtures")
    round = models.PositiveSmallIntegerField()
    home = models.ForeignKey(LeaguePair, on_delete=models.CASCADE, related_name="+")
    away = models.ForeignKey(LeaguePair, on_delete=models.CASCADE, related_name="+")
    home_points = models.PositiveSmallIntegerField(null=True, blank=True)
    away_points = models.PositiveSmallIntegerField(null=True, blank=True)
    # 0: the home pair won, 1: the away pair (a renuncio that lost the match gives its winners the target).
    winner = models.PositiveSmallIntegerField(null=True, blank=True)
    how = models.CharField(max_length=8, choices=How, blank=True, default="")
    played_at = models.DateTimeField(null=True, blank=True)
    # The table of the app the fixture is (or was last) being played at; its match's end records the result.
    table = models.OneToOneField(
        Table, null=True, blank=True, on_delete=models.SET_NULL, related_name="fixture"
    )

    class Meta:
        ordering = ["round", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["league", "home", "away"], name="tables_fixture_unique")
        ]

    def __str__(self) -> str:
        return f"{self.home} – {self.away}"
