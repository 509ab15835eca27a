"""Races at a table, run for real: two requests at the same moment, each in its own thread and database
connection (PostgreSQL; the table's row lock and the seats' constraints are what settle them)."""

import threading

import pytest
from django.db import connection, connections

from engine.rules import PRESETS
from tutor.play.table import PlayRefused
from tutor.tables import services
from tutor.tables.models import Seat, TableEvent

from .conftest import game, legal_post, open_table


@pytest.fixture
def postgres(transactional_db):
    if connection.vendor != "postgresql":
        pytest.skip("two connections at once: runs in the PostgreSQL pass")


def _at_once(*calls):
    """Run each call in its own thread, released together; what each returned or raised."""
    barrier = threading.Barrier(len(calls))
    results = [None] * len(calls)

    def run(i, call):
        try:
            barrier.wait(timeout=30)
            results[i] = call()
        except Exception as exc:  # noqa: BLE001 - the outcome under test
            results[i] = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    return results


def test_two_people_taking_one_seat_at_the_same_moment_one_sits_the_other_is_told(
    postgres, alice, bob, charlie
):
    table = services.create_table(user=alice, rules=PRESETS["guia"])
    results = _at_once(
        lambda: services.sit(user=bob, token=table.token, number=2),
        lambda: services.sit(user=charlie, token=table.token, number=2),
    )
    refused = [r for r in results if isinstance(r, PlayRefused)]
    seated = [r for r in results if isinstance(r, Seat)]
    assert len(refused) == 1 and len(seated) == 1, results
    assert "ocupado" in str(refused[0].message)
    assert Seat.objects.get(table=table, number=2).user == seated[0].user


def test_two_people_racing_for_the_last_seat_one_sits_the_other_finds_the_table_full(
    postgres, alice, bob, charlie, teresa, tomas
):
    table = services.create_table(user=alice, rules=PRESETS["guia"])
    services.sit(user=bob, token=table.token, number=1)
    services.sit(user=charlie, token=table.token, number=2)
    results = _at_once(
        lambda: services.sit(user=teresa, token=table.token, number=3),
        lambda: services.sit(user=tomas, token=table.token, number=3),
    )
    assert Seat.objects.filter(table=table).count() == 4
    refused = [str(r.message) for r in results if isinstance(r, PlayRefused)]
    assert len(refused) == 1 and "La mesa está completa" in refused[0], results


def test_the_same_move_posted_twice_at_the_same_moment_is_made_once(postgres, alice, bob):
    table = open_table(alice, [(bob, 1)])
    _hand, g = game(table)
    seat = g.waiting_for()[0]
    user = {0: alice, 1: bob}[seat]
    data = legal_post(table, seat)
    kind, value = ("pass", "") if "pasar" in data else ("card", data["card"])
    before = TableEvent.objects.count()
    results = _at_once(
        *[lambda: services.move(user=user, token=table.token, seq=data["seq"], kind=kind, value=value)] * 2
    )
    assert sorted(r.done for r in results) == [False, True], results
    _hand, after = game(table)
    # The move once, and whatever the bots played after it: the log is what one move makes.
    assert after.steps[data["seq"]].seat == seat
    assert TableEvent.objects.count() - before == len(after.steps) - len(g.steps)
    assert TableEvent.objects.filter(seq=data["seq"]).count() == 1


def test_two_different_cards_at_once_from_one_seat_one_is_played_the_other_is_stale(postgres, alice, bob):
    table = open_table(alice, [(bob, 1)])
    _hand, g = game(table)
    seat = g.waiting_for()[0]
    if g.cantes_of(seat):
        pytest.fail("the seeded deal starts with a card to play")
    user = {0: alice, 1: bob}[seat]
    first, second = g.hand.legal()[:2] if len(g.hand.legal()) > 1 else (g.hand.legal()[0],) * 2
    seq = len(g.steps)
    results = _at_once(
        lambda: services.move(user=user, token=table.token, seq=seq, kind="card", value=first.code),
        lambda: services.move(user=user, token=table.token, seq=seq, kind="card", value=second.code),
    )
    made = [r for r in results if not isinstance(r, Exception) and r.done]
    assert len(made) == 1, results
    assert TableEvent.objects.filter(seq=seq).count() == 1
    played = TableEvent.objects.get(seq=seq).value
    other = results[1] if played == first.code else results[0]
    assert isinstance(other, PlayRefused) or other.done is False, results
