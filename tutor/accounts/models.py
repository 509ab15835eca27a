from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.contrib.sessions.base_session import AbstractBaseSession
from django.db import models
from django.utils.translation import gettext_lazy as _


class User(AbstractUser):
    class Role(models.TextChoices):
        LEARNER = "learner", _("alumno")
        TEACHER = "teacher", _("profesor")

    role = models.CharField(_("papel"), max_length=16, choices=Role, default=Role.LEARNER)
    # The interface language the user chose with the header's switch; "" until they choose
    # (tutor.accounts.language applies it on every request, on any device). The database default
    # lets code that knows nothing of the column (an older release, a migration test) add users.
    language = models.CharField(
        _("idioma"), max_length=8, choices=settings.LANGUAGES, blank=True, default="", db_default=""
    )
    # The display the user chose with the header's «Letra grande» and the table's «Confirmar la carta»;
    # None until they choose (tutor.accounts.display applies them on every request, on any device).
    # Confirmar la carta left unchosen follows Letra grande.
    large_print = models.BooleanField(_("letra grande"), null=True, blank=True, default=None, db_default=None)
    confirm_card = models.BooleanField(
        _("confirmar la carta"), null=True, blank=True, default=None, db_default=None
    )

    class Meta(AbstractUser.Meta):
        swappable = "AUTH_USER_MODEL"

    @property
    def is_teacher(self) -> bool:
        return self.role == self.Role.TEACHER


class Session(AbstractBaseSession):
    """A visitor's session, kept in the database (a Redis outage must not sign anybody out), with the
    account it is signed in to beside its data: ``tutor.accounts.sessions`` reads the session and its
    user in one query, and an account's sessions are found (and ended) by an index, not by decoding
    every session. ``user`` follows the data's ``_auth_user_id`` on every save.

    No database constraint on ``user``: a session saved for an account erased a moment before (two
    requests racing) must not fail its insert (Django's store would retry a failed insert with a new
    key for ever); Django's ORM still deletes an account's sessions with it (CASCADE), and an orphan
    row signs nobody in (the user is not found) and expires like any other.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        db_constraint=False,
        related_name="+",
    )

    class Meta(AbstractBaseSession.Meta):
        pass

    @classmethod
    def get_session_store_class(cls):
        from tutor.accounts.sessions import SessionStore

        return SessionStore


class ShownStamp(models.Model):
    """A number that grows with every write to the rows a learner's own pages show (answers, skill
    counts, review queue, FSRS cards, retries, kept hands and their reviews): those pages keep what they
    drew under it (tutor/accounts/stamps.py). Written only by the database's triggers, never by Django,
    so that no write path can forget it; read with the session (tutor/accounts/sessions.py).

    No database constraint and nothing done on delete: a trigger fired while an account is being erased
    may write its row again after the row went (ids are never reused, and a number says nothing)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.DO_NOTHING,
        primary_key=True,
        db_constraint=False,
        related_name="shown_stamp",
    )
    n = models.BigIntegerField(default=0)
    # Moves only with the writes to the account's kept hands and their reviews (what «En la mesa» counts).
    hands = models.BigIntegerField(db_default=0)  # a database default: the triggers of other tables omit it

    def __str__(self) -> str:
        return f"{self.user_id}: {self.n}"
