"""Table rules (rules.md section 9) and the catalogue of rule ids that rulings, lessons and grades cite."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, replace
from typing import Any


class RulesError(ValueError):
    """An unknown preset, switch or value for a table's rules."""


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
                    f"valor no válido para {key}: {value!r} (admite {', '.join(map(repr, allowed))})"
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
            raise RulesError(f"reglas no válidas: {spec!r} (usa un nombre de mesa o un objeto de opciones)")
        overrides = dict(spec)
        base = preset(overrides.pop("preset", "guia"))
        unknown = sorted(set(overrides) - set(_CHOICES))
        if unknown:
            raise RulesError(f"opción de mesa desconocida: {', '.join(unknown)}")
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

PRESET_LABELS = {
    "guia": "Mesa de la guía (reglas por defecto)",
    "estricta": "Mesa estricta",
    "ludoteka": "Mesa Ludoteka",
    "companero": "Mesa con excepción del compañero",
}

SWITCH_LABELS = {
    "montar_tras_fallo": "Hay que montar aunque la baza ya esté cortada",
    "fallar_sin_pisar": "Sin poder pisar, hay que echar un triunfo menor",
    "excepcion_companero": "Si tu compañero va ganando, basta con asistir",
    "tute_cualquier_baza": "El tute se puede cantar tras cualquier baza de la pareja",
    "partida": "Sistema de partida",
    "primera_mano": "Primera mano",
    "renuncio": "Castigo del renuncio",
}


def preset(name: str) -> TableRules:
    try:
        return PRESETS[name]
    except (KeyError, TypeError):
        raise RulesError(f"mesa desconocida: {name!r} (usa {', '.join(PRESETS)})") from None


# One line per rule id of the reference, in Spanish: what lessons, rulings and grades cite.
RULE_CATALOGUE: dict[str, str] = {
    "R-DECK-1": "Baraja española de 40 cartas: oros, copas, espadas y bastos; del as al siete, sota, caballo y rey.",
    "R-DECK-2": "Notación: número y letra del palo (12c es el rey de copas); también valen los nombres.",
    "R-DECK-3": "Orden de fuerza en cada palo: as, tres, rey, caballo, sota, siete, seis, cinco, cuatro y dos.",
    "R-DECK-4": "Tantos: as 11, tres 10, rey 4, caballo 3, sota 2; las demás no cuentan. La baraja suma 120.",
    "R-SEAT-1": "Se juega en sentido contrario a las agujas del reloj; los compañeros se sientan enfrente.",
    "R-DEAL-1": "Diez cartas por jugador; se reparten las 40 y no se roba durante la mano.",
    "R-DEAL-2": "La última carta del repartidor se enseña para marcar el triunfo y se queda en su mano.",
    "R-DEAL-3": "Sale el jugador a la derecha del repartidor; después, quien ganó la baza anterior.",
    "R-DEAL-4": "El reparto pasa al jugador de la derecha en la mano siguiente.",
    "R-TRICK-1": "La primera carta de la baza es la carta de salida y su palo es el palo de salida.",
    "R-TRICK-2": "Gana el triunfo más alto; si no hay triunfo, la carta más alta del palo de salida.",
    "R-OBL-ASISTIR": "Si tienes cartas del palo de salida, debes jugar una de ellas.",
    "R-OBL-MONTAR": "Si asistes y nadie ha echado triunfo, debes superar la carta más fuerte del palo de salida si puedes.",
    "R-OBL-CORTADA": "Si la baza ya está cortada con triunfo, basta con asistir: no hay que montar.",
    "R-OBL-TRIUNFO-SALIDA": "Si sale triunfo, hay que asistir a triunfo y superarlo si se puede.",
    "R-OBL-FALLAR": "Sin el palo de salida y sin triunfo en la baza, debes echar triunfo si tienes.",
    "R-OBL-PISAR": "Sin el palo de salida y con triunfo en la baza, debes echar un triunfo mayor si tienes.",
    "R-OBL-LIBRE": "Si no puedes asistir, ni fallar, ni pisar, puedes jugar cualquier carta.",
    "R-OBL-PAREJA": "Las obligaciones valen aunque tu compañero vaya ganando la baza.",
    "R-OBL-RENUNCIO": "Jugar una carta prohibida pudiendo jugar una permitida es renuncio.",
    "R-CANTE-1": "Cante: rey y caballo del mismo palo en la mano de un solo jugador; 40 en triunfo, 20 en otro palo.",
    "R-CANTE-2": "Se canta justo después de una baza ganada por la pareja, antes de la siguiente salida; uno por persona.",
    "R-CANTE-3": "Se enseñan las cartas; cada palo se canta una vez y no después de jugar su rey o su caballo.",
    "R-CANTE-4": "Prioridad: tute, después cuarenta, después veinte; se elige antes de jugar esas cartas.",
    "R-CANTE-5": "El cante es una bonificación: el rey y el caballo siguen valiendo 4 y 3 al recogerlos.",
    "R-TUTE-1": "Tute: los cuatro reyes o los cuatro caballos en la mano de un solo jugador.",
    "R-TUTE-2": "El tute se declara cuando la pareja gana su primera baza, teniendo aún las cuatro cartas.",
    "R-TUTE-3": "Un tute válido termina la mano y la gana la pareja que lo canta.",
    "R-SCORE-1": "Total de cada pareja: tantos de sus bazas, más sus cantes, más 10 de últimas.",
    "R-SCORE-2": "Gana la mano la pareja con más total; ganar cinco bazas no es empatar.",
    "R-SCORE-3": "Con los totales empatados gana la pareja que ganó la última baza.",
    "R-MATCH-1": "Cada mano ganada vale un punto y gana la partida la primera pareja que gana tres manos.",
    "R-RENUNCIO-1": (
        "Quien incumple una obligación pudiendo cumplirla comete renuncio y su pareja pierde la partida."
    ),
    # Section 9: a switch set to its other value is a rule of its own, taught and graded as such.
    "R-VAR-MONTAR-TRAS-FALLO": (
        "En esta mesa hay que montar aunque la baza ya esté cortada con triunfo: si asistes, supera la carta "
        "más fuerte del palo de salida si puedes."
    ),
    "R-VAR-FALLAR-SIN-PISAR": (
        "En esta mesa, si no tienes el palo de salida ni un triunfo que pise, debes echar un triunfo menor si "
        "tienes."
    ),
    "R-VAR-COMPANERO": (
        "En esta mesa, mientras tu compañero va ganando la baza, basta con asistir; sin el palo de salida "
        "puedes jugar cualquier carta."
    ),
    "R-VAR-TUTE-CUALQUIER-BAZA": (
        "En esta mesa el tute se puede cantar tras cualquier baza que gane la pareja, no solo la primera."
    ),
    "R-VAR-PARTIDA-LUDOTEKA": (
        "En esta mesa la mano ganada vale 2 puntos si su total pasa de 100 (si no, 1), un tute vale 2 y la "
        "partida se gana con 6 puntos."
    ),
    "R-VAR-PRIMERA-MANO-LUDOTEKA": (
        "En esta mesa, en la primera mano de la partida el triunfo es oros y sale quien tiene el dos de oros."
    ),
    "R-VAR-RENUNCIO-MANO": (
        "Quien incumple una obligación pudiendo cumplirla comete renuncio; en esta mesa su pareja pierde la "
        "mano."
    ),
}

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
