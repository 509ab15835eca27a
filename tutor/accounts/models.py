from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.translation import gettext_lazy as _


class User(AbstractUser):
    class Role(models.TextChoices):
        LEARNER = "learner", _("alumno")
        TEACHER = "teacher", _("profesor")

    role = models.CharField(_("papel"), max_length=16, choices=Role, default=Role.LEARNER)

    class Meta(AbstractUser.Meta):
        swappable = "AUTH_USER_MODEL"

    @property
    def is_teacher(self) -> bool:
        return self.role == self.Role.TEACHER
