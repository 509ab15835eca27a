"""A live round's answer as the origin of a practice question (registered in LiveConfig.ready)."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _

from tutor.live.models import LiveAnswer
from tutor.practice.models import Mode, only_row
from tutor.practice.origins import OriginKind, OriginView


class LiveAnswerKind(OriginKind):
    """Issued and answered in one transaction by tutor.live.services: never open on its own page
    (the round decides what it takes), so ``closed`` has nothing to add."""

    mode = Mode.LIVE

    def describe(self, issued, *, owner, attempt, standalone):
        answer = only_row(LiveAnswer.objects.select_related("question__round").filter(issued_id=issued.pk))
        if answer is None:
            return OriginView()
        live = answer.question.round
        return OriginView(
            counts_for=_("Respondida en la ronda en directo «%(title)s».") % {"title": live.shown_title},
            back_url=reverse("live:phone", args=[live.code]),
            back_label=_("Volver a la ronda"),
        )
