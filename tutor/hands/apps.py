from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class HandsConfig(AppConfig):
    name = "tutor.hands"
    verbose_name = _("Manos")

    def ready(self) -> None:
        from tutor.hands import receivers  # noqa: F401 - connects the signal handlers
