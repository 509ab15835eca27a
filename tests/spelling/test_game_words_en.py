"""The game's own words stay the game's in English too: a learner reads «baza» in the course, the glossary,
the engine's rulings and every page, never «trick» in one place and «baza» in the next; and the points of
the cards are «tantos» wherever the Spanish says tantos. A gloss in brackets after the Spanish word
(«baza (trick)», «montar (head the trick)») is how the course explains it, and stays."""

from __future__ import annotations

import re
from pathlib import Path

import polib

from engine.messages import catalogue_of

ROOT = Path(__file__).resolve().parents[2]
GLOSS = re.compile(r"\([^()]*\)")  # «(ten for the last trick)»: the English meaning of a Spanish word
PLACEHOLDER = re.compile(r"%\([a-z_]+\)[sd]|\{[a-z_:]+\}|\"[a-z_]+\"")
TRICK = re.compile(r"\btricks?\b", re.IGNORECASE)


def _english_texts() -> list[tuple[str, str, str]]:
    """(where, the Spanish it says or "", the English text) of every English sentence a learner reads."""
    texts = [("engine", key, text) for key, text in catalogue_of("engine.messages.en").items()]
    po = polib.pofile(str(ROOT / "locale" / "en" / "LC_MESSAGES" / "django.po"))
    for entry in po:
        for text in entry.msgstr_plural.values() if entry.msgid_plural else [entry.msgstr]:
            texts.append(("catalogue", entry.msgid, text))
    for path in sorted((ROOT / "lessons" / "content").rglob("*.en.md")):
        texts.append((str(path.relative_to(ROOT)), "", path.read_text(encoding="utf-8")))
    return texts


def _words(text: str) -> str:
    return GLOSS.sub(" ", PLACEHOLDER.sub(" ", text))


def test_english_says_baza_not_trick_outside_a_gloss():
    found = [(where, text[:120]) for where, _es, text in _english_texts() if TRICK.search(_words(text))]
    assert found == []
    # The rule is not vacuous: the English says «baza» in all three places.
    assert {where.split("/")[0] for where, _es, text in _english_texts() if "baza" in text} >= {
        "engine",
        "catalogue",
        "lessons",
    }


def test_tantos_are_never_points_in_english():
    """«points» in English is the match's («puntos», «coto»); a Spanish text that counts tantos says tantos."""
    wrong = [
        (es[:80], text[:120])
        for where, es, text in _english_texts()
        if where == "catalogue"
        and re.search(r"\btantos?\b", es)
        and re.search(r"\bpoints?\b", text)
        and not re.search(r"\btantos?\b", text)
    ]
    assert wrong == []
