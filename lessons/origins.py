"""A lesson checkpoint as the origin of a practice question (registered in LessonsConfig.ready)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from lessons import services
from tutor.practice.models import Mode
from tutor.practice.origins import Done, OriginKind, OriginView


class LessonKind(OriginKind):
    mode = Mode.LESSON

    def describe(self, issued, *, owner, attempt, standalone):
        done = None
        # On the step page its status line says so; elsewhere the feedback does.
        if standalone and attempt is not None and attempt.correct:
            done = _done(services.step_done_for(owner, issued.context))
        url = issued.next_url
        return OriginView(
            next_url=url, back_url=url, back_label=_("Volver a la lección") if url else "", done=done
        )


def _done(step_done: services.StepDone | None) -> Done | None:
    if step_done is None:
        return None
    if step_done.next_url:
        next_label = _("Siguiente paso: %(title)s") % {"title": step_done.next_title}
    else:
        next_label = _("Has terminado el curso.")
    return Done(
        message=_("¡Paso completado!"),
        next_url=step_done.next_url,
        next_label=next_label,
        status_template="lessons/_status.html",
    )
