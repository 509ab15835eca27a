"""A table of four people served as the README deploys it: two app instances (gunicorn, sync workers)
for pages and moves, and two stream instances (gunicorn with a uvicorn worker, tutor.asgi) sharing the
test's PostgreSQL database and a Redis. Each seat holds its table's server-sent stream open (two seats on
each stream instance); every move, posted by its seat through a form on one of the app instances,
reaches the other three seats' streams (as each seat's region, drawn by the stream instance), and nothing
a seat receives (pages, polls, events) holds another seat's unplayed card. Needs PostgreSQL (DATABASE_URL) and Redis (TABLES_TEST_REDIS_URL, database 11)."""

import os
import re
import time

import pytest
from django.conf import settings
from django.db import connection
from django.urls import reverse

from bench import instances
from engine.cards import CARDS
from engine.rules import PRESETS
from tests.bench import needs
from tests.tutor.live.test_two_instances import CSRF, _client
from tutor.lib.cards import card_name
from tutor.tables import services
from tutor.tables.models import Table

from .conftest import game, legal_post

REDIS_URL = os.environ.get("TABLES_TEST_REDIS_URL", "redis://127.0.0.1:6379/11")
# Fixed ports and a Redis database the fixture flushes: run on their own, after the others.
pytestmark = pytest.mark.serial
PORTS = [int(p) for p in os.environ.get("TABLES_TEST_PORTS", "8761,8762").split(",")]
STREAM_PORTS = [int(p) for p in os.environ.get("TABLES_TEST_STREAM_PORTS", "8763,8764").split(",")]
# A seat's stream must show a move within this (the stream's own refresh is 10 s: a move seen only by
# the refresh, never by its message, would fail). Generous: the machine running the suite is loaded.
WITHIN = 8.0
EVENT = re.compile(r"^data: (-?\d+)$")


@pytest.fixture
def deployed(transactional_db):
    if connection.vendor != "postgresql":
        pytest.skip("the instances share a PostgreSQL database: runs in the PostgreSQL pass")
    import redis

    needs.redis_answers(REDIS_URL, flush=True)
    needs.uvicorn_worker_installed()
    db = settings.DATABASES["default"]
    url = f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
    env = instances.instance_env(
        database_url=url, redis_url=REDIS_URL, secret_key=settings.SECRET_KEY, debug=True
    )
    pages = instances.start(PORTS, env, workers=2, timeout=120)
    try:
        streams = instances.start(STREAM_PORTS, env, workers=1, asgi=True, timeout=120)
    except Exception:
        instances.stop(pages)
        raise
    yield [f"http://127.0.0.1:{p}" for p in PORTS], [f"http://127.0.0.1:{p}" for p in STREAM_PORTS]
    instances.stop(streams)
    instances.stop(pages)
    redis.Redis.from_url(REDIS_URL).flushdb()


def _unplayed_of_others(table: Table, seat: int) -> list:
    _hand, g = game(table)
    trump = g.hand.trump_card  # the turned-up trump is on the table for everybody
    return [c for other in range(4) if other != seat for c in g.hand.hand_of(other) if int(c) != trump]


def _shows_no_other_hand(text: str, hidden: list, seat: int) -> None:
    for c in hidden:
        assert f'data-card="{c.code}"' not in text and card_name(c) not in text, (seat, c.code)


def _version_at_least(lines, wanted: int, seat: int, seen: list[str], hidden: list, regions: list) -> int:
    """Read ``seat``'s stream until it announces version ``wanted`` or later (fails past WITHIN). An
    event is a version (``data: N``: the page fetches its region) or a ``region`` event: the version,
    then the seat's region drawn for it, which must show that version and none of ``hidden`` (the
    other seats' cards not played yet, now, so none played since the region was drawn either)."""
    started = time.monotonic()
    kind, data = "message", []
    while time.monotonic() - started < WITHIN:
        line = next(lines)
        seen.append(line)
        if line.startswith("event: "):
            kind = line[len("event: ") :]
            assert kind == "region", (seat, line)
        elif line.startswith("data: "):
            data.append(line[len("data: ") :])
        elif line == "" and data:  # the event's end
            assert EVENT.match(f"data: {data[0]}"), (seat, data[0])
            version = int(data[0])
            if kind == "region":
                region = "\n".join(data[1:])
                assert 'id="table-region"' in region and f'data-version="{version}"' in region, seat
                _shows_no_other_hand(region, hidden, seat)
                regions.append(version)
            else:
                assert len(data) == 1, (seat, data)
            if version >= wanted:
                return version
            kind, data = "message", []
        else:  # the retry hint, a keep-alive comment: nothing else
            assert line == "" or line.startswith((": ", "retry: ")), (seat, line)
    pytest.fail(f"seat {seat + 1}'s stream did not reach version {wanted} within {WITHIN} s")


def test_every_move_at_a_table_of_four_reaches_the_other_three_seats_streams(
    deployed, alice, bob, charlie, tomas
):
    (page_a, page_b), (stream_a, stream_b) = deployed
    people = {0: alice, 1: bob, 2: charlie, 3: tomas}
    table = services.create_table(user=alice, rules=PRESETS["guia"], level="principiante", seed=11)
    for n in (1, 2, 3):
        services.sit(user=people[n], token=table.token, number=n)
    services.start(user=alice, token=table.token)
    table.refresh_from_db()
    page, move = table.get_absolute_url(), reverse("tables:move", args=[table.token])
    events, state = reverse("tables:events", args=[table.token]), reverse("tables:state", args=[table.token])
    # Seats 1 and 3 post on one app instance, 2 and 4 on the other; seats 1-2 stream from one stream
    # instance, 3-4 from the other: every move crosses instances to reach somebody.
    posting = {n: _client(page_a if n % 2 == 0 else page_b, people[n], timeout=30) for n in range(4)}
    # Without a stream (a sync worker) the page polls: 204 from the events URL, 204 from the poll while
    # nothing changed, the region when it did.
    assert posting[0].get(events).status_code == 204
    assert posting[0].get(state, params={"v": table.version}).status_code == 204
    assert 'id="table-region"' in posting[0].get(state, params={"v": table.version - 1}).text

    watchers = [_client(stream_a if n < 2 else stream_b, people[n], timeout=30) for n in range(4)]
    opened = [w.stream("GET", events) for w in watchers]
    responses = [o.__enter__() for o in opened]
    seen: dict[int, list[str]] = {n: [] for n in range(4)}
    regions: dict[int, list[int]] = {n: [] for n in range(4)}  # the versions each stream sent drawn
    try:
        for n, response in enumerate(responses):
            assert response.status_code == 200, n
            assert response.headers["content-type"].startswith("text/event-stream")
        lines = [r.iter_lines() for r in responses]
        for n in range(4):  # each stream starts at the table's version, read from the database
            hidden = _unplayed_of_others(table, n)
            assert _version_at_least(lines[n], table.version, n, seen[n], hidden, regions[n]) == table.version
        assert not any(regions.values())  # the version the page was drawn at: nothing to draw

        moves = 0
        for _ in range(80):
            _hand, g = game(table)
            if g.over:
                break
            seat = g.waiting_for()[0]
            html = posting[seat].get(page).text
            _shows_no_other_hand(html, _unplayed_of_others(table, seat), seat)
            data = {k: str(v) for k, v in legal_post(table, seat).items()}
            response = posting[seat].post(
                move,
                data={"csrfmiddlewaretoken": CSRF.search(html).group(1), **data},
                headers={"Referer": str(posting[seat].base_url)},
            )
            assert response.status_code == 302, response.status_code
            table.refresh_from_db()
            moves += 1
            for other in range(4):
                if other != seat:
                    hidden = _unplayed_of_others(table, other)
                    _version_at_least(lines[other], table.version, other, seen[other], hidden, regions[other])
            # A poll, as a page without a stream makes it, by each seat in turn.
            poller = moves % 4
            polled = posting[poller].get(state, params={"v": table.version - 1})
            assert polled.status_code == 200 and 'id="table-region"' in polled.text
            _shows_no_other_hand(polled.text, _unplayed_of_others(table, poller), poller)
        _hand, g = game(table)
        assert g.over and moves >= 40  # a whole hand: forty cards, each made by a person
    finally:
        for o in opened:
            o.__exit__(None, None, None)
        for client in (*posting.values(), *watchers):
            client.close()
    # After the first version, every change came to each stream as its seat's region (drawn by the
    # stream instance), checked above as it came: its own cards, never another seat's unplayed ones.
    for n, got in regions.items():
        assert len(got) >= 30, (n, len(got))
    # Outside the regions the streams sent versions only, never a card.
    for n, got in seen.items():
        plain = [line for line in got if not line.startswith("data: ") or EVENT.match(line)]
        assert not any(c.code in line or card_name(c) in line for line in plain for c in CARDS), n
