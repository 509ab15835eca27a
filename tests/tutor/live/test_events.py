"""The live pages' server-sent events: a sync worker never holds a stream (204: the page polls);
under ASGI with Redis a stream sends the page's version at once and every change published by any
instance. The Redis tests need a Redis (LIVE_TEST_REDIS_URL, default database 7)."""

import asyncio
import os
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.test import AsyncClient
from django.urls import reverse

from tests.tutor.live.conftest import joined, right_and_wrong
from tutor.live import services
from tutor.live.stream import in_thread


def _run(coroutine_function):
    """Run the test's coroutine in a thread of its own: the browser tests' sync Playwright keeps an
    event loop running in the main thread, where asyncio.run() refuses to start another."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine_function()).result()


REDIS_URL = os.environ.get("LIVE_TEST_REDIS_URL", "redis://127.0.0.1:6379/7")
# Fixed ports, one Redis database that the fixtures flush, and waits timed in seconds: these
# tests run after the others, on their own (scripts/test runs the rest on every core).
pytestmark = pytest.mark.serial


def _events(live, projector=False) -> str:
    return reverse("live:projector_events" if projector else "live:phone_events", args=[live.code])


def test_a_sync_worker_answers_the_stream_with_204_so_the_page_polls(
    settings, alice_client, teresa_client, live
):
    settings.LIVE_EVENTS = True
    assert alice_client.get(_events(live)).status_code == 204
    assert teresa_client.get(_events(live, projector=True)).status_code == 204


@pytest.mark.django_db(transaction=True)
def test_under_asgi_the_streams_of_an_unknown_round_or_of_someone_elses_projector_are_refused(
    settings, alice, live
):
    settings.LIVE_EVENTS = True

    async def run() -> list[int]:
        alices = AsyncClient()
        await in_thread(alices.force_login)(alice)
        return [
            (await AsyncClient().get(reverse("live:phone_events", args=["ZZZZZZ"]))).status_code,
            (await AsyncClient().get(_events(live, projector=True))).status_code,
            (await alices.get(_events(live, projector=True))).status_code,
        ]

    assert _run(run) == [404, 403, 404]


@pytest.fixture
def redis_events(settings):
    """Redis as the cache (the counters and the channel), and the streams on."""
    import redis

    try:
        redis.Redis.from_url(REDIS_URL).flushdb()
    except redis.ConnectionError:
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(f"no Redis at {REDIS_URL}", pytrace=False)
        pytest.skip(f"no Redis at {REDIS_URL}")
    settings.CACHES = {"default": {"BACKEND": "django_redis.cache.RedisCache", "LOCATION": REDIS_URL}}
    settings.LIVE_EVENTS = True
    yield
    redis.Redis.from_url(REDIS_URL).flushdb()


async def _next(chunks, seconds: float = 5.0) -> bytes:
    return await asyncio.wait_for(anext(chunks), seconds)


@pytest.mark.django_db(transaction=True)
def test_under_asgi_a_phone_stream_sends_the_stage_at_once_and_the_reveal_when_it_happens(
    redis_events, alice, live
):
    joined(live, alice)

    async def run() -> None:
        response = await AsyncClient().get(_events(live))
        assert response.status_code == 200 and response["Content-Type"] == "text/event-stream"
        assert response["Cache-Control"] == "no-store"
        chunks = aiter(response.streaming_content)
        assert await _next(chunks) == b"retry: 1000\n\n"
        assert await _next(chunks) == b"data: 0\n\n"
        # Published through Redis once committed, as by any instance.
        await in_thread(services.reveal)(live=live)
        assert await _next(chunks) == b"data: 1\n\n"
        await in_thread(services.next_question)(live=live)
        assert await _next(chunks) == b"data: 2\n\n"
        response.close()

    _run(run)


@pytest.mark.django_db(transaction=True)
def test_under_asgi_the_projector_stream_sends_every_answer_count_to_its_teacher(
    redis_events, teresa, alice, bob, live
):
    question = live.questions.get(number=1)
    right, wrong = right_and_wrong(question)
    places = [joined(live, alice), joined(live, bob)]

    def answer(n: int, value: str) -> None:
        services.answer(live=live, participant=places[n], number=1, raw=value)

    async def run() -> None:
        client = AsyncClient()
        await in_thread(client.force_login)(teresa)
        response = await client.get(_events(live, projector=True))
        assert response.status_code == 200
        chunks = aiter(response.streaming_content)
        assert await _next(chunks) == b"retry: 1000\n\n"
        assert await _next(chunks) == b"data: 0.0.2\n\n"
        await in_thread(answer)(0, right)
        assert await _next(chunks) == b"data: 0.1.2\n\n"
        await in_thread(answer)(1, wrong)
        assert await _next(chunks) == b"data: 0.2.2\n\n"
        response.close()

    _run(run)


def test_a_phone_stream_is_woken_by_a_new_stage_only_and_the_projectors_by_every_count():
    """Every message of a round carries its answers and joins: a phone's stream, which sends the
    stage alone, is not woken by them (nor by an older stage, two instances' messages crossing)."""
    from tutor.live.stream import _Listener

    phone, board = _Listener("ABCDEF", stage_only=True), _Listener("ABCDEF")
    woken = []
    for counters in [(0, 0, 1), (0, 1, 1), (0, 1, 2), (1, 1, 2), (0, 5, 2), (1, 6, 3), (2, 6, 3)]:
        for listener in (phone, board):
            listener.changed.clear()
            listener.update(*counters)
        woken.append((phone.changed.is_set(), board.changed.is_set()))
    assert woken == [
        (True, True),  # the first reading
        (False, True),  # an answer
        (False, True),  # somebody joined
        (True, True),  # the reveal
        (False, True),  # an older stage with a newer count: the count only
        (False, True),
        (True, True),  # the next question
    ]
    assert phone.counters == board.counters == (2, 6, 3)
