"""The question family as one contract: every family gives the same small interface, and the rest of the
code (generate, grade, the pages, the lessons) goes through it instead of comparing family names.

``FAMILY[name]`` is a ``Family``: ``make(seed, difficulty, rules, target)`` a scenario, ``mark(scenario,
given)`` a grade of an answer already read by ``grading.normalise``, ``aims(rules)`` the rule ids it can
be aimed at under a table, and ``draws`` what its page needs to draw (``trick``, ``hand``, ``history``,
``hands_before``, ``cante``, ``piles``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from engine.rules import TableRules, cite
from engine.scenarios import cante, ganador, grading, mesa, renuncio, tantos
from engine.scenarios.model import FAMILIES, FAMILY_LABELS, AnswerError, Grade, Scenario
from engine.scenarios.play import generate_play, play_targets


@dataclass(frozen=True)
class Family:
    name: str
    label: str
    make: Callable[[int, int, TableRules, str | None], Scenario]
    mark: Callable[[Scenario, Any], Grade]
    aims: Callable[[TableRules], tuple[str, ...]]
    draws: frozenset[str]


def _own_targets(ids: tuple[str, ...]) -> Callable[[TableRules], tuple[str, ...]]:
    # A default rule the table switches off is aimed at as the table's variant rule (R-MATCH-1 at a
    # Ludoteka table is R-VAR-PARTIDA-LUDOTEKA): same questions, asked and explained under that table.
    return lambda rules: cite(ids, rules)


def _cited(generator, ids: tuple[str, ...]):
    """A generator whose scenarios cite the table's variant rule where it switches a default one off."""

    def make(seed: int, difficulty: int, rules: TableRules, target: str | None) -> Scenario:
        if target is not None:  # the generator's own id for a variant rule it stands for at this table
            target = next((i for i in ids if cite((i,), rules) == (target,)), target)
        scenario = generator(seed, difficulty, rules, target)
        return replace(scenario, rule_ids=cite(scenario.rule_ids, rules))

    return make


def _play(name: str) -> Family:
    return Family(
        name,
        FAMILY_LABELS[name],
        partial(generate_play, name),
        grading.grade_play,
        partial(play_targets, name),
        frozenset({"trick", "hand", "history"}),
    )


def _other(name: str, module, generator, grader, draws: set[str]) -> Family:
    return Family(
        name,
        FAMILY_LABELS[name],
        _cited(generator, module.TARGETS),
        grader,
        _own_targets(module.TARGETS),
        frozenset(draws),
    )


FAMILY: dict[str, Family] = {
    "jugada": _play("jugada"),
    "validas": _play("validas"),
    "obligacion": _play("obligacion"),
    "ganador": _other(
        "ganador", ganador, ganador.generate_ganador, grading.grade_ganador, {"trick", "history"}
    ),
    "tantos": _other("tantos", tantos, tantos.generate_tantos, grading.grade_tantos, {"piles"}),
    "cante": _other("cante", cante, cante.generate_cante, grading.grade_cante, {"hand", "history", "cante"}),
    "renuncio": _other(
        "renuncio",
        renuncio,
        renuncio.generate_renuncio,
        grading.grade_renuncio,
        {"trick", "history", "hands_before"},
    ),
    "mesa": _other("mesa", mesa, mesa.generate_mesa, grading.grade_mesa, set()),
}
assert tuple(FAMILY) == FAMILIES


def grade(scenario: Scenario, answer: Any) -> Grade:
    """Grade ``answer`` against the stored scenario; wrong answers carry the misconception they reveal."""
    family = FAMILY.get(scenario.family)
    if family is None:
        raise AnswerError(f"familia desconocida: {scenario.family}")
    return family.mark(scenario, grading.normalise(scenario, answer))
