"""The live bench's own client (bench/live_load.py), without servers: its projector takes each stream
event once, and its watchdog names what holds its event loop. Two full runs on 2026-12-06 froze every
page for 11.5-11.8 s: a projector's event older than its page in one count (two instances' messages
crossed) left the page's version, the larger of each count, different from the event's, and the
projector's loop went round without ever yielding until the question's time limit sent the reveal.
A run cannot cross two instances' messages on purpose, so a small server here sends the board and a
stream whose one event is such an older count."""

import argparse
import asyncio
import re
import threading
import time

from bench import live_load

BOARD = (
    '<div data-version="0.5.6"><p data-live-count data-before="0" data-one="{n} de {m}" '
    'data-other="{n} de {m}" data-testid="answered">5 de 6</p></div>'
)


def _run(coro):
    """``asyncio.run`` in a thread of its own: a browser test before this one in the same worker leaves
    Playwright's event loop running in the main thread, where ``asyncio.run`` refuses to start."""
    out: dict = {}

    def target():
        try:
            out["value"] = asyncio.run(coro)
        except BaseException as error:  # noqa: BLE001 - raised again in the test's thread
            out["error"] = error

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if "error" in out:
        raise out["error"]
    return out["value"]


async def _board_and_crossed_stream(reader, writer) -> None:
    request = await reader.readline()
    while (await reader.readline()).strip():
        pass
    if b"/eventos/" in request:
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n\r\n")
        await asyncio.sleep(0.2)
        writer.write(b"data: 0.4.6\n\n")  # 4 answers: older than the 5 the board shows
        await writer.drain()
        await asyncio.sleep(10)
    else:
        body = BOARD.encode()
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n%s" % (len(body), body))
    writer.close()


async def _projector_beside_a_crossed_stream(
    seconds: float,
) -> tuple[live_load.LoopWatch, live_load.RoundLog]:
    server = await asyncio.start_server(_board_and_crossed_stream, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    client = live_load.Client(port, "session")
    client.stream_port = client.write_port = port
    log = live_load.RoundLog("ABCDE")
    args = argparse.Namespace(events=True, question_timeout=seconds, full_polls=False)
    watch, stop = live_load.LoopWatch(stalled=0.5), asyncio.Event()
    watching = asyncio.ensure_future(watch.run(stop))
    # Ends at its question's time limit (no phone answers): the reveal, then the stop.
    await live_load.projector(client, log, args, 6, time.monotonic() + seconds + 0.5)
    stop.set()
    await watching
    for task in client.tasks:
        task.cancel()
    await asyncio.gather(*client.tasks, return_exceptions=True)
    server.close()
    return watch, log


def test_a_projector_event_older_than_its_page_is_written_once_and_the_loop_keeps_running():
    watch, log = _run(_projector_beside_a_crossed_stream(2.0))
    # Before: the loop held 1.7 s (until the 2 s limit) and the page's count was read ~10^5 times.
    assert not watch.stalls, watch.summary()
    assert max(watch.lags) < 0.4, watch.summary()
    assert log.crossed == 1 and len(log.seen) < 20, (log.crossed, len(log.seen))
    assert 1 in log.reveals and not log.failures, log.failures


def _a_blocking_step() -> None:
    time.sleep(1.2)  # a synchronous call in a coroutine: nothing else runs meanwhile


async def _held_loop() -> live_load.LoopWatch:
    watch, stop = live_load.LoopWatch(stalled=0.5), asyncio.Event()
    watching = asyncio.ensure_future(watch.run(stop))
    await asyncio.sleep(0.2)
    _a_blocking_step()
    await asyncio.sleep(0.2)
    stop.set()
    await watching
    return watch


def test_the_watchdog_names_the_call_that_holds_the_event_loop():
    watch = _run(_held_loop())
    (stall,) = watch.stalls
    seconds, stack = stall
    assert seconds >= 0.5 and "_a_blocking_step" in stack and "time.sleep" in stack, stack
    assert "stalls over 0.5 s: 1\n  held 1." in watch.summary(), watch.summary()
    assert re.search(r"line \d+, in _a_blocking_step <-", watch.summary()), watch.summary()
