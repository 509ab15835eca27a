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
        # The way on never points at the page the learner is on (an answer swapped into the step page
        # is described standalone too): once the step is done, the course's first unfinished step
        # (services.next_step); after a wrong answer, «Otra pregunta» (a POST that issues it and loads
        # the step again); after a right one, the step's next question to answer. On the step page
        # itself (not standalone) its status line and its own «Otra pregunta» are there.
        way: dict = {}
        if not standalone:
            pass
        elif done is not None:
            way["next_url"] = done.next_url or reverse("lessons:index")
        elif attempt is not None and not attempt.correct:
            way = {
                "next_action": reverse("lessons:start", args=[step.unit_slug, step.slug]),
                "next_label": _("Otra pregunta"),
                "next_whole_page": True,
            }
        elif attempt is not None:
            way["next_url"] = f"{url}#{_question_to_answer(owner, step, issued)}"
        else:
            way["next_url"] = url
        return OriginView(
            counts_for=_("Pregunta del paso «%(title)s».") % {"title": step.title} if standalone else "",
            back_url=url,
            back_label=_("Volver a la lección"),
            page_url=url,
            done=done,
            **way,
        )


def _question_to_answer(owner, step, answered) -> str:
    """The anchor of the step's first question still to answer after ``answered`` (its list when a
    question must be asked for first)."""
    for state in services.checkpoint_states(owner=owner, step=step):
        if state.passed or (state.issued is not None and state.issued.pk == answered.pk):
            continue
        return "preguntas" if state.needs_question else f"pregunta-{state.number}"
    return "preguntas"


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
