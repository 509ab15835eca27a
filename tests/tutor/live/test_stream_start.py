"""The stream server's Redis subscriber on a fresh start: the first stream is the projector's and the
subscriber's first start fails (as the import race inside redis-py's pub/sub set-up made it fail in
7 of 8 fresh starts). It starts again by itself, and the projector's count arrives at once, not at
the stream's 10-second refresh. Our own redis-server (tests/redis_server.py)."""

import asyncio

import pytest
import redis.asyncio
from django.test import AsyncClient
from django.urls import reverse

from tests.redis_server import redis_server
from tests.tutor.live.conftest import joined, right_and_wrong
from tests.tutor.live.test_events import _next, _run
from tutor.live import services, stream

__all__ = ["redis_server"]


@pytest.fixture
def failing_first_start(monkeypatch):
    """The subscriber's first connection fails as the import race did; later ones work."""
    real = redis.asyncio.Redis.from_url.__func__
    calls = []

    def from_url(cls, *args, **kwargs):
        calls.append(args)
        if len(calls) == 1:
            raise ImportError("cannot import name 'PubSub' from partially initialized module")
        return real(cls, *args, **kwargs)

    monkeypatch.setattr(redis.asyncio.Redis, "from_url", classmethod(from_url))
    return calls


@pytest.mark.django_db(transaction=True)
def test_a_fresh_start_whose_first_stream_is_the_projectors_gets_every_count(
    redis_server, settings, failing_first_start, teresa, alice, live
):
    settings.LIVE_EVENTS = True
    stream._hubs.clear()  # a fresh worker
    right, _wrong = right_and_wrong(live.questions.get(number=1))
    place = joined(live, alice)

    async def run() -> None:
        client = AsyncClient()
        await stream.in_thread(client.force_login)(teresa)
        response = await client.get(reverse("live:projector_events", args=[live.code]))
        assert response.status_code == 200
        chunks = aiter(response.streaming_content)
        assert await _next(chunks) == b"retry: 1000\n\n"
        assert await _next(chunks) == b"data: 0.0.1\n\n"
        await asyncio.sleep(1.0)  # the subscriber has failed and started again by now
        await stream.in_thread(services.answer)(live=live, participant=place, number=1, raw=right)
        assert await _next(chunks, 3.0) == b"data: 0.1.1\n\n"
        response.close()

    _run(run)
    assert len(failing_first_start) >= 2
