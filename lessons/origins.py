"""A lesson checkpoint as the origin of a practice question (registered in LessonsConfig.ready)."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _

from lessons import services
from lessons.models import CheckpointIssue
from tutor.practice.models import Mode
from tutor.practice.origins import Done, OriginKind, OriginView


class LessonKind(OriginKind):
    mode = Mode.LESSON

    def describe(self, issued, *, owner, attempt, standalone):
        try:
            step_key = issued.lesson_checkpoint.step_key  # cached when read through CheckpointIssue
        except CheckpointIssue.DoesNotExist:
            return OriginView()
        step = services.step_by_key(step_key)
        if step is None:  # a step removed from the course since
            return OriginView()
        done = None
        # On the step page its status line says so; elsewhere the feedback does.
        if standalone and attempt is not None and attempt.correct:
            done = _done(services.step_done_for(owner, step))
        url = services.step_url(step)
        # «Continuar»: once the step is done, the course's first unfinished step (services.next_step);
        # before, back to the step's questions. On the step page they are right there, and its
        # status line holds the «Continuar» once done: nothing to add under each question.
        if not standalone:
            next_url = ""
        elif done is not None:
            next_url = done.next_url or reverse("lessons:index")
        else:
            next_url = f"{url}#preguntas" if attempt is not None else url
        return OriginView(
            counts_for=_("Pregunta del paso «%(title)s».") % {"title": step.title} if standalone else "",
            next_url=next_url,
            back_url=url,
            back_label=_("Volver a la lección"),
            done=done,
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
