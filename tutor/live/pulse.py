"""How a round's pages learn that something changed, across every app instance: three counters in the
shared cache (Redis in production), read by the polls before any session or database work.

- stage: grows on reveal, next question and finish (the phones' version);
- answers: grows on every recorded answer;
- joined: grows when somebody joins (with stage and answers, the projector's version
  «stage.answers.joined»: its count reads «N of M have answered»).

The database is the truth: a counter missing from the cache (evicted, Redis restarted) is read back
from it, so a lost counter can only cost one full render, never a missed change.

Every change is also published on one Redis pub/sub channel (``CHANNEL``, "<code> <stage> <answers> <joined>"),
which the server-sent events of ``tutor.live.stream`` listen to; without Redis nothing is published
and the pages poll.
"""

from __future__ import annotations

import logging

from django.core.cache import cache
from django.db import transaction
from django_redis import get_redis_connection

from tutor.live.models import LiveAnswer, Participant, Round
from tutor.practice.models import only_row

KEEP_SECONDS = 24 * 3600
CHANNEL = "live:changes"
log = logging.getLogger(__name__)


def _stage_key(code: str) -> str:
    return f"live:{code}:stage"


def _answers_key(code: str) -> str:
    return f"live:{code}:answers"


def _joined_key(code: str) -> str:
    return f"live:{code}:joined"


def _keys(code: str) -> tuple[str, str, str]:
    return _stage_key(code), _answers_key(code), _joined_key(code)


# Rounds whose counter this process could not move (Redis unreachable at that moment): the next
# read here rewrites it from the database, for every instance.
_unsure: set[str] = set()


def _from_database(code: str) -> tuple[int, int, int]:
    stage = only_row(Round.objects.filter(code=code).values_list("stage", flat=True))
    if stage is None:  # no such round: nothing to keep (a guessed code must not fill the cache)
        return (-1, -1, -1)
    values = (
        stage,
        LiveAnswer.objects.filter(question__round__code=code).count(),
        Participant.objects.filter(round__code=code).count(),
    )
    try:
        cache.set_many(dict(zip(_keys(code), values, strict=True)), KEEP_SECONDS)
    except Exception:  # Redis unreachable: the database answered; try again on the next read
        log.warning("could not keep round %s's counters", code, exc_info=True)
        _unsure.add(code)
    else:
        _unsure.discard(code)
    return values


def versions(code: str) -> tuple[int, int, int]:
    """(stage, answers, joined) of the round with this code: from the counters, or from the database when
    they are missing, unsure or out of reach (Redis down costs queries, never a change)."""
    if code in _unsure:
        return _from_database(code)
    try:
        found = cache.get_many(_keys(code))
    except Exception:
        log.warning("could not read round %s's counters", code, exc_info=True)
        _unsure.add(code)
        return _from_database(code)
    if len(found) < 3:
        return _from_database(code)
    return tuple(found[key] for key in _keys(code))


def phone_version(code: str) -> str:
    return str(versions(code)[0])


def projector_version(code: str) -> str:
    return ".".join(map(str, versions(code)))


def parse_message(data: bytes | str) -> tuple[str, int, int, int] | None:
    """(code, stage, answers, joined) of a message on CHANNEL; None for anything else."""
    if isinstance(data, bytes):
        data = data.decode("ascii", "replace")
    parts = data.split()
    if len(parts) != 4 or not all(
        part.lstrip("-").isascii() and part.lstrip("-").isdigit() for part in parts[1:]
    ):
        return None
    return parts[0], int(parts[1]), int(parts[2]), int(parts[3])


def _announce(code: str) -> None:
    """Tell the streams of every instance the round's versions (a lost message costs a stream's
    next refresh, never a missed change: the counters stay the truth)."""
    stage, answers, joined = versions(code)
    try:
        get_redis_connection("default").publish(CHANNEL, f"{code} {stage} {answers} {joined}")
    except NotImplementedError:  # no Redis (a single process, the tests): no streams, the pages poll
        pass
    except Exception:  # Redis unreachable: the polls and the streams' refresh still see the change
        log.warning("could not publish round %s's change", code, exc_info=True)


def round_started(code: str) -> None:
    """A new round's counters, at once: the answers' increments then always find their counter
    (rebuilding a missing one from the database while answers commit could count one twice)."""
    try:
        cache.set_many(dict.fromkeys(_keys(code), 0), KEEP_SECONDS)
    except Exception:
        log.warning("could not start round %s's counters", code, exc_info=True)
        _unsure.add(code)


def stage_changed(code: str, stage: int) -> None:
    """Publish the round's new stage once the transaction that set it has committed."""

    def publish() -> None:
        try:
            cache.set(_stage_key(code), stage, KEEP_SECONDS)
        except Exception:  # the change is committed; the counter is rewritten at the next read
            log.warning("could not move round %s's stage", code, exc_info=True)
            _unsure.add(code)
        _announce(code)

    transaction.on_commit(publish)


def _counted(code: str, key: str, what: str) -> None:
    """Count one more ``what`` in ``key`` once it is committed (a reader then finds it in the
    database), and announce it."""

    def publish() -> None:
        try:
            cache.incr(key)
        except ValueError:  # not in the cache: the database count includes this one already
            _from_database(code)
        except Exception:  # it is committed; the counter is rewritten at the next read
            log.warning("could not count %s of round %s", what, code, exc_info=True)
            _unsure.add(code)
        _announce(code)

    transaction.on_commit(publish)


def answer_recorded(code: str) -> None:
    _counted(code, _answers_key(code), "an answer")


def participant_joined(code: str) -> None:
    _counted(code, _joined_key(code), "a participant")
