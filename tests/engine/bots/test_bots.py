"""Bots: only legal cards under every table, never a peek at a hidden hand, clean hands, matches that end
as the table's scoring says."""

from __future__ import annotations

import os
import random

import pytest

from engine.bots import (
    REASONS,
    BotError,
    choose_cante,
    choose_play,
    decision_rng,
    fuerte,
    play_hand,
    play_match,
    seat_view,
)
from engine.bots.policy import normal_card
from engine.bots.table import sing_after_trick
from engine.cards import CARDS, FULL_DECK, SUIT_MASKS, cards_of, mask_of, parse_cards
from engine.hand import Hand, HandError
from engine.match import Match
from engine.referee import referee_record
from engine.rules import PRESETS, preset

from .helpers import replay, walk

rule = pytest.mark.rule
LEVELS = ("principiante", "normal", "fuerte")
# 10,000 hands per table in the long run (BOT_HANDS=10000, about 35 s of CPU per table); 1,000 by default.
HANDS = int(os.environ.get("BOT_HANDS", "1000"))


@rule("R-OBL-RENUNCIO")
@pytest.mark.parametrize("name", sorted(PRESETS))
@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_only_ever_chooses_one_of_the_legal_cards_under_every_table(name, level, monkeypatch):
    monkeypatch.setattr(fuerte, "PLAY_BUDGET", 500)  # fewer rollouts: legality does not depend on them
    rules = PRESETS[name]
    decisions = 0
    deals = 3 if level == "fuerte" else 60
    for seed in range(deals):
        rng = random.Random(seed)
        hand = Hand.new(rng, seed % 4, rules, first_hand=seed % 3 == 0)
        while hand.turn is not None:
            decision = choose_play(seat_view(hand, hand.turn), level, rng)
            assert decision.card in hand.legal()
            decisions += 1
            if hand.play(decision.card) is not None:
                sing_after_trick(hand, [level] * 4, rng)
        assert referee_record(hand.record()).renuncios == ()
    assert decisions > deals * 30


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_simulated_hands_of_bots_are_referee_clean_under_every_table(name):
    rules = PRESETS[name]
    mixes = (["normal"] * 4, ["principiante"] * 4, ["normal", "principiante"] * 2)
    sung = 0
    for i in range(HANDS):
        rng = random.Random(i)
        hand = play_hand(Hand.new(rng, i % 4, rules, first_hand=i % 5 == 0), mixes[i % 3], rng)
        report = referee_record(hand.record())
        assert report.renuncios == ()
        assert all(d.check.valid for d in report.cantes)
        assert report.score.winner == hand.score().winner
        assert report.score.totals == hand.score().totals
        sung += len(report.cantes)
    assert sung > HANDS // 4  # the bots do sing


def _hidden_swaps(hand: Hand, viewer: int):
    """Pairs of cards in two other seats that the viewer cannot see: neither played nor shown."""
    view = seat_view(hand, viewer)
    known = view.known()
    others = [s for s in range(4) if s != viewer]
    for i, a in enumerate(others):
        for b in others[i + 1 :]:
            for ca in cards_of(hand.hands[a] & ~known[a]):
                for cb in cards_of(hand.hands[b] & ~known[b]):
                    yield a, ca, b, cb


def _swapped(hand: Hand, a: int, ca: int, b: int, cb: int) -> Hand | None:
    start = [cards_of(m) for m in hand.start]
    start[a] = [cb if c == ca else c for c in start[a]]
    start[b] = [ca if c == cb else c for c in start[b]]
    try:
        return replay(hand, start)
    except HandError:  # a past play or cante would not have been legal with the swapped cards
        return None


def hidden_twins(hand: Hand, viewer: int, seed: int, tries: int):
    """Deals that differ from ``hand`` only in two cards ``viewer`` cannot see (and replay legally)."""
    swaps = list(_hidden_swaps(hand, viewer))
    random.Random(seed).shuffle(swaps)
    for a, ca, b, cb in swaps[:tries]:
        other = _swapped(hand, a, ca, b, cb)
        if other is None:
            continue
        assert other.hands[a] != hand.hands[a]  # the two deals really differ
        assert seat_view(other, viewer) == seat_view(hand, viewer)
        yield other


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_a_bot_decides_the_same_on_two_deals_that_differ_only_in_cards_its_seat_cannot_see(name, monkeypatch):
    monkeypatch.setattr(fuerte, "PLAY_BUDGET", 500)
    rules = PRESETS[name]
    compared = 0
    for seed in range(12):
        rng = random.Random(seed)
        hand = Hand.new(rng, seed % 4, rules)
        stop = rng.randrange(1, 36)
        for k, _ in enumerate(walk(hand, rng)):
            if k == stop:
                break
        if hand.turn is None:
            continue
        viewer = hand.turn
        for other in hidden_twins(hand, viewer, seed, 6):
            for level in LEVELS:
                mine = choose_play(seat_view(hand, viewer), level, random.Random(seed))
                theirs = choose_play(seat_view(other, viewer), level, random.Random(seed))
                assert mine == theirs
            compared += 1
    assert compared >= 20


def test_a_constructed_deal_and_its_twin_with_two_rival_cards_swapped_get_the_same_lead():
    # Seat 1 leads (dealer 0). Seats 2 and 3 swap the as de oros and the dos de copas: seat 1 cannot tell.
    seat0 = "2e 4e 5e 6e 7e 10e 11e 12e 3e 1e"
    seat1 = "1c 4c 5c 6c 7c 10c 11c 12c 3c 2b"
    seat2 = "1o 4b 5b 6b 7b 10b 11b 12b 3b 1b"
    seat3 = "2c 2o 4o 5o 6o 7o 10o 11o 12o 3o"
    twin2 = seat2.replace("1o", "2c")
    twin3 = seat3.replace("2c ", "1o ")
    first = Hand([parse_cards(h.split()) for h in (seat0, seat1, seat2, seat3)], "o", 0)
    second = Hand([parse_cards(h.split()) for h in (seat0, seat1, twin2, twin3)], "o", 0)
    assert first.hands[2] != second.hands[2]
    for level in LEVELS:
        a = choose_play(seat_view(first, 1), level, decision_rng(7, level))
        b = choose_play(seat_view(second, 1), level, decision_rng(7, level))
        assert a == b


def test_a_bot_refuses_to_decide_out_of_turn_or_at_an_unknown_level():
    hand = Hand.new(3, 0)
    with pytest.raises(BotError):
        choose_play(seat_view(hand, 0), "normal", random.Random(1))
    with pytest.raises(BotError):
        choose_play(seat_view(hand, 1), "experto", random.Random(1))
    with pytest.raises(BotError):
        choose_cante(seat_view(hand, 1), "experto", random.Random(1))


SINGERS = (
    "1b 4e 5e 6e 7e 10e 11e 12e 3e 1e",  # seat 0: rey and caballo of espadas
    "2e 12o 11o 12c 11c 2c 4c 5c 6c 7c",  # seat 1: las cuarenta (oros) and las veinte (copas)
    "2b 4b 5b 6b 7b 10b 11b 12b 3b 10c",
    "2o 4o 5o 6o 7o 10o 3o 1o 3c 1c",
)


def _singers_after_first_trick() -> Hand:
    """Trump oros, seat 0 leads the cuatro de espadas; seat 3 wins with the dos de oros (partner of seat 1)."""
    hand = Hand([parse_cards(h.split()) for h in SINGERS], "o", 3)
    for level in LEVELS:
        assert choose_cante(seat_view(hand, 1), level, random.Random(1)) is None  # no trick won yet
    for c in ("4e", "2e", "2b", "2o"):
        hand.play(c)
    assert hand.winners == [3]
    return hand


@rule("R-CANTE-2", "R-CANTE-4")
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_sings_las_cuarenta_before_las_veinte_right_after_its_pair_wins_a_trick(level):
    hand = _singers_after_first_trick()
    assert choose_cante(seat_view(hand, 0), level, random.Random(2)) is None  # the rivals won it
    decision = choose_cante(seat_view(hand, 1), level, random.Random(2))
    assert decision is not None and decision.option.kind == "cuarenta" and decision.option.suit == 0
    assert decision.reason.code == "cuarenta"
    assert hand.declare(1, decision.option.suit).valid
    assert choose_cante(seat_view(hand, 1), level, random.Random(2)) is None  # one cante per moment


def _points_by_the_table(hands, rules) -> tuple[int, int]:
    """The match score recomputed from each hand's score as rules.md section 9 says."""
    points = [0, 0]
    target = 6 if rules.partida == "ludoteka" else 3
    for h in hands:
        s = h.score()
        assert max(points) < target  # no hand is played after the match is won
        if rules.partida == "ludoteka":
            points[s.winner] += 2 if s.reason == "tute" or s.totals[s.winner] > 100 else 1
        else:
            points[s.winner] += 1
    return points[0], points[1]


@rule("R-MATCH-1")
@pytest.mark.parametrize("name", ["guia", "ludoteka"])
def test_a_match_of_bots_ends_exactly_as_the_tables_scoring_says(name):
    rules = preset(name)
    target = 6 if name == "ludoteka" else 3
    for seed in range(6):
        match, hands = play_match(seed, ["normal", "principiante"] * 2, rules, first_dealer=seed % 4)
        assert match.over and match.reason == "puntos"
        assert match.points == _points_by_the_table(hands, rules)
        assert match.points[match.winner] >= target > match.points[1 - match.winner]
        assert [r.dealer for r in match.results] == [(seed + k) % 4 for k in range(len(hands))]
        if name == "ludoteka":
            assert hands[0].trump == 0 and hands[0].tricks[0][0] == parse_cards(["2o"])[0]


def test_every_reason_a_bot_gives_has_its_spanish_gloss():
    codes = set()
    for seed in range(40):
        rng = random.Random(seed)
        hand = Hand.new(
            rng, seed % 4, preset("companero" if seed % 2 else "ludoteka"), first_hand=seed % 4 == 0
        )
        while hand.turn is not None:
            view = seat_view(hand, hand.turn)
            codes.add(choose_play(view, "principiante" if seed % 5 == 0 else "normal", rng).reason.code)
            if hand.play(choose_play(view, "normal", rng).card) is not None:
                winner = hand.winners[-1]
                for s in (winner, (winner + 2) & 3):
                    decision = choose_cante(seat_view(hand, s), "normal", rng)
                    if decision is not None and hand.turn is not None:
                        codes.add(decision.reason.code)
                        hand.declare(s, decision.option.suit, decision.option.tute)
    assert codes <= set(REASONS)
    assert {
        "aleatoria",
        "unica",
        "salida_obligada",
        "ganar_barato",
        "descartar",
        "salir_baja",
        "veinte",
    } <= codes


@rule("R-TUTE-1", "R-TUTE-2", "R-TUTE-3", "R-CANTE-4")
@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_holding_the_four_reyes_sings_the_tute_when_its_pair_wins_its_first_trick(level):
    # Seat 1 holds the four reyes and las cuarenta (rey and caballo of oros): the tute comes first.
    hands = (
        "1b 4e 5e 6e 7e 10e 11e 3e 1e 7c",
        "12o 12c 12e 12b 11o 2c 4c 5c 6c 2e",
        "2b 4b 5b 6b 7b 10b 11b 3b 10c 11c",
        "2o 4o 5o 6o 7o 10o 3o 1o 3c 1c",
    )
    hand = Hand([parse_cards(h.split()) for h in hands], "o", 3)  # seat 0 leads
    for c in ("3e", "2e", "2b", "2o"):
        hand.play(c)
    assert hand.winners == [3]
    decision = choose_cante(seat_view(hand, 1), level, random.Random(3))
    assert decision is not None and decision.option.tute == "reyes" and decision.reason.code == "tute"
    hand.declare(1, tute=decision.option.tute)
    assert hand.over and hand.score().reason == "tute" and hand.score().winner == 1


# -- the normal bot's heuristics on constructed positions (trump oros, seat 0 to lead, nothing played) ------

LOW_HAND = "2c 4c 7c 2e 4e 2b 4b 5b 6b 2o"  # no master, one low trump: the bot leads a low card


def _normal_lead(voids=(0, 0, 0, 0), hand=LOW_HAND) -> tuple[str, str]:
    """The lead when ``voids[s]`` (a 4-bit mask of suits) are the suits seat ``s`` showed it lacks."""
    mine = mask_of(parse_cards(hand.split()))
    unseen = FULL_DECK & ~mine
    excl = [sum(SUIT_MASKS[s] for s in range(4) if v >> s & 1) for v in voids]
    card, code = normal_card(mine, mine, (), 0, 0, unseen, excl, 1, 0, preset("guia"))
    return CARDS[card].code, code


def test_the_normal_bot_leads_low_from_the_suit_that_has_run_most():
    # Out: 7 copas, 8 espadas, 6 bastos: bastos has run most, so its lowest card (the cheapest of all is
    # the dos de copas, the old choice).
    assert _normal_lead() == ("2b", "salir_baja")


def test_the_normal_bot_leads_to_its_partners_void_while_the_partner_may_still_trump():
    espadas, oros = 1 << 2, 1 << 0
    assert _normal_lead((0, 0, espadas, 0)) == ("2e", "salir_al_fallo")
    # A partner known to have no trumps either cannot win it by trumping: back to the suit that has run most.
    assert _normal_lead((0, 0, espadas | oros, 0)) == ("2b", "salir_baja")


def test_the_normal_bot_leads_a_low_card_of_a_suit_a_rival_lacks_so_it_spends_a_trump():
    copas = 1 << 1
    assert _normal_lead((0, copas, 0, 0)) == ("2c", "hacer_fallar")
    assert _normal_lead((0, 0, 0, copas)) == ("2c", "hacer_fallar")


@rule("R-TUTE-1", "R-TUTE-2")
def test_the_normal_bot_keeps_the_four_reyes_while_the_tute_can_still_be_sung():
    # Seat 0 plays last to 10o 2o 11o (seat 3 winning); it may win with the rey, the tres or the as de oros.
    mine = mask_of(parse_cards("12o 12c 12e 12b 3o 1o 3e 1e 3b 1b".split()))
    trick = tuple(parse_cards(["10o", "2o", "11o"]))
    unseen = FULL_DECK & ~mine & ~mask_of(trick)
    legal = mask_of(parse_cards(["12o", "3o", "1o"]))
    args = (mine, legal, trick, 0, 0, unseen, (0, 0, 0, 0), 1, 0, preset("guia"))
    assert normal_card(*args, tute_open=True) == (parse_cards(["3o"])[0], "ganar_barato")
    # Once its pair has won a trick (R-TUTE-2) the tute is gone: the cheapest winner is the rey.
    assert normal_card(*args, tute_open=False) == (parse_cards(["12o"])[0], "ganar_barato")


# Seat 1 (pair B, leads: dealer 0) holds the four caballos and the top trumps; trump oros.
TUTE_DEAL = (
    "4o 5o 6o 7o 10o 2c 4c 5c 6c 7c",
    "11o 11c 11e 11b 1o 3o 12o 2e 2b 4e",
    "2o 10c 12c 3c 1c 5e 6e 7e 10e 12e",
    "3e 1e 4b 5b 6b 7b 10b 12b 3b 1b",
)


@rule("R-TUTE-1", "R-TUTE-2", "R-TUTE-3", "R-MATCH-1")
@pytest.mark.parametrize("name", sorted(PRESETS))
@pytest.mark.parametrize("rivals", ["principiante", "normal"])
def test_a_deal_with_a_tute_is_played_out_by_the_bots_and_ends_hand_and_match_as_the_table_scores(
    name, rivals
):
    rules = PRESETS[name]
    for seed in range(5):
        hand = Hand([parse_cards(h.split()) for h in TUTE_DEAL], "o", 0, rules)
        play_hand(hand, [rivals, "normal", rivals, "normal"], random.Random(seed))
        # The holder pulls trumps with the as, wins its pair's first trick and sings the tute at once.
        assert hand.tricks[0][0] == parse_cards(["1o"])[0] and hand.winners[0] == 1
        assert hand.tute is not None and (hand.tute.seat, hand.tute.kind, hand.tute.after_trick) == (
            1,
            "caballos",
            1,
        )
        assert [d.option.tute for d in hand.cantes] == ["caballos"]
        assert hand.over and len(hand.tricks) == 1
        score = hand.score()
        assert (score.winner, score.reason, score.ultimas) == (1, "tute", None)
        # The match: one hand (tres manos) or two points (ludoteka) for pair B, and the hand that wins it.
        worth, target = (2, 6) if rules.partida == "ludoteka" else (1, 3)
        assert Match(rules).record(score).points == (0, worth)
        last = Match(rules, points=(target - 1, target - worth)).record(score)
        assert last.over and last.winner == 1 and last.points == (target - 1, target)
