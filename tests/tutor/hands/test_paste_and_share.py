"""«Pega una mano»: a record pasted or uploaded is refereed and kept; a malformed one is refused with
its line and reason in the reader's language, and nothing is stored. Sharing shows no names unless the
owner chooses."""

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from engine import records
from tests.tutor.hands.samples import COMPLETE_RECORD
from tutor.hands.models import HandRecord

PASTE = "hands:paste"


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def test_a_pasted_hand_is_kept_and_refereed(alice, alice_client):
    response = alice_client.post(reverse(PASTE), {"text": COMPLETE_RECORD, "title": "Jueves en el centro"})
    row = HandRecord.objects.get()
    assert response["Location"] == row.get_absolute_url()
    assert (row.learner, row.source, row.title, row.seat) == (alice, "pegada", "Jueves en el centro", None)
    page = alice_client.get(row.get_absolute_url()).content.decode()
    assert "Jueves en el centro" in page
    # the referee's report: the score as the seed writes it, with the 130 check
    report = records.read(row.text)
    from engine.record_referee import referee_on_record

    rep = referee_on_record(report)
    assert rep.check_130 == 130
    assert f"{rep.totals[0]}" in page and "130" in page
    assert "Ana (jugador 1, pareja A)" in page  # the owner sees the names


def test_an_uploaded_file_is_read_like_a_paste(alice_client, alice):
    upload = SimpleUploadedFile("mano.txt", COMPLETE_RECORD.encode("utf-8"), content_type="text/plain")
    response = alice_client.post(reverse(PASTE), {"file": upload})
    assert response.status_code == 302
    assert records.read(HandRecord.objects.get().text) == records.read(COMPLETE_RECORD)


BAD = [
    ("unknown card", COMPLETE_RECORD.replace("1: 2e 1c", "1: 2e 9c"), 9),
    ("a card twice", COMPLETE_RECORD.replace("2: 12c 3c 10c 2c", "2: 12c 3c 10c 1c"), 10),
    ("a trick of five", COMPLETE_RECORD.replace("4: 3o 1o 5o 6o", "4: 3o 1o 5o 6o 7o"), 13),
    ("a cante with a seat that does not exist", COMPLETE_RECORD.replace("canta 4:", "canta 5:"), 11),
    ("an unknown header", "mesa: guia\ncolor: rojo\n", 2),
    # jugador 4 sings las veinte in oros, but the rey de oros is played by jugador 2 at line 16
    ("a cante without the cards", COMPLETE_RECORD.replace("canta 4: bastos", "canta 4: oros"), 16),
]


@pytest.mark.parametrize(("what", "text", "line"), BAD, ids=[b[0] for b in BAD])
def test_a_malformed_record_is_refused_with_its_line_and_nothing_is_stored(alice_client, what, text, line):
    response = alice_client.post(reverse(PASTE), {"text": text})
    assert response.status_code == 400
    body = response.content.decode()
    assert f"Línea {line}:" in body, what
    assert not HandRecord.objects.exists()


def test_the_refusal_speaks_the_readers_language(alice_client):
    alice_client.cookies["django_language"] = "en"
    response = alice_client.post(reverse(PASTE), {"text": BAD[0][1]}, HTTP_ACCEPT_LANGUAGE="en")
    body = response.content.decode()
    assert response.status_code == 400
    assert "Line 9:" in body and "Línea 9" not in body


@pytest.mark.parametrize(
    ("what", "payload"),
    [
        ("not text", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"),
        ("too big", b"# " + b"x" * 30_000 + b"\n"),
        ("hostile unicode", "mesa: guia\nreparte: 1\u202e\n".encode()),
        ("latin-1", "mesa: guía\n".encode("latin-1")),
    ],
)
def test_a_file_that_is_not_a_record_is_refused(alice_client, what, payload):
    upload = SimpleUploadedFile("mano.txt", payload, content_type="application/octet-stream")
    response = alice_client.post(reverse(PASTE), {"file": upload})
    assert response.status_code == 400, what
    assert 'id="paste-refusal"' in response.content.decode()  # the engine's reason, shown
    assert not HandRecord.objects.exists()


def test_an_empty_paste_and_both_at_once_are_refused(alice_client):
    assert alice_client.post(reverse(PASTE), {"text": "   "}).status_code == 400
    upload = SimpleUploadedFile("mano.txt", COMPLETE_RECORD.encode(), content_type="text/plain")
    both = alice_client.post(reverse(PASTE), {"text": COMPLETE_RECORD, "file": upload})
    assert both.status_code == 400 and "no las dos cosas" in both.content.decode()
    assert not HandRecord.objects.exists()


def test_the_paste_page_works_without_an_account_and_shows_how_to_write_a_hand(client, db):
    page = client.get(reverse(PASTE)).content.decode()
    assert "Cómo se escribe una mano" in page and "mesa: guia" in page
    response = client.post(reverse(PASTE), {"text": COMPLETE_RECORD})
    assert response.status_code == 302
    row = HandRecord.objects.get()
    assert row.learner is None and row.anon_id
    assert client.get(row.get_absolute_url()).status_code == 200


def test_a_visitors_pasted_hand_follows_them_into_their_account(client, alice, password):
    client.post(reverse(PASTE), {"text": COMPLETE_RECORD})
    client.post(reverse("accounts:login"), {"username": "alice", "password": password})
    assert HandRecord.objects.get().learner == alice


def test_a_shared_link_is_read_only_and_hides_names_unless_chosen(alice, alice_client, client):
    alice_client.post(reverse(PASTE), {"text": COMPLETE_RECORD})
    row = HandRecord.objects.get()
    alice_client.post(reverse("hands:share", args=[row.pk]), {})
    row.refresh_from_db()
    url = reverse("hands:shared", args=[row.share_token])
    page = client.get(url).content.decode()
    assert "Jugador 1 (pareja A)" in page and "Ana" not in page and "Bruno" not in page
    assert reverse("hands:share", args=[row.pk]) not in page  # nothing to change there
    text = client.get(reverse("hands:shared_download", args=[row.share_token])).content.decode()
    assert "Ana" not in text and records.read(text).players == (None, None, None, None)
    alice_client.post(reverse("hands:share", args=[row.pk]), {"names": "on"})
    assert "Ana (jugador 1, pareja A)" in client.get(url).content.decode()
    alice_client.post(reverse("hands:share", args=[row.pk]), {"dejar": "1"})
    assert client.get(url).status_code == 404


def test_wrong_methods_and_unknown_tokens(alice_client, client, db):
    assert client.get(reverse("hands:shared", args=["nope"])).status_code == 404
    assert alice_client.put(reverse(PASTE)).status_code == 405
    assert alice_client.get(reverse("hands:share", args=[1])).status_code == 405


def test_a_hand_ended_early_by_a_renuncio_says_its_total_is_up_to_the_last_trick(alice, alice_client):
    """Two tricks, a renuncio at the first: the page's totals are of two tricks and say so, and the
    renuncio's sentence names the player once («…: they have copas and must asistir»)."""
    text = "mesa: guia\njugador 2: Carla\nreparte: 4\ntriunfo: 2o\n1: 1c 4b 12c 4c\n2: 10o 2c 5o 6o\n"
    alice_client.post(reverse(PASTE), {"text": text})
    row = HandRecord.objects.get()
    page = alice_client.get(row.get_absolute_url()).content.decode()
    assert "Total hasta la baza 2" in page and "Total hasta la baza 2 (la mano no se jugó entera)" in page
    assert "renuncio de Carla (pareja B), que juega el cuatro de bastos: tiene copas; debe asistir." in page
    alice_client.cookies["django_language"] = "en"
    page = alice_client.get(row.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Total up to baza 2" in page and not re.search(r">\s*Total\s*<", page)
    assert (
        "renuncio by Carla (pair B), who plays the four of bastos: they have copas and must asistir." in page
    )
