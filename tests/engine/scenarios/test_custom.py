"""Teacher-built positions: what could happen is accepted with a witness deal, what could not is refused."""

import json

import pytest

from engine.cards import SUIT_MASKS, parse_card
from engine.obligations import legal_mask
from engine.rules import PRESETS
from engine.scenarios import PositionError, build_position, grade, parse_answer, position_from_json

ESPADAS_AND_BASTOS = ["1e", "3e", "12e", "11e", "10e", "1b", "3b", "12b", "11b", "10b"]


def _mask(codes):
    m = 0
    for c in codes:
        m |= 1 << int(parse_card(c))
    return m


def test_it_accepts_a_plain_montar_position_and_rules_on_it():
    pos = build_position("o", ["10c"], ["12c", "4c", "6b"])
    ruling = pos.ruling()
    assert [c.code for c in ruling.legal] == ["12c"]
    assert ruling.obligation == "montar"


def test_the_witness_holds_all_forty_cards_once_with_the_right_hand_sizes():
    pos = build_position("o", ["10c", "4o", "5c"], ["12c", "4c", "6b", "1o"])
    seen = 0
    for h in pos.hands:
        assert not seen & h
        seen |= h
    seen |= _mask(["10c", "4o", "5c"])
    # 4 cards in hand: trick 7, so 6 earlier tricks (24 cards) are not in anybody's hand.
    assert seen.bit_count() == 40 - 24
    leader = pos.leader
    assert leader == 1
    sizes = [pos.hands[(leader + i) % 4].bit_count() for i in range(4)]
    assert sizes == [3, 3, 3, 4]


def test_every_trick_card_is_legal_in_the_witness_hands():
    trick = ["10c", "4o", "2o"]
    pos = build_position("o", trick, ["12c", "4c", "6b", "1b", "3b"])
    cards = [int(parse_card(c)) for c in trick]
    for i in range(1, 3):
        seat = (pos.leader + i) % 4
        hand_then = pos.hands[seat] | 1 << cards[i]
        assert legal_mask(hand_then, cards[:i], 0) >> cards[i] & 1


def test_it_refuses_a_follower_who_could_not_have_discarded():
    # A full hand of espadas and bastos leaves only eight such cards unseen: whoever discarded the seis
    # de bastos on copas with no trump needed nine other cards without copas or oros.
    with pytest.raises(PositionError, match="seis de bastos"):
        build_position("o", ["10c", "6b", "7e"], ESPADAS_AND_BASTOS)


def test_the_same_discard_is_possible_with_a_shorter_hand():
    pos = build_position("o", ["10c", "6b", "7e"], ESPADAS_AND_BASTOS[:5])
    follower = pos.hands[(pos.leader + 1) % 4]
    assert not follower & (SUIT_MASKS[1] | SUIT_MASKS[0])


def test_it_refuses_two_plays_that_cannot_both_be_legal():
    # Each follower alone could have been void in copas and oros, but not both at once.
    hand = ["1e", "3e", "12e", "11e", "10e", "7e", "1b", "3b", "12b"]
    with pytest.raises(PositionError):
        build_position("o", ["10c", "6b", "7b"], hand)


def test_it_refuses_repeated_cards():
    with pytest.raises(PositionError, match="repetida"):
        build_position("o", ["10c"], ["12c", "sota de copas"])


def test_it_refuses_an_unknown_card():
    with pytest.raises(PositionError, match="no válida"):
        build_position("o", [], ["8c"])


@pytest.mark.parametrize("size", [0, 11])
def test_it_refuses_a_hand_of_the_wrong_size(size):
    deck = [f"{r}{s}" for s in "ceb" for r in (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)]
    with pytest.raises(PositionError, match="de 1 a 10"):
        build_position("o", [], deck[:size])


def test_it_refuses_a_complete_trick():
    with pytest.raises(PositionError, match="como mucho 3"):
        build_position("o", ["1c", "2c", "3c", "4c"], ["5c"])


def test_the_ruling_follows_the_position_rules():
    # The partner (seat 2) led the sota de copas and is winning; only the companero table lets the
    # viewer merely follow suit instead of beating it.
    guia = build_position("o", ["10c", "6b"], ["4c", "12c", "2o"])
    companero = build_position("o", ["10c", "6b"], ["4c", "12c", "2o"], PRESETS["companero"])
    assert guia.leader == 2
    assert {c.code for c in guia.ruling().legal} == {"12c"}
    assert {c.code for c in companero.ruling().legal} == {"4c", "12c"}


def test_a_built_jugada_grades_like_a_generated_one():
    scenario = build_position("o", ["10c"], ["12c", "4c", "6b"]).scenario("jugada")
    assert scenario.answer == ["12c"]
    assert grade(scenario, parse_answer(scenario, "12c")).correct
    wrong = grade(scenario, parse_answer(scenario, "4c"))
    assert not wrong.correct
    assert wrong.misconception


def test_a_built_position_says_which_trick_it_is():
    scenario = build_position("o", [], ["12c", "4c", "6b"]).scenario("validas")
    assert scenario.position["trick_number"] == 8
    assert scenario.position["hand"] == ["12c", "4c", "6b"]


def test_it_refuses_a_family_that_is_not_about_playing():
    with pytest.raises(PositionError):
        build_position("o", [], ["12c"]).scenario("tantos")


def test_json_round_trips_through_the_engine_contract():
    data = {"trump": "oros", "trick": ["sota de copas"], "hand": ["12c", "4c", "6b"], "rules": "estricta"}
    pos = position_from_json(json.loads(json.dumps(data)))
    assert pos.to_json() == {"trump": "o", "trick": ["10c"], "hand": ["12c", "4c", "6b"], "rules": "estricta"}
    assert position_from_json(pos.to_json()) == pos


@pytest.mark.parametrize(
    "data, message",
    [
        ([1, 2], "objeto JSON"),
        ({"trump": "o"}, "Falta el campo: hand"),
        ({"trump": "o", "hand": ["1c"], "seat": 2}, "desconocido: seat"),
        ({"trump": 3, "hand": ["1c"]}, "palo"),
        ({"trump": "o", "hand": "1c"}, "lista de cartas"),
        ({"trump": "o", "hand": ["1c"], "rules": "casa"}, "Mesa desconocida"),
        ({"trump": "x", "hand": ["1c"]}, "Palo desconocido"),
    ],
)
def test_malformed_json_is_refused_with_a_spanish_reason(data, message):
    with pytest.raises(PositionError, match=message):
        position_from_json(data)


def test_a_position_read_under_other_rules_is_ruled_by_those_rules_not_its_own():
    # Built at the guide's table, where the cuatro de copas is also legal; a strict table makes the
    # viewer beat the sota de copas even though the opponent's dos de oros is winning.
    data = {"trump": "o", "trick": ["10c", "2o"], "hand": ["12c", "4c", "3e", "7b", "5b"], "rules": "guia"}
    assert {c.code for c in position_from_json(data).ruling().legal} == {"12c", "4c"}
    strict = position_from_json(data, rules="estricta")
    assert strict.rules == PRESETS["estricta"]
    assert strict.to_json()["rules"] == "estricta"
    assert {c.code for c in strict.ruling().legal} == {"12c"}
    scenario = strict.scenario("jugada")
    assert scenario.answer == ["12c"]
    assert not grade(scenario, parse_answer(scenario, "4c")).correct


def test_a_trick_only_the_partner_exception_allows_is_refused_under_other_rules():
    # Nobody follows the rey de espadas. The opponent who discards needs seven cards without espadas or
    # oros, and so does the leader's partner at every table but companero's (where the partner of the
    # winning leader need not trump); only 13 unseen copas and bastos are left for both.
    data = {
        "trump": "o",
        "trick": ["12e", "10c", "12c"],
        "hand": ["5c", "7o", "2c", "3e", "1o", "11c", "7c", "4b"],
        "rules": "companero",
    }
    assert position_from_json(data).rules == PRESETS["companero"]
    with pytest.raises(PositionError, match="La baza no puede haberse jugado así"):
        position_from_json(data, rules="guia")
