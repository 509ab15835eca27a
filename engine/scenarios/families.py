"""The question family as one contract: every family gives the same small interface, and the rest of the
code (generate, grade, the pages, the lessons) goes through it instead of comparing family names.

``FAMILY[name]`` is a ``Family``: ``make(seed, difficulty, rules, target)`` a scenario, ``mark(scenario,
given)`` a grade of an answer already read by ``grading.normalise``, ``aims(rules)`` the rule ids it can
be aimed at under a table, and what its page needs to draw it: ``draws`` (``trick``, ``hand``,
``history``, ``hands_before``, ``cante``, ``piles``), ``verdicts`` (what a verdict row's yes means, as
ids a presenter puts into words), ``answer_in_trick`` (the trick shows the answer: its winner is drawn
once answered) and ``history_decides`` (the earlier tricks decide the answer: the page shows them open).
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

# What the yes of a verdict row means (its no is the opposite): a card that may be played, the
# obligation that applies, the card that wins, a card that counts tantos, the answer, a cante valid now,
# a seat that reneged, or a plain yes.
VERDICT_MEANINGS = ("playable", "obligation", "wins", "counts", "answer", "valid_now", "renuncio", "yes")


@dataclass(frozen=True)
class Verdicts:
    """What a verdict row says, by the row: a card, an option, a seat (when it differs from an option)."""

    card: str = "yes"
    option: str = "yes"
    seat: str | None = None
    facts: bool = False  # the rows state facts (a card counts or not), not a judgement of the answer

    def meaning(self, is_card: bool, is_seat: bool = False) -> str:
        if is_seat and self.seat is not None:
            return self.seat
        return self.card if is_card else self.option


@dataclass(frozen=True)
class Family:
    name: str
    label: str
    make: Callable[[int, int, TableRules, str | None], Scenario]
    mark: Callable[[Scenario, Any], Grade]
    aims: Callable[[TableRules], tuple[str, ...]]
    draws: frozenset[str]
    verdicts: Verdicts = Verdicts()
    answer_in_trick: bool = False
    history_decides: bool = False


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


def _play(name: str, option: str = "yes") -> Family:
    return Family(
        name,
        FAMILY_LABELS[name],
        partial(generate_play, name),
        getattr(grading, f"grade_{name}"),
        partial(play_targets, name),
        frozenset({"trick", "hand", "history"}),
        Verdicts(card="playable", option=option),
    )


def _other(module, draws: set[str], verdicts: Verdicts, **page) -> Family:
    """A family of its own module: ``module.generate_<name>`` makes it, ``grading.grade_<name>`` marks it."""
    name = module.__name__.rsplit(".", 1)[-1]
    return Family(
        name,
        FAMILY_LABELS[name],
        _cited(getattr(module, f"generate_{name}"), module.TARGETS),
        getattr(grading, f"grade_{name}"),
        _own_targets(module.TARGETS),
        frozenset(draws),
        verdicts,
        **page,
    )


FAMILY: dict[str, Family] = {
    "jugada": _play("jugada"),
    "validas": _play("validas"),
    "obligacion": _play("obligacion", option="obligation"),
    "ganador": _other(ganador, {"trick", "history"}, Verdicts("wins", "wins"), answer_in_trick=True),
    "tantos": _other(tantos, {"piles"}, Verdicts("counts", "answer", facts=True)),
    "cante": _other(
        cante, {"hand", "history", "cante"}, Verdicts("valid_now", "valid_now"), history_decides=True
    ),
    "renuncio": _other(
        renuncio, {"trick", "history", "hands_before"}, Verdicts(seat="renuncio"), history_decides=True
    ),
    "mesa": _other(mesa, set(), Verdicts()),
}
assert tuple(FAMILY) == FAMILIES


def grade(scenario: Scenario, answer: Any) -> Grade:
    """Grade ``answer`` against the stored scenario; wrong answers carry the misconception they reveal."""
    family = FAMILY.get(scenario.family)
    if family is None:
        raise AnswerError(f"familia desconocida: {scenario.family}")
    return family.mark(scenario, grading.normalise(scenario, answer))
