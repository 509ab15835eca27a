"""How long ago, and how long until, in words: the one place the site writes a relative time.

Django's timesince and timeuntil say «0 minutos» under a minute («hace 0 minutos», «dentro de 0
minutos»); these say «hace un momento» and «un momento» instead, in the page's language. Python code
calls them here; templates use them as ``|ago`` and ``|until`` (tutor/core/templatetags/when.py), never
``|timesince`` nor ``|timeuntil`` (a test keeps them out).
"""

from django.utils import timezone
from django.utils.timesince import timesince, timeuntil
from django.utils.translation import gettext as _
from django.utils.translation import pgettext


def ago(value) -> str:
    if not value:
        return ""
    if (timezone.now() - value).total_seconds() < 60:
        return _("hace un momento")
    return _("hace %(time)s") % {"time": timesince(value)}


def until(value) -> str:
    """How long until ``value``, for «dentro de …» / «in …»: «un momento» under a minute."""
    if not value:
        return ""
    if (value - timezone.now()).total_seconds() < 60:
        return pgettext("dentro de", "un momento")
    return timeuntil(value)
