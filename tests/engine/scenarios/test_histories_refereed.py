"""Only possible positions: every position that implies a history is one the engine's own ``Hand`` accepts
as a real hand so far, replayed card by card and cante by cante (family × table × level × many seeds).

The replay starts from the deal the position implies (what is held now plus what was played), so it
checks the generators with the engine's state machine, not with ``engine.scenarios.consistency``.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engine.cards import Suit, cards_of, mask_of
from engine.deal import DOS_DE_OROS, deal
from engine.hand import Hand, HandError
from engine.match import Match
from engine.obligations import legal_mask
from engine.referee import check_trick
from engine.rules import PRESETS
from engine.scenarios import DIFFICULTIES, FIXED, generate, targets
from engine.scenarios.common import CODE_INDEX
from engine.scenarios.mesa import match_after
from tests.engine.scenarios.sweep import SEEDS

HISTORY_FAMILIES = ("jugada", "validas", "obligacion", "ganador", "cante", "renuncio", "tantos")
CASES = [(f, t, d) for f in HISTORY_FAMILIES for t in sorted(PRESETS) for d in DIFFICULTIES]
TANTOS_CASES = [(t, target) for t in sorted(PRESETS) for target in targets("tantos", PRESETS[t])]


def _mask(codes: list[str]) -> int:
    return mask_of(CODE_INDEX[c] for c in codes)


def _dealt(pos: dict, family: str) -> list[int]:
    """The four hands as dealt: what each seat holds now plus every card it has played since."""
    if family == "renuncio":
        start = [_mask(h) for h in pos["hands_before"]]
    elif family == "tantos":  # a finished hand: every card was played
        start = [0, 0, 0, 0]
    else:
        start = [_mask(h) for h in pos["hands"]]
        for seat, code in zip(pos.get("trick_seats", []), pos.get("trick", []), strict=True):
            start[seat] |= 1 << CODE_INDEX[code]
    for t in pos["history"]:
        for i, code in enumerate(t["cards"]):
            start[(t["leader"] + i) % 4] |= 1 << CODE_INDEX[code]
    return start


def _cante_value(option) -> str:
    if option.tute:
        return "tute-" + option.tute
    return "cuarenta" if option.kind == "cuarenta" else "veinte-" + option.suit.letter


def replay(scenario) -> Hand:
    """Play the position's history through ``Hand``; a HandError (an illegal card, a cante the engine
    refuses) or an AssertionError says where the position stops being a real hand."""
    pos, rules, family = scenario.position, scenario.rules, scenario.family
    start = _dealt(pos, family)
    trump_card = pos.get("trump_card")
    dealer = pos["dealer"]
    if trump_card is not None:  # R-DEAL-2: the shown card is the dealer's
        assert start[dealer] >> CODE_INDEX[trump_card] & 1, "la carta del triunfo no es del repartidor"
        leader, first = None, None
    else:  # a Ludoteka first hand: the dos de oros opens it
        leader = next(s for s in range(4) if start[s] >> DOS_DE_OROS & 1)
        first = DOS_DE_OROS
    hand = Hand(
        [cards_of(m) for m in start],
        pos["trump"],
        dealer,
        rules,
        leader=leader,
        trump_card=CODE_INDEX[trump_card] if trump_card is not None else None,
        first_card=first,
    )
    sung = pos.get("sung") or [x for p in "AB" for x in pos.get("cantes", {}).get(p, [])]
    claims = sorted(sung, key=lambda x: x["after_trick"])
    for n, t in enumerate(pos["history"], start=1):
        assert hand.turn == t["leader"], f"la baza {n} no la abre quien debía"
        for code in t["cards"]:
            hand.play(code)
        assert hand.winners[-1] == t["winner"], f"la baza {n} no la gana quien dice"
        for x in claims:
            if x["after_trick"] == n:
                check = hand.declare(x["seat"], x["suit"])
                assert check.points == x["points"], f"un cante tras la baza {n} no vale {x['points']}"
    assert all(1 <= x["after_trick"] <= len(pos["history"]) for x in claims), "un cante fuera de las bazas"
    for x in pos.get("sang_now", []):
        assert hand.declare(x["seat"], x["suit"]).points == x["points"]
    if "trick" in pos:
        assert hand.turn == pos["leader"], "la baza en juego no la abre quien ganó la anterior"
        for code in pos["trick"]:
            hand.play(code, allow_renuncio=family == "renuncio")
    return hand


@pytest.mark.rule("R-DEAL-2", "R-DEAL-3", "R-CANTE-2", "R-CANTE-3", "R-OBL-RENUNCIO")
@pytest.mark.parametrize(("family", "table", "level"), CASES)
def test_every_history_bearing_position_is_a_real_hand_so_far(family, table, level):
    rules = PRESETS[table]
    wrong = []
    for seed in range(SEEDS):
        s = generate(family, seed, level, rules)
        pos = s.position
        try:
            hand = replay(s)
        except (HandError, AssertionError) as e:
            wrong.append(f"semilla {seed}: {e}")
            continue
        if family in ("jugada", "validas", "obligacion"):
            assert hand.turn == pos["viewer"], seed
            assert _mask(pos["hand"]) == hand.hands[pos["viewer"]], seed
            assert hand.legal_mask() == legal_mask(hand.hands[hand.turn], hand.trick, hand.trump, rules)
        elif family == "cante":  # the answer key is what the hand lets the player sing now
            values = {_cante_value(o) for o in hand.allowed_cantes(pos["viewer"])} or {"nada"}
            assert values == set(s.answer), (seed, values, s.answer)
        elif family == "renuncio":  # the hand and the referee find the same renuncio as the key
            now = [r.seat for r in hand.renuncios]
            before = [_mask(h) for h in pos["hands_before"]]
            trick = [CODE_INDEX[c] for c in pos["trick"]]
            found = [
                r.seat for r in check_trick(before, pos["leader"], trick, Suit.parse(pos["trump"]), rules)
            ]
            assert now == found and s.answer == (str(now[0]) if now else "nadie"), seed
        elif family == "tantos":
            _check_tantos(s, hand)
    assert wrong == [], wrong[:5]


def _check_tantos(s, hand: Hand) -> None:
    """The piles are the tricks the hand gave each pair, its cantes the ones it accepted, and the key is
    the hand's own count or score."""
    pos = s.position
    assert hand.over and len(hand.tricks) == 10 and hand.tute is None and not hand.renuncios, s.seed
    won = [0, 0]
    for cards, winner in zip(hand.tricks, hand.winners, strict=True):
        won[winner & 1] |= mask_of(cards)
    if "pile" in pos:  # level 1: one pair's pile, counted
        p = "AB".index(pos["pair"])
        assert _mask(pos["pile"]) == won[p] and pos["tricks"] == hand.won[p], s.seed
        assert s.answer == hand.tantos[p], s.seed
        return
    assert [_mask(pos["piles"][p]) for p in "AB"] == won, s.seed
    assert pos["tricks"] == {"A": hand.won[0], "B": hand.won[1]}, s.seed
    assert pos["last_trick"] == "AB"[hand.winners[-1] & 1], s.seed
    shown = sorted((x["after_trick"], x["seat"], x["suit"]) for p in "AB" for x in pos["cantes"][p])
    declared = sorted((d.after_trick, d.seat, d.option.suit.letter) for d in hand.cantes)
    assert shown == declared and all(x["seat"] % 2 == "AB".index(p) for p in "AB" for x in pos["cantes"][p])
    hs = hand.score()
    if s.answer_kind == "number":  # level 2: the asked pair's total
        assert s.answer == hs.totals["AB".index(pos["pair"])], s.seed
    else:  # level 3 and the seeds' examples: who wins the hand
        assert s.answer == "AB"[hs.winner], s.seed
        assert ("R-SCORE-3" in s.rule_ids) == (hs.totals[0] == hs.totals[1]), s.seed


@pytest.mark.rule("R-CANTE-2", "R-CANTE-5", "R-SCORE-1", "R-SCORE-2", "R-SCORE-3")
@pytest.mark.parametrize(("table", "target"), TANTOS_CASES)
def test_every_aimed_tantos_position_is_a_hand_played_out(table, target):
    """The questions the lessons aim at a counting rule are played-out hands too, at every level."""
    rules = PRESETS[table]
    for level in DIFFICULTIES:
        for seed in range(SEEDS):
            s = generate("tantos", seed, level, rules, target)
            _check_tantos(s, replay(s))


@pytest.mark.rule("R-SCORE-1", "R-SCORE-2", "R-SCORE-3")
@pytest.mark.parametrize("fixed_id", [k for k, s in FIXED.items() if s.family == "tantos"])
def test_the_seeds_scoring_examples_are_hands_played_out(fixed_id):
    s = FIXED[fixed_id]
    _check_tantos(s, replay(s))


def _realise_winners(
    rng: random.Random, dealer: int, winners: list[int], rules, first_hand: bool
) -> Hand | None:
    """A hand dealt by ``dealer`` whose first tricks are won by ``winners``, every card legal (or None):
    a depth-first search over legal plays, within a budget of plays tried."""
    budget = [20_000]

    def search(h: Hand) -> Hand | None:
        if len(h.winners) == len(winners):
            return h
        options = cards_of(h.legal_mask())
        rng.shuffle(options)
        for c in options:
            budget[0] -= 1
            if budget[0] < 0:
                return None
            nxt = h.copy()
            done = nxt.play(c)
            if done is not None and done != winners[len(nxt.winners) - 1]:
                continue
            found = search(nxt)
            if found is not None:
                return found
        return None

    return search(Hand.from_deal(deal(rng, dealer, rules, first_hand=first_hand), rules))


def _reach(rules, a: int, b: int) -> Match:
    """The scoreboard after hands of one point each: ``a`` won by the viewer's pair, ``b`` by the rival."""
    m = Match(rules)
    for winner, n in ((0, a), (1, b)):
        for _ in range(n):
            m = match_after(rules, m.points, winner, 70, False)  # 70 tantos: one point at every table
    return m


@pytest.mark.rule("R-DEAL-3", "R-TRICK-2", "R-MATCH-1")
@pytest.mark.parametrize("table", sorted(PRESETS))
def test_every_mesa_history_is_one_the_engine_can_play(table):
    """The tricks a «who leads next» question says were won are won in a real hand; the score of a
    match question is one the scoreboard reaches with the match still open."""
    rules = PRESETS[table]
    checked = {"winners": 0, "scores": 0}
    for level in DIFFICULTIES:
        for seed in range(SEEDS):
            s = generate("mesa", seed, level, rules, target="R-DEAL-3" if seed % 2 else "R-MATCH-1")
            pos = s.position
            if "winners" in pos:
                rng = random.Random(seed)
                first = pos.get("hand_number", 2) == 1
                hand = None
                for _ in range(20):
                    hand = _realise_winners(rng, pos["dealer"], pos["winners"], rules, first)
                    if hand is not None:
                        break
                assert hand is not None and hand.winners == pos["winners"], (seed, pos)
                assert hand.turn == pos["winners"][-1]  # who leads next (R-DEAL-3)
                checked["winners"] += 1
            if "scores" in pos:
                a, b = pos["scores"]["tu_pareja"], pos["scores"]["rival"]
                m = _reach(rules, a, b)
                assert m.points == (a, b) and not m.over, (seed, pos)
                checked["scores"] += 1
    assert checked["winners"] > 10 and checked["scores"] > 20, checked


def _broken(scenario, **changes):
    return replace(scenario, position={**scenario.position, **changes})


def _first_trick_won_by_the_next_seat(pos: dict) -> list[dict]:
    history = [dict(t) for t in pos["history"]]
    history[0]["winner"] = (history[0]["winner"] + 1) % 4
    return history


def _lost_by_the_viewer(s) -> int | None:
    """A trick of the cante position the rival pair won, or None."""
    viewer = s.position["viewer"]
    return next((n for n, t in enumerate(s.position["history"], 1) if t["winner"] % 2 != viewer % 2), None)


@pytest.mark.rule("R-CANTE-1", "R-CANTE-2", "R-TRICK-2", "R-DEAL-2")
def test_the_replay_refuses_a_history_that_could_not_have_happened():
    veinte = FIXED["guia-veinte-espadas"]
    rival = (veinte.position["viewer"] + 1) % 4
    with pytest.raises(HandError):  # the rival never held the rey and caballo de espadas
        replay(_broken(veinte, sung=[{"seat": rival, "suit": "e", "points": 20, "after_trick": 1}]))
    late = next(s for seed in range(50) if _lost_by_the_viewer(s := generate("cante", seed, 2)))
    viewer, lost = late.position["viewer"], _lost_by_the_viewer(late)
    with pytest.raises(HandError):  # a cante after a trick the rival pair won: not the viewer's moment
        replay(_broken(late, sung=[{"seat": viewer, "suit": "e", "points": 20, "after_trick": lost}]))
    play = next(s for seed in range(50) if (s := generate("jugada", seed, 2)).position["history"])
    with pytest.raises(AssertionError):
        replay(_broken(play, history=_first_trick_won_by_the_next_seat(play.position)))
    renuncio = generate("renuncio", 1, 2, PRESETS["guia"])
    with pytest.raises(AssertionError):  # the shown trump card in another seat's hand
        replay(_broken(renuncio, dealer=(renuncio.position["dealer"] + 1) % 4))
    counted = FIXED["guia-tantos-98-72"]  # las cuarenta, sung after the first trick Ana y Carla won
    cuarenta = counted.position["cantes"]["A"][0]
    lost = next(n for n, t in enumerate(counted.position["history"], 1) if t["winner"] % 2)
    with pytest.raises(HandError):  # sung after a trick the rival pair won
        replay(_broken(counted, cantes={"A": [{**cuarenta, "after_trick": lost}], "B": []}))
    with pytest.raises(HandError):  # sung after the tenth trick: nobody sings once the hand is over
        replay(_broken(counted, cantes={"A": [{**cuarenta, "after_trick": 10}], "B": []}))
