"""Retry positions and grades from bot hands with an error planted at seat 0, under every table preset and
every kind of error: a renuncio breaking asistir, montar, fallar or pisar; a card the analyser labels
«error»; a cante missed; a cante sung wrongly. The position asked again is the seat's view at that moment
(its own cards, nothing hidden), and the grading agrees with the analyser and the engine's rulings."""

import pytest

from engine import records
from engine.analysis import analyse_hand
from engine.analysis.retry import NOTHING, RIGHT, WRONG, cante_errors, cante_of, label_cards, position
from engine.bots.view import seat_view
from engine.cards import CARDS, parse_card
from engine.record_replay import hand_of
from engine.rules import PRESETS
from tests.engine.planted import RENUNCIOS, SEAT, planted, visible

PRESET_KEYS = sorted(PRESETS)


def _read_back(record):
    """The record as the site keeps it: written in the notation, read again."""
    return records.read(records.write(record))


def _assert_the_seats_view(view, p) -> None:
    assert view.seat == SEAT
    assert view.hand == p.hand  # its own cards then, no more
    assert tuple(view.trick) == p.trick
    assert visible(view) & ~p.seen == 0  # nothing seat 0 could not see


@pytest.mark.parametrize("rules_key", PRESET_KEYS)
@pytest.mark.parametrize("kind", RENUNCIOS)
def test_a_planted_renuncio_is_asked_at_its_play_and_graded_by_the_ruling(rules_key, kind):
    p = planted(rules_key, kind)
    record = _read_back(p.record)
    trick = p.plays // 4 + 1
    review = analyse_hand(hand_of(record), [SEAT], tricks=[trick])
    (error,) = [e for e in review.rule_errors if e.seat == SEAT and e.trick == trick]
    assert error.obligation == kind and error.card.code == p.card
    hand = position(record, p.plays)
    assert hand.turn == SEAT
    view = seat_view(hand, SEAT)
    _assert_the_seats_view(view, p)
    legal = view.legal_mask()
    assert not legal >> int(parse_card(p.card)) & 1
    assert {c.code for c in error.legal} == {c.code for c in view.hand_cards() if legal >> int(c) & 1}


@pytest.mark.parametrize("rules_key", PRESET_KEYS)
def test_a_planted_play_error_is_graded_as_the_analyser_labels_it(rules_key):
    p = planted(rules_key, "jugada")
    record = _read_back(p.record)
    trick = p.plays // 4 + 1
    review = analyse_hand(hand_of(record), [SEAT], tricks=[trick])
    (turn,) = [t for t in review.turns if t.seat == SEAT and t.trick == trick]
    view = seat_view(position(record, p.plays), SEAT)
    _assert_the_seats_view(view, p)
    grades = label_cards(view, int(parse_card(p.card)))
    assert turn.card.code == p.card and turn.label in ("error", "error_grave")
    assert grades[p.card].label == turn.label and not grades[p.card].right
    assert {c for c, g in grades.items() if g.label == "la_mejor"} == {c.code for c in turn.best}
    assert set(grades) == {c.code for c in view.hand_cards() if view.legal_mask() >> int(c) & 1}


@pytest.mark.parametrize("rules_key", PRESET_KEYS)
def test_a_missed_cante_is_asked_at_its_first_moment(rules_key):
    p = planted(rules_key, "cante_missed")
    record = _read_back(p.record)
    missed = [e for e in cante_errors(record, SEAT) if e.kind == "missed"]
    first = missed[0]
    assert first.plays == p.plays and first.sung == NOTHING
    hand = position(record, first.plays, moment=True)
    assert hand.turn is not None and not hand.trick and not (hand.winners[-1] ^ SEAT) & 1
    _assert_the_seats_view(seat_view(hand, SEAT), p)
    allowed = {c for c in first.right}
    assert allowed and NOTHING not in allowed and first.grades[NOTHING][0] == WRONG
    for code, (grade, _why) in first.grades.items():
        if code == NOTHING:
            continue
        opt = cante_of(code, int(hand.trump))
        assert hand.check(SEAT, opt.suit, opt.tute).valid == (grade == RIGHT)
    assert first.rule_ids in (("R-CANTE-2",), ("R-TUTE-2",))
    # a cante the seat never sang is reported once, at the first moment it could be sung
    codes = [c for e in missed for c in e.right]
    assert len(codes) == len(set(codes))


@pytest.mark.parametrize("rules_key", PRESET_KEYS)
def test_a_cante_sung_wrongly_is_asked_at_its_moment_and_graded_by_the_check(rules_key):
    p = planted(rules_key, "cante_wrong")
    record = _read_back(p.record)
    (wrong,) = [e for e in cante_errors(record, SEAT) if e.kind == "wrong"]
    assert wrong.plays == p.plays and wrong.sung == p.card
    assert wrong.grades[p.card][0] == WRONG and "R-CANTE-2" in wrong.rule_ids
    assert wrong.right == (NOTHING,)  # its pair did not win the baza: nothing may be sung
    hand = position(record, wrong.plays, moment=True)
    _assert_the_seats_view(seat_view(hand, SEAT), p)
    assert wrong.reason.id == "cantes.no.pair_won"


@pytest.mark.parametrize("rules_key", PRESET_KEYS)
def test_the_bots_cantes_are_never_wrong(rules_key):
    record = _read_back(planted(rules_key, "cante_missed").record)
    for seat in (1, 2, 3):  # the bots sing only what they may (R-CANTE-2..4)
        assert not [e for e in cante_errors(record, seat) if e.kind == "wrong"]


@pytest.mark.parametrize("any_baza", [False, True])
def test_a_missed_tute_cites_the_rule_the_table_plays_by(any_baza):
    # Deal 205 gives seat 1 the four reyes; principiante bots play it out and nobody sings. Where a tute may
    # be sung after any baza (R-VAR-TUTE-CUALQUIER-BAZA) the default «at the pair's first baza» is off.
    import random
    from dataclasses import replace

    from engine import records
    from engine.bots.choose import choose_play
    from engine.bots.view import seat_view
    from engine.hand import Hand
    from engine.rules import PRESETS

    rules = replace(PRESETS["guia"], tute_cualquier_baza=any_baza)
    hand, rng = Hand.new(random.Random(205), 205 % 4, rules), random.Random(205)
    assert sum(CARDS[i].code.startswith("12") for i in range(40) if hand.hands[1] >> i & 1) == 4
    while hand.turn is not None:
        hand.play(choose_play(seat_view(hand, hand.turn), "principiante", rng).card)
    missed = [e for e in cante_errors(records.from_hand(hand), 1) if e.kind == "missed"]
    assert missed and any(c.startswith("t") for c in missed[0].right)
    assert missed[0].rule_ids == (("R-VAR-TUTE-CUALQUIER-BAZA",) if any_baza else ("R-TUTE-2",))
