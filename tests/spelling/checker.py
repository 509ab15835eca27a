"""Words a Hunspell dictionary does not know, read with spylls (a pure-Python Hunspell) from Debian's
``hunspell-es`` and ``hunspell-en-us`` files, plus the project's own word list for each language
(``palabras.txt`` for Spanish, ``palabras.en.txt`` for English: the game's terms and names, which the
English lessons keep in Spanish)."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

DICTIONARIES = Path("/usr/share/hunspell")
OWN_WORDS = {
    "es_ES": Path(__file__).with_name("palabras.txt"),
    "en_US": Path(__file__).with_name("palabras.en.txt"),
}
# Card codes (12c), rule ids (R-OBL-PISAR), switch keys (montar_tras_fallo), URLs and Markdown links
# are not words; [[term|shown]] shows its second half.
_NOT_WORDS = re.compile(r"R-[A-Z0-9-]+|\b\d+[ocebOCEB]?\b|\b\w+_\w+\b|https?://\S+|\(/[^)]*\)|\[\[[^]|]*\|")
# A word, with its English apostrophes: don't, partner's (typographic ’ read as ').
_WORD = re.compile(r"[A-Za-zÁÉÍÓÚÜÑáéíóúüñ]+(?:'[A-Za-z]+)*")


@cache
def dictionary(lang: str = "es_ES"):
    from spylls.hunspell import Dictionary

    return Dictionary.from_files(str(DICTIONARIES / lang))


@cache
def own_words(lang: str = "es_ES") -> frozenset[str]:
    lines = OWN_WORDS[lang].read_text(encoding="utf-8").splitlines()
    return frozenset(w.strip() for w in lines if w.strip() and not w.startswith("#"))


def words(text: str) -> set[str]:
    return set(_WORD.findall(_NOT_WORDS.sub(" ", text.replace("’", "'"))))


@cache
def _in_dictionary(word: str, lang: str) -> bool:
    # spylls looks a word up in pure Python (a millisecond or more); the spelling tests read most
    # words many times over (every page, both catalogues, the course), so each is looked up once a run.
    d = dictionary(lang)
    return bool(d.lookup(word) or d.lookup(word.lower()))


def unknown(texts, lang: str = "es_ES") -> dict[str, str]:
    """{word: a sentence it appears in} for every word neither the dictionary nor our list knows."""
    own = own_words(lang)
    seen: dict[str, str] = {}
    for text in texts:
        for w in words(text):
            seen.setdefault(w, text)
    return {
        w: text
        for w, text in sorted(seen.items())
        if w not in own and w.lower() not in own and not _in_dictionary(w, lang)
    }
