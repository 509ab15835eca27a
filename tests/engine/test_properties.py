"""Property tests (hypothesis): rulings, conservation of tantos, referee vs state machine, variant switches."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cantes import cante_options, check_cante, option
from engine.cards import CARDS, SUIT_MASKS, mask_of, pick
from engine.hand import Hand, random_hand
from engine.match import random_match
from engine.obligations import OBLIGATIONS, legal_mask, ruling, trick_state
from engine.referee import referee_record
from engine.rules import GUIA, RULE_CATALOGUE, TableRules

rule = pytest.mark.rule
FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SWITCHES = ("montar_tras_fallo", "fallar_sin_pisar", "excepcion_companero")


@st.composite
def positions(draw):
    """(hand, trick, trump): up to 3 cards in the trick, 1..10 in the hand, all distinct."""
    deck = draw(st.permutations(list(CARDS)))
    n_trick = draw(st.integers(0, 3))
    n_hand = draw(st.integers(1, 10))
    return deck[n_trick : n_trick + n_hand], deck[:n_trick], draw(st.integers(0, 3))


rules_strategy = st.builds(
    TableRules,
    montar_tras_fallo=st.booleans(),
    fallar_sin_pisar=st.booleans(),
    excepcion_companero=st.booleans(),
)


@rule("R-OBL-ASISTIR", "R-OBL-LIBRE")
@FAST
@given(positions(), rules_strategy)
def test_a_ruling_is_never_empty_and_is_a_subset_of_the_hand(position, rules):
    hand, trick, trump = position
    r = ruling(hand, trick, trump, rules)
    assert r.legal
    assert set(r.legal) <= set(hand)
    assert mask_of(r.legal) == legal_mask(mask_of(hand), trick, trump, rules)
    assert [v.card for v in r.verdicts] == list(hand)
    assert all(v.legal == (v.card in r.legal) and v.why for v in r.verdicts)
    assert r.obligation in OBLIGATIONS
    assert set(r.rule_ids) <= set(RULE_CATALOGUE)


def _differs(hand, trick, trump, rules) -> bool:
    m = mask_of(hand)
    return legal_mask(m, trick, trump, rules) != legal_mask(m, trick, trump, GUIA)


@FAST
@given(positions())
def test_montar_tras_fallo_changes_rulings_only_after_a_cut_of_a_non_trump_lead_when_holding_the_led_suit(
    position,
):
    hand, trick, trump = position
    if _differs(hand, trick, trump, TableRules(montar_tras_fallo=True)):
        led, _, high_trump, _ = trick_state(trick, trump)
        assert led != trump and high_trump >= 0 and mask_of(hand) & SUIT_MASKS[led]


@FAST
@given(positions())
def test_fallar_sin_pisar_changes_rulings_only_when_you_hold_trumps_but_cannot_over_trump(position):
    hand, trick, trump = position
    if _differs(hand, trick, trump, TableRules(fallar_sin_pisar=True)):
        led, _, high_trump, _ = trick_state(trick, trump)
        m = mask_of(hand)
        assert not m & SUIT_MASKS[led] and high_trump >= 0
        trumps = [c for c in hand if c // 10 == trump]
        assert trumps and all(c < high_trump for c in trumps)


@rule("R-OBL-PAREJA")
@FAST
@given(positions())
def test_excepcion_companero_changes_rulings_only_while_the_partner_is_winning(position):
    hand, trick, trump = position
    if _differs(hand, trick, trump, TableRules(excepcion_companero=True)):
        winner = trick_state(trick, trump)[3]
        assert len(trick) >= 2 and winner == len(trick) - 2


@FAST
@given(positions())
def test_the_match_and_deal_switches_never_change_a_ruling(position):
    hand, trick, trump = position
    for rules in (
        TableRules(partida="ludoteka"),
        TableRules(primera_mano="ludoteka"),
        TableRules(renuncio="pierde_mano"),
        TableRules(tute_cualquier_baza=True),
    ):
        assert not _differs(hand, trick, trump, rules)


@FAST
@given(st.permutations(list(CARDS)), st.integers(0, 3), st.booleans(), st.booleans(), st.integers(0, 15))
def test_tute_cualquier_baza_changes_only_a_tute_at_a_later_trick(deck, trump, first_win, pair_won, sung):
    hand = deck[:10]
    for kind in ("reyes", "caballos"):
        args = dict(pair_won=pair_won, sung=sung)
        base = check_cante(hand, trump, option(trump, tute=kind), first_win=first_win, **args)
        var = check_cante(
            hand,
            trump,
            option(trump, tute=kind),
            first_win=first_win,
            rules=TableRules(tute_cualquier_baza=True),
            **args,
        )
        if base.valid != var.valid:
            assert not first_win and var.valid
    for s in range(4):
        args = dict(pair_won=pair_won, sung=sung, first_win=first_win)
        base = check_cante(hand, trump, option(trump, s), **args)
        var = check_cante(hand, trump, option(trump, s), rules=TableRules(tute_cualquier_baza=True), **args)
        if base.valid != var.valid:  # only through R-CANTE-4: a tute now available comes first
            assert not first_win and not var.valid


@rule("R-DECK-4", "R-SCORE-1", "R-CANTE-5")
@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["guia", "estricta", "companero", "ludoteka"]), st.booleans())
def test_random_legal_games_conserve_120_tantos_and_130_plus_cantes(seed, preset, first):
    h = random_hand(seed, seed % 4, TableRules.from_spec(preset), first_hand=first)
    score = h.score()
    if h.tute is None:
        assert sum(h.tantos) == 120
        assert sum(score.totals) == 130 + sum(h.cante_points)
        assert score.winner == (
            0
            if score.totals[0] > score.totals[1]
            else 1
            if score.totals[1] > score.totals[0]
            else score.ultimas
        )
    else:
        assert score.winner == h.tute.seat & 1


@rule("R-OBL-RENUNCIO", "R-RENUNCIO-1")
@settings(max_examples=150, deadline=None)
@given(
    st.integers(0, 2**32),
    st.sampled_from(["guia", "estricta", "companero", "ludoteka"]),
    st.sampled_from([0.0, 0.02, 0.1]),
    st.sampled_from([0.5, 1.0]),
    st.booleans(),
)
def test_the_referee_agrees_with_the_state_machine_on_every_random_game(seed, preset, renuncio, sing, first):
    rules = TableRules.from_spec(preset)
    h = random_hand(seed, seed % 4, rules, first_hand=first, renuncio=renuncio, sing=sing)
    rec = h.record()
    if len(h.tricks) == 10 and not first:
        del rec["hands"]
    report = referee_record(rec)
    assert report.score == h.score()
    assert list(report.winners) == h.winners
    assert list(report.renuncios) == h.renuncios
    assert report.tute == h.tute
    assert [d.check for d in report.cantes] == [d.check for d in h.cantes]


@rule("R-CANTE-4")
@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**32), st.booleans())
def test_the_fast_cante_offer_agrees_with_cante_options_at_every_moment(seed, any_trick):
    rules = TableRules(tute_cualquier_baza=any_trick)
    rng = random.Random(seed)
    h = Hand.new(rng, 0, rules)
    while h.turn is not None:
        h.play(pick(h.legal_mask(), rng))
        if h.turn is not None and not h.trick:
            for s in range(4):
                fast = h.allowed_cantes(s)
                assert set(fast) == set(h.cante_options(s).allowed)
                assert all(h.check(s, o.suit, o.tute).valid for o in fast)
            for s in (h.winners[-1], (h.winners[-1] + 2) % 4):
                opts = h.allowed_cantes(s)
                if opts and rng.random() < 0.7:
                    h.declare(s, opts[0].suit, opts[0].tute)
                    if h.turn is None:
                        break


@rule("R-MATCH-1", "R-DEAL-4")
@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["guia", "ludoteka"]), st.integers(0, 3))
def test_random_matches_rotate_the_deal_and_stop_at_the_target(seed, preset, first_dealer):
    m = random_match(seed, TableRules.from_spec(preset), first_dealer)
    assert [r.dealer for r in m.results] == [(first_dealer + i) % 4 for i in range(len(m.results))]
    assert m.reason == "puntos"
    points = [0, 0]
    for r in m.results:  # replay the scoreboard: points only ever go up, by the hand's match points
        if preset == "guia":
            assert r.points == 1  # R-MATCH-1: one point a hand won
        else:  # ludoteka: 2 for a tute or a total over 100, else 1
            big = r.score.reason == "tute" or r.score.totals[r.score.winner] > 100
            assert r.points == (2 if big else 1)
        assert max(points) < m.target  # nobody had won before this hand
        points[r.score.winner] += r.points
    assert tuple(points) == m.points
    assert m.points[m.winner] >= m.target > m.points[1 - m.winner]
    assert m.points[m.winner] - m.results[-1].points < m.target


def test_cante_options_of_a_random_hand_never_allow_a_suit_already_sung():
    h = random_hand(12)
    sung = {d.option.suit for d in h.cantes if d.option.suit is not None}
    for s in sung:
        assert not cante_options(h.start[0], h.trump, sung=[s]).allowed or all(
            o.suit != s for o in cante_options(h.start[0], h.trump, sung=[s]).allowed
        )
