"""Quiz scenarios: generators for the eight families, their answer keys, grading and the seeds' examples.

``generate(family, seed, difficulty, rules, target)`` is a pure function: the same arguments give the
same scenario. Positions are JSON-safe dicts; cards are codes ('12c'), seats 0..3 (pairs A = 0, 2 and
B = 1, 3), suits letters. Layout by family:

- jugada / validas / obligacion: ``trump``, ``trump_card``, ``dealer``, ``leader`` (of this trick),
  ``viewer`` (the seat answering), ``hand`` (the viewer's cards), ``trick`` (codes in play order),
  ``trick_seats``, ``hands`` (all four hands now, by seat), ``history`` (earlier tricks of the hand:
  ``leader``, ``cards``, ``winner``), ``trick_number``.
- ganador: as above without ``hand``; ``viewer`` is None, ``complete`` says whether all four played.
  The fixed ``salida-cinco-de-oros`` has ``trick`` (the lead) and ``candidates`` instead.
- tantos: a hand played out through ``Hand`` (``engine.scenarios.sim``): ``trump``, ``trump_card``,
  ``dealer``, ``history`` (its ten tricks: ``leader``, ``cards``, ``winner``); level 1 ``pile`` (codes:
  the tricks pair ``pair`` won), ``tricks`` (int); levels 2-3 ``piles`` {"A","B"} (the tricks each pair
  won), ``tricks`` {"A","B"}, ``cantes`` {"A": [{"seat","suit","points","after_trick"}], "B": [...]}
  (declared at their moments), ``last_trick`` ("A"/"B"), level 2 also ``pair`` (whose total is asked);
  fixed ones add ``names``. Questions stored by engine 1.1.0 lack ``trump_card``, ``dealer``,
  ``history``, the level-1 ``pair`` and ``after_trick``; pages and grading read none of them.
- cante: ``trump``, ``trump_card``, ``dealer``, ``viewer``, ``hand``, ``hands``, ``history``,
  ``last_winner`` (seat that won the trick just collected), ``pair_tricks`` {"A","B"}, ``sung``
  (earlier cantes: ``seat``, ``suit``, ``points``, ``after_trick``), ``sang_now`` (the viewer's cante
  already declared at this moment), ``partner_shows`` (cards the partner has shown).
- renuncio: ``trump``, ``trump_card``, ``dealer``, ``leader``, ``viewer`` (None), ``hands_before``
  (the four hands before the trick), ``trick``, ``trick_seats``, ``history``, ``trick_number``.
- mesa (deck, notation, seats, deal, match; always a choice): ``kind`` (the question), ``viewer``
  (the seat answering; seats are named from it), ``order`` (display order of the options) and the
  kind's facts: ``cards``/``fake_rank``/``fake_suit``/``suits`` (deck), ``card``/``distractors``
  (notation), ``seat`` (who just played), ``dealer``, ``trump_card``, ``hand_number``,
  ``dos_de_oros`` (its holder), ``winners`` (of the tricks so far), ``hands_later``, ``scores``
  {"tu_pareja", "rival"} with ``winner`` (0 your pair, 1 the rival), ``total``, ``tute``.
"""

from __future__ import annotations

from engine.rules import GUIA, TableRules, cite
from engine.scenarios.custom import BuiltPosition, PositionError, build_position, position_from_json
from engine.scenarios.families import FAMILY, Family, grade
from engine.scenarios.fixed import FIXED
from engine.scenarios.grading import normalise, parse_answer
from engine.scenarios.misconceptions import MISCONCEPTIONS
from engine.scenarios.model import (
    DIFFICULTIES,
    FAMILIES,
    FAMILY_LABELS,
    AnswerError,
    Grade,
    Option,
    Scenario,
    ScenarioError,
    grade_texts,
)
from engine.scenarios.version import ENGINE_VERSION

__all__ = [
    "DIFFICULTIES",
    "ENGINE_VERSION",
    "FAMILIES",
    "FAMILY",
    "FAMILY_LABELS",
    "FIXED",
    "MISCONCEPTIONS",
    "AnswerError",
    "BuiltPosition",
    "Family",
    "Grade",
    "Option",
    "PositionError",
    "Scenario",
    "ScenarioError",
    "build_position",
    "families_for",
    "generate",
    "grade",
    "grade_texts",
    "normalise",
    "parse_answer",
    "position_from_json",
    "targets",
]


def targets(family: str, rules: TableRules = GUIA) -> tuple[str, ...]:
    """Rule ids this family can aim at (under these table rules: a switch may replace a rule)."""
    if family not in FAMILY:
        raise ScenarioError(f"familia desconocida: {family!r} (usa {', '.join(FAMILIES)})")
    return FAMILY[family].aims(rules)


def families_for(rule_id: str, rules: TableRules = GUIA) -> tuple[str, ...]:
    """Families that can aim at this rule id."""
    return tuple(f for f in FAMILIES if rule_id in targets(f, rules))


def generate(
    family: str, seed: int, difficulty: int = 1, rules: TableRules = GUIA, target: str | None = None
) -> Scenario:
    """A consistent position of ``family`` with its answer key; deterministic in its arguments."""
    if family not in FAMILY:
        raise ScenarioError(f"familia desconocida: {family!r} (usa {', '.join(FAMILIES)})")
    if difficulty not in DIFFICULTIES:
        raise ScenarioError(f"dificultad no válida: {difficulty!r} (usa 1, 2 o 3)")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ScenarioError(f"semilla no válida: {seed!r} (debe ser un número entero)")
    rules = TableRules.from_spec(rules)
    if target is not None:
        # A default rule this table replaces is aimed at as the table states it (sets and drills saved
        # before the variant rules had ids of their own keep working).
        target = cite((target,), rules)[0]
    if target is not None and target not in targets(family, rules):
        raise ScenarioError(f"la familia {family} no puede practicar {target} con estas reglas de mesa")
    return FAMILY[family].make(seed, difficulty, rules, target)
