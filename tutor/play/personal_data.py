"""Play's part of «Mis datos» (tutor/lib/personal_data.py): the hands of the learner's matches, card by
card (the matches themselves are in the generic walk). Erasure needs nothing more: a match's hands
and events go with it."""

from django.forms.models import model_to_dict

from tutor.lib.personal_data import Table, exports
from tutor.play.models import Event, MatchHand


@exports
def hands_and_events(user):
    hands = MatchHand.objects.filter(match__learner=user).order_by("match_id", "number")
    yield Table("play/matchhand", [model_to_dict(h) | {"match": h.match_id} for h in hands])
    events = Event.objects.filter(hand__match__learner=user).order_by("hand_id", "seq")
    yield Table("play/event", [model_to_dict(e) | {"hand": e.hand_id} for e in events])
