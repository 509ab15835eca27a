"""Hands' part of «Mis datos» (tutor/lib/personal_data.py): the graded reviews of the user's hands (the
records themselves, ``HandRecord``, are in the generic walk, each in the notation). Erasure needs
nothing more: a review goes with its record."""

from django.forms.models import model_to_dict

from tutor.hands.models import HandReview
from tutor.lib.personal_data import Table, exports


@exports
def reviews(user):
    rows = HandReview.objects.filter(record__learner=user).order_by("record_id")
    yield Table("hands/handreview", [model_to_dict(r) | {"record": r.record_id} for r in rows])
