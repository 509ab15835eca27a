"""A review or mixed session as the origin of a practice question (registered in ProgressConfig.ready)."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _

from tutor.practice.models import Mode
from tutor.practice.origins import OriginKind, OriginView
from tutor.progress.sessions import place_of


class _SessionKind(OriginKind):
    def describe(self, issued, *, owner, attempt, standalone):
        return OriginView(
            heading=place_of(issued),
            next_url=issued.next_url,
            back_url=reverse("practice:index"),
            back_label=_("Volver a Practicar"),
        )


class ReviewKind(_SessionKind):
    mode = Mode.REVIEW


class MixedKind(_SessionKind):
    mode = Mode.MIXED
