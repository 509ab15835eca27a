"""Legal cards, obligations and explained rulings (R-OBL-*), with every worked position of the sources."""

from __future__ import annotations

import pytest

from engine.cards import Suit, mask_of
from engine.messages import Who, render
from engine.obligations import OBLIGATIONS, legal_cards, legal_mask, ruling, the, to_the
from engine.rules import GUIA, TableRules, preset

from .helpers import card, cards, codes

rule = pytest.mark.rule
OROS = Suit.OROS


# rules.md section 4, worked positions (trump oros).
@rule("R-OBL-ASISTIR", "R-OBL-MONTAR")
def test_sota_de_copas_led_with_rey_and_cuatro_de_copas_you_must_play_the_rey():
    # Seed 001: "Sale sota de copas; aún no hay triunfo | Rey y cuatro de copas | Debes jugar el rey".
    r = ruling(cards("12c 4c 6b 7e"), cards("10c"), OROS)
    assert codes(r.legal) == ["12c"]
    assert r.obligation == "montar"
    assert r.rule_ids == ("R-OBL-ASISTIR", "R-OBL-MONTAR")


@rule("R-OBL-ASISTIR")
def test_as_de_copas_led_with_only_the_cuatro_de_copas_you_play_the_cuatro():
    # Seed 001: "Sale as de copas | Solo cuatro de copas de ese palo | Juega el cuatro".
    r = ruling(cards("4c 6b 7e 1o"), cards("1c"), OROS)
    assert codes(r.legal) == ["4c"]
    assert r.obligation == "asistir"
    assert "R-OBL-ASISTIR" in r.rule_ids


@rule("R-OBL-PISAR")
def test_copas_led_cuatro_de_oros_in_with_rey_and_dos_de_oros_you_must_pisar_with_the_rey():
    # Seed 001: "Sale copas y ya hay cuatro de oros | rey y dos de oros | Debes jugar el rey de oros para pisar".
    r = ruling(cards("12o 2o 6b 7e"), cards("5c 4o"), OROS)
    assert codes(r.legal) == ["12o"]
    assert r.obligation == "pisar"
    assert r.rule_ids == ("R-OBL-PISAR",)
    assert "rey de oros" in str(r.explanation) and "cuatro de oros" in str(r.explanation)


@rule("R-OBL-LIBRE", "R-OBL-PISAR")
def test_copas_led_as_de_oros_in_with_only_the_dos_de_oros_any_card_is_legal():
    # Seed 001: "Sale copas y ya hay as de oros | solo dos de oros como triunfo | puedes jugar otra carta".
    hand = cards("2o 6b 7e 12e")
    r = ruling(hand, cards("5c 1o"), OROS)
    assert r.legal == tuple(hand)
    assert r.obligation == "libre"
    assert "R-OBL-LIBRE" in r.rule_ids


@rule("R-OBL-CORTADA", "R-OBL-ASISTIR")
def test_a_cut_trick_allows_either_copa_never_bastos_or_oros():
    # Seed 001 "Una baza ya cortada": sota de copas, dos de oros; you hold rey and cuatro de copas.
    r = ruling(cards("12c 4c 6b 3b 5o"), cards("10c 2o"), OROS)
    assert codes(r.legal) == ["12c", "4c"]
    assert r.obligation == "asistir"
    assert r.rule_ids == ("R-OBL-ASISTIR", "R-OBL-CORTADA")
    assert not r.verdict(card("6b")).legal
    assert not r.verdict(card("5o")).legal
    assert "no puedes echar triunfo" in str(r.verdict(card("5o")).why)


@rule("R-OBL-MONTAR")
def test_the_cual_puedes_jugar_quiz_is_the_rey_de_copas_only_obligation_montar():
    # Seed 001 "¿Cuál puedes jugar?": sota de copas led, 12c 4c and a basto.
    r = ruling(cards("12c 4c 6b"), cards("10c"), OROS)
    assert codes(r.legal) == ["12c"]
    assert r.obligation == "montar"
    assert r.verdict(card("4c")).legal is False
    assert "rey de copas" in str(r.verdict(card("4c")).why)
    assert "sota de copas" in str(r.verdict(card("4c")).why)


@rule("R-OBL-FALLAR")
def test_without_the_led_suit_and_no_trump_yet_you_must_fallar_with_any_trump():
    r = ruling(cards("2o 12o 6b"), cards("10c"), OROS)
    assert codes(r.legal) == ["2o", "12o"]
    assert r.obligation == "fallar"
    assert r.rule_ids == ("R-OBL-FALLAR",)


@rule("R-OBL-LIBRE")
def test_without_the_led_suit_or_trumps_any_card_is_legal():
    r = ruling(cards("6b 7e"), cards("10c"), OROS)
    assert r.obligation == "libre"
    assert codes(r.legal) == ["6b", "7e"]


@rule("R-OBL-TRIUNFO-SALIDA")
def test_a_trump_lead_must_be_followed_with_a_higher_trump_if_you_have_one():
    r = ruling(cards("3o 4o 5c"), cards("12o"), OROS)
    assert codes(r.legal) == ["3o"]
    assert r.obligation == "montar"
    assert r.rule_ids == ("R-OBL-ASISTIR", "R-OBL-TRIUNFO-SALIDA")


@rule("R-OBL-TRIUNFO-SALIDA")
def test_a_trump_lead_must_beat_the_strongest_trump_in_the_trick_not_just_the_lead():
    # Regression: the dos de oros led and the as de oros on it; nothing beats the as, so any trump.
    r = ruling(cards("3o 4o 5c"), cards("2o 1o"), OROS)
    assert codes(r.legal) == ["3o", "4o"]
    assert r.obligation == "asistir"
    r = ruling(cards("3o 4o 5c"), cards("2o 12o"), OROS)
    assert codes(r.legal) == ["3o"]


@rule("R-OBL-TRIUNFO-SALIDA", "R-OBL-LIBRE")
def test_a_trump_lead_without_trumps_leaves_you_free():
    r = ruling(cards("5c 6b"), cards("12o"), OROS)
    assert r.obligation == "libre"
    assert codes(r.legal) == ["5c", "6b"]


@rule("R-OBL-PAREJA")
def test_your_partner_winning_does_not_lift_the_obligation_by_default():
    # Two cards in the trick: the partner led the as de copas and is winning.
    r = ruling(cards("12c 4c"), cards("1c 5c"), OROS)
    assert r.partner_winning is True
    assert codes(r.legal) == ["12c", "4c"]  # nothing beats the as: asistir
    r = ruling(cards("2o 6b"), cards("1c 5c"), OROS)
    assert codes(r.legal) == ["2o"]
    assert r.obligation == "fallar"
    assert "R-OBL-PAREJA" in r.rule_ids
    assert "compañero" in str(r.explanation)


@rule("R-TRICK-1")
def test_the_leader_may_lead_any_card():
    hand = cards("12c 4c 6b")
    r = ruling(hand, [], OROS)
    assert r.obligation == "salida"
    assert r.legal == tuple(hand)
    assert all(v.legal for v in r.verdicts)


def test_every_card_gets_a_verdict_with_a_spanish_sentence():
    hand = cards("12c 4c 6b 5o")
    r = ruling(hand, cards("10c"), OROS)
    assert [v.card for v in r.verdicts] == hand
    assert all(str(v.why).startswith("Sí" if v.legal else "No") for v in r.verdicts)
    assert r.obligation in OBLIGATIONS


def test_legal_cards_keeps_hand_order_and_legal_mask_works_on_masks():
    hand = cards("4c 6b 12c 11c")
    assert codes(legal_cards(hand, cards("10c"), OROS)) == ["12c", "11c"]
    assert legal_mask(mask_of(hand), cards("10c"), OROS) == mask_of(cards("12c 11c"))


def test_articles_follow_the_card():
    assert the(card("10c")) == "la sota de copas"
    assert to_the(card("10c")) == "a la sota de copas"
    assert the(card("12c")) == "el rey de copas"
    assert to_the(card("1o")) == "al as de oros"


# Variants (section 9).
def test_montar_tras_fallo_forces_beating_the_led_suit_after_a_cut():
    rules = TableRules(montar_tras_fallo=True)
    r = ruling(cards("12c 4c 6b"), cards("10c 2o"), OROS, rules)
    assert codes(r.legal) == ["12c"]
    assert r.variants == ("montar_tras_fallo",)
    assert r.obligation == "montar"


def test_fallar_sin_pisar_forces_a_lower_trump():
    rules = TableRules(fallar_sin_pisar=True)
    r = ruling(cards("2o 6b"), cards("5c 1o"), OROS, rules)
    assert codes(r.legal) == ["2o"]
    assert r.obligation == "fallar"
    assert r.variants == ("fallar_sin_pisar",)


def test_excepcion_companero_lets_you_just_follow_or_play_anything_while_partner_wins():
    rules = preset("companero")
    r = ruling(cards("12c 4c 6b"), cards("1c 5c"), OROS, rules)
    assert r.obligation == "asistir"
    r = ruling(cards("12c 4c 6b"), cards("10c 2c"), OROS, rules)
    assert codes(r.legal) == ["12c", "4c"]
    assert r.variants == ("excepcion_companero",)
    r = ruling(cards("2o 6b"), cards("10c 2c"), OROS, rules)
    assert codes(r.legal) == ["2o", "6b"]
    assert r.obligation == "libre"
    # An opponent winning: the full obligation again.
    r = ruling(cards("12c 4c 6b"), cards("10c"), OROS, rules)
    assert codes(r.legal) == ["12c"]


def test_a_default_table_ruling_names_no_variant():
    assert ruling(cards("12c 4c"), cards("10c 2o"), OROS, GUIA).variants == ()


@rule("R-OBL-ASISTIR")
def test_a_single_card_that_must_follow_is_not_called_any_of_your_cards():
    r = ruling(cards("4c 6b 7e 1o"), cards("1c"), OROS)
    assert codes(r.legal) == ["4c"]
    said = str(r.explanation)
    assert "cualquiera" not in said and "cuatro de copas" in said


@rule("R-OBL-CORTADA")
def test_a_single_card_that_follows_a_cut_trick_is_not_called_any_of_your_cards():
    r = ruling(cards("4c 6b 7e 2o"), cards("1c 3o"), OROS)
    assert codes(r.legal) == ["4c"] and r.obligation == "asistir"
    said = str(r.explanation)
    assert "cualquiera" not in said and "cuatro de copas" in said


@rule("R-OBL-FALLAR")
def test_a_single_trump_that_must_fallar_is_not_called_any_of_your_trumps():
    r = ruling(cards("4o 6b 7e 2b"), cards("1c"), OROS)
    assert codes(r.legal) == ["4o"] and r.obligation == "fallar"
    said = str(r.explanation)
    assert "cualquiera" not in said and "cuatro de oros" in said


@rule("R-OBL-ASISTIR")
@pytest.mark.parametrize(
    ("who", "es", "en"),
    [
        (None, "Sí: es tu única carta de copas y no supera al as de copas", "it is your only copas card"),
        (
            Who.seat(2, 0),
            "Sí: es su única carta de copas y no supera al as de copas",
            "it is their only copas card",
        ),
    ],
)
def test_the_verdict_on_the_only_card_of_the_suit_speaks_of_that_card(who, es, en):
    # Seed 001's «solo cuatro de copas de ese palo»: the card's line says it is the only one, not «ninguna de
    # tus cartas de copas supera…», which counts cards the seat does not hold.
    r = ruling(cards("4c 6b 7e 1o"), cards("1c"), OROS, who=who)
    (ok,) = [v for v in r.verdicts if v.legal]
    assert render(ok.message, "es").startswith(es) and en in render(ok.message, "en")
    several = ruling(cards("4c 5c 6b 7e"), cards("1c"), OROS, who=who)
    assert all("ninguna de" in render(v.message, "es") for v in several.verdicts if v.legal)
