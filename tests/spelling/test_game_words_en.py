"""The game's own words stay the game's in English too: a learner reads «baza» in the course, the glossary,
the engine's rulings and every page, never «trick» in one place and «baza» in the next; the points of
the cards are «tantos» wherever the Spanish says tantos; a cante is sung («sing»), never called nor
declared; and each label of the review has one English name everywhere. A gloss in brackets after the
Spanish word («baza (trick)», «montar (head the trick)») is how the course explains it, and stays."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import polib

from engine.analysis.review import LABELS
from engine.messages import catalogue_of

ROOT = Path(__file__).resolve().parents[2]
GLOSS = re.compile(r"\([^()]*\)")  # «(ten for the last trick)»: the English meaning of a Spanish word
PLACEHOLDER = re.compile(r"%\([a-z_]+\)[sd]|\{[a-z_:]+\}|\"[a-z_]+\"")
TRICK = re.compile(r"\btricks?\b", re.IGNORECASE)


def _english_texts() -> list[tuple[str, str, str]]:
    """(where, the Spanish it says or "", the English text) of every English sentence a learner reads."""
    spanish = catalogue_of("engine.messages.es")
    texts = [
        ("engine", spanish.get(key, ""), text) for key, text in catalogue_of("engine.messages.en").items()
    ]
    po = polib.pofile(str(ROOT / "locale" / "en" / "LC_MESSAGES" / "django.po"))
    for entry in po:
        for text in entry.msgstr_plural.values() if entry.msgid_plural else [entry.msgstr]:
            texts.append(("catalogue", entry.msgid, text))
    for path in sorted((ROOT / "lessons" / "content").rglob("*.en.md")):
        texts.append((str(path.relative_to(ROOT)), "", path.read_text(encoding="utf-8")))
    glossary = tomllib.loads((ROOT / "lessons" / "content" / "glosario.toml").read_text(encoding="utf-8"))
    for word, entry in glossary.items():
        # «baza (trick): …»: the word's English gloss is in brackets, as the glossary page shows it
        english = f"{word} ({entry.get('en', '')}): {entry.get('definition_en', '')}"
        texts.append(("glossary", entry.get("definition", ""), english))
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
        if where in ("catalogue", "engine")
        and re.search(r"\btantos?\b", es)
        # more «points» than the Spanish has «puntos»: a message may speak of both
        and len(re.findall(r"\bpoints?\b", _words(text))) > len(re.findall(r"\bpuntos?\b", es))
    ]
    assert wrong == []


CANTAR = re.compile(r"\bcant(?:ar|o|as|a|amos|an|é|aste|ó|aron|ado|ada|ando|e|es)\b", re.IGNORECASE)
CALL = re.compile(r"\bcall(?:s|ed|ing)?\b", re.IGNORECASE)
DECLARE = re.compile(r"\bdeclar\w*", re.IGNORECASE)


def test_a_cante_is_sung_never_declared_nor_called():
    """«cantar» a cante is «sing»: «declare» nowhere (not even in a gloss), and «call» never where the Spanish
    sings; calling a renuncio («cantar renuncio», «acusar de renuncio») is another thing and says renuncio."""
    texts = _english_texts()
    declared = [(where, text[:120]) for where, _es, text in texts if DECLARE.search(text)]
    assert declared == []
    called = [
        (where, es[:80], text[:120])
        for where, es, text in texts
        if CANTAR.search(es) and CALL.search(text) and "renuncio" not in (es + text).lower()
    ]
    assert called == []
    # Not vacuous: the Spanish sings in many entries, and the English sings there.
    singing = [text for _where, es, text in texts if CANTAR.search(es)]
    assert (
        len(singing) > 20
        and sum(bool(re.search(r"\bs(?:ing|ings|ang|ung|inging)\b", t)) for t in singing) > 10
    )


# Other English names a label of the review must not take (its one name is the engine's review.label.*).
OTHER_NAMES = {
    "error_grave": r"serious mistake|grave (?:mistake|error)|big mistake|severe mistake|gross mistake",
    "imprecision": r"imprecision|inexactitude|small mistake|minor mistake",
}


def test_each_review_label_has_one_english_name_everywhere():
    english, spanish = catalogue_of("engine.messages.en"), catalogue_of("engine.messages.es")
    names = {label: (spanish[f"review.label.{label}"], english[f"review.label.{label}"]) for label in LABELS}
    assert names["error_grave"][1] == "blunder" and names["error"][1] == "mistake"
    texts = _english_texts()
    for label, pattern in OTHER_NAMES.items():
        wrong = [(where, text[:120]) for where, _es, text in texts if re.search(pattern, text, re.IGNORECASE)]
        assert wrong == [], label
    # Where the Spanish names the unambiguous labels, the English names them with the engine's word.
    for label in ("error_grave", "imprecision"):
        es_name, en_name = names[label]
        missing = [
            (es[:80], text[:120])
            for _where, es, text in texts
            if es_name.lower() in es.lower() and en_name.lower() not in text.lower()
        ]
        assert missing == [], label


def test_the_review_themes_explain_the_spanish_they_keep():
    """A theme in English keeps the game's phrase and says what it is, as the rules do: «las diez de últimas
    (10 for the last baza)»."""
    english = catalogue_of("engine.messages.en")
    assert english["review.theme.ultimas"] == "las diez de últimas (10 for the last baza)"
