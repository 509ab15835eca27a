"""What the engine decided, as data: a message id and its facts; one catalogue per language renders it.

``Message("play.follow.must_beat", {"who": Who.you(), "suit": 1, "cards": (12,), "target": 15})`` is what
a ruling says; ``render(message)`` turns it into the Spanish sentence (``engine.messages.es``), with the
person, number and articles right for who is playing. A second language adds its own catalogue module
with the same ids (``render(message, "en")``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

LANGUAGES = ("es",)


@dataclass(frozen=True, slots=True)
class Who:
    """A player as the sentence sees them: the learner (``you``), a seat named from the learner's seat
    (``relative`` 1 right rival, 2 partner, 3 left rival), or a player seen from outside (``number`` 1-4)."""

    relative: int | None = 0
    number: int | None = None

    @classmethod
    def you(cls) -> Who:
        return cls(0)

    @classmethod
    def seat(cls, seat: int, viewer: int | None) -> Who:
        """Seat ``seat`` named from ``viewer``'s seat, or as 'el jugador N' when nobody is seated."""
        if viewer is None:
            return cls(None, seat + 1)
        return cls((seat - viewer) % 4)

    @property
    def is_you(self) -> bool:
        return self.relative == 0


@dataclass(frozen=True, slots=True)
class Message:
    id: str
    facts: Mapping[str, Any] = field(default_factory=dict)


def render(message: Message, lang: str = "es") -> str:
    """The sentence of ``message`` in ``lang``; a KeyError names an id the catalogue lacks."""
    return import_module(f"engine.messages.{lang}").render(message)


def msg(message_id: str, **facts: Any) -> Message:
    return Message(message_id, facts)
