"""The referee checks hand records after the fact (section 8, R-OBL-RENUNCIO, R-RENUNCIO-1)."""

from __future__ import annotations

import pytest

from engine.cards import Suit
from engine.hand import Hand, random_hand
from engine.referee import CanteClaim, RecordError, check_trick, referee, referee_record
from engine.rules import preset

from .helpers import cards, codes

rule = pytest.mark.rule
OROS = Suit.OROS


def hands_with(seat_cards: dict[int, str]) -> list:
    return [cards(seat_cards.get(s, "")) for s in range(4)]


@rule("R-OBL-RENUNCIO", "R-OBL-MONTAR")
def test_check_trick_finds_the_cuatro_played_over_a_possible_rey():
    # Seed 001 "¿Cuál puedes jugar?": sota de copas led; the next player holds 12c 4c 6b and plays the 4c.
    hands = hands_with({0: "10c 1e", 1: "12c 4c 6b", 2: "5c", 3: "7c"})
    found = check_trick(hands, 0, cards("10c 4c 5c 7c"), OROS, trick_no=3)
    assert len(found) == 1
    r = found[0]
    assert (r.trick, r.seat, r.card.code, r.obligation) == (3, 1, "4c", "montar")
    assert codes(r.legal) == ["12c"]


@rule("R-OBL-RENUNCIO", "R-OBL-ASISTIR")
def test_check_trick_finds_a_trump_played_while_holding_the_led_suit():
    hands = hands_with({0: "10c", 1: "2o 6b", 2: "12c 4c 5o", 3: "7c"})
    found = check_trick(hands, 0, cards("10c 2o 5o 7c"), OROS)
    assert [(r.seat, r.card.code, r.obligation) for r in found] == [(2, "5o", "asistir")]
    assert codes(found[0].legal) == ["4c", "12c"]


def test_check_trick_finds_nothing_in_a_legal_trick_and_rejects_a_card_not_held():
    hands = hands_with({0: "10c", 1: "12c", 2: "2o", 3: "4o"})
    assert check_trick(hands, 0, cards("10c 12c 2o 4o"), OROS) == []
    with pytest.raises(RecordError, match="no está en su mano"):
        check_trick(hands, 0, cards("10c 12c 4o 2o"), OROS)


@rule("R-RENUNCIO-1")
def test_a_renuncio_makes_the_offending_pair_lose_whatever_the_tantos():
    h = random_hand(21, renuncio=0.05)
    assert h.renuncios
    report = referee_record(h.record())
    out = report.to_dict()
    assert out["reason"] == "renuncio"
    assert out["winner"] == "AB"[1 - (h.renuncios[0].seat & 1)]
    first = out["renuncios"][0]
    assert set(first) == {"trick", "seat", "card", "obligation", "legal"}
    assert first["card"] not in first["legal"]


def test_a_complete_record_needs_no_hands_and_agrees_with_the_hand():
    h = random_hand(4)
    rec = h.record()
    del rec["hands"]
    report = referee_record(rec)
    assert report.score == h.score()
    assert list(report.winners) == h.winners


@rule("R-CANTE-2")
def test_a_cante_after_a_trick_won_by_the_other_pair_is_not_valid():
    h = random_hand(4, sing=0.0)
    rec = h.record()
    trick = next(i for i, w in enumerate(h.winners) if w % 2 == 1) + 1
    rec["cantes"] = [{"after_trick": trick, "seat": 0, "suit": "e"}]
    out = referee_record(rec).to_dict()
    assert out["cantes"][0]["valid"] is False
    assert "pareja" in out["cantes"][0]["reason"]
    assert out["cantes_points"] == {"A": 0, "B": 0}


def test_every_declared_cante_of_a_random_hand_is_valid_and_counted():
    for seed in range(40):
        h = random_hand(seed)
        if h.cantes and h.tute is None:
            out = referee_record(h.record()).to_dict()
            assert all(c["valid"] for c in out["cantes"])
            assert out["cantes_points"] == {"A": h.cante_points[0], "B": h.cante_points[1]}
            assert all(("points" in c) == ("suit" in c) for c in out["cantes"])
            return
    pytest.fail("no random hand with cantes")


TUTE_SEATS = [
    "12o 12c 12e 12b 11e 2o 4o 5o 6o 7o",
    "1c 3c 10c 7c 6c 5c 4c 2c 2b 4b",
    "1o 3o 11o 11c 10o 11b 1e 3e 10e 7e",
    "1b 3b 10b 7b 6b 5b 6e 5e 4e 2e",
]


@rule("R-TUTE-3")
def test_a_tute_ended_record_is_checked_with_its_hands():
    rec = {
        "dealer": 3,
        "trump": "oros",
        "tricks": [["2o", "2b", "1o", "1b"]],
        "cantes": [{"after_trick": 1, "seat": 0, "tute": "reyes"}],
        "hands": {str(s): TUTE_SEATS[s].split() for s in range(4)},
    }
    out = referee_record(rec).to_dict()
    assert out["tute"] == {"seat": 0, "kind": "reyes", "after_trick": 1}
    assert out["winner"] == "A" and out["reason"] == "tute" and out["ultimas"] is None
    assert out["cantes"] == [{"after_trick": 1, "seat": 0, "tute": "reyes", "valid": True}]
    del rec["hands"]
    with pytest.raises(RecordError, match="hands"):
        referee_record(rec)


def test_plays_after_a_valid_tute_are_an_error_and_an_incomplete_record_needs_an_end():
    hands = [cards(s) for s in TUTE_SEATS]
    tricks = [cards("2o 2b 1o 1b"), cards("3o 2e 4o 4b")]
    with pytest.raises(RecordError, match="tute"):
        referee(tricks, "o", 3, cantes=[CanteClaim(1, 0, tute="reyes")], hands=hands)
    with pytest.raises(RecordError, match="no está completa"):
        referee(tricks, "o", 3, hands=hands)


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ({"trump": "o"}, "faltan"),
        ({"trump": "x", "tricks": []}, "Palo"),
        ({"trump": "o", "tricks": [["1o", "2o", "3o"]]}, "4 cartas"),
        ({"trump": "o", "tricks": [["1o", "2o", "3o", "1o"]]}, "repetida"),
        ({"trump": "o", "tricks": [["1o", "2o", "3o", "8o"]]}, "8o"),
        ({"trump": "o", "tricks": [], "extra": 1}, "campo desconocido"),
        ({"trump": "o", "tricks": [["1o", "2o", "3o", "4o"]], "rules": "rapida"}, "Mesa desconocida"),
    ],
)
def test_bad_records_are_clear_errors(record, message):
    with pytest.raises(ValueError, match=message):
        referee_record(record)


def test_the_ludoteka_first_hand_requires_the_dos_de_oros_lead():
    rules = preset("ludoteka")
    h = Hand.new(3, 0, rules, first_hand=True)
    rec = h.record()
    assert rec["first_hand"] is True
    while h.turn is not None:
        h.play(h.legal()[0])
    rec = h.record()
    report = referee_record(rec)
    assert report.renuncios == ()
    assert rec["tricks"][0][0] == "2o"
    hands_before = [list(cards(" ".join(rec["hands"][str(s)]))) for s in range(4)]
    seat = h.leaders[0]
    other = next(c for c in hands_before[seat] if c.code != "2o")
    found = check_trick(hands_before, seat, [other], "o", rules, first_card=cards("2o")[0])
    assert found[0].obligation == "salida" and codes(found[0].legal) == ["2o"]
