"""The examples of the user's two source documents, as fixed scenarios with stable ids."""

from __future__ import annotations

import random
from dataclasses import replace

from engine.cards import SUIT_MASKS, parse_card
from engine.messages import Texts, msg
from engine.rules import GUIA
from engine.scenarios.cante import build_cante
from engine.scenarios.common import card_name, trump_text
from engine.scenarios.model import Option, Scenario
from engine.scenarios.play import fill_spot, play_scenario
from engine.scenarios.sim import record_of
from engine.scenarios.tantos import HAND_OPTIONS, hand_winner, position_of

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


# The guide's scoring examples, each a hand played out: the dealer, the shown trump card, the ten tricks
# in play order (the first led by the dealer's right, each next by the last winner) and the cantes (after
# which trick, by which seat, in which suit). They were found among hands of random legal play
# (engine.scenarios.sim), seats turned and two cards of a suit exchanged where that keeps the hand real
# (tantos._nudged), then written out here; the engine's Hand replays each one when this module loads
# (engine.scenarios.sim.record_of) and the tests check the example's figures.
TANTOS_HANDS: dict[str, tuple[int, str, tuple[str, ...], tuple[tuple[int, int, str], ...]]] = {
    # Ana y Carla: 58 in cards + las cuarenta = 98; Bruno y Diego: 62 in cards + las diez de últimas = 72.
    "guia-tantos-98-72": (
        2,
        "4o",
        (
            "3e 11e 10e 1e",
            "4e 3o 2e 7e",
            "6o 11o 10o 4o",
            "6b 1b 10b 11b",
            "2o 5o 1o 7o",
            "3c 7c 4c 1c",
            "6e 10c 12o 2b",
            "12b 7b 12e 3b",
            "12c 5b 6c 5c",
            "2c 4b 11c 5e",
        ),
        ((1, 0, "o"),),
    ),
    # Ana y Carla: 75 in cards; Bruno y Diego: 45 + las veinte en bastos + últimas = 75, and the hand.
    "guia-empate-75": (
        3,
        "5o",
        (
            "5e 11e 12e 1e",
            "4b 1b 12b 7b",
            "11c 12c 1o 7c",
            "6e 4e 10e 10o",
            "5b 10b 6b 2b",
            "12o 5o 11o 7o",
            "3b 2o 4o 11b",
            "4c 3c 3o 6c",
            "7e 2e 5c 6o",
            "2c 3e 1c 10c",
        ),
        ((1, 1, "b"),),
    ),
    # Ana y Carla: 70 in cards + últimas = 80; Bruno y Diego: 50 + las veinte en espadas = 70.
    "guia-80-70": (
        3,
        "12o",
        (
            "11b 1b 6b 5b",
            "10c 11c 7c 4c",
            "1o 12o 3o 4o",
            "5e 6e 2o 3e",
            "6o 11o 10o 12e",
            "3c 6c 11e 7o",
            "4b 1c 2b 12b",
            "4e 7b 2c 1e",
            "7e 10e 3b 5c",
            "2e 10b 12c 5o",
        ),
        ((1, 3, "e"),),
    ),
    # Ana y Carla: 70 in cards; Bruno y Diego: 50 + las veinte en espadas + últimas = 80.
    "guia-70-80": (
        1,
        "5o",
        (
            "6b 10b 12b 11b",
            "7b 11o 1b 4b",
            "12o 1o 6o 3o",
            "5b 12e 2b 5o",
            "6c 12c 10c 5c",
            "4o 3e 7c 2o",
            "10o 4c 10e 2c",
            "7o 11e 11c 3c",
            "5e 7e 6e 1e",
            "1c 3b 4e 2e",
        ),
        ((2, 3, "e"),),
    ),
}


def _tantos_fixed(fixed_id: str) -> Scenario:
    """A `tantos` example of the guide; its question is the message ``fixed.<fixed_id>``."""
    dealer, trump_card, tricks, cantes = TANTOS_HANDS[fixed_id]
    record = record_of(dealer, trump_card, list(tricks), list(cantes), GUIA)
    question = Texts([trump_text(record.deal.trump), msg(f"fixed.{fixed_id}")])
    position = {**position_of(record), "names": {"A": "Ana y Carla", "B": "Bruno y Diego"}}
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
    fixed["guia-tantos-98-72"] = _tantos_fixed("guia-tantos-98-72")
    fixed["guia-empate-75"] = _tantos_fixed("guia-empate-75")
    fixed["guia-80-70"] = _tantos_fixed("guia-80-70")
    fixed["guia-70-80"] = _tantos_fixed("guia-70-80")
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
