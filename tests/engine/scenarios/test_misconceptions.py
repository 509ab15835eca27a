"""Wrong answers are diagnosed by the engine with the most specific misconception."""

from engine.cards import mask_of, parse_cards
from engine.rules import PRESETS
from engine.scenarios.misconceptions import diagnose_card

OROS = 0


def _diag(hand, trick, card, rules=PRESETS["guia"]):
    return diagnose_card(mask_of(parse_cards(hand)), parse_cards(trick), OROS, parse_cards([card])[0], rules)


def test_trump_while_holding_the_led_suit():
    assert _diag(["12c", "4o"], ["10c"], "4o") == "triunfo_teniendo_palo"


def test_beating_only_the_lead_not_the_strongest():
    # 5c led, 11c (caballo) on top; 10c (sota) beats the lead but not the caballo, 1c would.
    assert _diag(["10c", "1c"], ["5c", "11c"], "10c") == "monto_solo_salida"


def test_not_over_trumping():
    assert _diag(["12o", "2o", "5b"], ["5c", "4o"], "2o") == "no_piso"


def test_not_trumping():
    assert _diag(["2o", "5b"], ["5c"], "5b") == "no_fallo"


def test_partner_winning_is_no_excuse():
    # partner led 12c and is winning; the rival played 4c; you hold 1c and 5c.
    assert _diag(["1c", "5c"], ["12c", "4c"], "5c") == "excusa_companero"


def test_a_play_legal_only_at_the_default_table_names_the_switch_it_ignores():
    assert _diag(["12c", "4c"], ["10c", "2o"], "4c", PRESETS["estricta"]) == "ignora_montar_tras_fallo"
    # no copas, only a lower trump (2o) under the 4o: estricta still wants it; guia lets the basto go.
    assert _diag(["2o", "5b"], ["5c", "4o"], "5b", PRESETS["estricta"]) == "ignora_fallar_sin_pisar"


def test_no_misconception_states_the_default_rule_at_a_table_that_changes_it():
    companero = PRESETS["companero"]
    # partner leads 12c and is winning, the rival plays 4c: under the exception any copa is fine, so
    # the only illegal card (a basto while holding copas) is a plain failure to follow suit.
    assert _diag(["1c", "5c", "5b"], ["12c", "4c"], "5b", companero) == "otro_palo_teniendo_palo"
    assert _diag(["1c", "5c", "5b"], ["12c", "4c"], "5b") == "otro_palo_teniendo_palo"
