"""A class's hands, for its teachers: a student's hand of a «jugar N manos» task, and a duplicate deal
with every student's hand of it in one file."""

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from tutor.classroom.models import SetItem
from tutor.classroom.views.access import real_names, set_for_teacher
from tutor.hands import presenters as hand_presenters
from tutor.hands import reviews
from tutor.hands.models import HandRecord
from tutor.hands.services import record_of_played_hand, records_file
from tutor.hands.views import render_review
from tutor.play.models import MatchHand
from tutor.play.services import keep_record, table_of


def _kept(hand: MatchHand):
    """The hand's record, written now if the hand ended before records were kept."""
    row = record_of_played_hand(hand.pk)
    if row is None:
        keep_record(hand.match, hand, table_of(hand.match, hand))
        row = record_of_played_hand(hand.pk)
    return row


def _kept_rows(hands: list[MatchHand]) -> list:
    """The hands' records in the hands' order, read in one query (a hand that ended before records were
    kept is written now, once)."""
    found = {
        row.match_hand_id: row for row in HandRecord.objects.filter(match_hand_id__in=[h.pk for h in hands])
    }
    return [found[hand.pk] if hand.pk in found else _kept(hand) for hand in hands]


def _student_hand(request: HttpRequest, pk: int, hand_pk: int):
    """A finished hand of a «jugar N manos» task of a set the teacher teaches, with what the page says."""
    practice_set = set_for_teacher(request, pk)
    hand = get_object_or_404(
        MatchHand.objects.select_related("match__set_match__assignment"),
        pk=hand_pk,
        score__isnull=False,
        match__set_match__item__practice_set=practice_set,
    )
    student_id = hand.match.set_match.assignment.student_id
    extra = {
        "practice_set": practice_set,
        "student_name": real_names(practice_set.classroom).get(student_id, ""),
        "deal_number": hand.number,
        "hand_pk": hand.pk,
    }
    return _kept(hand), extra


@require_GET
@login_required
def set_hand(request: HttpRequest, pk: int, hand_pk: int) -> HttpResponse:
    row, extra = _student_hand(request, pk, hand_pk)
    context = hand_presenters.record_page(row, names=True)
    context.update(extra)
    return render(request, "hands/detail.html", context)


@require_GET
@login_required
def set_hand_review(request: HttpRequest, pk: int, hand_pk: int) -> HttpResponse:
    """The student's graded review, read by the teacher (every sentence about the players by number)."""
    row, extra = _student_hand(request, pk, hand_pk)
    return render_review(request, row, reader=None, names=True, **extra)


@require_GET
@login_required
def duplicate_export(request: HttpRequest, pk: int, item_pk: int, number: int) -> HttpResponse:
    practice_set = set_for_teacher(request, pk)
    item = get_object_or_404(SetItem, pk=item_pk, practice_set=practice_set, kind=SetItem.Kind.PLAY)
    hands = (
        MatchHand.objects.filter(match__set_match__item=item, number=number, score__isnull=False)
        .select_related("match__set_match__assignment__student")
        .order_by("match__set_match__assignment__student__username")
    )
    rows = _kept_rows(list(hands))
    if not rows:
        raise Http404(_("Nadie ha terminado todavía este reparto."))
    text = records_file(rows)
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="tarea-{practice_set.pk}-reparto-{number}.txt"'
    return response


@require_GET
@login_required
def duplicate_deal(request: HttpRequest, pk: int, item_pk: int, number: int) -> HttpResponse:
    """One deal of a class duplicate: each student's hand of it side by side, with the accuracy of the
    graded review (queued for each hand the first time), the renuncios and the biggest error. Read again,
    it costs the same few queries whatever the class's size."""
    practice_set = set_for_teacher(request, pk)
    item = get_object_or_404(SetItem, pk=item_pk, practice_set=practice_set, kind=SetItem.Kind.PLAY)
    hands = list(
        MatchHand.objects.filter(match__set_match__item=item, number=number, score__isnull=False)
        .select_related("match__set_match__assignment__student")
        .order_by("match__set_match__assignment__student__username")
    )
    if not hands:
        raise Http404(_("Nadie ha terminado todavía este reparto."))
    names = real_names(practice_set.classroom)
    rows = _kept_rows(hands)
    asked = reviews.request_many(rows)
    lines = []
    for hand, row in zip(hands, rows, strict=True):
        student = hand.match.set_match.assignment.student
        lines.append(
            {
                "name": names.get(student.pk, student.username),
                "hand_pk": hand.pk,
                **hand_presenters.duplicate_line(row, asked[row.pk]),
            }
        )
    done = [line for line in lines if line["accuracy"] is not None]
    # The best line: the most accurate of those without a renuncio (accuracy leaves rule errors apart, and a
    # line that lost the hand by a renuncio is no model), of all of them only when every line has one.
    best = max(done, key=lambda line: (not line["renuncios"], line["accuracy"])) if done else None
    context = {
        "practice_set": practice_set,
        "item": item,
        "number": number,
        "lines": lines,
        "best": best,
        "pending": any(line["pending"] for line in lines),
    }
    return render(request, "classroom/duplicate_deal.html", context)
