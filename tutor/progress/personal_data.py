"""Progress's part of «Mis datos» (tutor/lib/personal_data.py): which questions made each practice
session (the sessions, statistics and FSRS cards are in the generic walk)."""

from django.forms.models import model_to_dict

from tutor.lib.personal_data import Table, exports
from tutor.progress.models import SessionItem


@exports
def session_items(user):
    items = SessionItem.objects.filter(session__learner=user).order_by("session_id", "pk")
    yield Table("progress/sessionitem", [model_to_dict(i) for i in items])
