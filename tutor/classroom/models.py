import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from engine.cards import Suit
from engine.rules import PRESETS, TableRules
from engine.scenarios import FAMILY_LABELS, BuiltPosition, position_from_json
from tutor.lib.tables import RULES_CHOICES, table_label

# No 0/O, 1/I/L: a code read aloud or copied from a blackboard must not be ambiguous.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 7


def new_join_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalise_code(raw: str) -> str:
    return "".join(ch for ch in raw.upper() if ch.isalnum())


class Classroom(models.Model):
    name = models.CharField(_("nombre"), max_length=80)
    rules = models.CharField(_("reglas de mesa"), max_length=16, choices=RULES_CHOICES, default="guia")
    teachers = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="teaching")
    join_code = models.CharField(max_length=12, unique=True, default=new_join_code)
    join_open = models.BooleanField(default=True)
    archived = models.BooleanField(default=False)
    # When it was archived (save() keeps it in step with ``archived``): after
    # ARCHIVED_CLASS_ERASABLE_DAYS its teachers may erase it whole (tutor.classroom.ending).
    archived_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs) -> None:
        if self.archived != (self.archived_at is not None):
            self.archived_at = timezone.now() if self.archived else None
            if kwargs.get("update_fields") is not None and "archived" in kwargs["update_fields"]:
                kwargs["update_fields"] = {*kwargs["update_fields"], "archived_at"}
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("classroom:detail", args=[self.pk])

    def get_rules(self) -> TableRules:
        return PRESETS[self.rules]


class Membership(models.Model):
    """A student in a class. ``real_name`` is for the class's teachers only: never render it to a student."""

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="memberships")
    student = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    real_name = models.CharField(_("nombre real"), max_length=120, blank=True, default="")
    managed = models.BooleanField(default=False)  # account created by a teacher (no email)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["classroom", "student"], name="one_membership")]
        ordering = ["student__username"]

    def __str__(self) -> str:
        return f"{self.student} en {self.classroom}"

    def display_name(self) -> str:
        """For teacher views only."""
        return self.real_name or self.student.username


class Position(models.Model):
    """A position a teacher built, stored in the engine's JSON contract and checked on every save."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="positions")
    title = models.CharField(_("título"), max_length=120)
    data = models.JSONField()  # {"trump", "trick", "hand", "rules"}
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return self.title

    def built(self) -> BuiltPosition:
        return position_from_json(self.data)

    def trump_label(self) -> str:
        return Suit.parse(self.data["trump"]).label

    def rules_label(self) -> str:
        """The table it was built and previewed at (a set grades it at the class's table instead)."""
        return table_label(self.data.get("rules") or "guia")


class PracticeSet(models.Model):
    class Kind(models.TextChoices):
        ITEMS = "items", _("ejercicios")
        GOAL = "goal", _("objetivo de dominio")

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="sets")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    title = models.CharField(_("título"), max_length=120)
    instructions = models.TextField(_("instrucciones"), blank=True, default="")
    kind = models.CharField(max_length=8, choices=Kind, default=Kind.ITEMS)
    goal_skill = models.CharField(_("habilidad"), max_length=32, blank=True, default="")
    goal_level = models.PositiveSmallIntegerField(_("dominio que alcanzar"), null=True, blank=True)
    opens_at = models.DateTimeField(_("se abre"), default=timezone.now)
    due_at = models.DateTimeField(_("fecha de entrega"))
    whole_class = models.BooleanField(_("toda la clase"), default=True)
    students = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="+")
    published_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["due_at", "pk"]

    def __str__(self) -> str:
        return self.title

    def get_absolute_url(self) -> str:
        return reverse("classroom:set_detail", args=[self.pk])

    def get_task_url(self) -> str:
        """The student's page of this set."""
        return reverse("classroom:task", args=[self.pk])

    @property
    def is_goal(self) -> bool:
        return self.kind == self.Kind.GOAL


class SetItem(models.Model):
    class Kind(models.TextChoices):
        FAMILY = "family", _("familia")
        SKILL = "skill", _("habilidad")
        POSITION = "position", _("posición construida")
        PLAY = "play", _("jugar manos")  # «Jugar»: count hands, the same deals for every student
        # «Mis errores en la mesa»: up to ``count`` of each student's own retry items (SetRetry)
        TABLE = "mesa", _("repite tus errores de la mesa")

    practice_set = models.ForeignKey(PracticeSet, on_delete=models.CASCADE, related_name="items")
    order = models.PositiveSmallIntegerField(default=0)
    kind = models.CharField(max_length=10, choices=Kind)
    family = models.CharField(max_length=16, blank=True, default="")
    rule_id = models.CharField(max_length=32, blank=True, default="")
    count = models.PositiveSmallIntegerField(default=1)
    difficulty = models.PositiveSmallIntegerField(default=1)
    # A copy of the position at publishing time: editing the library later never changes a set.
    position = models.JSONField(null=True, blank=True)
    position_title = models.CharField(max_length=120, blank=True, default="")
    bot_level = models.CharField(max_length=16, blank=True, default="")  # kind=play
    # kind=play: the tutor's mode of the row's matches (play.TutorMode); empty: examen (rows made before).
    play_mode = models.CharField(max_length=16, blank=True, default="")

    class Meta:
        ordering = ["order", "pk"]

    # The rows that make questions (a live round, a question count); «jugar N manos» makes hands, and
    # «repite tus errores de la mesa» asks each student their own plays (no round can ask those).
    QUESTION_KINDS = (Kind.FAMILY, Kind.SKILL, Kind.POSITION)

    def __str__(self) -> str:
        return self.label()

    def bot_level_label(self) -> str:
        from tutor.play.models import Level  # the play app's names for the bots' levels

        return str(Level(self.bot_level).label) if self.bot_level in Level.values else self.bot_level

    @property
    def mode(self) -> str:
        """The tutor's mode of a «jugar manos» row's matches."""
        return self.play_mode or "examen"

    def mode_explained(self) -> str:
        from tutor.play.forms import MODE_EXPLAINED  # the play app's words for its modes

        return str(MODE_EXPLAINED.get(self.mode, self.mode))

    def label(self) -> str:
        if self.kind == self.Kind.TABLE:
            # the teacher's pages and exports read it: said of each student, not to one
            return ngettext(
                "cada alumno repite %(n)s jugada de sus errores de la mesa",
                "cada alumno repite %(n)s jugadas de sus errores de la mesa",
                self.count,
            ) % {"n": self.count}
        if self.kind == self.Kind.PLAY:
            return ngettext(
                "jugar %(n)s mano (bots %(level)s)", "jugar %(n)s manos (bots %(level)s)", self.count
            ) % {"n": self.count, "level": self.bot_level_label()}
        if self.kind == self.Kind.POSITION:
            return f"{self.position_title} ({FAMILY_LABELS.get(self.family, self.family)})"
        if self.kind == self.Kind.SKILL:
            from tutor.classroom.skills import skill_label  # reads the course: not at import time

            name = skill_label(self.rule_id)
        else:
            name = FAMILY_LABELS.get(self.family, self.family)
        return gettext("%(name)s × %(n)s (nivel %(level)s)") % {
            "name": name,
            "n": self.count,
            "level": self.difficulty,
        }


class Assignment(models.Model):
    """One student's progress row in a published set.

    A student who leaves the class (or is removed) keeps the row and its questions, withdrawn: they
    stay in the record, take no answers, and come back as they were if the student rejoins.
    """

    class State(models.TextChoices):
        NOT_STARTED = "sin_empezar", _("sin empezar")
        IN_PROGRESS = "en_curso", _("en curso")
        SUBMITTED = "entregada", _("entregada")
        LATE = "tarde", _("entregada tarde")

    practice_set = models.ForeignKey(PracticeSet, on_delete=models.CASCADE, related_name="assignments")
    student = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="assignments"
    )
    state = models.CharField(max_length=12, choices=State, default=State.NOT_STARTED)
    total = models.PositiveSmallIntegerField(default=0)
    answered = models.PositiveSmallIntegerField(default=0)
    correct = models.PositiveSmallIntegerField(default=0)
    time_ms = models.PositiveBigIntegerField(default=0)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    withdrawn_at = models.DateTimeField(null=True, blank=True)  # the student left the class then

    class Meta:
        constraints = [models.UniqueConstraint(fields=["practice_set", "student"], name="one_assignment")]

    def __str__(self) -> str:
        return f"{self.practice_set} — {self.student}"

    def get_absolute_url(self) -> str:
        return reverse("classroom:task", args=[self.practice_set_id])

    @property
    def is_done(self) -> bool:
        return self.state in (self.State.SUBMITTED, self.State.LATE)

    def is_overdue(self, now=None) -> bool:
        return not self.is_done and (now or timezone.now()) > self.practice_set.due_at

    @property
    def score(self) -> int | None:
        return round(100 * self.correct / self.total) if self.total else None


class Question(models.Model):
    """Which issued scenario is which item of a student's set (the Issued row keeps the position):
    the origin of a set's questions (tutor/classroom/origins.py)."""

    assignment = models.ForeignKey(Assignment, on_delete=models.CASCADE, related_name="questions")
    item = models.ForeignKey(SetItem, on_delete=models.CASCADE, related_name="questions")
    number = models.PositiveSmallIntegerField()
    issued = models.OneToOneField("practice.Issued", on_delete=models.CASCADE, related_name="set_question")

    class Meta:
        ordering = ["number"]
        constraints = [models.UniqueConstraint(fields=["assignment", "number"], name="one_question_number")]

    def __str__(self) -> str:
        return f"{self.assignment} #{self.number}"


class SetMatch(models.Model):
    """A student's match for a «jugar N manos» item: every student's has the same seed (a duplicate)."""

    assignment = models.ForeignKey(Assignment, on_delete=models.CASCADE, related_name="set_matches")
    item = models.ForeignKey(SetItem, on_delete=models.CASCADE, related_name="set_matches")
    match = models.OneToOneField("play.Match", on_delete=models.CASCADE, related_name="set_match")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["assignment", "item"], name="one_set_match")]

    def __str__(self) -> str:
        return f"{self.assignment} · {self.item}"


class SetRetry(models.Model):
    """One of a student's own «Mis errores en la mesa» items chosen for a «repite tus errores de la mesa»
    row of their set (services.ensure_table_items). The first answer given to it after it was chosen,
    on any page, is the set's answer (``answered_at``, ``right``); a hand removed meanwhile leaves the
    row without its item (``retry`` null): answered, it stays in the record; unanswered, it is dropped."""

    assignment = models.ForeignKey(Assignment, on_delete=models.CASCADE, related_name="set_retries")
    item = models.ForeignKey(SetItem, on_delete=models.CASCADE, related_name="set_retries")
    retry = models.ForeignKey(
        "progress.TableRetry", null=True, on_delete=models.SET_NULL, related_name="set_retries"
    )
    chosen_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)
    right = models.BooleanField(null=True)
    card = models.CharField(max_length=3, blank=True, default="")  # the card of that first answer

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.UniqueConstraint(fields=["assignment", "retry"], name="one_set_retry_per_item"),
        ]

    def __str__(self) -> str:
        return f"{self.assignment} · {self.retry_id}"
