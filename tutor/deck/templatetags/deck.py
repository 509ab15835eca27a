"""Template pieces for the Spanish deck: `{% load deck %}`.

Every card is shown with its Spanish name as text; the picture is decoration (alt="").
"""

from collections.abc import Iterable, Mapping

from django import template
from django.templatetags.static import static
from django.utils.translation import gettext as _

from engine.cards import CARDS, Card, Suit, parse_card

register = template.Library()

# Seat positions around the table, by offset from the viewer's seat (R-SEAT-1: seat s+1 sits to the
# right of seat s; partners sit opposite).
_POSITIONS = ("bottom", "right", "top", "left")


def _seat_labels() -> tuple[str, str, str, str]:
    return (_("Tú"), _("Rival derecha"), _("Compañero"), _("Rival izquierda"))


def as_card(value: Card | int | str) -> Card:
    if isinstance(value, Card):
        return value
    if isinstance(value, int):
        return CARDS[value]
    return parse_card(value)


def _codes(values: Iterable | None) -> set[str]:
    return {as_card(v).code for v in values or ()}


def _by_code(values: Mapping | None) -> dict[str, str]:
    return {as_card(k).code: str(v) for k, v in (values or {}).items()}


def _face(value: Card | int | str, note: str = "") -> dict:
    c = as_card(value)
    return {"card": c, "src": static(f"cards/{c.code}.svg"), "note": note}


@register.filter
def card_name(value: Card | int | str) -> str:
    """`{{ "12c"|card_name }}` → "rey de copas"."""
    return as_card(value).name


@register.filter
def card_src(value: Card | int | str) -> str:
    """URL of the card's SVG drawing."""
    return static(f"cards/{as_card(value).code}.svg")


@register.inclusion_tag("deck/card.html")
def card(value: Card | int | str, note: str = "", size: str = "md", marked: bool = False) -> dict:
    """One card: picture plus its name as text. `note` adds a second line ("11 tantos")."""
    return {**_face(value, note), "size": size, "marked": marked}


@register.inclusion_tag("deck/hand.html")
def hand(
    cards: Iterable,
    mode: str = "show",
    name: str = "card",
    label: str = "",
    disabled: Iterable | None = None,
    marked: Iterable | None = None,
    notes: Mapping | None = None,
    disabled_label: str | None = None,
    marked_label: str | None = None,
    size: str = "md",
) -> dict:
    """A hand of cards.

    mode "show": plain cards; "play": one submit button per card (`name=card value=12c`), for a form
    the caller writes; "mark": one checkbox per card, to mark several. `disabled` and `marked` are
    cards; `notes` maps a card to a line of text under its name.
    """
    if mode not in ("show", "play", "mark"):
        raise template.TemplateSyntaxError(f"hand: unknown mode {mode!r}")
    disabled_codes, marked_codes, note_by_code = _codes(disabled), _codes(marked), _by_code(notes)
    items = []
    for value in cards:
        face = _face(value)
        code = face["card"].code
        face.update(
            note=note_by_code.get(code, ""),
            disabled=code in disabled_codes,
            marked=code in marked_codes,
        )
        items.append(face)
    return {
        "items": items,
        "mode": mode,
        "name": name,
        "label": label or _("Tu mano"),
        "size": size,
        "disabled_label": _("no disponible") if disabled_label is None else disabled_label,
        "marked_label": _("elegida") if marked_label is None else marked_label,
    }


@register.inclusion_tag("deck/trick.html")
def trick(
    cards: Iterable,
    leader: int = 0,
    trump: Suit | str | int | None = None,
    winner: int | None = None,
    viewer: int = 0,
    trump_card: Card | int | str | None = None,
    names: Mapping | None = None,
    label: str = "",
) -> dict:
    """A trick on the table, seen from `viewer`'s seat.

    `cards` are in playing order starting with the `leader` seat (0..3). `winner` is the index in
    `cards` of the card winning so far, as the engine computed it: this tag applies no rule.
    """
    played = [as_card(c) for c in cards]
    if len(played) > 4:
        raise template.TemplateSyntaxError("trick: a trick has at most four cards")
    if trump_card is not None:
        trump_card = as_card(trump_card)
        trump = trump_card.suit if trump is None else trump
    trump_suit = Suit.parse(trump) if trump is not None else None
    labels = _seat_labels()
    seat_names = {int(k): str(v) for k, v in (names or {}).items()}
    seats = []
    for offset in range(4):
        seat = (int(leader) + offset) % 4
        relative = (seat - int(viewer)) % 4
        played_card = played[offset] if offset < len(played) else None
        seats.append(
            {
                "seat": seat,
                "position": _POSITIONS[relative],
                "label": seat_names.get(seat, labels[relative]),
                "face": _face(played_card) if played_card is not None else None,
                "order": offset + 1,
                "is_leader": offset == 0,
                "is_winner": played_card is not None and winner is not None and int(winner) == offset,
            }
        )
    return {
        "seats": seats,
        "trump_suit": trump_suit,
        "trump_face": _face(trump_card) if trump_card is not None else None,
        "label": label or _("Baza en la mesa"),
    }
