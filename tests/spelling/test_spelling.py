"""Every sentence a learner reads is spelt right: questions and feedback of every family at every table
(the engine sweep), the message catalogue, rule lines, misconceptions, labels and the whole course."""

from __future__ import annotations

import re

import pytest

from engine.messages.es import CATALOGUE
from engine.rules import PRESET_LABELS, RULE_CATALOGUE, SWITCH_LABELS
from engine.scenarios import FAMILY_LABELS, MISCONCEPTIONS
from lessons.course import load_course
from tests.engine.scenarios.sweep import swept
from tests.spelling.checker import DICTIONARIES, dictionary, unknown

PLACEHOLDER = re.compile(r"\{[^}]*\}")


@pytest.mark.parametrize("lang", ["es_ES", "en_US"])
def test_debian_dictionaries_are_installed(lang):
    # scripts/test installs hunspell-es and hunspell-en-us; without them the checks below prove nothing.
    assert (DICTIONARIES / f"{lang}.dic").exists() and (DICTIONARIES / f"{lang}.aff").exists()


def test_the_checker_knows_spanish_and_rejects_a_misspelling():
    d = dictionary()
    assert d.lookup("compañero") and d.lookup("asistir") and d.lookup("bazas")
    assert unknown(["Tu compañero asiste con el cavallo de copas."]) == {
        "cavallo": "Tu compañero asiste con el cavallo de copas."
    }


def test_the_checker_knows_english_and_the_games_words_and_rejects_a_misspelling():
    d = dictionary("en_US")
    assert d.lookup("partner's") and d.lookup("don't") and d.lookup("trick")
    sentence = "Your partner doesn't asistir with the knigt of copas."
    assert unknown([sentence], "en_US") == {"knigt": sentence}
    # The list lets in the game's words, not any Spanish: «asiste» is not one of them.
    assert unknown(["Your compañero asiste."], "en_US") == {"asiste": "Your compañero asiste."}


def test_every_generated_question_and_feedback_is_spelt_right():
    texts = {sentence for r in swept() for sentence in r.sentences()}
    assert len(texts) > 1000
    assert unknown(texts) == {}


def test_every_catalogue_line_rule_misconception_and_label_is_spelt_right():
    texts = [PLACEHOLDER.sub(" ", t) for t in CATALOGUE.values()]
    for table in (RULE_CATALOGUE, MISCONCEPTIONS, FAMILY_LABELS, PRESET_LABELS, SWITCH_LABELS):
        texts += list(table.values())
    assert unknown(texts) == {}


@pytest.mark.django_db(databases=[])
@pytest.mark.parametrize(("language", "lang"), [("es", "es_ES"), ("en", "en_US")])
def test_every_lesson_title_text_prompt_and_glossary_entry_is_spelt_right(language, lang):
    course = load_course().in_language(language)
    texts = []
    for unit in course.units:
        texts += [unit.title, unit.summary]
        for step in unit.steps:
            texts += [step.title, step.body]
            texts += [step.example.prompt] if step.example else []
            texts += [step.display.caption] if step.display else []
    texts += [t for term in course.glossary for t in (term.name, term.definition, term.gloss)]
    assert len(texts) > 100
    assert unknown(texts, lang) == {}
