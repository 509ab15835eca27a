"""One hand as a state machine (R-DEAL-3, R-CANTE-*, R-TUTE-*, R-SCORE-*)."""

from __future__ import annotations

import pytest

from engine.cards import CARDS, mask_of
from engine.deal import deal
from engine.hand import Hand, HandError, IllegalPlay, InvalidCante, random_hand
from engine.rules import GUIA, TableRules, preset

from .helpers import card, cards

rule = pytest.mark.rule

# A fixed deal, trump oros, dealer 3 so seat 0 leads. Seat 0 holds the four reyes (a tute) and the
# caballo de oros; seat 2 (its partner) holds rey-less caballos; seat 1 holds the as and tres of copas.
SEATS = [
    "12o 12c 12e 12b 11o 2o 4o 5o 6o 7o",
    "1c 3c 10c 7c 6c 5c 4c 2c 3o 1o",
    "11c 11e 11b 10o 1e 3e 10e 7e 6e 5e",
    "1b 3b 10b 7b 6b 5b 4b 2b 4e 2e",
]


def fixed_hand(rules: TableRules = GUIA) -> Hand:
    return Hand([cards(s) for s in SEATS], "o", dealer=3, rules=rules)


@rule("R-DEAL-3")
def test_the_seat_to_the_dealers_right_leads_and_turns_go_counter_clockwise():
    h = fixed_hand()
    assert h.turn == 0
    h.play("2o")
    assert h.turn == 1
    h.play("1o")
    assert h.turn == 2
    h.play("10o")
    assert h.turn == 3


@rule("R-DEAL-3", "R-TRICK-2")
def test_the_winner_of_a_trick_leads_the_next_one_and_collects_its_tantos():
    h = fixed_hand()
    for c in ("2o", "1o", "10o", "2b"):
        winner = h.play(c)
    assert winner == 1
    assert h.turn == 1 and h.leader == 1
    assert h.tricks == [tuple(cards("2o 1o 10o 2b"))]
    assert h.tantos == [0, 13]


@rule("R-OBL-RENUNCIO")
def test_an_illegal_card_is_refused_with_its_ruling():
    h = fixed_hand()
    h.play("2o")
    with pytest.raises(IllegalPlay) as err:
        h.play("1c")
    assert err.value.ruling.obligation == "montar"
    assert [c.code for c in err.value.ruling.legal] == ["3o", "1o"]
    assert err.value.seat == 1
    assert str(err.value).startswith("No puedes jugar el as de copas: tienes oros")
    assert h.turn == 1  # nothing changed


def test_a_card_not_in_hand_or_a_play_after_the_end_is_refused():
    h = fixed_hand()
    with pytest.raises(HandError, match="no tiene"):
        h.play("1c")


def test_a_renuncio_can_be_recorded_and_then_decides_the_hand():
    h = fixed_hand()
    h.play("2o")
    h.play("1c", allow_renuncio=True)
    assert h.renuncios[0].seat == 1 and h.renuncios[0].obligation == "montar"
    while h.turn is not None:
        h.play(h.legal()[0])
    score = h.score()
    assert score.reason == "renuncio" and score.winner == 0


TUTE_SEATS = [
    "12o 12c 12e 12b 11e 2o 4o 5o 6o 7o",
    "1c 3c 10c 7c 6c 5c 4c 2c 2b 4b",
    "1o 3o 11o 11c 10o 11b 1e 3e 10e 7e",
    "1b 3b 10b 7b 6b 5b 6e 5e 4e 2e",
]


@rule("R-TUTE-1", "R-TUTE-2", "R-TUTE-3", "R-CANTE-4")
def test_a_tute_declared_at_the_pairs_first_trick_ends_the_hand_and_wins_it():
    h = Hand([cards(s) for s in TUTE_SEATS], "o", dealer=3)
    for c in ("2o", "2b", "1o", "1b"):  # seat 2 wins with the as de oros: pair A's first trick
        h.play(c)
    assert h.winners == [2]
    assert [str(o.label) for o in h.allowed_cantes(0)] == ["Tute de reyes"]
    assert h.allowed_cantes(2) == ()
    assert "compañero" in str(h.check(2, tute="caballos").reason)  # split between partners
    with pytest.raises(InvalidCante, match="antes tienes que cantar tute de reyes"):
        h.declare(0, "e")
    assert h.declare(0, tute="reyes").valid
    assert h.over and h.tute.seat == 0 and h.tute.after_trick == 1
    score = h.score()
    assert score.winner == 0 and score.reason == "tute" and score.ultimas is None
    with pytest.raises(HandError):
        h.play("4o")


@rule("R-TUTE-2")
def test_a_tute_not_declared_at_the_first_trick_is_lost_unless_the_table_allows_any_trick():
    for rules, valid in ((TableRules(), False), (TableRules(tute_cualquier_baza=True), True)):
        h = Hand([cards(s) for s in TUTE_SEATS], "o", dealer=3, rules=rules)
        for c in ("2o", "2b", "1o", "1b", "3o", "2e", "4o", "4b"):
            h.play(c)
        assert h.winners == [2, 2]
        assert h.check(0, tute="reyes").valid is valid


@rule("R-CANTE-2", "R-CANTE-3", "R-CANTE-4")
def test_cantes_are_sung_once_per_person_per_moment_and_once_per_suit():
    seats = [
        "12o 11o 12e 11e 2o 4o 5o 6o 7o 10o",
        "1c 3c 10c 7c 6c 5c 4c 2c 2b 4b",
        "1o 3o 12c 11c 1e 3e 10e 7e 12b 11b",
        "1b 3b 10b 7b 6b 5b 6e 5e 4e 2e",
    ]
    h = Hand([cards(s) for s in seats], "o", dealer=3)
    for c in ("2o", "2b", "1o", "1b"):
        h.play(c)
    assert [str(o.label) for o in h.allowed_cantes(0)] == ["Las cuarenta en oros"]
    assert [str(o.label) for o in h.allowed_cantes(2)] == ["Las veinte en copas", "Las veinte en bastos"]
    h.declare(0, "o")
    assert h.allowed_cantes(0) == ()  # one per person per moment
    with pytest.raises(InvalidCante, match="ya has cantado"):
        h.declare(0, "e")
    h.declare(2, "c")
    assert h.cante_points == [60, 0]
    h.play("3o")  # the next lead closes the moment
    assert h.allowed_cantes(2) == ()
    assert "justo después" in str(h.check(2, "b").reason)


@rule("R-CANTE-5", "R-SCORE-1")
def test_random_hands_conserve_the_120_tantos_and_130_plus_cantes():
    for seed in range(50):
        h = random_hand(seed)
        score = h.score()
        if h.tute is None:
            assert sum(h.tantos) == 120
            assert sum(score.totals) == 130 + sum(h.cante_points)


def test_a_copy_is_independent():
    h = fixed_hand()
    other = h.copy()
    other.play("2o")
    assert h.turn == 0 and h.trick == [] and other.trick == [card("2o")]
    assert h.hands != other.hands


def test_the_ludoteka_first_hand_must_open_with_the_dos_de_oros():
    rules = preset("ludoteka")
    h = Hand.new(5, 0, rules, first_hand=True)
    assert h.legal() == [card("2o")]
    other = [c for c in h.hand_of(h.turn) if c != card("2o")][0]
    with pytest.raises(IllegalPlay) as err:
        h.play(other)
    assert err.value.ruling.variants == ("primera_mano",)
    h.play("2o")


def test_a_hand_needs_four_seats_of_ten_distinct_cards():
    with pytest.raises(HandError):
        Hand([cards("1o")] * 4, "o")
    d = deal(1)
    dup = [list(d.hands[0]), list(d.hands[0]), list(d.hands[2]), list(d.hands[3])]
    with pytest.raises(HandError, match="repetida"):
        Hand(dup, "o")


def test_the_hand_record_lists_plays_cantes_and_initial_hands():
    h = random_hand(8)
    rec = h.record()
    assert len(rec["tricks"]) == len(h.tricks)
    assert sorted(c for s in rec["hands"].values() for c in s) == sorted(c.code for c in CARDS)
    assert mask_of(cards(" ".join(rec["hands"]["0"]))) == h.start[0]
