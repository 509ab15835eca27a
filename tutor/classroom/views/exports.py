"""A set's CSVs: results per student and every answer, streamed."""

import json

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from engine.messages import from_data
from engine.scenarios import MISCONCEPTIONS
from tutor.classroom import set_retries
from tutor.classroom.models import Assignment, PracticeSet, SetItem
from tutor.classroom.views.access import real_names, set_for_teacher
from tutor.classroom.views.sets import hands_played_and_won, set_attempts, set_results, table_results
from tutor.lib.cards import card_name, is_card_code
from tutor.lib.i18n import text
from tutor.lib.spreadsheet import csv_response, streaming_csv_response
from tutor.lib.tables import table_label


@require_GET
@login_required
def set_results_csv(request: HttpRequest, pk: int) -> HttpResponse:
    practice_set = set_for_teacher(request, pk)
    _names, rows = set_results(practice_set)
    # «Jugar N manos» items: the hands asked for, played and won per student (columns only when there are any).
    asked = sum(i.count for i in practice_set.items.all() if i.kind == SetItem.Kind.PLAY)
    hands = hands_played_and_won(practice_set) if asked else {}
    # «Repite tus errores de la mesa» items: asked for, chosen (the student's own), answered and right.
    table_asked = sum(i.count for i in practice_set.items.all() if i.kind == SetItem.Kind.TABLE)
    table = table_results(practice_set) if table_asked else {}
    none = {"chosen": 0, "answered": 0, "right": 0}
    response, writer = csv_response(f"tarea-{practice_set.pk}-resultados.csv")
    writer.writerow(
        [
            _("usuario"),
            _("nombre real"),
            _("estado"),
            _("respondidas"),
            _("aciertos"),
            _("preguntas"),
            _("nota"),
            _("tiempo (s)"),
            _("terminada"),
            _("tarde"),
            *([_("manos pedidas"), _("manos jugadas"), _("manos ganadas")] if asked else []),
            *(
                [_("jugadas pedidas"), _("jugadas elegidas"), _("jugadas respondidas"), _("jugadas bien")]
                if table_asked
                else []
            ),
        ]
    )
    for row in rows:
        writer.writerow(
            [
                row.student.username,
                row.real_name,
                row.get_state_display(),
                row.answered,
                row.correct,
                row.total or "",  # a goal (mastery) or a set of hands asks for no number of questions
                "" if row.score is None or not row.answered else row.score,
                round(row.time_ms / 1000),
                timezone.localtime(row.finished_at).strftime("%Y-%m-%d %H:%M") if row.finished_at else "",
                _("sí") if row.state == Assignment.State.LATE or row.overdue else _("no"),
                *([asked, *hands.get(row.pk, (0, 0))] if asked else []),
                *([table_asked, *(table.get(row.pk, none)[k] for k in none)] if table_asked else []),
            ]
        )
    return response


def _answer_words(scenario: dict, answer) -> str | int:
    """An answer as the teacher reads it: card names, option labels, numbers as numbers."""
    if isinstance(answer, int) and not isinstance(answer, bool):
        return answer
    if isinstance(answer, list):
        return ", ".join(str(_answer_words(scenario, a)) for a in answer) or _("ninguna")
    if isinstance(answer, str):
        if is_card_code(answer):
            return card_name(answer)
        labels = {o.get("value"): text(from_data(o.get("label"))) for o in scenario.get("options", [])}
        if answer in labels:
            return labels[answer]
        if answer.lstrip("-").isascii() and answer.lstrip("-").isdigit():
            return int(answer)
    return str(answer)


def _answer_code(answer) -> str:
    """The raw answer as the engine reads it back (codes separated by spaces)."""
    if isinstance(answer, list):
        return " ".join(str(a) for a in answer)
    return str(answer)


def attempts_csv_header() -> list[str]:
    """The all-answers CSV's column names, in the page's language."""
    return [
        _("usuario"),
        _("nombre real"),
        _("pregunta"),
        _("ejercicio"),
        _("familia"),
        _("reglas de la mesa"),
        _("reglas aplicadas (ids)"),
        _("respuesta"),
        _("respuesta (código)"),
        _("correcta"),
        _("error típico"),
        _("tiempo (ms)"),
        _("fecha"),
    ]


def _attempt_rows(practice_set: PracticeSet, names: dict[int, str]):
    items = {item.pk: item.label() for item in practice_set.items.all()}
    attempts = (
        set_attempts(practice_set)
        .select_related("issued__set_question", "learner")
        .only(
            "learner",
            "learner__username",
            "issued",
            "family",
            "rules",
            "rule_ids",
            "answer",
            "correct",
            "misconception",
            "time_taken_ms",
            "created_at",
            "issued__set_question__number",
            "issued__set_question__item_id",
            "issued__scenario",  # stored deflated (tutor/practice/compact.py): its options name an answer
        )
        .order_by("learner__username", "issued__set_question__number", "pk")
    )
    tables: dict[str, str] = {}
    # The answers to «repite tus errores de la mesa» items: each student's after their questions', in the
    # database's order of students (the attempts' order).
    table_rows: dict[str, list[list]] = {}
    if any(i.kind == SetItem.Kind.TABLE for i in practice_set.items.all()):
        for chosen in set_retries.answered(practice_set):
            username = chosen.assignment.student.username
            table_rows.setdefault(username, []).append(_retry_row(chosen, names, items))
    order = {}
    if table_rows:
        usernames = practice_set.assignments.filter(withdrawn_at__isnull=True).order_by("student__username")
        order = {u: n for n, u in enumerate(usernames.values_list("student__username", flat=True))}
    waiting = sorted(table_rows, key=order.__getitem__)
    yield attempts_csv_header()
    for attempt in attempts.iterator(chunk_size=500):
        while waiting and order[waiting[0]] < order.get(attempt.learner.username, -1):
            yield from table_rows[waiting.pop(0)]
        question = getattr(attempt.issued, "set_question", None)
        table_key = json.dumps(attempt.rules, sort_keys=True)
        if table_key not in tables:
            tables[table_key] = table_label(attempt.rules)
        yield [
            attempt.learner.username,
            names.get(attempt.learner_id, ""),
            question.number if question else "",
            items.get(question.item_id, "") if question else "",
            attempt.family,
            tables[table_key],
            " ".join(attempt.rule_ids),
            _answer_words(attempt.issued.scenario, attempt.answer),
            _answer_code(attempt.answer),
            _("sí") if attempt.correct else _("no"),
            text(MISCONCEPTIONS.get(attempt.misconception, attempt.misconception)),
            attempt.time_taken_ms,
            timezone.localtime(attempt.created_at).strftime("%Y-%m-%d %H:%M"),
        ]
    for username in waiting:
        yield from table_rows[username]


def _retry_row(chosen, names: dict[int, str], items: dict[int, str]) -> list:
    """One answer to a retry item, in the all-answers CSV's columns: the place of the play in the student's
    hand stands for the question's number; the verdict (the review's label, a renuncio, a cante's reason)
    for the typical error."""
    student = chosen.assignment.student
    item = chosen.retry
    feedback = chosen.feedback
    return [
        student.username,
        names.get(student.pk, ""),
        chosen.place,  # set_retries.answered: the hand's name and number, the baza; empty, a hand removed
        items.get(chosen.item_id, ""),
        item.get_kind_display() if item else "",
        table_label(item.record.table) if item else "",
        " ".join(item.rule_ids) if item else "",
        chosen.answer_words,
        chosen.card,
        _("sí") if chosen.right else _("no"),
        "" if chosen.right or feedback is None else feedback["verdict"],
        "",
        timezone.localtime(chosen.answered_at).strftime("%Y-%m-%d %H:%M"),
    ]


@require_GET
@login_required
def set_attempts_csv(request: HttpRequest, pk: int) -> StreamingHttpResponse:
    """Every answer of the set, streamed row by row: memory stays flat however long the set's log is."""
    practice_set = set_for_teacher(request, pk)
    rows = _attempt_rows(practice_set, real_names(practice_set.classroom))
    return streaming_csv_response(f"tarea-{practice_set.pk}-respuestas.csv", rows)
