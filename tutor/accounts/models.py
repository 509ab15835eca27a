from django.conf import settings
from django.contrib.auth.models import AbstractUser
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
