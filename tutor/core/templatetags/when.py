"""The relative-time filters ``|ago`` and ``|until``; their words live in tutor/lib/when.py."""

from django import template

from tutor.lib import when

register = template.Library()
register.filter("ago", when.ago)
register.filter("until", when.until)
