"""«Jugar desde aquí» from a hand played at a table with people: the person who sat at seat 1 plays on
against the bots from their own card, dealt exactly as the table dealt, everything before already played
(a cante among it); a teacher watching the class's table gets nothing to play as the student."""

import pytest
from django.test import Client
from django.urls import reverse

from engine import records
from tests.tutor.hands.test_replay_records import assert_copy_is_the_record_at
from tests.tutor.play.conftest import play_out as play_out_copy
from tutor.classroom import services as classroom_services
from tutor.hands import presenters
from tutor.hands.models import HandRecord, Source
from tutor.play.models import Match

from .conftest import open_table, play_out

pytestmark = pytest.mark.django_db


def _client(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


def _a_hand_with_a_cante(alice, bob, **options) -> tuple[HandRecord, records.HandRecord, int]:
    """A table of alice (seat 0) and bob (seat 1) and two bots, dealt until a hand has a cante: bob's
    record, read, and the place of the first card after the cante."""
    for seed in range(15, 45):  # 15 is the first whose hand has one (the loop guards a change of bots)
        table = open_table(alice, [(bob, 1)], seed=seed, **options)
        play_out(table, {0: _client(alice), 1: _client(bob)})
        row = HandRecord.objects.get(learner=bob, table_seat_key__startswith=f"{table.hands.get().pk}:")
        record = records.read(row.text)
        cantes = [i for i, e in enumerate(record.events) if isinstance(e, records.Cante)]
        if cantes:
            return row, record, sum(1 for e in record.events[: cantes[0]] if isinstance(e, records.Play))
    raise AssertionError("no hand with a cante in 30 tables")


def test_the_person_at_seat_1_plays_on_from_their_card_after_a_cante(alice, bob):
    row, record, after_cante = _a_hand_with_a_cante(alice, bob)
    assert row.source == Source.TABLE and row.seat == 1
    bob_client = _client(bob)
    k = next(i for i in range(after_cante, 40) if record.plays[i].seat == 1)
    urls, why = presenters.replay_from(row, record, owner=True)
    assert why == "" and urls[(k // 4 + 1, 1)] == reverse("play:replay_record", args=[row.pk, k, 1])
    response = bob_client.post(urls[(k // 4 + 1, 1)])
    copy = Match.objects.get(source_record=row)
    assert response["Location"] == copy.get_absolute_url() and copy.learner == bob
    assert_copy_is_the_record_at(copy, record, k, 1)
    assert bob_client.post(urls[(k // 4 + 1, 1)])["Location"] == copy.get_absolute_url()  # doubled
    assert Match.objects.count() == 1
    # alice's record of the same hand is hers: bob cannot play on from it, nor alice from bob's.
    hers = HandRecord.objects.get(learner=alice, table_seat_key=row.table_seat_key.replace(":1", ":0"))
    assert bob_client.post(reverse("play:replay_record", args=[hers.pk, 0, 0])).status_code == 404
    assert _client(alice).post(reverse("play:replay_record", args=[row.pk, k, 1])).status_code == 404
    play_out_copy(bob_client, copy)
    copy.refresh_from_db()
    assert copy.over and Match.objects.count() == 1


def test_a_teacher_watching_the_class_table_gets_no_button_and_no_copy(alice, bob, teresa):
    ours = classroom_services.create_classroom(teacher=teresa, name="4º B", rules="guia")
    row, record, _after = _a_hand_with_a_cante(alice, bob, classroom=ours)
    teacher = _client(teresa)
    assert teacher.get(reverse("hands:review", args=[row.pk])).status_code == 404
    urls, why = presenters.replay_from(row, record, owner=False)
    assert urls == {} and "Solo quien jugó la mano" in why
    k = next(i for i, p in enumerate(record.plays) if p.seat == 1)
    assert teacher.post(reverse("play:replay_record", args=[row.pk, k, 1])).status_code == 404
    assert not Match.objects.exists()
