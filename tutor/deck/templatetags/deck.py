"""Template pieces for the Spanish deck: `{% load deck %}`.

Every card is shown with its Spanish name as text; the picture is decoration (alt="").
"""

from collections.abc import Iterable, Mapping
from functools import cache

from django import template
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.templatetags.static import static
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from engine.cards import CARDS, Card, Suit, parse_card

register = template.Library()

# Seat positions around the table, by offset from the viewer's seat (R-SEAT-1: seat s+1 sits to the
# right of seat s; partners sit opposite).
_POSITIONS = ("bottom", "right", "top", "left")


def _seat_labels() -> tuple[str, str, str, str]:
    return (_("Tú"), _("Rival derecha"), _("Compañero"), _("Rival izquierda"))


_BY_CODE = {c.code: c for c in CARDS}


def as_card(value: Card | int | str) -> Card:
    if isinstance(value, Card):
        return value
    if isinstance(value, int):
        return CARDS[value]
    # Codes ("12c") are what positions store: look them up before the general parser.
    found = _BY_CODE.get(value) if isinstance(value, str) else None
    return found if found is not None else parse_card(value)


@cache
def _src(code: str) -> str:
    """The card drawing's URL; static() asks the storage (a manifest lookup), so once per process."""
    return static(f"cards/{code}.svg")


@receiver(setting_changed)
def _forget_card_urls(*, setting, **kwargs) -> None:
    if setting in ("STATIC_URL", "STORAGES", "STATIC_ROOT"):
        _src.cache_clear()


def _codes(values: Iterable | None) -> set[str]:
    return {as_card(v).code for v in values or ()}


def _by_code(values: Mapping | None) -> dict[str, str]:
    return {as_card(k).code: str(v) for k, v in (values or {}).items()}


def _face(value: Card | int | str, note: str = "") -> dict:
    c = as_card(value)
    return {"card": c, "src": _src(c.code), "note": note}


@register.filter
def card_name(value: Card | int | str) -> str:
    """`{{ "12c"|card_name }}` → "rey de copas"."""
    return as_card(value).name


@register.filter
def card_src(value: Card | int | str) -> str:
    """URL of the card's SVG drawing."""
    return _src(as_card(value).code)


# One card's markup. Drawn by a simple tag with format_html rather than a template: pages draw
# dozens of cards and a template per card was most of their rendering time.
_CARD_HTML = (
    '<span class="playing-card playing-card--{}{}"\n        data-card="{}">'
    '<img class="playing-card__img" src="{}" alt="" width="100" height="150">'
    '<span class="card-name">{}</span>{}</span>\n'
)


@register.simple_tag
def card(value: Card | int | str, note: str = "", size: str = "md", marked: bool = False) -> SafeString:
    """One card: picture plus its name as text. `note` adds a second line ("11 tantos")."""
    c = as_card(value)
    return format_html(
        _CARD_HTML,
        size or "md",
        " is-marked" if marked else "",
        c.code,
        _src(c.code),
        c.name,
        format_html('<span class="card-note">{}</span>', note) if note else "",
    )


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
