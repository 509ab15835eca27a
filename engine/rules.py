"""Table rules (rules.md section 9) and the catalogue of rule ids that rulings, lessons and grades cite."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, replace
from typing import Any

from engine.messages import Message, MessageError, msg


class RulesError(MessageError):
    """An unknown preset, switch or value for a table's rules (``rules.error.…`` messages)."""


_CHOICES: dict[str, tuple[Any, ...]] = {
    "montar_tras_fallo": (False, True),
    "fallar_sin_pisar": (False, True),
    "excepcion_companero": (False, True),
    "tute_cualquier_baza": (False, True),
    "partida": ("tres_manos", "ludoteka"),
    "primera_mano": ("carta_del_repartidor", "ludoteka"),
    "renuncio": ("pierde_partida", "pierde_mano"),
}


@dataclass(frozen=True, slots=True)
class TableRules:
    """The switches a table agrees before dealing; the defaults are the 'guia' preset."""

    montar_tras_fallo: bool = False
    fallar_sin_pisar: bool = False
    excepcion_companero: bool = False
    tute_cualquier_baza: bool = False
    partida: str = "tres_manos"
    primera_mano: str = "carta_del_repartidor"
    renuncio: str = "pierde_partida"

    def __post_init__(self) -> None:
        for key, allowed in _CHOICES.items():
            value = getattr(self, key)
            if value not in allowed or type(value) is not type(allowed[0]):
                raise RulesError(
                    msg(
                        "rules.error.value", key=key, value=repr(value), allowed=", ".join(map(repr, allowed))
                    )
                )

    @classmethod
    def from_spec(cls, spec: None | str | Mapping[str, Any] | TableRules = None) -> TableRules:
        """Build from None (guia), a preset name, or a dict of section-9 keys (optionally with 'preset')."""
        if spec is None:
            return GUIA
        if isinstance(spec, TableRules):
            return spec
        if isinstance(spec, str):
            return preset(spec)
        if not isinstance(spec, Mapping):
            raise RulesError(msg("rules.error.spec", value=repr(spec)))
        overrides = dict(spec)
        base = preset(overrides.pop("preset", "guia"))
        unknown = sorted(set(overrides) - set(_CHOICES))
        if unknown:
            raise RulesError(msg("rules.error.switch", keys=", ".join(map(str, unknown))))
        return replace(base, **overrides)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @property
    def preset_name(self) -> str | None:
        """The preset these rules are exactly, or None for a custom table."""
        for name, rules in PRESETS.items():
            if rules == self:
                return name
        return None

    def differences(self) -> list[str]:
        """Section-9 keys whose value differs from the default table."""
        return [key for key in _CHOICES if getattr(self, key) != getattr(GUIA, key)]


GUIA = TableRules()
PRESETS: dict[str, TableRules] = {
    "guia": GUIA,
    "estricta": TableRules(montar_tras_fallo=True, fallar_sin_pisar=True),
    "ludoteka": TableRules(partida="ludoteka", primera_mano="ludoteka", renuncio="pierde_mano"),
    "companero": TableRules(excepcion_companero=True, fallar_sin_pisar=True),
}

# What the pages call each table and switch: messages (engine.messages ``preset.*``, ``switch.*``), printed
# in the language in force.
PRESET_LABELS: dict[str, Message] = {name: Message(f"preset.{name}") for name in PRESETS}
SWITCH_LABELS: dict[str, Message] = {key: Message(f"switch.{key}") for key in _CHOICES}
# The words for a switch's non-yes/no values ('partida' -> 'tres_manos'…).
SWITCH_VALUE_LABELS: dict[tuple[str, str], Message] = {
    (key, value): Message(f"switch.{key}.{value}")
    for key, allowed in _CHOICES.items()
    if not isinstance(allowed[0], bool)
    for value in allowed
}


def preset(name: str) -> TableRules:
    try:
        return PRESETS[name]
    except (KeyError, TypeError):
        raise RulesError(msg("rules.error.preset", value=repr(name), presets=", ".join(PRESETS))) from None


# Every rule id of the reference, in its order; section 9: a switch set to its other value is a rule of its
# own (R-VAR-…), taught and graded as such.
RULE_IDS: tuple[str, ...] = tuple(
    """
    R-DECK-1 R-DECK-2 R-DECK-3 R-DECK-4
    R-SEAT-1
    R-DEAL-1 R-DEAL-2 R-DEAL-3 R-DEAL-4
    R-TRICK-1 R-TRICK-2
    R-OBL-ASISTIR R-OBL-MONTAR R-OBL-CORTADA R-OBL-TRIUNFO-SALIDA R-OBL-FALLAR R-OBL-PISAR R-OBL-LIBRE R-OBL-PAREJA R-OBL-RENUNCIO
    R-CANTE-1 R-CANTE-2 R-CANTE-3 R-CANTE-4 R-CANTE-5
    R-TUTE-1 R-TUTE-2 R-TUTE-3
    R-SCORE-1 R-SCORE-2 R-SCORE-3
    R-MATCH-1
    R-RENUNCIO-1
    R-VAR-MONTAR-TRAS-FALLO R-VAR-FALLAR-SIN-PISAR R-VAR-COMPANERO R-VAR-TUTE-CUALQUIER-BAZA R-VAR-PARTIDA-LUDOTEKA R-VAR-PRIMERA-MANO-LUDOTEKA R-VAR-RENUNCIO-MANO
    """.split()
)
# One line per rule id: what lessons, rulings and grades cite, as a message (``rule.<id>``) that prints in the
# language in force (engine/messages/es/rules.py, en/rules.py).
RULE_CATALOGUE: dict[str, Message] = {rule_id: Message(f"rule.{rule_id}") for rule_id in RULE_IDS}

# (switch, its other value) -> (the variant rule's id, the default rules it switches off at that table).
# R-VAR-FALLAR-SIN-PISAR narrows R-OBL-LIBRE (no trump at all still frees you) and the Ludoteka first hand
# only changes the first hand of a match, so neither switches a default rule off everywhere.
VARIANT_RULES: dict[tuple[str, Any], tuple[str, tuple[str, ...]]] = {
    ("montar_tras_fallo", True): ("R-VAR-MONTAR-TRAS-FALLO", ("R-OBL-CORTADA",)),
    ("fallar_sin_pisar", True): ("R-VAR-FALLAR-SIN-PISAR", ()),
    ("excepcion_companero", True): ("R-VAR-COMPANERO", ("R-OBL-PAREJA",)),
    ("tute_cualquier_baza", True): ("R-VAR-TUTE-CUALQUIER-BAZA", ("R-TUTE-2",)),
    ("partida", "ludoteka"): ("R-VAR-PARTIDA-LUDOTEKA", ("R-MATCH-1",)),
    ("primera_mano", "ludoteka"): ("R-VAR-PRIMERA-MANO-LUDOTEKA", ()),
    ("renuncio", "pierde_mano"): ("R-VAR-RENUNCIO-MANO", ("R-RENUNCIO-1",)),
}
VARIANT_IDS = frozenset(variant for variant, _off in VARIANT_RULES.values())


def variant_ids(rules: TableRules) -> tuple[str, ...]:
    """The variant rules in force at this table, in section-9 order."""
    return tuple(v for (key, value), (v, _off) in VARIANT_RULES.items() if getattr(rules, key) == value)


def switched_off(rules: TableRules) -> frozenset[str]:
    """Rule ids this table replaces: never cited there (and variant ids of switches it does not set)."""
    off = set(VARIANT_IDS)
    for (key, value), (variant, replaced) in VARIANT_RULES.items():
        if getattr(rules, key) == value:
            off.discard(variant)
            off.update(replaced)
    return frozenset(off)


def cite(rule_ids, rules: TableRules) -> tuple[str, ...]:
    """``rule_ids`` as this table states them: a default rule it switches off becomes its variant rule."""
    replaced = {
        old: variant
        for (key, value), (variant, olds) in VARIANT_RULES.items()
        if getattr(rules, key) == value
        for old in olds
    }
    return tuple(dict.fromkeys(replaced.get(rule_id, rule_id) for rule_id in rule_ids))
