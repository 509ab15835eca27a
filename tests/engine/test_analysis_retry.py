"""engine.analysis.retry: a record's position at any play, seen from the seat to play, and every legal
card labelled as the graded review labels the card played."""

from engine import records
from engine.analysis import analyse_hand
from engine.analysis.retry import label_cards, position
from engine.bots.view import seat_view
from engine.record_replay import hand_of
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
        grades = label_cards(seat_view(position(record, n), play.seat))
        assert grades[play.card.code].label == turn.label
        assert {c for c, g in grades.items() if g.label == "la_mejor"} == {c.code for c in turn.best}
        checked += 1
    assert checked
