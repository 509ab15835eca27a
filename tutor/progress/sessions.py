"""Mixed sessions and reviews: plan them, then issue their items one at a time through practice."""

from __future__ import annotations

import random
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from engine.scenarios import FAMILY_LABELS, MISCONCEPTIONS, Scenario
from tutor.practice.identity import Owner
from tutor.practice.models import Attempt, Issued, Mode
from tutor.practice.services import issue
from tutor.progress import planning, report, retries
from tutor.progress.models import PracticeSession, SessionItem, TableRetry, TableRetryAnswer

RETRIES_IN_MIXED = 2  # plays of the learner's own hands offered in a mixed session, when due


def _skill_states(progress: report.Progress) -> dict[str, planning.SkillState]:
    return {row.key: planning.SkillState(mastery=row.mastery, weak=row.weak) for row in progress.skills}


def start_mixed(*, owner: Owner, rng: random.Random | None = None) -> PracticeSession:
    """A session of planning.SESSION_SIZE items leaning on the owner's weakest skills."""
    progress = report.progress_for(owner)
    plan = planning.plan_mixed(
        skills=_skill_states(progress), due_families=progress.due_families, rng=rng or random.Random()
    )
    # The plays of the owner's own hands due to be tried again take the last places («Mis errores en la mesa»).
    due = list(retries.due_items(owner).values_list("pk", flat=True)[:RETRIES_IN_MIXED])
    if due:
        plan = plan[: len(plan) - len(due)] + [{"retry": pk} for pk in due]
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
    common = {"owner": owner}
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


def _issue_and_link(*, owner: Owner, session: PracticeSession, position: int) -> Issued:
    issued = _issue_item(owner=owner, session=session, position=position)
    SessionItem.objects.create(session=session, position=position, issued=issued)
    return issued


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
                Issued.objects.filter(
                    session_item__session=session, session_item__position=session.position - 1
                )
                .select_related("attempt")
                .only("token", "attempt__id")
                .first()
            )
            if current is not None and not hasattr(current, "attempt"):
                return session, current
        while session.position < len(session.plan) and "retry" in session.plan[session.position]:
            retry = retries.open_items(owner).filter(pk=session.plan[session.position]["retry"]).first()
            session.position += 1
            session.save(update_fields=["position"])
            if retry is not None:  # gone (retired, removed, its hand deleted): the next item
                return session, retry
        if session.position >= len(session.plan):
            return session, None
        issued = _issue_and_link(owner=owner, session=session, position=session.position)
        session.position += 1
        session.save(update_fields=["position"])
        return session, issued


def session_results(*, owner: Owner, session: PracticeSession) -> list[dict]:
    """Each planned item with the scenario issued for it and its attempt, if any (one query)."""
    items = (
        SessionItem.objects.filter(session=session)
        .select_related("issued__attempt")
        .only(
            "position",
            "issued__token",
            "issued__family",
            "issued__attempt__id",
            "issued__attempt__correct",
            "issued__attempt__misconception",
        )
    )
    by_position = {item.position: item.issued for item in items}
    retried = _retries_answered(owner, session)
    rows = []
    for position, item in enumerate(session.plan):
        if "retry" in item:
            right = retried.get(item["retry"])
            rows.append(
                {
                    "position": position + 1,
                    "family_label": _("Jugada de tus manos"),
                    "target": "",
                    "review": False,
                    "issued": None,
                    "retry_id": item["retry"],
                    "attempt": None if right is None else RetryResult(right),
                    "misconception": "",
                }
            )
            continue
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


@dataclass(frozen=True)
class RetryResult:
    """A retry answered during the session, read like an attempt by the summary."""

    correct: bool


def _retries_answered(owner: Owner, session: PracticeSession) -> dict[int, bool]:
    """The last answer, since the session began, to each retry of its plan (a retry's id → right)."""
    ids = [item["retry"] for item in session.plan if "retry" in item]
    if not ids:
        return {}
    answers = TableRetryAnswer.objects.filter(
        item_id__in=ids, item__in=TableRetry.objects.filter(owner.q), answered_at__gte=session.created_at
    ).order_by("answered_at", "pk")
    return {a.item_id: a.right for a in answers}


def place_of(session: PracticeSession, position: int) -> str:
    """Where a session's question sits, for its heading: "Sesión mixta · 3 de 10", "Repaso · 2 de 6"."""
    return _("%(name)s · %(n)s de %(total)s") % {
        "name": session.name,
        "n": position + 1,
        "total": len(session.plan),
    }
