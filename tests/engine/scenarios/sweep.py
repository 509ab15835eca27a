"""Every question the generators can issue, graded with every answer a learner can give, as text.

``sweep()`` yields one ``Rendered`` per (family, table, level, seed) and answer: what the page shows
(question, option labels, explanation, the verdict of every card or option, the note, the misconception
and the «Reglas» lines). The number of seeds is ``SWEEP_SEEDS`` (environment), 40 by default: CI stays
quick; ``SWEEP_SEEDS=300`` is the long run.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from engine.messages import render
from engine.rules import PRESETS, RULE_CATALOGUE, TableRules
from engine.scenarios import DIFFICULTIES, FAMILIES, FIXED, MISCONCEPTIONS, Grade, Scenario, generate, grade

SEEDS = int(os.environ.get("SWEEP_SEEDS", "40"))


@dataclass(frozen=True)
class Rendered:
    family: str
    table: str
    rules: TableRules
    level: int
    seed: int
    scenario: Scenario
    answer: object
    grade: Grade

    def where(self) -> str:
        return f"{self.family} {self.table} nivel {self.level} semilla {self.seed} respuesta {self.answer!r}"

    def cited(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys((*self.scenario.rule_ids, *self.grade.rule_ids)))

    def sentences(self, lang: str = "es") -> list[str]:
        """Every text of the question and its feedback, rendered in ``lang``."""
        s, g = self.scenario, self.grade
        out = [s.question, *(o.label for o in s.options), g.explanation, g.note]
        out += [v[1] for v in g.verdicts] + [v[3] for v in g.verdicts]
        if g.misconception:
            out.append(MISCONCEPTIONS[g.misconception])
        out += [RULE_CATALOGUE[rule_id] for rule_id in self.cited()]
        return [
            words for words in (render(t, lang) if not isinstance(t, int) else str(t) for t in out) if words
        ]

    def text(self, lang: str = "es") -> str:
        return "\n".join(self.sentences(lang))


def answers(s: Scenario) -> list:
    """Every option; for ``validas`` the key, all cards, none and each one-card slip; numbers near the key."""
    if s.answer_kind in ("card", "choice"):
        return [o.value for o in s.options]
    if s.answer_kind == "cards":
        values = [o.value for o in s.options]
        key = list(s.answer)
        out = [key, values]
        for v in values:
            out.append([x for x in key if x != v] if v in key else [*key, v])
        return out
    return [s.answer, s.answer - 10, s.answer + 7, max(0, s.answer - 20), 0]


@cache
def swept(seeds: int = SEEDS) -> tuple[Rendered, ...]:
    """The sweep, made once per test run (several modules read it)."""
    return (*sweep(seeds), *sweep_fixed())


def sweep(seeds: int = SEEDS) -> Iterator[Rendered]:
    for family in FAMILIES:
        for table, rules in PRESETS.items():
            for level in DIFFICULTIES:
                for seed in range(seeds):
                    scenario = generate(family, seed, level, rules)
                    for answer in answers(scenario):
                        yield Rendered(
                            family, table, rules, level, seed, scenario, answer, grade(scenario, answer)
                        )


def sweep_fixed() -> Iterator[Rendered]:
    """The seeds' own examples, every answer graded."""
    for scenario in FIXED.values():
        for answer in answers(scenario):
            table = scenario.rules.preset_name or "personalizada"
            yield Rendered(
                scenario.family,
                table,
                scenario.rules,
                scenario.difficulty,
                scenario.seed,
                scenario,
                answer,
                grade(scenario, answer),
            )
