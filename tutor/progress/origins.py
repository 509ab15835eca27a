"""A review or mixed session as the origin of a practice question (registered in ProgressConfig.ready)."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _

from tutor.practice.models import Mode
from tutor.practice.origins import OriginKind, OriginView
from tutor.progress.models import SessionItem
from tutor.progress.sessions import place_of


class _SessionKind(OriginKind):
    def describe(self, issued, *, owner, attempt, standalone):
        item = SessionItem.objects.select_related("session").filter(issued=issued).first()
        back = {"back_url": reverse("practice:index"), "back_label": _("Volver a Practicar")}
        if item is None:  # a session deleted since (with its account's anonymous part, say)
            return OriginView(**back)
        return OriginView(
            heading=place_of(item.session, item.position),
            next_url=reverse("progress:session_next", args=[item.session_id]),
            **back,
        )


class ReviewKind(_SessionKind):
    mode = Mode.REVIEW


class MixedKind(_SessionKind):
    mode = Mode.MIXED
