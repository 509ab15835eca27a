"""Play's part of «Mis datos» (tutor/lib/personal_data.py): the hands of the learner's matches, card by
card, and each hand as a record in the notation (engine.records), readable and readable back by the
engine (the matches themselves are in the generic walk). Erasure needs nothing more: a match's hands
and events go with it."""

from django.forms.models import model_to_dict

from engine import records
from tutor.lib.personal_data import Table, exports
from tutor.play import services
from tutor.play.models import Event, MatchHand


@exports
def hands_and_events(user):
    hands = list(
        MatchHand.objects.filter(match__learner=user).select_related("match").order_by("match_id", "number")
    )
    yield Table("play/matchhand", [model_to_dict(h) | {"match": h.match_id} for h in hands])
    events = Event.objects.filter(hand__match__learner=user).order_by("hand_id", "seq")
    yield Table("play/event", [model_to_dict(e) | {"hand": e.hand_id} for e in events])
    yield Table(
        "play/hand_record",
        [
            {
                "match": h.match_id,
                "number": h.number,
                "record": records.write(records.from_hand(services.table_of(h.match, h).hand)),
            }
            for h in hands
        ],
    )
