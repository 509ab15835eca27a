"""Table names, switch settings and rule lines come from the engine as messages: built once (form and
model choices at import), they still print in the language active when a page is drawn."""

from __future__ import annotations

import pytest
from django.utils import translation

from engine import messages
from engine.rules import PRESETS, RULE_CATALOGUE
from tutor.lib.i18n import engine_language
from tutor.lib.tables import RULES_CHOICES, table_label
from tutor.practice.display import rules_in_force
from tutor.practice.forms import _skill_choices


@pytest.fixture(autouse=True)
def _app_language_source():
    # As tutor.core does when the app starts (an engine test run before may have reset the source).
    messages.set_language_source(engine_language)


def test_a_table_name_built_at_import_prints_in_the_active_language():
    guia = dict(RULES_CHOICES)["guia"]
    assert str(guia) == "Mesa de la guía (reglas por defecto)"
    with translation.override("en"):
        assert str(guia) == "The guide's table (default rules)"
        assert table_label("estricta") == "Strict table"
    assert table_label("estricta") == "Mesa estricta"


def test_a_switch_setting_reads_as_one_phrase_in_each_language():
    settings = [str(s["setting"]) for s in rules_in_force(PRESETS["ludoteka"])["switches"]]
    assert "Castigo del renuncio: pierde la mano" in settings
    with translation.override("en"):
        settings = [str(s["setting"]) for s in rules_in_force(PRESETS["ludoteka"])["switches"]]
    assert "Penalty for renuncio: loses the hand" in settings


def test_a_skill_option_built_once_follows_the_page_language():
    label = dict(_skill_choices())["R-OBL-MONTAR"]
    assert str(label) == f"{RULE_CATALOGUE['R-OBL-MONTAR']} (R-OBL-MONTAR)"
    with translation.override("en"):
        assert str(label) == (
            "If you asistir and nobody has played a triunfo, you must beat the strongest card of the suit led "
            "if you can (montar). (R-OBL-MONTAR)"
        )
