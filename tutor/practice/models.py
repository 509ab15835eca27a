import secrets
from functools import cache

from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from engine.rules import TableRules
from engine.scenarios import Scenario
from tutor.lib.owners import Owned
from tutor.practice.compact import CompactJSONField


def new_token() -> str:
    return secrets.token_urlsafe(16)


class Mode(models.TextChoices):
    FAMILY = "familia", _("por familia")
    SKILL = "habilidad", _("por habilidad")
    REVIEW = "repaso", _("repaso")
    MIXED = "mixta", _("sesión mixta")
    FIXED = "guia", _("ejemplo de la guía")
    LESSON = "leccion", _("lección")
    ASSIGNMENT = "tarea", _("tarea")
    LIVE = "directo", _("ronda en directo")


def only_row(queryset):
    """The row of a query on a unique key, or None: first() without its ORDER BY, which the hot
    paths would pay for on every request."""
    return next(iter(queryset[:1]), None)


@cache
def _url_pattern(name: str) -> str:
    """A scenario URL with a placeholder token, reversed once per process (tokens need no quoting)."""
    return reverse(name, args=["TOKEN"])


def scenario_url(name: str, token: str) -> str:
    """``reverse(name, args=[token])`` for the practice:scenario/answer/next URLs, without its cost."""
    return _url_pattern(name).replace("TOKEN", token)


class Issued(Owned):
    """A scenario handed to one learner. Its position and answer key live here, never in the client.

    Rows are written once when issued and not changed afterwards (an anonymous visitor's rows are
    moved to their account at login with a queryset update).
    """

    token = models.CharField(max_length=32, unique=True, default=new_token, editable=False)
    # The kind of origin (tutor/practice/origins.py); the issuing app links the row to what it
    # belongs to with a one-to-one key of its own (a lesson checkpoint, a set's question, a session item).
    mode = models.CharField(max_length=16, choices=Mode)
    family = models.CharField(max_length=16)
    difficulty = models.PositiveSmallIntegerField()
    seed = models.BigIntegerField()
    fixed_id = models.CharField(max_length=64, blank=True, default="")
    target = models.CharField(max_length=32, blank=True, default="")  # the rule id it was aimed at
    rule_ids = models.JSONField(default=list)
    rules = models.JSONField()  # TableRules.to_dict()
    # engine Scenario.to_dict(): position, question, options and answer key, stored deflated (compact.py)
    scenario = CompactJSONField()
    source_attempt = models.ForeignKey(
        "Attempt", null=True, blank=True, on_delete=models.SET_NULL, related_name="reissues"
    )
    issued_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [
            models.Index(fields=["learner", "-issued_at"]),
            models.Index(fields=["anon_id", "-issued_at"]),
        ]

    def __str__(self) -> str:
        return f"{self.family} #{self.pk} ({self.token})"

    def get_absolute_url(self) -> str:
        return reverse("practice:scenario", args=[self.token])

    def get_scenario(self) -> Scenario:
        """The stored scenario, built once per instance (an answer grades it and then draws it)
        while ``scenario`` is the same value."""
        kept = self.__dict__.get("_kept_scenario")
        if kept is None or kept[0] is not self.scenario:
            kept = (self.scenario, Scenario.from_dict(self.scenario))
            self._kept_scenario = kept
        return kept[1]

    def keep_scenario(self, scenario: Scenario) -> None:
        """``scenario`` is what ``get_scenario()`` builds from ``self.scenario`` (its ``to_dict()``):
        kept, not rebuilt."""
        self._kept_scenario = (self.scenario, scenario)

    def get_rules(self) -> TableRules:
        return TableRules.from_spec(self.rules)


class Attempt(Owned):
    """One answer to one issued scenario, graded by the engine on the server. An append-only log.

    The one-to-one link makes a replayed or doubled submission impossible to count twice.
    Family, rules and rule ids are copied from the issued scenario so statistics never need a join.
    """

    issued = models.OneToOneField(Issued, on_delete=models.PROTECT, related_name="attempt")
    mode = models.CharField(max_length=16, choices=Mode)
    family = models.CharField(max_length=16)
    difficulty = models.PositiveSmallIntegerField()
    rule_ids = models.JSONField(default=list)
    rules = models.JSONField()
    answer = models.JSONField()
    correct = models.BooleanField()
    misconception = models.CharField(max_length=48, blank=True, default="")
    grade = CompactJSONField()  # engine Grade.to_dict(): verdicts, explanation, expected; deflated
    engine_version = models.CharField(max_length=16)
    time_taken_ms = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [
            models.Index(fields=["learner", "-created_at"]),
            models.Index(fields=["anon_id", "-created_at"]),
        ]

    def __str__(self) -> str:
        return f"{self.family} {'bien' if self.correct else 'mal'} #{self.pk}"

    def save(self, *args, **kwargs) -> None:
        if self.pk is not None and not kwargs.get("force_insert"):
            raise ValueError("Attempt is append-only: a logged answer is never rewritten")
        super().save(*args, **kwargs)
