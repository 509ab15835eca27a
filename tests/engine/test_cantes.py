"""Cantes, tute and the score of a hand (R-CANTE-*, R-TUTE-*, R-SCORE-*), with the seeds' examples."""

from __future__ import annotations

import pytest

from engine.cantes import (
    CanteError,
    cante_options,
    cante_points,
    check_cante,
    option,
    pair_index,
    score_hand,
    score_renuncio,
    score_tute,
)
from engine.cards import Suit
from engine.rules import TableRules

from .helpers import cards

rule = pytest.mark.rule
OROS = Suit.OROS


@rule("R-CANTE-1")
def test_cuarenta_in_trump_and_veinte_elsewhere():
    assert cante_points(Suit.OROS, OROS) == 40
    assert cante_points(Suit.ESPADAS, OROS) == 20
    assert option(OROS, "o").kind == "cuarenta"
    assert str(option(OROS, "e").label) == "Las veinte en espadas"


@rule("R-CANTE-1", "R-CANTE-2")
def test_seed_example_rey_and_caballo_de_espadas_sing_veinte_after_the_partner_wins_a_trick():
    # "el triunfo es oros y tienes rey y caballo de espadas. Tu pareja gana una baza y conservas ambas
    # cartas: puedes cantar veinte en espadas."
    hand = cards("12e 11e 4c 5b")
    opts = cante_options(hand, OROS, pair_won=True)
    assert [str(o.label) for o in opts.allowed] == ["Las veinte en espadas"]
    check = check_cante(hand, OROS, option(OROS, "e"))
    assert check.valid and check.points == 20
    assert "rey y el caballo de espadas" in str(check.reason)


@rule("R-CANTE-3")
def test_seed_example_after_playing_that_rey_the_caballo_alone_cannot_sing():
    # "Si antes has jugado ese rey, tener solo el caballo ya no permite el cante."
    hand = cards("11e 4c 5b")
    check = check_cante(hand, OROS, option(OROS, "e"), played=cards("12e"))
    assert not check.valid
    assert "ya has jugado el rey de espadas" in str(check.reason)
    assert check.rule_ids == ("R-CANTE-3",)
    opts = cante_options(hand, OROS, played=cards("12e"))
    assert opts.allowed == ()
    assert "ya has jugado el rey de espadas" in str(opts.explanation)


@rule("R-CANTE-1")
def test_seed_example_rey_and_caballo_split_between_partners_never_counts():
    # "No vale que tú tengas el rey y tu compañero el caballo."
    check = check_cante(cards("12e 4c"), OROS, option(OROS, "e"), partner_hand=cards("11e 6b"))
    assert not check.valid
    assert "compañero" in str(check.reason)
    assert str(check_cante(cards("12e 4c"), OROS, option(OROS, "e")).reason).endswith(
        "no tienes el caballo de espadas."
    )


@rule("R-CANTE-2")
def test_a_cante_needs_a_trick_won_by_the_pair_and_one_per_person_per_moment():
    hand = cards("12e 11e 12c 11c")
    assert not check_cante(hand, OROS, option(OROS, "e"), pair_won=False).valid
    check = check_cante(hand, OROS, option(OROS, "e"), already_sang=True)
    assert not check.valid and "una vez por baza" in str(check.reason)
    assert cante_options(hand, OROS, pair_won=False).allowed == ()


@rule("R-CANTE-3")
def test_a_suit_is_sung_once_per_hand():
    check = check_cante(cards("12e 11e"), OROS, option(OROS, "e"), sung=[Suit.ESPADAS])
    assert not check.valid and "una vez" in str(check.reason)


@rule("R-CANTE-4")
def test_cuarenta_comes_before_veinte_and_tute_before_both():
    hand = cards("12o 11o 12e 11e")
    opts = cante_options(hand, OROS)
    assert [str(o.label) for o in opts.allowed] == ["Las cuarenta en oros"]
    check = check_cante(hand, OROS, option(OROS, "e"))
    assert not check.valid and "antes tienes que cantar las cuarenta en oros" in str(check.reason)
    assert check.rule_ids == ("R-CANTE-4",)
    tute_hand = cards("12o 12c 12e 12b 11o")
    opts = cante_options(tute_hand, OROS, first_win=True)
    assert [str(o.label) for o in opts.allowed] == ["Tute de reyes"]
    assert not check_cante(tute_hand, OROS, option(OROS, "o"), first_win=True).valid
    # Once the cuarenta is sung, the veinte may be sung at a later moment.
    assert check_cante(hand, OROS, option(OROS, "e"), sung=[OROS]).valid


@rule("R-CANTE-4")
def test_two_veintes_at_one_moment_are_both_allowed_choices():
    opts = cante_options(cards("12e 11e 12b 11b"), OROS)
    assert [str(o.label) for o in opts.allowed] == ["Las veinte en espadas", "Las veinte en bastos"]


@rule("R-TUTE-1", "R-TUTE-2", "R-TUTE-3")
def test_a_tute_of_four_reyes_in_one_hand_is_declared_at_the_pairs_first_trick():
    hand = cards("12o 12c 12e 12b 4c")
    check = check_cante(hand, OROS, option(OROS, tute="reyes"), first_win=True)
    assert check.valid and "termina la mano" in str(check.reason)
    late = check_cante(hand, OROS, option(OROS, tute="reyes"), first_win=False)
    assert not late.valid and late.rule_ids == ("R-TUTE-2",)


@rule("R-TUTE-1")
def test_a_tute_split_between_partners_never_counts():
    check = check_cante(
        cards("12o 12c 4c"), OROS, option(OROS, tute="reyes"), first_win=True, partner_hand=cards("12e 12b")
    )
    assert not check.valid and "compañero" in str(check.reason)


@rule("R-TUTE-2")
def test_the_tute_cualquier_baza_variant_allows_a_tute_after_any_won_trick():
    hand = cards("11o 11c 11e 11b")
    rules = TableRules(tute_cualquier_baza=True)
    assert check_cante(hand, OROS, option(OROS, tute="caballos"), first_win=False, rules=rules).valid


def test_a_cante_must_name_a_suit_or_a_tute():
    with pytest.raises(CanteError):
        option(OROS)
    with pytest.raises(CanteError):
        option(OROS, tute="sotas")
    with pytest.raises(CanteError):
        option(OROS, "e", tute="reyes")


def test_a_hand_without_any_pair_is_told_so():
    assert "no tienes rey y caballo" in str(cante_options(cards("1o 3o"), OROS).explanation)


# Scoring: seed 001 examples, word for word.
@rule("R-SCORE-1", "R-SCORE-2", "R-CANTE-5")
def test_cards_58_plus_cuarenta_beat_62_plus_ultimas_98_to_72():
    score = score_hand((58, 62), (40, 0), "B")
    assert score.totals == (98, 72)
    assert score.winner == 0
    assert score.reason == "tantos"
    assert sum(score.totals) == 170
    assert score.to_dict() == {
        "tantos": {"A": 58, "B": 62},
        "cantes_points": {"A": 40, "B": 0},
        "ultimas": "B",
        "totals": {"A": 98, "B": 72},
        "winner": "A",
        "reason": "tantos",
    }


@rule("R-SCORE-1", "R-SCORE-2")
def test_cards_70_against_50_plus_veinte_is_80_70_or_70_80_by_the_last_trick():
    first = score_hand((70, 50), (0, 20), "A")
    assert first.totals == (80, 70) and first.winner == 0
    second = score_hand((70, 50), (0, 20), "B")
    assert second.totals == (70, 80) and second.winner == 1


@rule("R-SCORE-3")
def test_75_75_goes_to_the_pair_that_won_the_last_trick():
    score = score_hand((75, 45), (0, 20), 1)
    assert score.totals == (75, 75)
    assert score.winner == 1
    assert score.reason == "empate-ultimas"
    assert "última baza" in str(score.explanation)


@rule("R-SCORE-1")
def test_before_cantes_the_totals_add_to_130():
    score = score_hand((64, 56), (0, 0), "A")
    assert sum(score.totals) == 130


@rule("R-TUTE-3")
def test_a_tute_wins_the_hand_whatever_the_tantos():
    score = score_tute((30, 0), (0, 0), "B")
    assert score.winner == 1 and score.reason == "tute" and score.ultimas is None


@rule("R-RENUNCIO-1")
def test_a_renuncio_loses_for_the_offending_pair():
    score = score_renuncio((80, 40), (0, 0), "A", "A", "pierde_partida")
    assert score.winner == 1 and score.reason == "renuncio"
    assert "pierde la partida" in str(score.explanation)


def test_bad_score_inputs_are_errors():
    with pytest.raises(ValueError):
        score_hand((58,), (0, 0), "A")
    with pytest.raises(ValueError):
        score_hand((58, 62), (0, 0), "C")
    with pytest.raises(ValueError):
        pair_index(True)
