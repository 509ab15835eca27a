"""The answers given to a set's «repite tus errores de la mesa» items (SetRetry), as the set's pages
show them: the teacher's list of errors and all-answers CSV, the student's links to each correction."""

from __future__ import annotations

from tutor.classroom.models import PracticeSet, SetRetry
from tutor.lib.cards import card_name, is_card_code
from tutor.progress import retries, retry_pages
from tutor.progress.models import TableRetry, TableRetryAnswer


def answered(practice_set: PracticeSet, *, wrong_only: bool = False) -> list[SetRetry]:
    """The set's answered retry items of the students still in it, by student then as chosen, each with
    ``feedback`` (retry_pages.feedback: the card or cante given, the verdict, the best) while its hand is
    kept, else None; ``answer_words``: what the student answered, in words."""
    rows = SetRetry.objects.filter(
        assignment__practice_set=practice_set,
        assignment__withdrawn_at__isnull=True,
        answered_at__isnull=False,
    )
    if wrong_only:
        rows = rows.filter(right=False)
    rows = list(
        rows.select_related("assignment__student", "item", "retry__record").order_by(
            "assignment__student__username", "pk"
        )
    )
    for chosen in rows:
        # Where the play was, by the hand's name and number as the student knows it (its record is read).
        chosen.place = retry_pages.place(chosen.retry) if chosen.retry is not None else ""
        chosen.feedback = _feedback(chosen)
        chosen.answer_words = chosen.feedback["answer"] if chosen.feedback else _words(chosen.card)
    return rows


def _feedback(chosen: SetRetry) -> dict | None:
    item = chosen.retry
    if item is None or chosen.card not in item.grades:
        return None
    trump = None
    if item.kind == TableRetry.Kind.CANTE:  # its words name the cantes of that hand's trump
        view = retries.view_of(item)
        if view is None:
            return None
        trump = view.trump
    words = retry_pages.worth(item, chosen, trump)
    if not words.get("cante"):
        words["answer"] = card_name(chosen.card)
    return words


def _words(code: str) -> str:
    return card_name(code) if is_card_code(code) else code


def answer_numbers(chosen: list[SetRetry]) -> dict[int, int]:
    """SetRetry id -> the number of the answer that was the set's (for «?visto=N», the retry page's view
    of that answer's correction), in one query."""
    answered_rows = [c for c in chosen if c.answered_at is not None and c.retry_id is not None]
    if not answered_rows:
        return {}
    log = TableRetryAnswer.objects.filter(item_id__in=[c.retry_id for c in answered_rows]).values_list(
        "item_id", "answered_at", "number"
    )
    numbers = {(item_id, at): number for item_id, at, number in log}
    return {
        c.pk: numbers[(c.retry_id, c.answered_at)]
        for c in answered_rows
        if (c.retry_id, c.answered_at) in numbers
    }
