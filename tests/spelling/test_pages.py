"""Every page of the site, in Spanish and in English, reads as that language: each word of its visible
text (and of its aria-label, title, alt and placeholder) is known to Debian's Hunspell dictionary of
the page's language or to the project's word list. An English page with a Spanish sentence left in it
fails here, and so does a Spanish page with a misspelling.

The pages are the URLconf's (the fuzz test's ENDPOINTS and world: every URL name, as an anonymous
visitor, a learner and a teacher, with real ids), plus a practice question answered right and wrong.

The engine's sentences (questions, feedback, rulings, option labels, rule lines, the play log) and the
course (lessons/) are checked in the page's language like the rest.
Skipped: elements whose ``lang`` says they are in the other language (the switch's
«Español»), scripts and styles, and the names and titles the test's own users typed.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from django.test import Client
from django.urls import reverse

from engine.rules import RULE_CATALOGUE
from engine.scenarios import FAMILY_LABELS
from tests.spelling.checker import DICTIONARIES, unknown
from tests.tutor import test_no_input_breaks_a_page as fuzz
from tutor.practice.identity import Owner
from tutor.practice.models import Mode
from tutor.practice.services import issue

# The fuzz test's world (classes, sets, matches, rounds, questions) and its quick password hasher.
world = fuzz.world
_fast_passwords = fuzz._fast_passwords
ENDPOINTS = fuzz.ENDPOINTS

DICTIONARY = {"es": "es_ES", "en": "en_US"}
READ_ATTRIBUTES = ("aria-label", "title", "alt", "placeholder")
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
# What the world's users wrote: names, nicknames, titles (not the site's words).
USER_DATA = {
    "alice",
    "bob",
    "charlie",
    "teresa",
    "tomas",
    "Alicia",
    "Roberto",
    "Carlos",
    "Martes",
    "Tarea",
    "Liga",
}
USER_DATA |= {"Montar", "Zorro", "Alice", "Bob", "Charlie", "Teresa", "Tomas", "example", "org", "nueva"}
PERSONAS = (None, "alice", "teresa")
FAMILIES = tuple(FAMILY_LABELS)


class VisibleText(HTMLParser):
    """The text a reader meets on a page, minus the skipped elements."""

    def __init__(self, lang: str) -> None:
        super().__init__(convert_charrefs=True)
        self.lang = lang
        self.stack: list[tuple[str, bool]] = []  # (tag, skipped)
        self.texts: list[str] = []

    def _skipped(self) -> bool:
        return any(skipped for _, skipped in self.stack)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        skipped = tag in ("script", "style", "template") or (a.get("lang") not in (None, self.lang))
        if not skipped and not self._skipped():
            self.texts += [a[k] for k in READ_ATTRIBUTES if a.get(k)]
            if tag == "input" and a.get("type") in ("submit", "button") and a.get("value"):
                self.texts.append(a["value"])
        if tag not in VOID:
            self.stack.append((tag, skipped))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.stack.pop()

    def handle_endtag(self, tag):
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                return

    def handle_data(self, data):
        if data.strip() and not self._skipped():
            self.texts.append(data.strip())


def visible_text(html: str, lang: str) -> list[str]:
    parser = VisibleText(lang)
    parser.feed(html)
    return parser.texts


def _path(world, name: str) -> dict | None:
    """Real path values for the endpoint, or None when it takes something the world has not got."""
    values = {}
    for arg, kind in ENDPOINTS[name].kwargs.items():
        if kind == "unit":
            values[arg] = world["step"][0]
        elif kind == "step":
            values[arg] = world["step"][1]
        elif kind == "text" and arg == "rule_id":
            values[arg] = next(iter(RULE_CATALOGUE))
        elif kind in ("hand", "question"):
            values[arg] = 1
        elif kind == "action":
            return None
        elif world.get(kind):
            values[arg] = world[kind][0]
        else:
            return None
    return values


def _pages(world, lang: str) -> dict[str, str]:
    """{"persona url": html} for every page the URLconf answers with 200 HTML, in `lang`."""
    pages = {}
    for persona in PERSONAS:
        client = Client()
        if persona:
            client.force_login(world["users"][persona])
        client.post(reverse("accounts:language"), {"language": lang})
        for name in sorted(ENDPOINTS):
            path = _path(world, name)
            if path is None or name.startswith("admin:"):
                continue
            url = reverse(name, kwargs=path)
            response = client.get(url)
            if response.status_code != 302 and response["Content-Type"].startswith("text/html"):
                pages[f"{persona} {url}"] = response.content.decode()
        # A question answered wrong and one answered right: the feedback's own frame.
        if persona == "alice":
            for seed, family in enumerate(FAMILIES):
                issued = issue(
                    owner=Owner(world["users"]["alice"], ""), mode=Mode.FAMILY, family=family, seed=seed
                )
                scenario = issued.get_scenario()
                answer = scenario.options[0].value if scenario.options else "1"  # a number of tantos
                url = reverse("practice:answer", args=[issued.token])
                response = client.post(url, {"answer": answer}, follow=True)
                pages[f"{persona} answered {family} {url}"] = response.content.decode()
    return pages


# Not words: addresses shown as text (a table's or a record's link, whose random token may hold a hyphen:
# «…/m/KJZFlAn0w9wQBjlCR-VEwg/»), join codes and tokens (8UNJ5NJ, NQMDTM), the JSON keys a help text
# names ("trump").
NOT_WORDS = re.compile(r"\S*/\S*|\b\w*\d\w*\b|(?<![-\w])[A-Z]{6,7}(?![-\w])|\"[a-z_]+\"")


def _unknown_words(pages: dict[str, str], lang: str) -> dict[str, str]:
    texts, where = [], {}
    for page, html in pages.items():
        assert "<html" not in html or f'<html lang="{lang}"' in html, page  # a page, or a part of one
        for t in (NOT_WORDS.sub(" ", t) for t in visible_text(html, lang)):
            texts.append(t)
            where.setdefault(t, page)
    found = unknown(texts, DICTIONARY[lang])
    return {w: f"{where[t]}: {t[:120]}" for w, t in found.items() if w not in USER_DATA}


def test_the_dictionaries_are_installed_and_the_reader_skips_what_it_must():
    assert (DICTIONARIES / "en_US.dic").exists() and (DICTIONARIES / "es_ES.dic").exists()
    html = (
        '<p title="A hint">One <b>two</b></p><img alt="A card"><script>var x</script>'
        '<p>Debes asistir</p><button lang="es">Español</button><input type="submit" value="Go">'
    )
    assert visible_text(html, "en") == ["A hint", "One", "two", "A card", "Debes asistir", "Go"]
    assert "Debes asistir" in visible_text(html, "es")
    found = unknown(["Your partner wins the baza", "Debes ganar"], "en_US")
    assert {"Debes", "ganar"} <= set(found) and not {"Your", "partner", "wins", "baza"} & set(found)


@pytest.mark.django_db
def test_every_page_reads_as_english_in_english_and_as_spanish_in_spanish(world):
    results = {}
    for lang in ("en", "es"):
        pages = _pages(world, lang)
        assert len(pages) > 90, sorted(pages)
        results[lang] = _unknown_words(pages, lang)
    assert results == {"en": {}, "es": {}}
