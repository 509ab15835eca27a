"""How a round's pages learn that something changed, across every app instance: two counters in the
shared cache (Redis in production), read by the polls before any session or database work.

- stage: grows on reveal, next question and finish (the phones' version);
- answers: grows on every recorded answer (with stage, the projector's version).

The database is the truth: a counter missing from the cache (evicted, Redis restarted) is read back
from it, so a lost counter can only cost one full render, never a missed change.

Every change is also published on one Redis pub/sub channel (``CHANNEL``, "<code> <stage> <answers>"),
which the server-sent events of ``tutor.live.stream`` listen to; without Redis nothing is published
and the pages poll.
"""

from __future__ import annotations

import logging

from django.core.cache import cache
from django.db import transaction
from django_redis import get_redis_connection

from tutor.live.models import LiveAnswer, Round
from tutor.practice.models import only_row

KEEP_SECONDS = 24 * 3600
CHANNEL = "live:changes"
log = logging.getLogger(__name__)


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


def parse_message(data: bytes | str) -> tuple[str, int, int] | None:
    """(code, stage, answers) of a message on CHANNEL; None for anything else."""
    if isinstance(data, bytes):
        data = data.decode("ascii", "replace")
    parts = data.split()
    if len(parts) != 3 or not parts[1].lstrip("-").isdigit() or not parts[2].lstrip("-").isdigit():
        return None
    return parts[0], int(parts[1]), int(parts[2])


def _announce(code: str) -> None:
    """Tell the streams of every instance the round's versions (a lost message costs a stream's
    next refresh, never a missed change: the counters stay the truth)."""
    stage, answers = versions(code)
    try:
        get_redis_connection("default").publish(CHANNEL, f"{code} {stage} {answers}")
    except NotImplementedError:  # no Redis (a single process, the tests): no streams, the pages poll
        pass
    except Exception:  # Redis unreachable: the polls and the streams' refresh still see the change
        log.warning("could not publish round %s's change", code, exc_info=True)


def stage_changed(code: str, stage: int) -> None:
    """Publish the round's new stage once the transaction that set it has committed."""

    def publish() -> None:
        cache.set(_stage_key(code), stage, KEEP_SECONDS)
        _announce(code)

    transaction.on_commit(publish)


def answer_recorded(code: str) -> None:
    """Count one more answer once it is committed (a reader then finds it in the database)."""

    def publish() -> None:
        try:
            cache.incr(_answers_key(code))
        except ValueError:  # not in the cache: the database count includes this answer already
            _from_database(code)
        _announce(code)

    transaction.on_commit(publish)
