"""The examples of the user's two source documents, as fixed scenarios with stable ids."""

from __future__ import annotations

import random
from dataclasses import replace

from engine.cards import SUIT_MASKS, TANTOS_OF, Suit, parse_card
from engine.messages import Texts, msg
from engine.rules import GUIA
from engine.scenarios.cante import build_cante
from engine.scenarios.common import card_name, sorted_codes, trump_text
from engine.scenarios.model import Option, Scenario
from engine.scenarios.play import fill_spot, play_scenario
from engine.scenarios.tantos import HAND_OPTIONS, _shift, hand_winner

OROS, COPAS, ESPADAS, BASTOS = range(4)


def _c(code: str) -> int:
    return int(parse_card(code))


def _play_fixed(
    fixed_id: str,
    family: str,
    trick: list[str],
    need: list[str],
    avoid_suits: tuple[int, ...],
    avoid_extra: list[str] = (),
    trump: int = OROS,
) -> Scenario:
    """A first-trick position holding exactly the example's cards; the rest of the deck is dealt around it."""
    rng = random.Random(f"fixed:{fixed_id}")
    need_cards = [_c(x) for x in need]
    avoid = 0
    for s in avoid_suits:
        avoid |= SUIT_MASKS[s]
    for x in avoid_extra:
        avoid |= 1 << _c(x)
    for c in need_cards:
        avoid &= ~(1 << c)
    while True:
        spot = fill_spot(rng, GUIA, trump, [_c(x) for x in trick], need_cards, avoid, rng.randrange(4))
        if spot is not None:
            return play_scenario(family, spot, 0, 1, GUIA, None, fixed_id)


def _piles(rng: random.Random, tricks_a: int, tantos_a: int) -> tuple[list[int], list[int]]:
    """Split the deck into the pairs' piles so the first holds ``tantos_a`` tantos of cards."""
    while True:
        deck = list(range(40))
        rng.shuffle(deck)
        a, b = deck[: 4 * tricks_a], deck[4 * tricks_a :]
        for _ in range(6):
            diff = tantos_a - sum(TANTOS_OF[c] for c in a)
            if diff == 0:
                return a, b
            if not _shift(rng, a, b, max(-11, min(11, diff))):
                break


def _tantos_fixed(
    fixed_id: str, tricks_a: int, cards_a: int, cantes: dict, last: str, trump: int = OROS
) -> Scenario:
    """A `tantos` example of the guide; its question is the message ``fixed.<fixed_id>``."""
    question = Texts([trump_text(trump), msg(f"fixed.{fixed_id}")])
    rng = random.Random(f"fixed:{fixed_id}")
    a, b = _piles(rng, tricks_a, cards_a)
    position = {
        "trump": Suit(trump).letter,
        "piles": {"A": sorted_codes(a), "B": sorted_codes(b)},
        "tricks": {"A": tricks_a, "B": 10 - tricks_a},
        "cantes": cantes,
        "last_trick": last,
        "viewer": None,
        "names": {"A": "Ana y Carla", "B": "Bruno y Diego"},
    }
    ids = (
        ("R-SCORE-2", "R-SCORE-1", "R-SCORE-3")
        if fixed_id == "guia-empate-75"
        else ("R-SCORE-2", "R-SCORE-1")
    )
    options = (
        Option("A", msg("tantos.win_names", first="Ana", second="Carla")),
        Option("B", msg("tantos.win_names", first="Bruno", second="Diego")),
        HAND_OPTIONS[2],
    )
    return Scenario(
        "tantos", 3, 0, GUIA, ids, question, "choice", options, position, hand_winner(position), fixed_id
    )


def _build() -> dict[str, Scenario]:
    fixed: dict[str, Scenario] = {}
    fixed["guia-cual-puedes-jugar"] = _play_fixed(
        "guia-cual-puedes-jugar", "jugada", ["10c"], ["12c", "4c", "6b"], (COPAS, BASTOS)
    )
    fixed["guia-situacion-1"] = _play_fixed("guia-situacion-1", "validas", ["10c"], ["12c", "4c"], (COPAS,))
    fixed["guia-situacion-2"] = _play_fixed("guia-situacion-2", "validas", ["1c"], ["4c"], (COPAS,))
    fixed["guia-situacion-3"] = _play_fixed(
        "guia-situacion-3", "validas", ["5c", "4o"], ["12o", "2o"], (COPAS, OROS)
    )
    fixed["guia-situacion-4"] = _play_fixed(
        "guia-situacion-4", "validas", ["5c", "1o"], ["2o"], (COPAS, OROS)
    )
    fixed["guia-baza-cortada"] = _play_fixed(
        "guia-baza-cortada", "validas", ["10c", "2o"], ["12c", "4c", "6b"], (COPAS,)
    )
    fixed["guia-tantos-98-72"] = _tantos_fixed(
        "guia-tantos-98-72",
        4,
        58,
        {"A": [{"seat": 0, "suit": "o", "points": 40}], "B": []},
        "B",
    )
    fixed["guia-empate-75"] = _tantos_fixed(
        "guia-empate-75",
        6,
        75,
        {"A": [], "B": [{"seat": 1, "suit": "b", "points": 20}]},
        "B",
    )
    fixed["guia-80-70"] = _tantos_fixed(
        "guia-80-70",
        6,
        70,
        {"A": [], "B": [{"seat": 3, "suit": "e", "points": 20}]},
        "A",
    )
    fixed["guia-70-80"] = _tantos_fixed(
        "guia-70-80",
        6,
        70,
        {"A": [], "B": [{"seat": 3, "suit": "e", "points": 20}]},
        "B",
    )
    veinte = build_cante(
        random.Random("fixed:guia-veinte-espadas"),
        0,
        1,
        GUIA,
        None,
        "veinte",
        want_trump=OROS,
        want_suit=ESPADAS,
        partner_wins=True,
    )
    fixed["guia-veinte-espadas"] = replace(veinte, fixed_id="guia-veinte-espadas")
    jugado = build_cante(
        random.Random("fixed:guia-rey-jugado"),
        0,
        2,
        GUIA,
        None,
        "jugada",
        want_trump=OROS,
        want_suit=ESPADAS,
        partner_wins=True,
        sacrifice_rey=True,
    )
    fixed["guia-rey-jugado"] = replace(jugado, fixed_id="guia-rey-jugado")
    fixed["salida-cinco-de-oros"] = Scenario(
        "ganador",
        1,
        0,
        GUIA,
        ("R-TRICK-2", "R-TRICK-1"),
        Texts([trump_text(COPAS), msg("fixed.salida-cinco-de-oros", lead=_c("5o"))]),
        "cards",
        tuple(Option(code, card_name(_c(code))) for code in ("6o", "4o", "2c", "7b")),
        {
            "trump": "c",
            "trump_card": None,
            "leader": 0,
            "viewer": 1,
            "trick": ["5o"],
            "trick_seats": [0],
            "candidates": ["6o", "4o", "2c", "7b"],
        },
        ["6o", "2c"],
        "salida-cinco-de-oros",
    )
    return fixed


FIXED: dict[str, Scenario] = _build()
