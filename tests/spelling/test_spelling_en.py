"""The English of every family (questions, options, verdicts, notes, explanations, rule lines,
misconceptions, labels) is spelt right: Hunspell's en_US plus the game's Spanish words (palabras.en.txt)."""

from __future__ import annotations

from engine.messages import render
from engine.scenarios import FAMILY_LABELS, MISCONCEPTIONS
from tests.engine.scenarios.sweep import swept
from tests.spelling.checker import DICTIONARIES, unknown


def test_the_english_dictionary_is_installed_and_rejects_a_misspelling():
    assert (DICTIONARIES / "en_US.dic").exists()
    assert unknown(["Your partner follows suit with the knight of copas."], "en_US") == {}
    assert unknown(["You must asistir with the nigth of copas."], "en_US") == {
        "nigth": "You must asistir with the nigth of copas."
    }


def test_every_english_question_and_feedback_of_every_family_is_spelt_right():
    texts = {sentence for r in swept() for sentence in r.sentences("en")}
    assert len(texts) > 1000
    assert unknown(texts, "en_US") == {}


def test_every_english_misconception_and_family_label_is_spelt_right():
    texts = [render(t, "en") for table in (MISCONCEPTIONS, FAMILY_LABELS) for t in table.values()]
    assert unknown(texts, "en_US") == {}
