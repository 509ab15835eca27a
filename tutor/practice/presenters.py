"""The presenter of a question: everything ``practice/_scenario.html`` and its partials show.

Views call ``present`` and render the fragment (or one of its partials) with the result as
``exercise``; the pages that embed a question (a lesson step, a task) include the fragment with it.
Nothing here decides a rule: the position and the grade come from the engine's stored dicts
(display.py arranges them), the origin's part from origins.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from django.templatetags.static import static

from engine.scenarios import Scenario
from tutor.practice import origins
from tutor.practice.display import (
    family_label,
    feedback,
    position,
    rules_in_force,
    table_changes_when_answered,
)
from tutor.practice.identity import Owner
from tutor.practice.models import Attempt, Issued, scenario_url

# Posted by an answer form drawn on its issuer's page: a refused answer is shown again there.
EMBEDDED_FIELD = "en_pagina"


@dataclass(frozen=True, slots=True)
class Exercise:
    """One question as its fragment shows it: the position, the form or the feedback, the way on."""

    issued: Issued
    scenario: Scenario
    attempt: Attempt | None
    family_label: str
    table: dict
    rules: dict
    feedback: dict | None
    origin: origins.OriginView
    answer_url: str
    script_url: str
    table_changes: bool  # answering changes the table (a ganador trick then shows its winner)
    answer_error: str = ""
    answer_value: tuple[str, ...] = ()
    replayed: bool = False
    embedded: bool = False  # shown on its issuer's page among others (a lesson step, a task)

    @property
    def token(self) -> str:
        return self.issued.token

    @property
    def error_id(self) -> str:
        """The id of the refused answer's message, which the answer's fields are described by."""
        return f"error-{self.issued.token}" if self.answer_error else ""

    @property
    def open(self) -> bool:
        """It still takes an answer: not answered and its origin not closed."""
        return self.attempt is None and not self.origin.closed


@cache
def _script_url() -> str:
    return static("js/practice.js")


def present(
    issued: Issued,
    *,
    owner: Owner,
    attempt: Attempt | None = None,
    scenario: Scenario | None = None,
    answer_error: str = "",
    answer_value: Sequence[str] = (),
    replayed: bool = False,
    standalone: bool = True,
) -> Exercise:
    """The question ``issued`` (to ``owner``) with its answer ``attempt``, if any.

    ``answer_error``, ``answer_value`` and ``replayed`` describe the answer just posted, when the
    answer view renders; ``standalone`` is False on a page of the issuer that embeds the question.
    """
    scenario = scenario or issued.get_scenario()
    return Exercise(
        issued=issued,
        scenario=scenario,
        attempt=attempt,
        family_label=family_label(scenario.family),
        table=position(scenario, answered=attempt is not None),
        rules=rules_in_force(scenario.rules),
        feedback=feedback(scenario, attempt.grade) if attempt is not None else None,
        origin=origins.describe(issued, owner=owner, attempt=attempt, standalone=standalone),
        answer_url=scenario_url("practice:answer", issued.token),
        script_url=_script_url(),
        table_changes=table_changes_when_answered(scenario),
        answer_error=answer_error,
        answer_value=tuple(answer_value),
        replayed=replayed,
        embedded=not standalone,
    )
