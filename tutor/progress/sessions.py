"""Mixed sessions and reviews: plan them, then issue their items one at a time through practice."""

from __future__ import annotations

import random

from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext as _

from engine.scenarios import FAMILY_LABELS, MISCONCEPTIONS, Scenario
from tutor.practice.identity import Owner
from tutor.practice.models import Attempt, Issued, Mode
from tutor.practice.services import issue
from tutor.progress import planning, report
from tutor.progress.models import PracticeSession


def _skill_states(progress: report.Progress) -> dict[str, planning.SkillState]:
    return {row.key: planning.SkillState(mastery=row.mastery, weak=row.weak) for row in progress.skills}


def start_mixed(*, owner: Owner, rng: random.Random | None = None) -> PracticeSession:
    """A session of planning.SESSION_SIZE items leaning on the owner's weakest skills."""
    progress = report.progress_for(owner)
    plan = planning.plan_mixed(
        skills=_skill_states(progress), due_families=progress.due_families, rng=rng or random.Random()
    )
    return PracticeSession.objects.create(**owner.fields, kind=PracticeSession.Kind.MIXED, plan=plan)


def start_review(*, owner: Owner, rng: random.Random | None = None) -> PracticeSession | None:
    """A review of the failed scenarios (shuffled) and the due families; None if nothing is waiting."""
    progress = report.progress_for(owner)
    queue = [(item.attempt_id, item.family) for item in report.review_queue(owner, rng)]
    family_mastery = {row.key: row.mastery for row in progress.families}
    due = {f: planning.difficulty_for(family_mastery.get(f, 0)) for f in progress.due_families}
    plan = planning.plan_review(queue=queue, due_families=due)
    if not plan:
        return None
    return PracticeSession.objects.create(**owner.fields, kind=PracticeSession.Kind.REVIEW, plan=plan)


def _issue_item(*, owner: Owner, session: PracticeSession, position: int) -> Issued:
    item = session.plan[position]
    common = {
        "owner": owner,
        "context": f"{session.context}{position}",
        "next_url": reverse("progress:session_next", args=[session.pk]),
    }
    if "review" in item:
        source = Attempt.objects.filter(owner.q, pk=item["review"]).select_related("issued").first()
        if source is not None:
            # The same stored position, not a new one: that is what the learner got wrong.
            return issue(
                mode=Mode.REVIEW,
                family=source.family,
                difficulty=source.issued.difficulty,
                rules=source.issued.get_rules(),
                scenario=Scenario.from_dict(source.issued.scenario),
                source_attempt=source,
                **common,
            )
        item = {"family": item["family"], "target": None, "difficulty": 1}
    mode = Mode.MIXED if session.kind == PracticeSession.Kind.MIXED else Mode.REVIEW
    return issue(
        mode=mode, family=item["family"], target=item["target"], difficulty=item["difficulty"], **common
    )


def next_issued(*, owner: Owner, session_id: int) -> tuple[PracticeSession, Issued | None] | None:
    """The scenario the session is on: the last one issued while it is unanswered, else a new one
    for the next item of the plan; None for the scenario once the plan is done. None altogether
    when no such session belongs to the owner.
    """
    with transaction.atomic():
        session = PracticeSession.objects.select_for_update().filter(owner.q, pk=session_id).first()
        if session is None:
            return None
        if session.position:
            current = (
                Issued.objects.filter(owner.q, context=f"{session.context}{session.position - 1}")
                .select_related("attempt")
                .only("token", "attempt__id")
                .first()
            )
            if current is not None and not hasattr(current, "attempt"):
                return session, current
        if session.position >= len(session.plan):
            return session, None
        issued = _issue_item(owner=owner, session=session, position=session.position)
        session.position += 1
        session.save(update_fields=["position"])
        return session, issued


def session_results(*, owner: Owner, session: PracticeSession) -> list[dict]:
    """Each planned item with the scenario issued for it and its attempt, if any (one query)."""
    issued = (
        Issued.objects.filter(owner.q, context__startswith=session.context)
        .select_related("attempt")
        .only("token", "context", "family", "attempt__correct", "attempt__misconception", "attempt__id")
    )
    by_position = {int(i.context.rsplit(":", 1)[1]): i for i in issued}
    rows = []
    for position, item in enumerate(session.plan):
        found = by_position.get(position)
        attempt = getattr(found, "attempt", None) if found else None
        code = attempt.misconception if attempt else ""
        rows.append(
            {
                "position": position + 1,
                "family_label": str(FAMILY_LABELS.get(item["family"], item["family"])),
                "target": item.get("target") or "",
                "review": "review" in item,
                "issued": found,
                "attempt": attempt,
                "misconception": str(MISCONCEPTIONS.get(code, code)) if code else "",
            }
        )
    return rows


def place_of(issued: Issued) -> str:
    """Where a session's question sits, for its heading: "Sesión mixta · 3 de 10", "Repaso · 2 de 6";
    "" for a question issued outside a session."""
    prefix, _sep, rest = issued.context.partition(":")
    session_id, _sep, index = rest.partition(":")
    if prefix != "session" or not session_id.isdigit() or not index.isdigit():
        return ""
    row = PracticeSession.objects.filter(pk=int(session_id)).values_list("kind", "plan").first()
    if row is None:
        return ""
    kind, plan = row
    name = _("Sesión mixta") if kind == PracticeSession.Kind.MIXED else _("Repaso")
    return _("%(name)s · %(n)s de %(total)s") % {"name": name, "n": int(index) + 1, "total": len(plan)}
