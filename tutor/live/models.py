import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from engine.scenarios import Scenario
from tutor.lib.owners import Owned

# The classes' join-code alphabet (no 0/O, 1/I/L), shorter: a round lives for one lesson.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6


def new_round_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


class Round(models.Model):
    """A live round a teacher runs with the whole room: one question at a time for everybody.

    ``stage`` grows on every reveal, next question and finish: the phones poll it (tutor.live.pulse).
    """

    class Source(models.TextChoices):
        SET = "tarea", _("las familias y el nivel de una tarea")
        FIXED = "guia", _("los ejemplos de la guía")
        POSITIONS = "posiciones", _("mis posiciones construidas")

    classroom = models.ForeignKey("classroom.Classroom", on_delete=models.CASCADE, related_name="rounds")
    started_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    code = models.CharField(max_length=12, unique=True, default=new_round_code)
    # A set's title (the teacher's words); empty for the other sources, which shown_title names in the
    # reader's language. Rounds started before that kept the starter's words here: shown_title ignores them.
    title = models.CharField(max_length=160)
    source = models.CharField(max_length=12, choices=Source)
    allow_guests = models.BooleanField(default=False)
    current = models.PositiveSmallIntegerField(default=1)
    revealed = models.BooleanField(default=False)
    stage = models.PositiveIntegerField(default=0)
    finished_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # «Empezar la ronda» pressed on a page drawn when the class's newest round was this id (0: none):
    # one round per press (tutor.lib.pressed); empty for rounds started otherwise.
    follows = models.PositiveBigIntegerField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [models.UniqueConstraint(fields=["classroom", "follows"], name="round_one_per_press")]

    def __str__(self) -> str:
        return f"{self.shown_title} ({self.code})"

    def get_absolute_url(self) -> str:
        return reverse("live:projector", args=[self.code])

    @property
    def shown_title(self) -> str:
        """The title in the reader's language: a task's own title, or the name of the source the
        round was made from."""
        if self.source == self.Source.FIXED:
            return gettext("Ejemplos de la guía")
        if self.source == self.Source.POSITIONS:
            return gettext("Posiciones construidas")
        return self.title

    @property
    def is_finished(self) -> bool:
        return self.finished_at is not None


class RoundQuestion(models.Model):
    """One question of a round: the same scenario (position and answer key) for everyone in the room."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="questions")
    number = models.PositiveSmallIntegerField()
    family = models.CharField(max_length=16)
    scenario = models.JSONField()  # engine Scenario.to_dict()
    opened_at = models.DateTimeField(null=True, blank=True)
    revealed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [models.UniqueConstraint(fields=["round", "number"], name="one_round_question_number")]

    def __str__(self) -> str:
        return f"{self.round} #{self.number}"

    def get_scenario(self) -> Scenario:
        return Scenario.from_dict(self.scenario)


class Participant(Owned):
    """Someone answering from a phone: a signed-in user, or a guest known by practice's session id.

    ``nickname`` is what a guest typed; the projector never shows a name, only counts.
    """

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="participants")
    nickname = models.CharField(max_length=24, blank=True, default="")
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["joined_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["round", "learner"],
                condition=Q(learner__isnull=False),
                name="one_participant_per_user",
            ),
            models.UniqueConstraint(
                fields=["round", "anon_id"], condition=~Q(anon_id=""), name="one_participant_per_guest"
            ),
        ]

    def __str__(self) -> str:
        return self.nickname or f"#{self.pk}"


class LiveAnswer(models.Model):
    """A participant's answer to one question, graded when sent. Once its question closes it is
    logged through practice: ``issued`` (mode «directo», its origin this answer) and its attempt,
    like any other answer; until then ``issued`` is empty."""

    question = models.ForeignKey(RoundQuestion, on_delete=models.CASCADE, related_name="answers")
    participant = models.ForeignKey(Participant, on_delete=models.CASCADE, related_name="answers")
    issued = models.OneToOneField(
        "practice.Issued", on_delete=models.CASCADE, related_name="live_answer", null=True, blank=True
    )
    given = models.JSONField()  # the engine's reading of the answer (Grade.given)
    correct = models.BooleanField()
    misconception = models.CharField(max_length=48, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["question", "participant"], name="one_live_answer"),
        ]

    def __str__(self) -> str:
        return f"{self.question} — {self.participant}"
