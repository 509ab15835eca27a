"""What progress keeps: caches computed from practice's Attempt log, and the FSRS review log.

The Attempt log (tutor.practice) is the source of truth for statistics and the review queue; the
ReviewLogEntry rows are the source of truth for spaced repetition. SkillStat, ReviewItem and
FamilyCard are caches: `manage.py rebuild_progress` recomputes them all from those logs.
Every row belongs to a learner or, before they sign up, to an anonymous visitor (tutor.lib.owners).
"""

from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from tutor.lib.owners import Owned, unique_per_owner
from tutor.progress import mastery


class SkillStat(Owned):
    """Counts for one skill (a rule id) or one family of one owner; incremented by the database."""

    class Kind(models.TextChoices):
        RULE = "rule", _("habilidad")
        FAMILY = "family", _("familia")
        PLAY = "play", _("habilidad en la mesa")  # a rule id, counted from «Jugar»'s graded plays

    kind = models.CharField(max_length=8, choices=Kind)
    key = models.CharField(max_length=32)  # the rule id ("R-OBL-MONTAR") or the family ("jugada")
    attempts = models.PositiveIntegerField(default=0)
    correct = models.PositiveIntegerField(default=0)
    # The last results, oldest first, "1" right and "0" wrong, at most mastery.WINDOW of them.
    recent = models.CharField(max_length=mastery.WINDOW, blank=True, default="")
    last_attempt_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = unique_per_owner("skillstat", ["kind", "key"])

    def __str__(self) -> str:
        return f"{self.key}: {self.correct}/{self.attempts}"

    @property
    def mastery(self) -> int:
        return mastery.level(self.recent)


class ReviewItem(Owned):
    """A failed scenario waiting in the review queue until a re-issue of it is answered right."""

    attempt = models.OneToOneField("practice.Attempt", on_delete=models.CASCADE, related_name="review_item")
    family = models.CharField(max_length=16)
    failures = models.PositiveIntegerField(default=1)
    created_at = models.DateTimeField()
    cleared_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [
            models.Index(fields=["learner", "cleared_at"]),
            models.Index(fields=["anon_id", "cleared_at"]),
        ]

    def __str__(self) -> str:
        return f"{self.family} #{self.attempt_id} ({'fuera' if self.cleared_at else 'en cola'})"


class ReviewLogEntry(Owned):
    """One FSRS review of an owner's family card: the source of truth the card is rebuilt from."""

    family = models.CharField(max_length=16)
    attempt = models.OneToOneField("practice.Attempt", on_delete=models.CASCADE, related_name="review_log")
    rating = models.PositiveSmallIntegerField()  # fsrs.Rating: 1 Again, 3 Good
    reviewed_at = models.DateTimeField()
    log = models.JSONField()  # fsrs ReviewLog.to_dict(), as the scheduler returned it

    class Meta:
        indexes = [
            models.Index(fields=["learner", "family", "reviewed_at"]),
            models.Index(fields=["anon_id", "family", "reviewed_at"]),
        ]

    def __str__(self) -> str:
        return f"{self.family} {self.rating} {self.reviewed_at:%Y-%m-%d %H:%M}"


class FamilyCard(Owned):
    """The FSRS card of one (owner, family): a cache of replaying its ReviewLogEntry rows."""

    family = models.CharField(max_length=16)
    card = models.JSONField(default=dict)  # fsrs Card.to_dict(); empty until the first review
    due = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = unique_per_owner("familycard", ["family"])
        indexes = [models.Index(fields=["learner", "due"]), models.Index(fields=["anon_id", "due"])]

    def __str__(self) -> str:
        return f"{self.family} (repaso {self.due:%Y-%m-%d %H:%M})" if self.due else self.family


class PracticeSession(Owned):
    """A planned run of scenarios (a mixed session or a review), issued one at a time."""

    class Kind(models.TextChoices):
        MIXED = "mixta", _("sesión mixta")
        REVIEW = "repaso", _("repaso")

    kind = models.CharField(max_length=8, choices=Kind)
    # [{"family", "target", "difficulty"} | {"review_item": id}, ...]
    plan = models.JSONField()
    position = models.PositiveSmallIntegerField(default=0)  # how many items have been issued
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.get_kind_display()} #{self.pk} ({self.position}/{len(self.plan)})"

    def get_absolute_url(self) -> str:
        return reverse("progress:session_summary", args=[self.pk])

    @property
    def name(self) -> str:
        return _("Sesión mixta") if self.kind == self.Kind.MIXED else _("Repaso")


class SessionItem(models.Model):
    """Which item of a session's plan an issued scenario is: the origin of review and mixed questions."""

    session = models.ForeignKey(PracticeSession, on_delete=models.CASCADE, related_name="items")
    position = models.PositiveSmallIntegerField()  # 0-based place in the session's plan
    issued = models.OneToOneField("practice.Issued", on_delete=models.CASCADE, related_name="session_item")

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["session", "position"], name="progress_one_issued_per_session_item"
            )
        ]

    def __str__(self) -> str:
        return f"{self.session} #{self.position + 1}"


class TableRetry(Owned):
    """A play of the learner's own kept hand that went wrong (a renuncio, or a card the review labelled
    «error» or «error grave»), asked again as «¿Qué carta echas?».

    The position is not stored: it is the record (``record``) played up to ``play`` plays, seen from
    ``seat`` (engine.analysis.retry), so it shows only what that seat knew. ``grades`` keeps, per legal
    card of that moment, the analyser's label and values (or, for a rule item, every card of the seat's
    hand as legal or not), computed once by the task that made the item: an answer is graded by lookup.
    The FSRS card (spacing) decides when it comes back; two right answers in a row retire it.
    """

    class Kind(models.TextChoices):
        PLAY = "jugada", _("jugada")
        RULE = "regla", _("regla")
        CANTE = "cante", _("cante")  # a cante missed or sung wrongly: «¿Qué cantas?» at that moment

    record = models.ForeignKey("hands.HandRecord", on_delete=models.CASCADE, related_name="retries")
    # the play's number in the record, 0-based; a cante item: the plays done before its moment to sing
    play = models.PositiveSmallIntegerField()
    seat = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=8, choices=Kind)
    # the card played at the table; a cante item: what was sung (engine.analysis.retry.cante_code, «-» nothing)
    card = models.CharField(max_length=3)
    theme = models.CharField(max_length=24, blank=True, default="")  # engine.analysis.review.THEMES
    rule_ids = models.JSONField(default=list)
    label = models.CharField(max_length=16, blank=True, default="")  # the review's label of the card played
    # {code: [label, win, points]} for a play item; {code: "legal" | "renuncio"} for a rule item;
    # {cante code: ["right" | "wrong", the engine's reason as message data]} for a cante item.
    grades = models.JSONField(default=dict)
    reasons = models.JSONField(default=list)  # engine message data, spoken to ``viewer``'s seat
    viewer = models.PositiveSmallIntegerField(null=True, blank=True)
    fsrs = models.JSONField(default=dict)  # fsrs Card.to_dict(); empty until the first answer
    due = models.DateTimeField()
    answers = models.PositiveIntegerField(default=0)  # answers given: a form carries it against doubles
    streak = models.PositiveSmallIntegerField(default=0)  # right answers in a row
    retired_at = models.DateTimeField(null=True, blank=True)
    removed_at = models.DateTimeField(null=True, blank=True)
    note = models.TextField(blank=True, default="")  # «no estoy de acuerdo»: for the class's teachers
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["record", "play", "kind"], name="progress_one_retry_per_play")
        ]
        indexes = [
            models.Index(fields=["learner", "retired_at", "removed_at", "due"]),
            models.Index(fields=["anon_id", "retired_at", "removed_at", "due"]),
        ]

    def __str__(self) -> str:
        return f"{self.card} (mano #{self.record_id}, jugada {self.play + 1})"

    def get_absolute_url(self) -> str:
        return reverse("progress:retry", args=[self.pk])

    @property
    def open(self) -> bool:
        return self.retired_at is None and self.removed_at is None


class TableRetryAnswer(models.Model):
    """One answer to a retry item: ``number`` is the item's answer count when it was given (one each)."""

    item = models.ForeignKey(TableRetry, on_delete=models.CASCADE, related_name="log")
    number = models.PositiveIntegerField()
    card = models.CharField(max_length=3)
    right = models.BooleanField()
    answered_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["item", "number"], name="progress_one_answer_per_number")
        ]

    def __str__(self) -> str:
        return f"{self.item_id} #{self.number}: {self.card}"
