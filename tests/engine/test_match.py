"""A match of hands: R-DEAL-4, R-MATCH-1, the ludoteka system and the renuncio penalty."""

from __future__ import annotations

import pytest

from engine.cantes import score_hand, score_renuncio, score_tute
from engine.deal import DOS_DE_OROS
from engine.match import Match, MatchOver, random_match
from engine.messages import Message, render
from engine.rules import TableRules, preset

rule = pytest.mark.rule
A_WINS = score_hand((70, 50), (0, 0), "A")  # 80-50
B_WINS = score_hand((50, 70), (0, 0), "B")  # 50-80
B_BIG = score_hand((10, 110), (0, 0), "B")  # 10-120: passes 100
TUTE_A = score_tute((0, 0), (0, 0), "A")


@rule("R-DEAL-4")
def test_the_deal_passes_to_the_right_each_hand():
    m = Match(first_dealer=2)
    dealers = []
    for _ in range(4):
        dealers.append(m.dealer)
        assert m.deal(1).dealer == m.dealer
        m = m.record(A_WINS if len(dealers) % 2 else B_WINS)
    assert dealers == [2, 3, 0, 1]


@rule("R-MATCH-1")
def test_tres_manos_is_won_by_the_first_pair_to_win_three_hands_and_a_tute_is_one_hand():
    m = Match()
    for score in (A_WINS, B_BIG, TUTE_A, B_WINS):
        m = m.record(score)
    assert m.points == (2, 2) and not m.over
    assert m.results[1].points == 1  # hand points are never the tantos
    m = m.record(A_WINS)
    assert m.over and m.winner == 0 and m.reason == "puntos"
    assert "pareja A, 3 a 2" in str(m.summary())
    with pytest.raises(MatchOver):
        m.record(A_WINS)


def test_ludoteka_scores_two_over_100_one_otherwise_two_for_a_tute_first_to_six():
    m = Match(preset("ludoteka"))
    m = m.record(A_WINS)
    assert m.points == (1, 0)
    m = m.record(B_BIG)
    assert m.points == (1, 2)
    m = m.record(TUTE_A)
    assert m.points == (3, 2)
    m = m.record(B_BIG).record(B_BIG)
    assert m.points == (3, 6) and m.winner == 1


def test_the_ludoteka_first_hand_of_a_match_uses_primera_mano():
    m = Match(preset("ludoteka"), first_dealer=1)
    d = m.deal(4)
    assert d.trump == 0 and d.trump_card is None and DOS_DE_OROS in d.hands[d.leader]
    m = m.record(A_WINS)
    assert m.deal(4).trump_card is not None


@rule("R-RENUNCIO-1")
def test_a_renuncio_loses_the_match_by_default_and_the_hand_under_pierde_mano():
    renuncio_by_a = score_renuncio((90, 30), (0, 0), "A", "A", "pierde_partida")
    m = Match().record(A_WINS).record(renuncio_by_a)
    assert m.over and m.winner == 1 and m.reason == "renuncio"
    # On the scoreboard the winners get what they lacked to the target; the offenders keep theirs.
    assert m.points == (1, 3) and m.results[-1].points == 3 and m.can_end_at(*m.points)
    assert (
        str(m.summary()) == "Gana la partida la pareja B, 3 a 1, porque la pareja contraria cometió renuncio."
    )
    m = Match(TableRules(renuncio="pierde_mano")).record(renuncio_by_a)
    assert not m.over and m.points == (0, 1)


def test_random_matches_end_with_a_winner_under_every_preset():
    for name in ("guia", "estricta", "ludoteka", "companero"):
        m = random_match(3, preset(name))
        assert m.over
        assert max(m.points) >= m.target or m.reason == "renuncio"
        assert [r.dealer for r in m.results] == [i % 4 for i in range(len(m.results))]
    m = random_match(5, renuncio=0.05)
    assert m.reason == "renuncio"


def test_a_series_of_fixed_hands_goes_on_after_a_pair_reaches_the_target():
    """A class's «jugar N manos»: the hands are scored as the table says, and nobody wins before the last."""
    m = Match(preset("guia"), fixed_hands=5)
    for _ in range(4):
        m = m.record(A_WINS)
        assert not m.over and m.winner is None
    assert m.points == (4, 0)  # past the 3 that would have won a match
    assert m.summary() == Message("match.series.playing", {"a": 4, "b": 0, "played": 4, "hands": 5})
    m = m.record(B_WINS)
    assert m.over and m.winner == 0 and m.reason == "manos" and m.points == (4, 1)
    with pytest.raises(MatchOver):
        m.record(A_WINS)
    assert render(m.summary(), "es") == "Manos jugadas: 5 de 5; gana la pareja A, 4 a 1."


def test_a_series_scores_each_hand_as_its_table_does():
    m = Match(preset("ludoteka"), fixed_hands=2).record(B_BIG).record(TUTE_A)
    assert m.points == (2, 2) and m.over and m.winner is None  # level after the last hand: nobody wins
    assert render(m.summary(), "es") == "Manos jugadas: 2 de 2; empate a 2."
    assert render(m.summary(), "en") == "Hands played: 2 of 2; a tie at 2."
    one = Match(preset("guia"), fixed_hands=1).record(B_WINS)
    assert render(one.summary(), "es") == "Manos jugadas: 1 de 1; gana la pareja B, 1 a 0."
    assert render(one.summary(), "en") == "Hands played: 1 of 1; pair B wins, 1 to 0."


@rule("R-RENUNCIO-1")
def test_a_renuncio_loses_its_hand_not_the_series():
    renuncio = score_renuncio((90, 30), (0, 0), "A", "A", "pierde_partida")
    rules = preset("guia")
    assert rules.renuncio == "pierde_partida"
    assert Match(rules).record(renuncio).over  # a match: lost at once
    assert Match(rules).hand_rules.renuncio == "pierde_partida"
    series = Match(rules, fixed_hands=3)
    assert series.hand_rules.renuncio == "pierde_mano"  # each hand is scored so: it loses the hand
    assert series.new_hand(4).rules.renuncio == "pierde_mano"
    m = series.record(renuncio)
    assert not m.over and m.points == (0, 1)
    m = m.record(B_WINS).record(B_WINS)
    assert m.over and m.winner == 1


def test_the_target_is_written_as_points_not_as_a_card():
    for spec, goal in (("guia", 3), ("ludoteka", 6)):
        summary = Match(preset(spec)).summary()
        assert (
            render(summary, "es") == f"Partida en juego: pareja A 0, pareja B 0 (se gana con {goal} puntos)."
        )
        assert (
            render(summary, "en") == f"Match in progress: pair A 0, pair B 0 (first to {goal} points wins)."
        )


def test_a_false_call_gives_the_callers_rivals_a_point_when_the_hand_ends():
    m = Match().record(A_WINS, false_calls=(0,))  # pair A won the hand but called a false renuncio
    assert m.points == (1, 1) and m.results[0].penalties == (0, 1) and m.results[0].points == 1
    m = m.record(B_WINS, false_calls=(1, 1))  # two false calls by pair B, which then won the hand
    assert m.points == (3, 1) and m.winner == 0 and m.reason == "puntos" and m.results[-1].points == 0


def test_a_pair_that_reaches_the_target_by_the_rivals_false_calls_wins_before_the_hands_point():
    m = Match().record(A_WINS).record(A_WINS).record(B_WINS).record(B_WINS)
    assert m.points == (2, 2)
    # Pair A called falsely during a hand it then won: pair B reached three first.
    m = m.record(A_WINS, false_calls=(0,))
    assert m.winner == 1 and m.points == (2, 3) and m.results[-1].points == 0
    assert "pareja B, 3 a 2" in str(m.summary())


def test_false_calls_count_in_a_series_of_fixed_hands_and_no_call_costs_nothing():
    m = Match(fixed_hands=2).record(A_WINS, false_calls=(0, 0)).record(A_WINS)
    assert m.points == (2, 2) and m.over and m.winner is None
    assert Match().record(A_WINS, false_calls=()).points == Match().record(A_WINS).points == (1, 0)


@pytest.mark.parametrize(
    "preset, finals",
    [
        ("guia", {(3, 0): True, (3, 2): True, (2, 1): False, (4, 2): False, (3, 3): False, (2, 2): False}),
        ("ludoteka", {(6, 5): True, (7, 5): True, (8, 5): False, (6, 6): False, (5, 0): False}),
    ],
)
def test_the_scores_a_match_can_end_with_follow_the_tables_hand_points(preset, finals):
    from engine.rules import PRESETS

    match = Match(PRESETS[preset])
    for (a, b), possible in finals.items():
        assert match.can_end_at(a, b) is possible and match.can_end_at(b, a) is possible, (a, b)
