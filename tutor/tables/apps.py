from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TablesConfig(AppConfig):
    name = "tutor.tables"
    verbose_name = _("Mesas con personas")
