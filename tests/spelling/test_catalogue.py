"""The English catalogue (locale/en/LC_MESSAGES): every entry translated, none fuzzy or obsolete, the
placeholders of each msgid kept, every word spelt right (hunspell-en-us plus palabras.en.txt), and the
committed .mo exactly the compiled .po (scripts/makemessages refreshes both)."""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest
from django.utils import translation

from tests.spelling.checker import unknown

LOCALE = Path(__file__).resolve().parents[2] / "locale" / "en" / "LC_MESSAGES"
PLACEHOLDER = re.compile(r"%\([a-z_]+\)[sd]|%%")
JSON_KEY = re.compile(r'"[a-z_]+"')  # the keys a help text names: "trump", "hand"
# A date format for Django's |date (each language writes a date its way: "l j \d\e F, H:i"): format
# letters one by one, escaped letters and punctuation, never two letters in a row: no words to spell.
DATE_FORMAT = re.compile(r"(?:\\.|[A-Za-z](?![A-Za-z])|[ ,:./-])+")


@pytest.fixture(scope="module")
def po():
    return polib.pofile(str(LOCALE / "django.po"))


def _translations(entry) -> list[str]:
    return list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]


def test_the_catalogue_is_whole(po):
    assert len(po) > 700
    assert not po.metadata_is_fuzzy
    assert [e.msgid for e in po if "fuzzy" in e.flags] == []
    assert [e.msgid for e in po.obsolete_entries()] == []
    assert [e.msgid for e in po if not all(t.strip() for t in _translations(e))] == []


def test_every_translation_keeps_the_placeholders_of_its_msgid(po):
    wrong = []
    for e in po:
        for source, text in zip([e.msgid, e.msgid_plural or e.msgid], _translations(e), strict=False):
            if sorted(set(PLACEHOLDER.findall(text))) != sorted(set(PLACEHOLDER.findall(source))):
                wrong.append((e.msgid, text))
    assert wrong == []


def _plain(text: str) -> str:
    if DATE_FORMAT.fullmatch(text) and (":" in text or "\\" in text):
        return ""
    return JSON_KEY.sub(" ", PLACEHOLDER.sub(" ", text))


def test_every_english_word_is_spelt_right(po):
    assert unknown([_plain(t) for e in po for t in _translations(e)], "en_US") == {}


def test_every_spanish_source_string_is_spelt_right(po):
    # Also the strings no page of the walk shows (errors, e-mails, rare refusals).
    assert unknown([_plain(s) for e in po for s in (e.msgid, e.msgid_plural) if s]) == {}


def test_the_committed_mo_is_the_compiled_po(po):
    mo = polib.mofile(str(LOCALE / "django.mo"))
    compiled = {(e.msgid, e.msgid_plural): _translations(e) for e in mo if e.msgid}
    assert compiled == {(e.msgid, e.msgid_plural): _translations(e) for e in po}, (
        "run scripts/makemessages (or manage.py compilemessages -l en) and commit the .mo"
    )


def test_django_reads_the_catalogue():
    with translation.override("en"):
        assert translation.gettext("Saltar al contenido") == "Skip to the content"
        assert translation.ngettext("%(n)s alumno", "%(n)s alumnos", 2) == "%(n)s students"
    assert translation.gettext("Saltar al contenido") == "Saltar al contenido"
