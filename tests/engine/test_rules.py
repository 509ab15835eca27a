"""Table rules (section 9), presets and the rule catalogue."""

from __future__ import annotations

import dataclasses
import pathlib

import pytest

from engine.messages import render
from engine.rules import (
    GUIA,
    PRESETS,
    RULE_CATALOGUE,
    VARIANT_IDS,
    RulesError,
    TableRules,
    cite,
    preset,
    switched_off,
    variant_ids,
)
from tests.engine.conftest import COLLECTED, RULE_TAGS

KEYS = [
    "montar_tras_fallo",
    "fallar_sin_pisar",
    "excepcion_companero",
    "tute_cualquier_baza",
    "partida",
    "primera_mano",
    "renuncio",
]


def test_the_rules_have_exactly_the_seven_section_9_keys():
    assert list(GUIA.to_dict()) == KEYS


def test_the_default_table_is_the_guia_preset():
    assert TableRules.from_spec(None) == GUIA == preset("guia")
    assert GUIA.to_dict() == {
        "montar_tras_fallo": False,
        "fallar_sin_pisar": False,
        "excepcion_companero": False,
        "tute_cualquier_baza": False,
        "partida": "tres_manos",
        "primera_mano": "carta_del_repartidor",
        "renuncio": "pierde_partida",
    }


def test_the_presets_set_the_switches_rules_md_names():
    assert preset("estricta").differences() == ["montar_tras_fallo", "fallar_sin_pisar"]
    assert preset("ludoteka").differences() == ["partida", "primera_mano", "renuncio"]
    assert preset("ludoteka").renuncio == "pierde_mano"
    assert preset("companero").differences() == ["fallar_sin_pisar", "excepcion_companero"]
    assert set(PRESETS) == {"guia", "estricta", "ludoteka", "companero"}


def test_it_builds_from_a_preset_name_a_dict_or_a_preset_plus_overrides():
    assert TableRules.from_spec("estricta") == PRESETS["estricta"]
    assert TableRules.from_spec({"montar_tras_fallo": True}).montar_tras_fallo is True
    both = TableRules.from_spec({"preset": "ludoteka", "tute_cualquier_baza": True})
    assert both.partida == "ludoteka" and both.tute_cualquier_baza is True
    assert both.preset_name is None
    assert TableRules.from_spec("companero").preset_name == "companero"


def test_it_is_immutable():
    with pytest.raises(dataclasses.FrozenInstanceError):
        GUIA.montar_tras_fallo = True  # type: ignore[misc]


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("rapida", "Mesa desconocida"),
        ({"montar": True}, "Opción de mesa desconocida: montar"),
        ({"partida": "cinco_manos"}, "Valor no válido para partida"),
        ({"montar_tras_fallo": 1}, "Valor no válido para montar_tras_fallo"),
        ({"montar_tras_fallo": "true"}, "Valor no válido"),
        ({"preset": "nada"}, "Mesa desconocida"),
        (42, "Reglas no válidas"),
        (["guia"], "Reglas no válidas"),
    ],
)
def test_unknown_keys_or_values_are_an_error(spec, message):
    with pytest.raises(RulesError, match=message):
        TableRules.from_spec(spec)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_catalogue_has_a_line_for_every_id_in_every_language(lang):
    assert all(
        key.startswith("R-") and render(text, lang).endswith(".") for key, text in RULE_CATALOGUE.items()
    )
    assert len(RULE_CATALOGUE) == 33 + 7  # rules.md's ids and one per section-9 switch


def test_every_rule_id_of_the_catalogue_is_tagged_by_at_least_one_test(request):
    here = pathlib.Path(__file__).parent
    modules = {p.name for p in here.glob("test_*.py")}
    if not modules <= request.config.stash[COLLECTED]:
        pytest.skip("only part of tests/engine was collected")
    tags = request.config.stash[RULE_TAGS]
    missing = sorted(set(RULE_CATALOGUE) - set(tags))
    assert missing == []
    unknown = sorted(set(tags) - set(RULE_CATALOGUE))
    assert unknown == []


@pytest.mark.rule("R-RENUNCIO-1", "R-VAR-RENUNCIO-MANO")
def test_a_table_where_renuncio_loses_only_the_hand_cites_its_own_renuncio_rule():
    ludoteka = PRESETS["ludoteka"]
    assert "R-RENUNCIO-1" in switched_off(ludoteka) and "R-RENUNCIO-1" not in switched_off(GUIA)
    assert cite(["R-RENUNCIO-1", "R-OBL-ASISTIR"], ludoteka) == ("R-VAR-RENUNCIO-MANO", "R-OBL-ASISTIR")
    assert "pierde la partida" in str(RULE_CATALOGUE["R-RENUNCIO-1"])
    assert "pierde la mano" in str(RULE_CATALOGUE["R-VAR-RENUNCIO-MANO"])
    assert "loses the match" in render(RULE_CATALOGUE["R-RENUNCIO-1"], "en")
    assert "loses the hand" in render(RULE_CATALOGUE["R-VAR-RENUNCIO-MANO"], "en")


@pytest.mark.rule(
    "R-VAR-MONTAR-TRAS-FALLO",
    "R-VAR-FALLAR-SIN-PISAR",
    "R-VAR-COMPANERO",
    "R-VAR-TUTE-CUALQUIER-BAZA",
    "R-VAR-PARTIDA-LUDOTEKA",
    "R-VAR-PRIMERA-MANO-LUDOTEKA",
)
def test_each_switch_is_a_rule_of_its_own_in_force_only_at_the_tables_that_set_it():
    assert variant_ids(GUIA) == ()
    assert variant_ids(PRESETS["estricta"]) == ("R-VAR-MONTAR-TRAS-FALLO", "R-VAR-FALLAR-SIN-PISAR")
    assert variant_ids(PRESETS["companero"]) == ("R-VAR-FALLAR-SIN-PISAR", "R-VAR-COMPANERO")
    assert variant_ids(PRESETS["ludoteka"]) == (
        "R-VAR-PARTIDA-LUDOTEKA",
        "R-VAR-PRIMERA-MANO-LUDOTEKA",
        "R-VAR-RENUNCIO-MANO",
    )
    assert switched_off(GUIA) == VARIANT_IDS
    assert {"R-OBL-CORTADA", "R-VAR-COMPANERO"} <= switched_off(PRESETS["estricta"])
    assert {"R-OBL-PAREJA", "R-VAR-MONTAR-TRAS-FALLO"} <= switched_off(PRESETS["companero"])
    assert "R-MATCH-1" in switched_off(PRESETS["ludoteka"])
    assert "R-TUTE-2" in switched_off(TableRules(tute_cualquier_baza=True))
