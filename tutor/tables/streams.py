"""A small adapter over the live rounds' real-time machinery (``tutor.live.stream``): a table's
server-sent events are a live stream keyed «mesa-<code>», whose version is the table's ``version``.

The table publishes on the live rounds' Redis channel in their message format ("<key> <version> 0 0"),
so each instance's one subscriber wakes this table's streams too. The stream refreshes from the live
counters, which do not know tables; a lost message therefore waits for the page's own poll (every few
seconds), never hides a change. This belongs in a shared tutor/lib/streams once live's listener is
settled: a keyed version channel with a version reader per kind of key.
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


def events(code: str):
    """The table's text/event-stream: one ``data:`` line per version its page must fetch."""
    return stream.events(key(code), projector=False)
