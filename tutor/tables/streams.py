"""A small adapter over the live rounds' real-time machinery (``tutor.live.stream``): a table's
server-sent events are a live stream keyed «mesa-<code>», whose version is the table's ``version``.

The table publishes on the live rounds' Redis channel in their message format ("<key> <version> 0 0"),
so each instance's one subscriber wakes this table's streams too. The stream reads the table's own
version from the database (``_versions``) when it opens, after its subscriber reconnects and every
``stream.REFRESH_SECONDS``: a lost message delays a change by that much at most, never hides it. That
read is also the streaming person's presence (their seat is not "away" while its stream is open, since
the page drops its polls then) and lets a bot play for a seat whose person has gone.
"""

from __future__ import annotations

import logging

from django_redis import get_redis_connection

from tutor.live import pulse, stream

log = logging.getLogger(__name__)


def key(code: str) -> str:
    return f"mesa-{code}"


def announce(code: str, version: int) -> None:
    try:
        get_redis_connection("default").publish(pulse.CHANNEL, f"{key(code)} {version} 0 0")
    except NotImplementedError:  # no Redis (one process, the tests): the pages poll
        pass
    except Exception:  # Redis unreachable: the polls still see the change
        log.warning("could not publish table %s's change", code, exc_info=True)


def _versions(token: str, user_id: int) -> tuple[int, int, int]:
    """The table's version as a stream's counters, read from the database (the truth), after marking the
    person streaming as here and letting a bot play for a seat whose person is away."""
    from tutor.tables import services

    seen = services.look(token, user_id)
    return (-1, 0, 0) if seen is None else (seen.table.version, 0, 0)


def events(code: str, token: str, user_id: int):
    """The table's text/event-stream: one ``data:`` line per version its page must fetch."""
    read = stream.in_thread(_versions)
    return stream.events(key(code), projector=False, read=lambda: read(token, user_id))
