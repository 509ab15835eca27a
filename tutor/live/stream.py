"""Server-sent events of a round's versions, for pages served by an ASGI worker (uvicorn).

One subscriber per worker process listens to pulse.CHANNEL on Redis and wakes the streams of the
round that changed; each stream sends the version its page shows (the phone's stage, the projector's
«stage.answers.joined») whenever it changes, and the page then fetches its region as a poll would. An idle
phone costs an open socket and a few hundred bytes of memory in the event loop, not a worker.

The counters in the cache stay the truth: a stream reads them when it opens, after its subscriber
(re)connects and every REFRESH_SECONDS, so a lost message delays a change, never hides it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import connections

# Imported with this module, at the worker's start (tutor.asgi): imported by the first stream's task
# instead, it raced the thread reading that stream's counters and crashed the subscriber.
from redis import asyncio as aioredis

from tutor.live import pulse

log = logging.getLogger(__name__)
REFRESH_SECONDS = 10.0
# The projector's count: at most one event per gap (a room answering at once is one render, not 60).
PROJECTOR_GAP_SECONDS = 0.15
# A stream ends after this long; the browser reconnects by itself (the proxy's time-outs stay short).
MAX_SECONDS = 600.0
RETRY_MS = 1000
# A stream waits this long at most for its worker's subscription before it reads the counters.
SUBSCRIBE_SECONDS = 1.0
RESTART_SECONDS = 0.5


class _Listener:
    """One stream's view of its key's counters. ``stage_only``: the stream sends the stage alone (a
    phone's, a table's), so only a new stage wakes it; the answers and joins of its room, which
    every message of the round carries, do not (60 phones woken by each of 60 answers was most of
    an event loop's work while a room answered)."""

    def __init__(self, code: str, stage_only: bool = False) -> None:
        self.code = code
        self.stage_only = stage_only
        self.counters = (-1, -1, -1)  # stage, answers, joined (pulse.versions)
        self.stale = False
        self.changed = asyncio.Event()

    @property
    def stage(self) -> int:
        return self.counters[0]

    def update(self, *counters: int) -> None:
        # Two instances publish independently: messages may cross, the counters only grow.
        grown = tuple(max(new, old) for new, old in zip(counters, self.counters, strict=True))
        if grown != self.counters:
            woken = not self.stage_only or grown[0] != self.counters[0]
            self.counters = grown
            if woken:
                self.changed.set()


class _Hub:
    """This process's one subscription to the channel, shared by all its streams.

    Its task is started by the first stream, and started again whenever it ends, whatever ended it
    (a crash on a fresh start's first stream left every stream of that worker on its 10-second
    refresh). A stream waits for the subscription before it reads the counters, so no change
    published after the read can pass unseen."""

    def __init__(self) -> None:
        self.listeners: dict[str, set[_Listener]] = {}
        self.task: asyncio.Task | None = None
        self.subscribed = asyncio.Event()

    def add(self, code: str, stage_only: bool = False) -> _Listener:
        listener = _Listener(code, stage_only)
        self.listeners.setdefault(code, set()).add(listener)
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self._run())
        return listener

    async def ready(self) -> None:
        """Wait for the subscription, at most SUBSCRIBE_SECONDS (Redis away: the stream then
        refreshes from the counters)."""
        try:
            await asyncio.wait_for(self.subscribed.wait(), SUBSCRIBE_SECONDS)
        except TimeoutError:
            pass

    def remove(self, listener: _Listener) -> None:
        room = self.listeners.get(listener.code, set())
        room.discard(listener)
        if not room:
            self.listeners.pop(listener.code, None)

    def _wake_all(self) -> None:
        for room in self.listeners.values():
            for listener in room:
                listener.stale = True
                listener.changed.set()

    async def _run(self) -> None:
        """Subscribe for as long as the worker runs (one idle connection; stopping when no stream is
        open would race the next one to open), starting again after any failure."""
        while True:
            try:
                await self._listen()
            except Exception:  # Redis went away, or anything else: the streams refresh meanwhile
                log.warning("live stream subscriber stopped; starting it again", exc_info=True)
            self.subscribed.clear()
            self._wake_all()
            await asyncio.sleep(RESTART_SECONDS)

    async def _listen(self) -> None:
        client = aioredis.Redis.from_url(
            settings.CACHES["default"]["LOCATION"],
            socket_connect_timeout=settings.REDIS_TIMEOUT,
            socket_timeout=settings.REDIS_TIMEOUT,
        )
        try:
            async with client.pubsub() as pubsub:
                await pubsub.subscribe(pulse.CHANNEL)
                self.subscribed.set()
                self._wake_all()  # anything published before the subscription: read the counters
                while True:
                    message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=5.0)
                    found = pulse.parse_message(message["data"]) if message else None
                    if found is not None:
                        code, *counters = found
                        for listener in self.listeners.get(code, ()):
                            listener.update(*counters)
        finally:
            await client.aclose()


_hubs: dict[asyncio.AbstractEventLoop, _Hub] = {}


def _hub() -> _Hub:
    loop = asyncio.get_running_loop()
    for old in [other for other in _hubs if other.is_closed()]:
        del _hubs[old]
    return _hubs.setdefault(loop, _Hub())


def in_thread(func):
    """``func`` as a coroutine run in a worker thread that closes its database connections after: under
    ASGI each request's sync code gets a thread of its own, so a persistent connection left open there
    would never be used again (65 of them in half a minute of the benchmark, then "too many clients")."""

    def run(*args, **kwargs):
        try:
            return func(*args, **kwargs)
        finally:
            connections.close_all()

    return sync_to_async(run, thread_sensitive=False)


versions = in_thread(pulse.versions)


def region_event(version: int, html: str) -> str:
    """A ``region`` event: the version on its first data line, then the region's markup (one data
    line per line of it, without its indentation and blank lines: the same markup to a browser)."""
    body = "\ndata: ".join(line.lstrip() for line in html.splitlines() if line.strip())
    return f"event: region\ndata: {version}\ndata: {body}\n\n"


async def events(code: str, projector: bool, read=None, draw=None) -> AsyncIterator[str]:
    """The text/event-stream of round ``code``: one ``data:`` line per version its page must fetch.

    ``read``: a coroutine function returning the key's counters from the truth (the round's by default),
    awaited when the stream opens, after its subscriber (re)connects and every REFRESH_SECONDS (another
    kind of key, a table's, brings its own).

    ``draw`` (a stage-only stream): a coroutine function of the version that woke the stream, returning
    (version, markup) of the page's region as its viewer would fetch it now (that version or a later
    one), or None. After the first event (the version the stream
    opened at: the page has just been drawn), each new version is sent as that region (a ``region``
    event, ``region_event``) so the page need not fetch it; None sends the version, to be fetched."""
    read = read or (lambda: versions(code))
    hub = _hub()
    listener = hub.add(code, stage_only=not projector)
    try:
        await hub.ready()
        listener.update(*await read())
        yield f"retry: {RETRY_MS}\n\n"
        loop = asyncio.get_running_loop()
        ends = loop.time() + MAX_SECONDS
        sent = None
        while loop.time() < ends:
            version = ".".join(map(str, listener.counters)) if projector else str(listener.stage)
            if version != sent:
                drawn = await draw(listener.stage) if draw is not None and sent is not None else None
                if drawn is not None and drawn[0] >= listener.stage:
                    # The region as it is now (it may be newer than the message that woke the stream).
                    listener.update(drawn[0], *listener.counters[1:])
                    sent = str(listener.stage)
                    yield region_event(listener.stage, drawn[1])
                    continue
                yield f"data: {version}\n\n"
                sent = version
                if projector:
                    await asyncio.sleep(PROJECTOR_GAP_SECONDS)
            try:
                await asyncio.wait_for(listener.changed.wait(), REFRESH_SECONDS)
            except TimeoutError:
                listener.stale = True
                yield ": sigue\n\n"  # a comment: keeps proxies from closing an idle stream
            listener.changed.clear()
            if listener.stale:
                listener.stale = False
                listener.update(*await read())
    finally:
        hub.remove(listener)
