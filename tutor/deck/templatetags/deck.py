"""Template pieces for the Spanish deck: `{% load deck %}`.

Every card is shown with its name as text (in the active language); the picture is decoration (alt="").
"""

import html
from collections.abc import Iterable, Mapping
from functools import cache, lru_cache

from django import template
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.templatetags.static import static
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from engine.cards import Card, CardError, Suit
from tutor.lib import cards
from tutor.lib.cards import as_card, seat_labels
from tutor.lib.i18n import engine_language

register = template.Library()

# Seat positions around the table, by offset from the viewer's seat (R-SEAT-1: seat s+1 sits to the
# right of seat s; partners sit opposite).
_POSITIONS = ("bottom", "right", "top", "left")


@cache
def _src(code: str) -> str:
    """The card drawing's URL; static() asks the storage (a manifest lookup), so once per process."""
    return static(f"cards/{code}.svg")


@receiver(setting_changed)
def _forget_card_urls(*, setting, **kwargs) -> None:
    if setting in ("STATIC_URL", "STORAGES", "STATIC_ROOT"):
        _src.cache_clear()
        _plain_card_html.cache_clear()


def _codes(values: Iterable | None) -> set[str]:
    """The cards among some values. Marks may come from what a form posted (a rejected answer is
    drawn again with its choices marked) or from a stored answer that was an option, not a card:
    a value that is no card marks nothing."""
    codes = set()
    for v in values or ():
        try:
            codes.add(as_card(v).code)
        except (CardError, IndexError, TypeError):
            continue
    return codes


def _by_code(values: Mapping | None) -> dict[str, str]:
    return {as_card(k).code: str(v) for k, v in (values or {}).items()}


@register.filter
def card_name(value: Card | int | str) -> str:
    """`{{ "12c"|card_name }}` → "rey de copas"."""
    return cards.card_name(value)


@register.filter
def card_src(value: Card | int | str) -> str:
    """URL of the card's SVG drawing."""
    return _src(as_card(value).code)


# The deck's markup is built here rather than with templates: a page draws dozens of cards, and
# rendering a template per card, hand and trick was most of its rendering time. Every value is
# escaped as a template would escape it (what is already safe HTML is kept as it is).


def _esc(value) -> str:
    """conditional_escape without its lazy-string wrapper, which cost more than the escaping."""
    if hasattr(value, "__html__"):
        return value.__html__()
    return html.escape(str(value))


def _html(fmt: str, *args) -> SafeString:
    """format_html for the deck's own markup, with the cheaper escaping."""
    return mark_safe(fmt.format(*map(_esc, args)))  # noqa: S308 - every argument is escaped


_CARD_HTML = (
    '<span class="playing-card playing-card--{}{}"\n        data-card="{}">'
    '<img class="playing-card__img" src="{}" alt="" width="100" height="150">'
    '<span class="card-name">{}</span>{}</span>\n'
)
_IS_MARKED = mark_safe(" is-marked")


@lru_cache(maxsize=1024)
def _plain_card_html(code: str, size: str, marked: bool, lang: str) -> SafeString:
    """A card without a note: the same few strings on every page, so built once per process and
    language (`lang` is in the key; cards.card_name reads the active one)."""
    return _html(_CARD_HTML, size, _IS_MARKED if marked else "", code, _src(code), cards.card_name(code), "")


def _card_html(c: Card, note: str = "", size: str = "md", marked: bool = False) -> SafeString:
    if not note:
        return _plain_card_html(c.code, size or "md", bool(marked), engine_language())
    return _html(
        _CARD_HTML,
        size or "md",
        _IS_MARKED if marked else "",
        c.code,
        _src(c.code),
        cards.card_name(c),
        _html('<span class="card-note">{}</span>', note),
    )


def _flag(kind: str, text: str) -> SafeString:
    return _html('<span class="card-flag card-flag--{}">{}</span>', kind, text)


@register.simple_tag
def card(value: Card | int | str, note: str = "", size: str = "md", marked: bool = False) -> SafeString:
    """One card: picture plus its name as text. `note` adds a second line ("11 tantos")."""
    return _card_html(as_card(value), note, size, marked)


_ARIA_PRESSED = mark_safe(' aria-pressed="true"')
_CHECKED = mark_safe(" checked")
_DISABLED = mark_safe(" disabled")
_PLAY_ITEM = '<button type="submit" class="card-button{}" name="{}" value="{}"{}{}>\n{}\n{}\n{}\n</button>'
_MARK_ITEM = (
    '<input type="checkbox" class="card-check" id="{6}-{1}" name="{0}" value="{1}"{2}{3}>\n'
    '<label class="card-check__label" for="{6}-{1}">\n{4}\n{5}\n</label>'
)


def _scope(context, name: str, scope: str) -> str:
    """The prefix of a marked hand's ids: unique on the page. A page may hold several questions (a
    lesson's checkpoints), each with the same cards: ``scope`` is the question's own token; without
    one, every hand of a render gets a number of its own."""
    if scope:
        return f"{name}-{scope}"
    drawn = context.render_context.get("hand_scopes", 0) + 1
    context.render_context["hand_scopes"] = drawn
    return f"{name}-{drawn}"


@register.simple_tag(takes_context=True)
def hand(
    context,
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
    scope: str = "",
    described_by: str = "",
) -> SafeString:
    """A hand of cards.

    mode "show": plain cards; "play": one submit button per card (`name=card value=12c`), for a form
    the caller writes; "mark": one checkbox per card, to mark several. `disabled` and `marked` are
    cards; `notes` maps a card to a line of text under its name; `described_by`, the id of a message
    about the choice (a refused answer).
    """
    if mode not in ("show", "play", "mark"):
        raise template.TemplateSyntaxError(f"hand: unknown mode {mode!r}")
    disabled_codes, marked_codes, note_by_code = _codes(disabled), _codes(marked), _by_code(notes)
    disabled_label = _("no disponible") if disabled_label is None else disabled_label
    marked_label = _("elegida") if marked_label is None else marked_label
    id_prefix = _scope(context, name, str(scope)) if mode == "mark" else ""
    items = []
    for value in cards:
        c = as_card(value)
        code = c.code
        is_marked, is_disabled = code in marked_codes, code in disabled_codes
        face = _card_html(c, note_by_code.get(code, ""), size, is_marked)
        marked_flag = _flag("marked", marked_label) if is_marked and marked_label else ""
        disabled_flag = _flag("disabled", disabled_label) if is_disabled and disabled_label else ""
        if mode == "play":
            item = _html(
                _PLAY_ITEM,
                _IS_MARKED if is_marked else "",
                name,
                code,
                _ARIA_PRESSED if is_marked else "",
                _DISABLED if is_disabled else "",
                face,
                marked_flag,
                disabled_flag,
            )
        elif mode == "mark":
            item = _html(
                _MARK_ITEM,
                name,
                code,
                _CHECKED if is_marked else "",
                _DISABLED if is_disabled else "",
                face,
                disabled_flag,
                id_prefix,
            )
        else:
            item = _html("{}\n{}", face, marked_flag)
        items.append(f'<li class="hand__item">\n{item}\n</li>')
    return _html(
        '\n<fieldset class="hand hand--{}"{}>\n<legend class="hand__legend">{}</legend>\n'
        '<ul class="hand__cards">\n{}\n</ul>\n</fieldset>\n',
        mode,
        _html(' aria-describedby="{}"', described_by) if described_by else "",
        label or _("Tu mano"),
        mark_safe("\n".join(items)),  # noqa: S308 - built from escaped pieces above
    )


def _landmark_name(context, name: str) -> str:
    """A name no other landmark of this render has: a trick drawn twice on one page under the same name
    (a lesson's example above its question, a hand's ten tricks) is numbered from its second drawing,
    so a screen reader's list of landmarks tells them apart (axe ``landmark-unique``)."""
    # One page is one request: a partial rendered apart (a lesson's content) shares the request's count.
    # Without a request, the render's first level (included templates push levels of their own).
    request = context.get("request")
    if request is not None:
        if not hasattr(request, "landmark_names"):
            request.landmark_names = {}
        names = request.landmark_names
    else:
        names = context.render_context.dicts[0].setdefault("landmark_names", {})
    names[name] = names.get(name, 0) + 1
    return name if names[name] == 1 else f"{name} ({names[name]})"


@register.simple_tag(takes_context=True)
def trick(
    context,
    cards: Iterable,
    leader: int = 0,
    trump: Suit | str | int | None = None,
    winner: int | None = None,
    viewer: int = 0,
    trump_card: Card | int | str | None = None,
    names: Mapping | None = None,
    label: str = "",
) -> SafeString:
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
    labels = seat_labels()
    seat_names = {int(k): str(v) for k, v in (names or {}).items()}
    seats = []
    for offset in range(4):
        seat = (int(leader) + offset) % 4
        relative = (seat - int(viewer)) % 4
        played_card = played[offset] if offset < len(played) else None
        is_winner = played_card is not None and winner is not None and int(winner) == offset
        seats.append(
            _html(
                '<li class="trick__seat trick__seat--{}{}" data-seat="{}">\n'
                '<span class="trick__who">{}</span>\n{}\n'
                '<span class="trick__flags">\n{}\n{}\n</span>\n</li>',
                _POSITIONS[relative],
                mark_safe(" is-winning") if is_winner else "",
                seat,
                seat_names.get(seat, labels[relative]),
                _card_html(played_card, size="sm", marked=is_winner)
                if played_card is not None
                else _html('<span class="trick__empty">{}</span>', _("por jugar")),
                _flag("leader", _("salida")) if offset == 0 else "",
                _flag("winner", _("gana")) if is_winner else "",
            )
        )
    trump_html = ""
    if trump_suit is not None:
        trump_html = _html(
            '\n<div class="trick__trump">\n<span class="trick__trump-label">{}</span>\n</div>',
            _("Triunfo: %(suit)s") % {"suit": trump_suit.label},
        )
    # The card the dealer showed is drawn apart from the trick, never among the cards played; once
    # played it is only in the trick (never one card twice).
    shown_html = ""
    if trump_card is not None and trump_card not in played:
        shown_html = _html(
            '<div class="trick-trump-card">\n{}\n</div>\n',
            _card_html(trump_card, _("carta de triunfo"), size="sm"),
        )
    return _html(
        '\n<section class="trick" aria-label="{}">\n<ol class="trick__seats">\n{}\n</ol>{}\n</section>\n{}',
        _landmark_name(context, str(label or _("Baza en la mesa"))),
        mark_safe("\n".join(seats)),  # noqa: S308 - built from escaped pieces above
        trump_html,
        shown_html,
    )
