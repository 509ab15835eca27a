"""The class's progress: the heatmap of students × skills and one student's answers for a skill."""

from typing import NamedTuple

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import formats
from django.views.decorators.http import require_GET

from engine.rules import RULE_CATALOGUE
from tutor.classroom import dashboard
from tutor.classroom.mastery import attempts_citing, mastery_table, skill_rows, student_mastery
from tutor.classroom.models import Classroom, Membership
from tutor.classroom.skills import skill_name
from tutor.classroom.views.access import class_for_teacher, membership_for_teacher
from tutor.lib.fragments import cached_part
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

    def parts() -> dict:
        students = [m.student_id for m in memberships]
        skills = skill_rows(students)
        at_table = table_report.class_table(students, {m.student_id: m.hands for m in memberships})
        names = {m.student_id: m.display_name() for m in memberships}
        for row in at_table.rows:
            row["name"] = names[row["student_id"]]
            # Each cell's words prepared once here (a class of 30 has hundreds): errors per 100 cards, or a
            # dash for a student with no reviewed hand yet.
            row["texts"] = ["—" if value is None else formats.localize(value) for value in row["cells"]]
        for note in at_table.notes:
            note["student_name"] = names.get(note["learner_id"], "")
        # Reversed once: a class of 60 has 1,400 cells (the placeholders are never a real id or rule).
        pattern = reverse("classroom:student_skill", args=[classroom.pk, 0, "RULE"])
        head, tail = pattern.split("/0/RULE/")

        def url_for(membership_pk: int, rule_id: str) -> str:
            return f"{head}/{membership_pk}/{rule_id}/{tail}"

        table = mastery_table(skills)
        return {
            "classroom": classroom,
            "at_table": at_table,
            "dashboard": dashboard.class_dashboard(memberships, table, url_for, page_number),
            "legend": [(level, progress_mastery.LABELS[level]) for level in progress_mastery.LEVELS],
        }

    # Drawn again only when something it shows has changed: the class, its students' names and stamps,
    # the page of students (tutor/lib/fragments.py); read again unchanged, no student's data is read.
    shown = (
        classroom.pk,
        classroom.name,
        [(m.pk, m.student_id, m.display_name(), m.stamp) for m in memberships],
        page_number,
    )
    page_html = cached_part(request, "classroom/heatmap.html#page", shown, parts)
    return render(request, "classroom/heatmap.html", {"classroom": classroom, "page_html": page_html})


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
