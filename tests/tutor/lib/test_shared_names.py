"""tutor/lib names cards, seats and tables once for every app."""

import pytest

from engine.cards import CARDS
from engine.rules import GUIA, PRESETS, TableRules
from tutor.lib.cards import as_card, card_name, is_card_code, seat_labels
from tutor.lib.tables import table_label


def test_a_card_code_its_index_and_its_card_give_the_same_spanish_name():
    assert card_name("12c") == card_name(as_card("12c")) == "rey de copas"
    assert card_name("1o") == "as de oros"
    assert {card_name(c) for c in CARDS} == {card_name(c.code) for c in CARDS}
    assert len({card_name(c) for c in CARDS}) == 40


@pytest.mark.parametrize(
    "value, expected", [("12c", True), ("7e", True), ("8c", False), ("", False), (12, False), (None, False)]
)
def test_only_the_forty_codes_are_card_codes(value, expected):
    assert is_card_code(value) is expected


def test_seats_are_named_from_the_viewer_round_the_table():
    assert seat_labels() == ("Tú", "Rival derecha", "Compañero", "Rival izquierda")


@pytest.mark.parametrize("name", list(PRESETS))
def test_a_preset_has_one_name_whatever_form_it_comes_in(name):
    rules = PRESETS[name]
    assert table_label(name) == table_label(rules) == table_label(rules.to_dict())
    assert table_label(name) != "Mesa personalizada"


def test_any_other_table_is_personalizada_and_a_damaged_one_says_so():
    custom = {"preset": "guia", "montar_tras_fallo": True, "tute_cualquier_baza": True}
    assert TableRules.from_spec(custom).preset_name is None
    assert table_label(GUIA) == "Mesa de la guía (reglas por defecto)"
    assert table_label(custom) == table_label(TableRules.from_spec(custom)) == "Mesa personalizada"
    assert table_label({"no-such-switch": True}) == "Mesa desconocida"
    assert table_label(None) == table_label("guia")


def test_a_kept_hands_custom_table_is_named_as_custom_not_unknown():
    # a hand of a class task at a table of its own is kept with the table name «personalizada»
    assert table_label("personalizada") == "Mesa personalizada"
