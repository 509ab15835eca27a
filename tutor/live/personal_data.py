"""Live rounds' part of «Mis datos» and of an erasure (tutor/lib/personal_data.py).

The archive adds the learner's answers in live rounds. An erasure keeps those answers in the round's
counts without their owner (the participant, its questions and answers logged through practice get an
anonymous id that reads «alumno borrado»), and hands the rounds a teacher started to another teacher
of the class (a class with no other teacher is erased with its rounds by classroom's hook).
"""

from django.forms.models import model_to_dict

from tutor.lib.personal_data import Table, before_erasure, erased_anon_id, exports
from tutor.live.models import LiveAnswer, Participant, Round
from tutor.practice.models import Attempt, Issued


@exports
def live_answers(user):
    answers = LiveAnswer.objects.filter(participant__learner=user).order_by("pk")
    yield Table("live/liveanswer", [model_to_dict(a) for a in answers])


@before_erasure
def keep_answers_without_owner(user):
    for participant in Participant.objects.filter(learner=user):
        anon_id = erased_anon_id()
        issued = Issued.objects.filter(live_answer__participant=participant)
        Attempt.objects.filter(issued__in=issued).update(learner=None, anon_id=anon_id)
        issued.update(learner=None, anon_id=anon_id)
        participant.learner = None
        participant.anon_id = anon_id
        participant.nickname = ""
        participant.save(update_fields=["learner", "anon_id", "nickname"])


@before_erasure
def hand_over_rounds(user):
    for live in Round.objects.filter(started_by=user).select_related("classroom"):
        other = live.classroom.teachers.exclude(pk=user.pk).order_by("pk").first()
        if other is None:
            live.delete()
        else:
            Round.objects.filter(pk=live.pk).update(started_by=other)
