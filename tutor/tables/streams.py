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

import asyncio
import contextvars
import functools
import logging
from concurrent.futures import ThreadPoolExecutor

from django.db import close_old_connections
from django_redis import get_redis_connection

from tutor.live import pulse, stream

log = logging.getLogger(__name__)

# The streams' reads of the database (a version, a seat's region) run on these few threads of the
# stream worker, each keeping its connection as a sync worker does (CONN_MAX_AGE, closed when broken
# or old): one connection a thread, never one a read. A connection opened and closed for every read
# cost PostgreSQL a new backend each time, and a seat's region after every play is three reads a play.
READERS = 4
_readers = ThreadPoolExecutor(max_workers=READERS, thread_name_prefix="tables-stream")


def _with_connection(func, *args):
    close_old_connections()
    try:
        return func(*args)
    finally:
        close_old_connections()


async def in_reader(func, *args):
    """``func(*args)`` on one of the readers' threads (in this context: the viewer's language)."""
    context = contextvars.copy_context()
    call = functools.partial(context.run, _with_connection, func, *args)
    return await asyncio.get_running_loop().run_in_executor(_readers, call)


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

    seen = services.look(token, user_id, plain=False)
    return (-1, 0, 0) if seen is None else (seen.table.version, 0, 0)


async def _drawn(draw, version: int):
    """``draw(version)`` on a reader; None (the version alone: the page fetches) when it fails (the database
    away), so that the stream goes on rather than breaking at every change."""
    try:
        return await in_reader(draw, version)
    except Exception:
        log.warning("could not draw a table's region for its stream: the page fetches it", exc_info=True)
        return None


def events(code: str, token: str, user_id: int, draw=None):
    """The table's text/event-stream: after its first version, each new version as the seat's region
    drawn by ``draw(version)`` (the version the message brought; (version, markup) or None: then the
    version alone, for the page to fetch)."""
    return stream.events(
        key(code),
        projector=False,
        read=lambda: in_reader(_versions, token, user_id),
        draw=None if draw is None else lambda version: _drawn(draw, version),
    )
