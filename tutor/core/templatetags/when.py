"""How long ago, in words: «hace un momento» under a minute (timesince alone says «0 minutos»)."""

from django import template
from django.utils import timezone
from django.utils.timesince import timesince
from django.utils.translation import gettext as _

register = template.Library()


@register.filter
def ago(value) -> str:
    if not value:
        return ""
    if (timezone.now() - value).total_seconds() < 60:
        return _("hace un momento")
    return _("hace %(time)s") % {"time": timesince(value)}
