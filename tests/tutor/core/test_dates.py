"""Dates and times read as the language writes them: «6 de diciembre de 2026 a las 14:05», never
«6 Dic 2026»; and something that just happened was «hace un momento», never «hace 0 minutos»."""

import re
from datetime import timedelta
from pathlib import Path

from django.utils import timezone, translation

from tutor.lib.when import ago, until

TEMPLATES = Path(__file__).resolve().parents[3] / "templates"
LITERAL_FORMAT = re.compile(r"\|(?:date|time):\"(?![A-Z_]+_FORMAT\")")


def test_every_template_writes_dates_in_the_languages_own_format():
    offending = [
        f"{path.relative_to(TEMPLATES)}:{n}"
        for path in sorted(TEMPLATES.rglob("*.html"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if LITERAL_FORMAT.search(line) or "|timesince" in line or "|timeuntil" in line
    ]
    assert offending == []


def test_something_that_just_happened_was_a_moment_ago():
    now = timezone.now()
    with translation.override("es"):
        assert ago(now) == "hace un momento"
        assert ago(now - timedelta(seconds=59)) == "hace un momento"
        assert ago(now - timedelta(minutes=5)) == "hace 5\xa0minutos"
    with translation.override("en"):
        assert ago(now) == "a moment ago"


def test_something_about_to_happen_is_in_a_moment():
    now = timezone.now()
    with translation.override("es"):
        assert until(now + timedelta(seconds=30)) == "un momento"
        assert until(now + timedelta(minutes=5, seconds=5)) == "5\xa0minutos"
    with translation.override("en"):
        assert until(now + timedelta(seconds=30)) == "a moment"
