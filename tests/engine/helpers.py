"""Small helpers for engine tests: write cards as '12c 4c 6b'."""

from __future__ import annotations

from engine.cards import Card, parse_card, parse_cards


def cards(text: str) -> list[Card]:
    return parse_cards(text.split())


def card(text: str) -> Card:
    return parse_card(text)


def codes(cs) -> list[str]:
    return [c.code for c in cs]
