"""Helpers shared by the families: card codes, sorting, seat names, the state of a trick."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.cards import CODE_OF, Suit, cards_of
from engine.messages import Message, Who, msg
from engine.obligations import trick_state  # noqa: F401  (re-exported for the generators)
from engine.scenarios.model import Option

CODE_INDEX = {code: i for i, code in enumerate(CODE_OF)}
mask_cards = cards_of  # the name engine.scenarios.custom imports; one definition, in engine.cards


def codes(cards: Iterable[int]) -> list[str]:
    return [CODE_OF[c] for c in cards]


def sorted_codes(mask_or_cards: int | Iterable[int]) -> list[str]:
    """Codes suit by suit (oros, copas, espadas, bastos), strongest first: the order a hand is shown in."""
    cards = cards_of(mask_or_cards) if isinstance(mask_or_cards, int) else list(mask_or_cards)
    return [CODE_OF[c] for c in sorted(cards, key=lambda c: (c // 10, -(c % 10)))]


def card_name(c: int) -> Message:
    """'rey de copas': a card named as an option or a row of a table."""
    return msg("families.card", card=c)


def card_options(hand_codes: Sequence[str]) -> tuple[Option, ...]:
    return tuple(Option(code, card_name(CODE_INDEX[code])) for code in hand_codes)


def seat_name(seat: int, viewer: int) -> str:
    """How the player answering calls a seat (R-SEAT-1: seat + 1 sits to one's right)."""
    return ("tú", "el rival de tu derecha", "tu compañero", "el rival de tu izquierda")[(seat - viewer) % 4]


def player_label(seat: int) -> str:
    """A neutral seat name for questions asked from outside the table (Spanish words; ``player_text``
    is the same as a message)."""
    return f"Jugador {seat + 1} (pareja {'AB'[seat % 2]})"


def player_text(seat: int) -> Message:
    """'jugador 1 (pareja A)' / 'player 1 (pair A)': a seat seen from outside the table."""
    return msg("families.player", n=seat + 1, pair="AB"[seat % 2])


def player_flat(seat: int) -> Message:
    """'jugador 1, pareja A': the same seat inside brackets of its own (never «(jugador 1 (pareja A))»)."""
    return msg("families.player.flat", n=seat + 1, pair="AB"[seat % 2])


def describe_trick(trick: Sequence[int], leader: int, viewer: int) -> Message:
    """'Sale el rey de copas (tu compañero); después, el dos de oros (el rival de tu derecha).'"""
    plays = [
        msg("families.played", card=c, who=Who.seat((leader + i) % 4, viewer)) for i, c in enumerate(trick)
    ]
    if len(plays) == 1:
        return msg("families.trick.one", first=plays[0])
    return msg("families.trick.more", first=plays[0], more=tuple(plays[1:]))


def cante_name(suit: int, trump: int) -> str:
    """'las cuarenta' (the trump suit) or 'las veinte en espadas' (R-CANTE-1)."""
    return "las cuarenta" if suit == trump else f"las veinte en {Suit(suit).label}"


def trump_text(trump: int) -> Message:
    """'Triunfo: oros.'"""
    return msg("families.trump", trump=int(trump))
