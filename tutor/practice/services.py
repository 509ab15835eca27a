"""Issuing scenarios to a learner and grading their answers: the writes of the practice app.

Other apps (lessons, progress, classroom) issue scenarios with their own ``mode``, link the row to
what it belongs to with a one-to-one key of their own (tutor/practice/origins.py) and listen to
``attempt_recorded``; they never write Issued or Attempt rows themselves.
"""

from __future__ import annotations

import random
from datetime import timedelta

from django.db import IntegrityError, router, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from engine.rules import GUIA, TableRules
from engine.scenarios import ENGINE_VERSION, AnswerError, Grade, Scenario, generate, grade
from tutor.lib.inserts import insert
from tutor.lib.prepared import Compiled, Prepared, rows
from tutor.practice import origins
from tutor.practice.identity import Owner
from tutor.practice.models import Attempt, Issued, Mode
from tutor.practice.signals import attempt_recorded

# Time taken is measured on the server from issue to answer; a tab left open overnight is not
# "thinking time", so it is capped.
MAX_TIME_TAKEN = timedelta(hours=1)
SEED_RANGE = 2**31

_seeds = random.SystemRandom()


class AnswerRejected(Exception):
    """An answer that was not recorded; ``message`` says why, in Spanish."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class ScenarioNotFound(AnswerRejected):
    """No scenario with this token was issued to this owner (another owner's token looks the same)."""

    def __init__(self) -> None:
        super().__init__(_("Este ejercicio no existe."))


def issue(
    *,
    owner: Owner,
    mode: str,
    family: str,
    difficulty: int = 1,
    rules: TableRules = GUIA,
    target: str | None = None,
    fixed_id: str = "",
    source_attempt: Attempt | None = None,
    seed: int | None = None,
    scenario: Scenario | None = None,
) -> Issued:
    """Generate (or take) a scenario and store it, position and answer key, for this owner.

    Raises engine.scenarios.ScenarioError for an unknown family, difficulty or target; callers
    validate user input with a form first.
    """
    if mode not in Mode.values:
        raise ValueError(f"unknown practice mode {mode!r}")
    if scenario is None:
        if seed is None:
            seed = _seeds.randrange(SEED_RANGE)
        scenario = generate(family, seed, difficulty, rules, target)
    issued = Issued(
        **owner.fields,
        mode=mode,
        family=scenario.family,
        difficulty=scenario.difficulty,
        seed=scenario.seed,
        fixed_id=fixed_id or scenario.fixed_id or "",
        target=target or "",
        rule_ids=list(scenario.rule_ids),
        rules=scenario.rules.to_dict(),
        scenario=scenario.to_dict(),
        source_attempt=source_attempt,
    )
    insert(issued)
    issued.keep_scenario(scenario)  # what get_scenario() would read back from the row: not rebuilt
    return issued


def attempt_of(issued: Issued) -> Attempt | None:
    """The answer recorded for ``issued``, or None while it is open (select_related("attempt") saves a query)."""
    try:
        return issued.attempt
    except Attempt.DoesNotExist:
        return None


def _time_taken_ms(issued: Issued, answered_at=None) -> int:
    taken = (answered_at or timezone.now()) - issued.issued_at
    taken = min(max(taken, timedelta(0)), MAX_TIME_TAKEN)
    return int(taken.total_seconds() * 1000)


def _log_attempt(issued: Issued, result, answered_at=None) -> Attempt:
    """The attempt of ``issued`` graded ``result``, and ``attempt_recorded`` (inside the caller's
    transaction): the one place an answer is logged. ``answered_at``: when the answer was given, for
    an answer logged after the fact (a live round's, at its question's close); now by default."""
    attempt = Attempt(
        issued=issued,
        learner_id=issued.learner_id,
        anon_id=issued.anon_id,
        mode=issued.mode,
        family=issued.family,
        difficulty=issued.difficulty,
        rule_ids=issued.rule_ids,
        rules=issued.rules,
        answer=result.given,
        correct=result.correct,
        misconception=result.misconception or "",
        grade=result.to_dict(),
        engine_version=result.engine_version or ENGINE_VERSION,
        time_taken_ms=_time_taken_ms(issued, answered_at),
    )
    insert(attempt)  # Attempt.objects.create(...)'s row, its INSERT built once per process
    if answered_at is not None:  # auto_now_add cannot be given at insert
        Attempt.objects.filter(pk=attempt.pk).update(created_at=answered_at)
        attempt.created_at = answered_at
    attempt_recorded.send(sender=Attempt, attempt=attempt)
    return attempt


def grade_answer(scenario: Scenario, raw) -> Grade:
    """The engine's grade of ``raw`` (form strings, or an answer as the engine reads it: a grade's
    ``given``) for ``scenario``; nothing is recorded. Raises AnswerRejected for an answer the
    scenario cannot take."""
    try:
        return grade(scenario, raw)
    except AnswerError as exc:
        raise AnswerRejected(str(exc)) from None


def log_graded(
    *, owner: Owner, mode: str, scenario: Scenario, result: Grade, issued_at, answered_at
) -> Attempt:
    """Issue ``scenario`` to ``owner`` and log the answer ``result`` graded, for a question answered
    where it was shown (a live round's): put at ``issued_at`` (the time taken runs from it),
    answered at ``answered_at`` (progress counts it then). Call inside a transaction: the caller
    makes the answer unique."""
    issued = issue(owner=owner, mode=mode, family=scenario.family, scenario=scenario)
    Issued.objects.filter(pk=issued.pk).update(issued_at=issued_at)  # auto_now_add, as above
    issued.issued_at = issued_at
    return _log_attempt(issued, result, answered_at)


def _fields(model) -> list[str]:
    return [f.attname for f in model._meta.concrete_fields]


def _locking(token: str, **ids) -> Compiled:
    """The scenario of ``token`` issued to the owner of ``ids`` (``Owner.ids``), locked, its columns
    then its attempt's (all None while it is open)."""
    found = Issued.objects.select_for_update(of=("self",)).filter(Owner.by_id(**ids).q, token=token)
    return rows(found.values_list(*_fields(Issued), *[f"attempt__{name}" for name in _fields(Attempt)])[:1])


_LOCKING = Prepared(_locking)  # the answer's first query: compiled once per process, not per answer


def _locked(token: str, owner: Owner) -> Issued | None:
    """``Issued.objects.select_for_update(of=("self",)).select_related("attempt").filter(owner.q,
    token=token)``'s row, or None: call inside a transaction."""
    found = _LOCKING(token=token, **owner.ids)
    if not found:
        return None
    row, using, columns = found[0], router.db_for_write(Issued), _fields(Issued)
    issued = Issued.from_db(using, columns, row[: len(columns)])
    attempt_columns, attempt_row = _fields(Attempt), row[len(columns) :]
    attempt = None
    if attempt_row[attempt_columns.index(Attempt._meta.pk.attname)] is not None:
        attempt = Attempt.from_db(using, attempt_columns, attempt_row)
        Attempt.issued.field.set_cached_value(attempt, issued)
    Issued.attempt.related.set_cached_value(issued, attempt)  # attempt_of() reads it, no query
    return issued


def submit(*, owner: Owner, token: str, raw: str | list[str]) -> tuple[Attempt, bool]:
    """Grade an answer to a scenario issued to ``owner`` and log it once.

    Returns (attempt, created); a replayed or concurrent second answer returns the attempt already
    logged with created=False and changes nothing. Raises ScenarioNotFound for a token not issued
    to this owner and AnswerRejected for an answer the scenario cannot take, or for a question its
    origin has closed (nothing is recorded).
    ``attempt_recorded`` is sent inside the transaction, exactly once per attempt.
    """
    issued = None
    inserting = False
    try:
        with transaction.atomic():
            # The row lock serialises two answers to the same scenario on PostgreSQL; on SQLite the
            # IMMEDIATE transaction does. The one-to-one constraint is the last word either way.
            # The earlier attempt, if any, comes in the same query (only the scenario row is locked:
            # an outer join's nullable side cannot be). The query is built once per process.
            issued = _locked(token, owner)
            if issued is None:
                raise ScenarioNotFound()
            existing = attempt_of(issued)
            if existing is not None:
                return existing, False
            if reason := origins.closed(issued):  # its class was left or archived, say
                raise AnswerRejected(reason)
            result = grade_answer(issued.get_scenario(), raw)
            inserting = True
            attempt = _log_attempt(issued, result)
            inserting = False
    except IntegrityError:
        # A concurrent answer logged its attempt first: the whole transaction was rolled back (no
        # savepoint needed around the insert) and the recorded attempt is read afresh.
        existing = Attempt.objects.filter(issued=issued).first() if inserting else None
        if existing is None:
            raise
        return existing, False
    return attempt, True
