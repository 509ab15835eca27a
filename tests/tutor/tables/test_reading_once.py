"""A play sets off four drawings of the region (the mover's answer, the other three seats' fetches): each
reads the table once and rebuilds the hand at most once, and the answers stay right (the version, the
refusals, «Ya estaba hecho», a bot for a seat whose person is away). Query counts are guards: a read
done twice again shows here first."""

import re
from datetime import timedelta

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tutor.tables import services
from tutor.tables.models import Phrase, Seat, Table, TableEvent

from .conftest import committed, game, legal_post, move_url, open_table

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}
VERSION = re.compile(r'data-version="(\d+)"')
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')


def _client(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


def _four(alice, bob, charlie, teresa):
    table = open_table(alice, [(bob, 1), (charlie, 2), (teresa, 3)])
    clients = {n: _client(u) for n, u in enumerate((alice, bob, charlie, teresa))}
    for c in clients.values():  # each has its page open (the session and seat seen)
        c.get(table.get_absolute_url())
    return table, clients


def _shown(response) -> int:
    return int(VERSION.search(response.content.decode()).group(1))


def _version(table) -> int:
    return Table.objects.values_list("version", flat=True).get(pk=table.pk)


def test_a_move_by_htmx_is_answered_from_what_it_read_at_the_version_it_made(
    alice, bob, charlie, teresa, django_assert_max_num_queries
):
    table, clients = _four(alice, bob, charlie, teresa)
    seat = game(table)[1].waiting_for()[0]
    data = legal_post(table, seat)
    before = _version(table)
    # session, user; BEGIN, the table locked, its seats, the hand, its log, (a card that follows a
    # lead: Mi progreso's count), the event, the version, the phrases (for the frame and the answer),
    # COMMIT.
    with django_assert_max_num_queries(12):
        response = clients[seat].post(move_url(table), data, headers=HTMX)
    assert response.status_code == 200 and "data-refusal" not in response.content.decode()
    assert _shown(response) == _version(table) == before + 1
    assert TableEvent.objects.filter(hand__table=table, seq=data["seq"], seat=seat).count() == 1


def test_a_doubled_post_by_htmx_says_it_was_done_at_the_current_version(
    alice, bob, charlie, teresa, django_assert_max_num_queries
):
    table, clients = _four(alice, bob, charlie, teresa)
    seat = game(table)[1].waiting_for()[0]
    data = legal_post(table, seat)
    clients[seat].post(move_url(table), data, headers=HTMX)
    count = TableEvent.objects.count()
    # session, user; BEGIN, the table locked, its seats, the hand, its log, COMMIT; the phrases.
    with django_assert_max_num_queries(9):
        again = clients[seat].post(move_url(table), data, headers=HTMX)
    assert "Ya estaba hecho" in again.content.decode()
    assert TableEvent.objects.count() == count
    assert _shown(again) == _version(table)


def test_a_seats_region_after_a_play_reads_the_table_once_and_rebuilds_the_hand_once(
    alice, bob, charlie, teresa, django_assert_max_num_queries, monkeypatch
):
    table, clients = _four(alice, bob, charlie, teresa)
    shown = _version(table)
    seat = game(table)[1].waiting_for()[0]
    committed(lambda: clients[seat].post(move_url(table), legal_post(table, seat), headers=HTMX))
    other = (seat + 1) % 4
    rebuilt = []
    real = services.game_of
    monkeypatch.setattr(services, "game_of", lambda *a, **k: rebuilt.append(1) or real(*a, **k))
    state = reverse("tables:state", args=[table.token])
    # session, user, the table with its seats; the hand, its log and the phrases are the move's frame.
    with django_assert_max_num_queries(3):
        region = clients[other].get(f"{state}?v={shown}", headers=HTMX)
    assert region.status_code == 200 and _shown(region) == _version(table)
    assert len(rebuilt) == 1
    # Polled again at the version it shows: 204, and nothing rebuilt (nobody is away).
    with django_assert_max_num_queries(3):
        assert clients[other].get(f"{state}?v={_shown(region)}", headers=HTMX).status_code == 204
    assert len(rebuilt) == 1
    # Marked seen at most every few seconds: no write on every poll.
    seen = Seat.objects.get(table=table, number=other).last_seen
    clients[other].get(f"{state}?v={_shown(region)}", headers=HTMX)
    assert Seat.objects.get(table=table, number=other).last_seen == seen


def _without_token(page: str) -> str:
    return CSRF.sub("", page)


def test_the_region_drawn_from_the_moves_frame_is_the_one_the_database_gives(
    alice, bob, charlie, teresa, django_assert_max_num_queries
):
    table, clients = _four(alice, bob, charlie, teresa)
    Phrase.objects.create(table=table, seat=2, key="bien")
    state = reverse("tables:state", args=[table.token])
    for _ in range(6):  # a few plays: a trick collected, cantes offered or not
        shown = _version(table)
        seat = game(table)[1].waiting_for()[0]
        committed(lambda s=seat: clients[s].post(move_url(table), legal_post(table, s), headers=HTMX))
        key = services._frame_key(table, _version(table))
        frame = cache.get(key)
        assert frame is not None  # the move kept it
        for other in range(4):
            kept = clients[other].get(f"{state}?v={shown}", headers=HTMX).content.decode()
            cache.delete(key)
            # session, user, the table with its seats, the hand, its log, the phrases.
            with django_assert_max_num_queries(6):
                read = clients[other].get(f"{state}?v={shown}", headers=HTMX).content.decode()
            assert _without_token(kept) == _without_token(read)
            assert "¡Bien jugado!" in kept
            cache.set(key, frame)  # as the move left it, for the next seat


def test_with_redis_away_a_move_and_the_regions_after_it_still_answer(
    alice, bob, charlie, teresa, monkeypatch
):
    table, clients = _four(alice, bob, charlie, teresa)

    def away(*args, **kwargs):
        raise ConnectionError("Redis did not answer")

    monkeypatch.setattr(services.cache, "get", away)
    monkeypatch.setattr(services.cache, "set", away)
    shown = _version(table)
    seat = game(table)[1].waiting_for()[0]
    answer = clients[seat].post(move_url(table), legal_post(table, seat), headers=HTMX)
    assert answer.status_code == 200 and _shown(answer) == _version(table) == shown + 1
    other = (seat + 1) % 4
    region = clients[other].get(reverse("tables:state", args=[table.token]) + f"?v={shown}", headers=HTMX)
    assert region.status_code == 200 and _shown(region) == shown + 1


def test_a_poll_lets_a_bot_play_for_the_seat_it_waits_on_whose_person_is_away(alice, bob, charlie, teresa):
    table, clients = _four(alice, bob, charlie, teresa)
    seat = game(table)[1].waiting_for()[0]
    Seat.objects.filter(table=table, number=seat).update(
        plain=False, last_seen=timezone.now() - timedelta(seconds=services.AWAY_SECONDS + 5)
    )
    shown = _version(table)
    other = (seat + 1) % 4
    region = clients[other].get(reverse("tables:state", args=[table.token]) + f"?v={shown}", headers=HTMX)
    assert region.status_code == 200  # not 204: the bot's card changed the table
    assert TableEvent.objects.filter(hand__table=table, seat=seat, by_bot=True).exists()
    assert _shown(region) == _version(table) > shown
    assert "ausente: juega un bot" in region.content.decode()


def test_a_refused_move_by_htmx_is_answered_with_the_table_as_it_is(alice, bob, charlie, teresa):
    table, clients = _four(alice, bob, charlie, teresa)
    seat = game(table)[1].waiting_for()[0]
    wrong = (seat + 1) % 4
    response = clients[wrong].post(move_url(table), legal_post(table, seat), headers=HTMX)
    assert response.status_code == 200 and "data-refusal" in response.content.decode()
    assert _shown(response) == _version(table)
    for data in ({"seq": 0, "card": "1o"}, {"seq": "x"}):  # a move, and a form that is not one
        for headers in (HTMX, {}):
            missing = clients[wrong].post(
                reverse("tables:move", args=["no-such-table"]), data, headers=headers
            )
            assert missing.status_code == 404
