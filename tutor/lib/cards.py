"""Cards and seats as the pages name them: the one place that turns a code into words, in the active
language ("rey de copas", "king of copas")."""

from __future__ import annotations

from django.utils.translation import gettext as _

from engine import cards as engine_cards
from engine.cards import CARDS, Card, parse_card
from engine.obligations import the
from tutor.lib.i18n import engine_language

_BY_CODE = {c.code: c for c in CARDS}


def is_card_code(value: object) -> bool:
    """True for a card code as positions and answers store it ("12c")."""
    return isinstance(value, str) and value in _BY_CODE


def as_card(value: Card | int | str) -> Card:
    """A card from a Card, its index (0-39), its code ("12c") or anything parse_card reads."""
    if isinstance(value, Card):
        return value
    if isinstance(value, int):
        return CARDS[value]
    # Codes are what positions store: look them up before the general parser.
    found = _BY_CODE.get(value) if isinstance(value, str) else None
    return found if found is not None else parse_card(value)


def card_name(value: Card | int | str) -> str:
    """ "12c" → "rey de copas" ("king of copas" in English)."""
    return engine_cards.card_name(as_card(value), engine_language())


def the_card(value: Card | int | str) -> str:
    """The card with its article, as a sentence names it: "la sota de copas", "the jack of copas"."""
    c = as_card(value)
    return the(c) if engine_language() == "es" else f"the {card_name(c)}"


def rank_name(rank: int) -> str:
    """10 → "sota" ("jack" in English)."""
    return engine_cards.rank_name(rank, engine_language())


def seat_labels() -> tuple[str, str, str, str]:
    """The seats by their offset from the viewer's (R-SEAT-1: seat s+1 sits to the right of seat s;
    partners sit opposite), as the table shows them."""
    return (_("Tú"), _("Rival derecha"), _("Compañero"), _("Rival izquierda"))
