"""A class set's question as the origin of a practice question (registered in ClassroomConfig.ready)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tutor.practice.models import Mode
from tutor.practice.origins import OriginKind, OriginView


class SetQuestionKind(OriginKind):
    mode = Mode.ASSIGNMENT

    def describe(self, issued, *, owner, attempt, standalone):
        url = issued.next_url
        return OriginView(next_url=url, back_url=url, back_label=_("Volver a la tarea") if url else "")
