"""The mistaken beliefs a wrong answer reveals, and how the engine tells which one fits a given play."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from engine.cards import SUIT_MASKS
from engine.messages import Message, msg
from engine.messages.es.misconceptions import CATALOGUE as es_catalogue
from engine.obligations import ABOVE, legal_mask
from engine.rules import GUIA, TableRules
from engine.scenarios.common import trick_state

# Each belief is a message (engine/messages/<lang>/misconceptions.py): MISCONCEPTIONS[code] prints in the
# language in force.
MISCONCEPTIONS: dict[str, Message] = {
    key.removeprefix("misconceptions."): msg(key) for key in es_catalogue if key.startswith("misconceptions.")
}


# The play switches, each with the misconception of a learner who forgets it (rules.md section 9).
_PLAY_SWITCHES = {
    "montar_tras_fallo": "ignora_montar_tras_fallo",
    "fallar_sin_pisar": "ignora_fallar_sin_pisar",
    "excepcion_companero": "ignora_excepcion_companero",
}


def ignored_switch(rules: TableRules, holds) -> str | None:
    """The misconception of forgetting one of this table's play switches, if forgetting it makes
    ``holds(rules_without_it)`` true."""
    for key, code in _PLAY_SWITCHES.items():
        if getattr(rules, key) and holds(replace(rules, **{key: False})):
            return code
    return None


def diagnose_card(
    hand: int, trick: Sequence[int], trump: int, c: int, rules: TableRules = GUIA
) -> str | None:
    """The belief behind playing card ``c`` (illegal here) from ``hand`` (a mask) on ``trick``."""
    if not trick:
        return None
    hand |= 1 << c
    if legal_mask(hand, trick, trump, rules) >> c & 1:
        return None
    forgot = ignored_switch(rules, lambda r: legal_mask(hand, trick, trump, r) >> c & 1)
    if forgot:
        return forgot
    led, high_led, high_trump, winner = trick_state(trick, trump)
    partner_winning = len(trick) >= 2 and winner == len(trick) - 2
    suit = c // 10
    if hand & SUIT_MASKS[led]:
        if suit != led:
            return "triunfo_teniendo_palo" if suit == trump else "otro_palo_teniendo_palo"
        if partner_winning and not rules.excepcion_companero:
            return "excusa_companero"
        if c > trick[0] and c < high_led and led != trump and high_trump < 0:
            return "monto_solo_salida"
        return "no_monto"
    if partner_winning and not rules.excepcion_companero:
        return "excusa_companero"
    if high_trump < 0:
        return "no_fallo"
    if hand & SUIT_MASKS[trump] & ABOVE[high_trump]:
        return "no_piso"
    return None


def diagnose_missed(
    hand: int, trick: Sequence[int], trump: int, missed: int, rules: TableRules = GUIA
) -> str | None:
    """The belief behind leaving out ``missed`` (a legal card) from the set of valid cards, if one fits;
    None when no named belief explains it (the grade's note then names the card left out)."""
    if not trick:
        return None
    forgot = ignored_switch(rules, lambda r: not legal_mask(hand, trick, trump, r) >> missed & 1)
    if forgot:
        return forgot
    led, high_led, high_trump, _ = trick_state(trick, trump)
    suit = missed // 10
    cut = high_trump >= 0 and led != trump
    if suit == led and cut and missed < high_led and not rules.montar_tras_fallo:
        return "monto_baza_cortada"  # R-OBL-CORTADA
    if (
        hand & SUIT_MASKS[led] == 0
        and high_trump >= 0
        and suit != trump
        and hand & SUIT_MASKS[trump]
        and not rules.fallar_sin_pisar
    ):
        return "fallo_sin_poder_pisar"  # R-OBL-LIBRE
    return None
