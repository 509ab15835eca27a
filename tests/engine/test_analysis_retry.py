"""engine.analysis.retry: a record's position at any play, seen from the seat to play, and every legal
card labelled as the graded review labels the card played."""

import pytest

from engine import records
from engine.analysis import analyse_hand
from engine.analysis.retry import label_cards, position
from engine.bots.view import seat_view
from engine.record_replay import hand_of
from engine.rules import PRESETS
from tests.engine.planted import REFINED, SEAT, planted
from tests.tutor.hands.samples import COMPLETE_RECORD


def test_the_position_before_each_play_is_that_seats_turn_with_that_card_in_hand():
    record = records.read(COMPLETE_RECORD)
    plays = [e for e in record.events if isinstance(e, records.Play)]
    for n, play in enumerate(plays):
        hand = position(record, n)
        assert hand is not None and hand.turn == play.seat
        view = seat_view(hand, play.seat)
        assert play.card in view.hand_cards()
        assert len(view.tricks) * 4 + len(view.trick) == n
    assert position(record, len(plays)) is None and position(record, len(plays) + 5) is None


def test_the_card_played_gets_the_label_the_review_gave_it():
    record = records.read(COMPLETE_RECORD)
    plays = [e for e in record.events if isinstance(e, records.Play)]
    review = analyse_hand(hand_of(record), [0])
    turns = {(t.trick, t.seat): t for t in review.turns}
    checked = 0
    for n, play in enumerate(plays):
        turn = turns.get((n // 4 + 1, play.seat))
        if turn is None:
            continue
        grades = label_cards(seat_view(position(record, n), play.seat), int(play.card))
        assert grades[play.card.code].label == turn.label
        # the very figures of the review, for the card played and every other legal card
        assert (grades[play.card.code].win, grades[play.card.code].points) == (
            round(turn.played.win, 4),
            round(turn.played.points, 2),
        )
        assert {c: g.label for c, g in grades.items()} == {c.code: label for c, label in turn.grades.items()}
        assert {c for c, g in grades.items() if g.label == "la_mejor"} == {c.code for c in turn.best}
        checked += 1
    assert checked


@pytest.mark.parametrize("kind", ["jugada", REFINED])
@pytest.mark.parametrize("rules_key", sorted(PRESETS))
def test_a_reasons_differences_are_those_of_the_figures_printed_beside_it(rules_key, kind):
    """«Con el as, tu pareja ganaba la mano 12 de cada 100 veces más» sits beside the card's figures and the
    best card's: the difference said is the difference of the figures printed (never 12 beside 31 % and
    42 %), and the card it names is the best card the page names."""
    p = planted(rules_key, kind)
    record = records.read(records.write(p.record))
    review = analyse_hand(hand_of(record), [SEAT], tricks=[p.plays // 4 + 1])
    (turn,) = [t for t in review.turns if t.seat == SEAT]
    (said,) = [
        r for r in turn.reasons if r.id in ("review.reason.both", "review.reason.win", "review.reason.points")
    ]
    top, mine = turn.best_value.shown, turn.played.shown
    assert said.facts["best"] == int(turn.best[0])
    assert said.facts.get("win", 0) == top[0] - mine[0] and said.facts.get("points", 0) == top[1] - mine[1]
    assert turn.best_value == turn.analysis.values[turn.best[0]]
