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
from tutor.hands.services import record_of_played_hand, records_file
from tutor.play.models import MatchHand
from tutor.play.services import keep_record, table_of


def _kept(hand: MatchHand):
    """The hand's record, written now if the hand ended before records were kept."""
    row = record_of_played_hand(hand.pk)
    if row is None:
        keep_record(hand.match, hand, table_of(hand.match, hand))
        row = record_of_played_hand(hand.pk)
    return row


@require_GET
@login_required
def set_hand(request: HttpRequest, pk: int, hand_pk: int) -> HttpResponse:
    practice_set = set_for_teacher(request, pk)
    hand = get_object_or_404(
        MatchHand.objects.select_related("match__set_match__assignment"),
        pk=hand_pk,
        score__isnull=False,
        match__set_match__item__practice_set=practice_set,
    )
    student_id = hand.match.set_match.assignment.student_id
    context = hand_presenters.record_page(_kept(hand), names=True)
    context.update(
        {
            "practice_set": practice_set,
            "student_name": real_names(practice_set.classroom).get(student_id, ""),
            "deal_number": hand.number,
        }
    )
    return render(request, "hands/detail.html", context)


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
    rows = [_kept(hand) for hand in hands]
    if not rows:
        raise Http404(_("Nadie ha terminado todavía este reparto."))
    text = records_file(rows)
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="tarea-{practice_set.pk}-reparto-{number}.txt"'
    return response
