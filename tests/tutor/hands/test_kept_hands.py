"""Every «Jugar» hand is kept as a record once it ends: the same hand as the engine's, in «Mis manos»,
once, for its owner only."""

import pytest
from django.urls import reverse

from engine import records
from engine.record_referee import referee_on_record
from tests.tutor.hands.samples import COMPLETE_RECORD
from tests.tutor.play.conftest import commit_renuncio, play_out, start, table
from tutor.hands.models import HandRecord, Source


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.mark.parametrize("rules", ["guia", "estricta", "ludoteka", "companero"])
def test_a_finished_hand_becomes_one_record_equal_to_the_played_hand(alice, alice_client, rules):
    match = start(alice, rules=rules, seed=11)
    assert not HandRecord.objects.exists()
    play_out(alice_client, match)
    hand, t = table(match)
    row = HandRecord.objects.get()
    assert (row.learner, row.source, row.seat, row.match_hand_id) == (alice, Source.BOTS, 0, hand.pk)
    assert row.table == rules
    record = records.read(row.text)
    assert record == records.from_hand(t.hand, players=("alice", None, None, None))
    # what the list shows is what the engine scored when the hand was played
    assert row.result["totals"] == [hand.score["totals"]["A"], hand.score["totals"]["B"]]
    assert row.result["winner"] == hand.score["winner"]
    assert referee_on_record(record).totals == (hand.score["totals"]["A"], hand.score["totals"]["B"])
    assert row.origin_url == reverse("play:review", args=[match.token, hand.number])


def test_a_hand_lost_by_renuncio_is_kept_with_its_renuncio(alice, alice_client):
    match = start(alice, mode="examen", seed=3)
    hand = commit_renuncio(alice_client, match)
    row = HandRecord.objects.get(match_hand_id=hand.pk)
    assert row.result["renuncios"] >= 1 and 0 in row.result["renuncio_seats"]
    assert row.result["winner"] == "B"
    page = alice_client.get(row.get_absolute_url()).content.decode()
    assert "renuncio" in page and "R-OBL-" in page  # the obligation broken, with its rule id


def test_mis_manos_says_a_hand_lost_by_renuncio_was_lost_by_it(alice, alice_client):
    # A renuncio loses the hand whatever the tantos: «Perdéis 113 a 17» would read as a slip.
    match = start(alice, mode="examen", seed=3)
    hand = commit_renuncio(alice_client, match)
    row = HandRecord.objects.get(match_hand_id=hand.pk)
    mine, theirs = row.result["totals"]
    body = alice_client.get(reverse("hands:index")).content.decode()
    assert f"Perdéis por renuncio ({mine} a {theirs})" in body
    assert f"Perdéis {mine} a {theirs}" not in body


def test_a_hand_is_kept_once_even_when_asked_again(alice, alice_client):
    from tutor.play.services import keep_record

    match = start(alice, seed=5)
    play_out(alice_client, match)
    hand, t = table(match)
    keep_record(match, hand, t)
    assert HandRecord.objects.count() == 1


def test_mis_manos_lists_only_the_owners_hands_with_their_result(alice, bob, alice_client, bob_client):
    play_out(alice_client, start(alice, seed=5))
    row = HandRecord.objects.get()
    body = alice_client.get(reverse("hands:index")).content.decode()
    assert row.get_absolute_url() in body
    assert ("Ganáis" in body) == (row.result["winner"] == "A")
    assert row.get_absolute_url() not in bob_client.get(reverse("hands:index")).content.decode()
    for name in ("hands:detail", "hands:download"):
        assert bob_client.get(reverse(name, args=[row.pk])).status_code == 404
    assert bob_client.post(reverse("hands:share", args=[row.pk])).status_code == 404
    row.refresh_from_db()
    assert row.share_token is None


def test_mis_manos_filters_by_source_and_table(alice, alice_client):
    play_out(alice_client, start(alice, rules="estricta", seed=5))
    pasted = alice_client.post(reverse("hands:paste"), {"text": COMPLETE_RECORD})
    assert pasted.status_code == 302
    index = reverse("hands:index")
    bots = alice_client.get(index, {"origen": "bots"}).content.decode()
    only_pasted = alice_client.get(index, {"origen": "pegada"}).content.decode()
    by_table = alice_client.get(index, {"mesa": "estricta"}).content.decode()
    kept, brought = HandRecord.objects.get(source="bots"), HandRecord.objects.get(source="pegada")
    assert kept.get_absolute_url() in bots and brought.get_absolute_url() not in bots
    assert brought.get_absolute_url() in only_pasted and kept.get_absolute_url() not in only_pasted
    assert kept.get_absolute_url() in by_table and brought.get_absolute_url() not in by_table


def test_a_first_visit_to_mis_manos_gives_no_anonymous_id(client, db):
    response = client.get(reverse("hands:index"))
    assert response.status_code == 200
    assert "Todavía no hay ninguna mano" in response.content.decode()
    assert "anon_id" not in client.session.keys() and not client.session.keys()


def test_the_download_is_the_record_and_reads_back(alice, alice_client):
    play_out(alice_client, start(alice, seed=5))
    row = HandRecord.objects.get()
    response = alice_client.get(reverse("hands:download", args=[row.pk]))
    assert response["Content-Type"].startswith("text/plain")
    assert "attachment" in response["Content-Disposition"]
    assert records.read(response.content.decode()) == records.read(row.text)


def test_a_class_tasks_hand_is_kept_as_a_task_hand(alice, alice_client):
    from tutor.play import services

    match = start(alice, mode="examen", seed=5)
    match.max_hands = 1
    match.save(update_fields=["max_hands"])
    play_out(alice_client, match)
    assert HandRecord.objects.get().source == Source.TASK
    assert services.current_hand(match).over


def test_keep_hand_records_writes_the_hands_played_before_records(alice, alice_client):
    from django.core.management import call_command

    play_out(alice_client, start(alice, seed=5))
    HandRecord.objects.all().delete()
    call_command("keep_hand_records", stdout=open("/dev/null", "w"))  # noqa: SIM115
    call_command("keep_hand_records", stdout=open("/dev/null", "w"))  # noqa: SIM115
    assert HandRecord.objects.count() == 1


def test_the_match_page_links_the_earlier_hands_and_their_records(alice, alice_client):
    match = start(alice, seed=5)
    play_out(alice_client, match)
    first = HandRecord.objects.get()
    alice_client.post(reverse("play:next_hand", args=[match.token]), {"number": 2})
    page = alice_client.get(match.get_absolute_url()).content.decode()
    assert reverse("play:review", args=[match.token, 1]) in page
    assert first.get_absolute_url() in page


def test_mis_manos_is_in_the_menu(client, db):
    assert f'href="{reverse("hands:index")}"' in client.get(reverse("core:home")).content.decode()


def test_the_hands_score_links_its_graded_review(alice, alice_client):
    match = start(alice, seed=5)
    play_out(alice_client, match)
    row = HandRecord.objects.get()
    page = alice_client.get(match.get_absolute_url()).content.decode()
    assert reverse("hands:review", args=[row.pk]) in page
