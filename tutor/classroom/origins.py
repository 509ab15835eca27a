"""A class set's question as the origin of a practice question (registered in ClassroomConfig.ready)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tutor.classroom.models import Question
from tutor.practice.models import Mode
from tutor.practice.origins import OriginKind, OriginView


def _question(issued) -> Question | None:
    """The set's question ``issued`` is, with its assignment, set and class (one query)."""
    return (
        Question.objects.select_related("assignment__practice_set__classroom")
        .filter(issued_id=issued.pk)
        .first()
    )


def _closed(question: Question) -> str:
    if question.assignment.practice_set.classroom.archived:
        return _(
            "La clase de esta tarea está archivada: la pregunta queda en tu registro, pero ya no admite respuestas."
        )
    if question.assignment.withdrawn_at is not None:
        return _(
            "Ya no estás en la clase de esta tarea: la pregunta queda en tu registro, pero ya no admite respuestas."
        )
    return ""


class SetQuestionKind(OriginKind):
    mode = Mode.ASSIGNMENT

    def describe(self, issued, *, owner, attempt, standalone):
        question = _question(issued)
        if question is None:  # a question whose set was deleted
            return OriginView()
        practice_set = question.assignment.practice_set
        url = practice_set.get_task_url()
        return OriginView(
            counts_for=_("Cuenta para la tarea «%(title)s».") % {"title": practice_set.title}
            if standalone
            else "",
            next_url=url,
            back_url=url,
            back_label=_("Volver a la tarea"),
            page_url=f"{url}?n={question.number}",
            closed=_closed(question),
        )

    def closed(self, issued) -> str:
        question = _question(issued)
        return _closed(question) if question is not None else ""
