"""Attempts recorded the way practice records them: Issued + Attempt in one transaction, then
attempt_recorded inside it. Tests that need the real grading go through practice's submit()."""

from django.db import transaction

from engine.rules import GUIA
from engine.scenarios import ENGINE_VERSION, generate
from tutor.practice.identity import Owner
from tutor.practice.models import Attempt, Issued
from tutor.practice.signals import attempt_recorded


def owner_of(user) -> Owner:
    return Owner(user, "")


def anonymous(anon_id: str = "a" * 32) -> Owner:
    return Owner(None, anon_id)


def record(
    owner: Owner,
    *,
    correct: bool,
    family: str = "jugada",
    rule_ids: tuple[str, ...] = ("R-OBL-ASISTIR",),
    misconception: str = "",
    source_attempt: Attempt | None = None,
    seed: int = 1,
) -> Attempt:
    scenario = source_attempt.issued.scenario if source_attempt else generate(family, seed, 1, GUIA).to_dict()
    with transaction.atomic():
        issued = Issued.objects.create(
            **owner.fields,
            mode="repaso" if source_attempt else "familia",
            family=family,
            difficulty=1,
            seed=seed,
            rule_ids=list(rule_ids),
            rules=GUIA.to_dict(),
            scenario=scenario,
            source_attempt=source_attempt,
        )
        attempt = Attempt.objects.create(
            issued=issued,
            **owner.fields,
            mode=issued.mode,
            family=family,
            difficulty=1,
            rule_ids=list(rule_ids),
            rules=GUIA.to_dict(),
            answer="4c",
            correct=correct,
            misconception="" if correct else misconception,
            grade={},
            engine_version=ENGINE_VERSION,
            time_taken_ms=1000,
        )
        attempt_recorded.send(sender=Attempt, attempt=attempt)
    return attempt


def record_many(owner: Owner, results: str, **kwargs) -> list[Attempt]:
    """One attempt per character of `results`: "1" right, "0" wrong."""
    return [record(owner, correct=r == "1", **kwargs) for r in results]


def right_answer(issued: Issued) -> str | list[str]:
    """The answer key of an issued scenario in the form the answer view posts it."""
    scenario = issued.scenario
    answer = scenario["answer"]
    if scenario["answer_kind"] == "cards":
        return list(answer)
    if isinstance(answer, list):
        return str(answer[0])
    return str(answer)


def wrong_answer(issued: Issued) -> str | list[str] | None:
    """An answer the scenario takes but grades wrong; None when every card of the hand is right."""
    scenario = issued.scenario
    answer = scenario["answer"]
    kind = scenario["answer_kind"]
    if kind == "number":
        return str(int(answer) + 1)
    if kind == "card":
        return next((c for c in scenario["position"]["hand"] if c not in answer), None)
    if kind == "cards":
        return [c for c in scenario["position"]["hand"] if c not in answer][:1] or scenario["position"][
            "hand"
        ][:1]
    keys = answer if isinstance(answer, list) else [answer]
    return next((o["value"] for o in scenario["options"] if o["value"] not in keys), None)


def retry_item(row, seat: int):
    """A «Mis errores en la mesa» rule item at ``seat``'s first play of the kept hand ``row``, due now,
    graded by legality (as tutor.progress.retries makes one from a renuncio)."""
    from django.utils import timezone

    from engine import records
    from engine.analysis.retry import position
    from engine.bots.view import seat_view
    from tutor.progress.models import TableRetry

    record = records.read(row.text)
    plays = [e for e in record.events if isinstance(e, records.Play)]
    number = next(n for n, p in enumerate(plays) if p.seat == seat)
    view = seat_view(position(record, number), seat)
    grades = {c.code: "legal" if view.legal_mask() >> int(c) & 1 else "renuncio" for c in view.hand_cards()}
    return TableRetry.objects.create(
        learner=row.learner,
        anon_id=row.anon_id,
        record=row,
        play=number,
        seat=seat,
        kind=TableRetry.Kind.RULE,
        card=plays[number].card.code,
        grades=grades,
        due=timezone.now(),
    )
