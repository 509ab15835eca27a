"""How a round's pages learn that something changed, across every app instance: two counters in the
shared cache (Redis in production), read by the polls before any session or database work.

- stage: grows on reveal, next question and finish (the phones' version);
- answers: grows on every recorded answer (with stage, the projector's version).

The database is the truth: a counter missing from the cache (evicted, Redis restarted) is read back
from it, so a lost counter can only cost one full render, never a missed change.
"""

from __future__ import annotations

from django.core.cache import cache
from django.db import transaction

from tutor.live.models import LiveAnswer, Round
from tutor.practice.models import only_row

KEEP_SECONDS = 24 * 3600


def _stage_key(code: str) -> str:
    return f"live:{code}:stage"


def _answers_key(code: str) -> str:
    return f"live:{code}:answers"


def _from_database(code: str) -> tuple[int, int]:
    stage = only_row(Round.objects.filter(code=code).values_list("stage", flat=True))
    if stage is None:  # no such round: nothing to keep (a guessed code must not fill the cache)
        return (-1, -1)
    values = (stage, LiveAnswer.objects.filter(question__round__code=code).count())
    cache.set_many({_stage_key(code): values[0], _answers_key(code): values[1]}, KEEP_SECONDS)
    return values


def versions(code: str) -> tuple[int, int]:
    """(stage, answers) of the round with this code."""
    found = cache.get_many([_stage_key(code), _answers_key(code)])
    if len(found) < 2:
        return _from_database(code)
    return found[_stage_key(code)], found[_answers_key(code)]


def phone_version(code: str) -> str:
    return str(versions(code)[0])


def projector_version(code: str) -> str:
    stage, answers = versions(code)
    return f"{stage}.{answers}"


def stage_changed(code: str, stage: int) -> None:
    """Publish the round's new stage once the transaction that set it has committed."""
    transaction.on_commit(lambda: cache.set(_stage_key(code), stage, KEEP_SECONDS))


def answer_recorded(code: str) -> None:
    """Count one more answer once it is committed (a reader then finds it in the database)."""

    def publish() -> None:
        try:
            cache.incr(_answers_key(code))
        except ValueError:  # not in the cache: the database count includes this answer already
            _from_database(code)

    transaction.on_commit(publish)
