"""The 40-card Spanish deck: suits, ranks, strength, tantos, notation and card sets.

A card is a small int 0..39: ``suit * 10 + strength`` where strength 0 is the weakest card of
the suit (the dos) and 9 the strongest (the as), so within one suit a higher int beats a lower
one (R-DECK-3) and a set of cards fits in a 40-bit mask.
"""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Iterable
from enum import IntEnum

from engine.messages import MessageError, Text, msg


class CardError(MessageError):
    """A token that is not one of the 40 cards, or a card given twice; ``exc.text`` is the message
    (``cards.error.…``), ``str(exc)`` its sentence in the language in force."""


class Suit(IntEnum):
    OROS = 0
    COPAS = 1
    ESPADAS = 2
    BASTOS = 3

    @property
    def letter(self) -> str:
        return "oceb"[self]

    @property
    def label(self) -> str:
        """Spanish name of the suit: 'oros', 'copas'..."""
        return ("oros", "copas", "espadas", "bastos")[self]

    @property
    def singular(self) -> str:
        """Singular form used in sentences: 'una copa', 'un oro'."""
        return ("oro", "copa", "espada", "basto")[self]

    @classmethod
    def parse(cls, text: str | Suit) -> Suit:
        """Accept 'o', 'oros', 'Oros', a Suit or its int."""
        if isinstance(text, Suit):
            return text
        if isinstance(text, int):
            if 0 <= text <= 3:
                return cls(text)
            raise CardError(msg("cards.error.suit_number", n=int(text)))
        key = _fold(str(text))
        for suit in cls:
            if key in (suit.letter, suit.label, suit.singular):
                return suit
        raise CardError(msg("cards.error.suit", text=str(text)))


# R-DECK-1 / R-DECK-3: ranks from weakest to strongest within a suit.
RANKS_BY_STRENGTH = (2, 4, 5, 6, 7, 10, 11, 12, 3, 1)
# R-DECK-4: tantos by rank.
TANTOS_BY_RANK = {1: 11, 3: 10, 12: 4, 11: 3, 10: 2}
RANK_NAMES = {
    1: "as",
    2: "dos",
    3: "tres",
    4: "cuatro",
    5: "cinco",
    6: "seis",
    7: "siete",
    10: "sota",
    11: "caballo",
    12: "rey",
}
# The English interface names the ranks in English and keeps the suits' Spanish names: "king of copas".
RANK_NAMES_EN = {
    1: "ace",
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    10: "jack",
    11: "knight",
    12: "king",
}
_RANK_NAMES_BY_LANG = {"es": RANK_NAMES, "en": RANK_NAMES_EN}
_RANK_WORDS = {name: rank for rank, name in RANK_NAMES.items()} | {"uno": 1}


def _rank_number(text: str) -> int | None:
    """'12' -> 12; anything but one or two ASCII digits is no rank (str.isdigit() also accepts
    digits that int() refuses, like the Ethiopic '፩', and int() refuses very long numbers)."""
    return int(text) if 1 <= len(text) <= 2 and text.isascii() and text.isdigit() else None


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.strip().lower())
    return " ".join("".join(ch for ch in decomposed if not unicodedata.combining(ch)).split())


class Card(int):
    """One of the 40 cards; use ``CARDS[i]`` or ``parse_card``, never build one directly."""

    __slots__ = ()

    @property
    def suit(self) -> Suit:
        return SUITS_OF[self]

    @property
    def rank(self) -> int:
        return RANK_OF[self]

    @property
    def strength(self) -> int:
        """0 (dos) .. 9 (as): R-DECK-3."""
        return self % 10

    @property
    def tantos(self) -> int:
        return TANTOS_OF[self]

    @property
    def code(self) -> str:
        return CODE_OF[self]

    @property
    def name(self) -> str:
        """Spanish name: 'rey de copas'."""
        return NAME_OF[self]

    @property
    def bit(self) -> int:
        return 1 << self

    def __repr__(self) -> str:
        return f"Card({CODE_OF[self]})"

    def __str__(self) -> str:
        return CODE_OF[self]


CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(40))
SUITS_OF = tuple(Suit(i // 10) for i in range(40))
RANK_OF = tuple(RANKS_BY_STRENGTH[i % 10] for i in range(40))
TANTOS_OF = tuple(TANTOS_BY_RANK.get(RANK_OF[i], 0) for i in range(40))
CODE_OF = tuple(f"{RANK_OF[i]}{'oceb'[i // 10]}" for i in range(40))
NAME_OF = tuple(f"{RANK_NAMES[RANK_OF[i]]} de {Suit(i // 10).label}" for i in range(40))
NAME_OF_EN = tuple(f"{RANK_NAMES_EN[RANK_OF[i]]} of {Suit(i // 10).label}" for i in range(40))
_NAME_OF_BY_LANG = {"es": NAME_OF, "en": NAME_OF_EN}
_BY_CODE = {CODE_OF[i]: CARDS[i] for i in range(40)}
_BY_NAME = {NAME_OF[i]: CARDS[i] for i in range(40)}

FULL_DECK = (1 << 40) - 1
SUIT_MASKS = tuple(((1 << 10) - 1) << (10 * s) for s in range(4))
TOTAL_TANTOS = sum(TANTOS_OF)  # 120, R-DECK-4


def rank_name(rank: int, lang: str = "es") -> str:
    """The rank's name in "es" ('sota') or "en" ('jack'); KeyError for another language or rank."""
    return _RANK_NAMES_BY_LANG[lang][rank]


def card_name(c: int, lang: str = "es") -> str:
    """The card's name in "es" ('rey de copas') or "en" ('king of copas': the suits keep their Spanish
    names); KeyError for another language."""
    return _NAME_OF_BY_LANG[lang][c]


def card(rank: int, suit: Suit | str) -> Card:
    """The card of that rank (1..7, 10..12) and suit."""
    s = Suit.parse(suit)
    if rank not in RANK_NAMES:
        raise CardError(msg("cards.error.rank", rank=rank))
    return CARDS[10 * s + RANKS_BY_STRENGTH.index(rank)]


def parse_card(token: str | int) -> Card:
    """Parse '12c', 'rey de copas', 'As de Oros' (R-DECK-2); a bad token is a CardError naming it."""
    if isinstance(token, Card):
        return token
    if not isinstance(token, str):
        raise CardError(msg("cards.error.not_text", value=repr(token)))
    key = _fold(token)
    found = _BY_CODE.get(key)
    if found is None:
        found = _BY_NAME.get(key)
    if found is not None:  # CARDS[0] (dos de oros) is falsy: never test a card for truth
        return found
    if " de " in key:
        rank_word, _, suit_word = key.partition(" de ")
        rank = _RANK_WORDS.get(rank_word) or _rank_number(rank_word)
        try:
            suit = Suit.parse(suit_word)
        except CardError:
            raise CardError(msg("cards.error.card_suit", token=token)) from None
        if rank in RANK_NAMES:
            return card(rank, suit)
        if rank_word in ("ocho", "nueve", "8", "9"):
            raise CardError(msg("cards.error.eight_nine", token=token))
    elif len(key) >= 2 and key[-1] in "oceb":
        if _rank_number(key[:-1]) in (8, 9):
            raise CardError(msg("cards.error.eight_nine", token=token))
    raise CardError(msg("cards.error.card", token=token))


def parse_cards(tokens: Iterable[str | int], *, what: Text | None = None) -> list[Card]:
    """Parse several cards; a repeated card is an error naming it. ``what`` names the list in the error
    (a field name, or a message such as 'la baza y la mano'); the words 'las cartas' by default."""
    what = msg("cards.what") if what is None else what
    if isinstance(tokens, str):
        raise CardError(msg("cards.error.text_not_list", what=what))
    if not isinstance(tokens, Iterable) or isinstance(tokens, dict):
        raise CardError(msg("cards.error.not_list", what=what))
    cards: list[Card] = []
    seen = 0
    for token in tokens:
        c = parse_card(token)
        if seen >> c & 1:
            raise CardError(msg("cards.error.repeated", what=what, token=str(token)))
        seen |= 1 << c
        cards.append(c)
    return cards


def notation_of(token: str) -> str:
    """'code' when a token was written as '12c', else 'name' (answers echo the input's notation)."""
    key = _fold(token)
    return "code" if key in _BY_CODE else "name"


def write(c: Card, notation: str = "code") -> str:
    return CODE_OF[c] if notation == "code" else NAME_OF[c]


def mask_of(cards: Iterable[int]) -> int:
    """The mask of some cards."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def as_mask(cards: int | Iterable[int]) -> int:
    """A mask given as it is, or the mask of some cards (for functions that take either)."""
    return cards if isinstance(cards, int) else mask_of(cards)


def cards_of(mask: int) -> list[Card]:
    """Cards in a mask, lowest int first (by suit, then weakest to strongest)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(CARDS[low.bit_length() - 1])
        mask ^= low
    return out


def pick(mask: int, rng: random.Random) -> int:
    """A uniformly random card of a non-empty mask."""
    for _ in range(int(rng.random() * mask.bit_count())):
        mask &= mask - 1  # drop the lowest card
    return (mask & -mask).bit_length() - 1


def deck_by_strength() -> list[Card]:
    """All 40 cards, suit by suit, strongest first (the /baraja/ order)."""
    return [CARDS[10 * s + k] for s in range(4) for k in range(9, -1, -1)]
