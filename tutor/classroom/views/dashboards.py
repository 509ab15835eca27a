"""The class's progress: the heatmap of students × skills and one student's answers for a skill."""

from typing import NamedTuple

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import formats
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET

from engine.rules import RULE_CATALOGUE
from tutor.classroom import dashboard
from tutor.classroom.mastery import attempts_citing, student_mastery
from tutor.classroom.models import Classroom, Membership
from tutor.classroom.skills import skill_name
from tutor.classroom.views.access import class_for_teacher, membership_for_teacher
from tutor.lib.fragments import cached_part, kept_page
from tutor.lib.prepared import Compiled, Prepared, rows
from tutor.practice.models import Attempt
from tutor.progress import mastery as progress_mastery
from tutor.progress import table_report

ANSWERS_PER_PAGE = 20


class Member(NamedTuple):
    """A student of the class as the dashboard shows them: plain values, no model instance."""

    pk: int
    student_id: int
    real_name: str
    username: str
    stamp: int | None
    hands: int | None  # the stamp of their hands and reviews (what «En la mesa» counts)

    def display_name(self) -> str:
        return self.real_name or self.username


def _members(pk: int, teacher: int) -> Compiled:
    return rows(
        Membership.objects.filter(classroom_id=pk, classroom__teachers=teacher).values_list(
            "pk",
            "student_id",
            "real_name",
            "student__username",
            "student__shown_stamp__n",
            "student__shown_stamp__hands",
            "classroom__name",
        )
    )


_MEMBERS = Prepared(_members)


@require_GET
@login_required
def heatmap(request: HttpRequest, pk: int) -> HttpResponse:
    # The class's students and their stamps (tutor/accounts/stamps.py: the database moves a student's
    # on every write to what the page shows of them), read only if this teacher teaches the class: one
    # query of plain values, built once per process. No student: the class itself is looked up (404).
    found = _MEMBERS(pk=pk, teacher=request.user.pk)
    if found:
        classroom = Classroom(pk=pk, name=found[0][-1])
    else:
        classroom = class_for_teacher(request, pk)
    memberships = [Member(*row[:-1]) for row in found]
    page_number = (
        Paginator(memberships, dashboard.STUDENTS_PER_PAGE).get_page(request.GET.get("pagina")).number
    )

    def context() -> dict:
        # Reversed once: a class of 60 has 1,400 cells (the placeholders are never a real id or rule).
        pattern = reverse("classroom:student_skill", args=[classroom.pk, 0, "RULE"])
        head, tail = pattern.split("/0/RULE/")

        def url_for(membership_pk: int, rule_id: str) -> str:
            return f"{head}/{membership_pk}/{rule_id}/{tail}"

        # Each student's part, kept under their stamp: after one student's answer only theirs is read.
        parts = dashboard.student_parts(classroom.pk, memberships, url_for)
        names = {m.student_id: m.display_name() for m in memberships}
        notes = table_report.class_newest_notes({m.student_id: parts[m.pk].notes for m in memberships})
        for note in notes:
            note["student_name"] = names[note["learner_id"]]
        # «En la mesa», kept under the students' names and ``hands`` stamps and the notes shown: a quiz
        # answer does not draw it again.
        at_table = ([(m.student_id, names[m.student_id], m.hands) for m in memberships], notes)
        return {
            "classroom": classroom,
            "dashboard": dashboard.class_dashboard(memberships, parts, page_number),
            "legend": [(level, progress_mastery.LABELS[level]) for level in progress_mastery.LEVELS],
            "at_table_html": cached_part(
                request,
                "classroom/heatmap.html#at_table",
                at_table,
                lambda: {"at_table": _at_table(memberships, names, notes)},
            ),
        }

    # The whole page kept (tutor/lib/fragments.py), drawn again only when something it shows has changed:
    # the class, its students' names and stamps, the page of students, and what base.html shows of the
    # reader; read again unchanged, no student's data is read and nothing is drawn. An address with other
    # parameters than the page's is drawn and not kept.
    shown = (
        classroom.pk,
        classroom.name,
        [(m.pk, m.student_id, m.display_name(), m.stamp) for m in memberships],
        page_number,
    )
    keep = request.META.get("QUERY_STRING", "") in ("", f"pagina={page_number}")
    return kept_page(request, "classroom/heatmap.html", shown, context, keep)


def _at_table(memberships: list[Member], names: dict[int, str], notes: list[dict]) -> table_report.ClassTable:
    """«En la mesa» of the class, each row's cells drawn: errors per 100 cards, or a dash for a student
    with no reviewed hand yet (a class of 30 has hundreds: each number's words made once)."""
    at_table = table_report.class_table(
        [m.student_id for m in memberships], {m.student_id: m.hands for m in memberships}, notes
    )
    words: dict[float | None, str] = {None: "<td>—</td>"}
    for row in at_table.rows:
        row["name"] = names[row["student_id"]]
        cells = []
        for value in row["cells"]:
            drawn = words.get(value)
            if drawn is None:
                drawn = words[value] = f"<td>{escape(formats.localize(value))}</td>"
            cells.append(drawn)
        row["cells_html"] = mark_safe("".join(cells))  # noqa: S308 - every value escaped
    return at_table


@require_GET
@login_required
def student_skill(request: HttpRequest, pk: int, membership_pk: int, rule_id: str) -> HttpResponse:
    membership = membership_for_teacher(request, pk, membership_pk)
    if rule_id not in RULE_CATALOGUE:
        raise Http404
    attempts = (
        attempts_citing(Attempt.objects.filter(learner_id=membership.student_id), rule_id)
        .select_related("issued")
        .order_by("-created_at", "-pk")
    )
    page = Paginator(attempts, ANSWERS_PER_PAGE).get_page(request.GET.get("pagina"))
    context = {
        "classroom": membership.classroom,
        "name": membership.display_name(),
        "skill": skill_name(rule_id),
        "cell": student_mastery(membership.student_id, rule_id),
        "page": page,
        "answers": [dashboard.seen_answer(a) for a in page],
    }
    return render(request, "classroom/student_skill.html", context)
