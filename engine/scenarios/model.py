"""The data a quiz is made of: a scenario (position, question, options, answer key) and its grade."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.messages import Message, MessageError, Text, from_data, msg, to_data
from engine.rules import GUIA, TableRules

FAMILIES: tuple[str, ...] = (
    "jugada",
    "validas",
    "obligacion",
    "ganador",
    "tantos",
    "cante",
    "renuncio",
    "mesa",
)
# Each family's name on the pages, a message (engine/messages/<lang>/families.py).
FAMILY_LABELS: dict[str, Message] = {f: msg(f"families.label.{f}") for f in FAMILIES}
DIFFICULTIES = (1, 2, 3)
ANSWER_KINDS = ("card", "cards", "choice", "number")


class ScenarioError(MessageError):
    """An unknown family, difficulty or target, or a target these table rules cannot produce."""


class AnswerError(MessageError):
    """An answer that cannot be read for this scenario, shown to the learner: ``str(exc)`` is the sentence
    in the language in force, ``exc.text`` the message itself."""


@dataclass(frozen=True, slots=True)
class Option:
    value: str
    label: Text  # words (a string or an engine.messages text), printed in the language in force


@dataclass(frozen=True)
class Scenario:
    """One quiz item: a consistent position, its question (a text: messages that print in the language in
    force), the options and the answer key."""

    family: str
    difficulty: int
    seed: int
    rules: TableRules
    rule_ids: tuple[str, ...]
    question: Text
    answer_kind: str
    options: tuple[Option, ...]
    position: dict[str, Any]
    answer: Any
    fixed_id: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe copy that ``from_dict`` turns back into an equal scenario."""
        return {
            "family": self.family,
            "difficulty": self.difficulty,
            "seed": self.seed,
            "rules": self.rules.to_dict(),
            "rule_ids": list(self.rule_ids),
            "question": to_data(self.question),
            "answer_kind": self.answer_kind,
            "options": [{"value": o.value, "label": to_data(o.label)} for o in self.options],
            "position": self.position,
            "answer": self.answer,
            "fixed_id": self.fixed_id,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Scenario:
        """Rebuild a scenario stored with ``to_dict`` (e.g. from a JSON column)."""
        try:
            return cls(
                family=d["family"],
                difficulty=int(d["difficulty"]),
                seed=int(d["seed"]),
                rules=TableRules.from_spec(d.get("rules") or GUIA),
                rule_ids=tuple(d["rule_ids"]),
                question=from_data(d["question"]),
                answer_kind=d["answer_kind"],
                options=tuple(Option(o["value"], from_data(o["label"])) for o in d["options"]),
                position=d["position"],
                answer=d["answer"],
                fixed_id=d.get("fixed_id"),
            )
        except (KeyError, TypeError) as exc:
            raise ScenarioError(f"escenario guardado incompleto o dañado: falta {exc}") from None


@dataclass(frozen=True)
class Grade:
    """The verdict on one answer: right or wrong, why, per-card or per-option notes, and the mistake it shows."""

    correct: bool
    expected: Any
    given: Any
    explanation: Text
    verdicts: tuple[tuple[Any, ...], ...]  # (value, label, ok, why): label and why are texts
    rule_ids: tuple[str, ...]
    misconception: str | None
    engine_version: str
    note: Text = ""  # what this answer missed, when no named misconception explains it

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe; its texts come back with ``engine.messages.from_data`` (``grade_texts``)."""
        return {
            "note": to_data(self.note),
            "correct": self.correct,
            "expected": self.expected,
            "given": self.given,
            "explanation": to_data(self.explanation),
            "verdicts": [to_data(list(v)) for v in self.verdicts],
            "rule_ids": list(self.rule_ids),
            "misconception": self.misconception,
            "engine_version": self.engine_version,
        }


def grade_texts(stored: dict[str, Any]) -> dict[str, Any]:
    """A stored ``Grade.to_dict()`` with its texts (explanation, note, each verdict's label and why) turned
    back into engine texts, ready to print in the language in force; older rows hold plain strings."""
    return {
        **stored,
        "explanation": from_data(stored.get("explanation", "")),
        "note": from_data(stored.get("note") or ""),
        "verdicts": [list(from_data(v)) for v in stored.get("verdicts", [])],
    }
