"""«¿En qué sitio jugabas tú?» on «Pega una mano» and «Escribe una mano carta a carta»: the seat is the
record's owner's, so its rule errors become retries at once and its review is queued; «no jugaba / solo
miro» keeps the hand without a seat; a seat that is no choice is refused and nothing is stored."""

import pytest
from django.urls import reverse

from engine import records
from tests.engine.planted import SEAT, planted
from tutor.hands import reviews
from tutor.hands.builder import SESSION_KEY
from tutor.hands.models import HandRecord, HandReview
from tutor.progress.models import TableRetry

QUESTION = "¿En qué sitio jugabas tú?"


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def renuncio():
    return planted("guia", "asistir")


def test_the_paste_form_asks_for_the_seat_with_a_label_in_both_languages(alice_client):
    page = alice_client.get(reverse("hands:paste")).content.decode()
    assert QUESTION in page and 'for="id_seat"' in page and '<select name="seat"' in page
    assert "no jugaba / solo miro" in page and "Jugador 1 (pareja A)" in page
    alice_client.cookies["django_language"] = "en"
    page = alice_client.get(reverse("hands:paste")).content.decode()
    assert "Which seat were you playing?" in page and "I was not playing / only watching" in page


@pytest.mark.parametrize("how", ["text", "file"])
def test_a_pasted_hand_with_my_seat_makes_its_rule_items_and_queues_its_review(
    how, alice, alice_client, renuncio
):
    from django.core.files.uploadedfile import SimpleUploadedFile

    text = records.write(renuncio.record)
    data = {"text": text} if how == "text" else {"file": SimpleUploadedFile("mano.txt", text.encode())}
    response = alice_client.post(reverse("hands:paste"), {**data, "seat": str(SEAT)})
    row = HandRecord.objects.get()
    assert response.status_code == 302 and row.seat == SEAT and row.learner == alice
    assert TableRetry.objects.filter(record=row, kind="regla", play=renuncio.plays).exists()
    assert HandReview.objects.get(record=row).priority == reviews.KEPT_PRIORITY


def test_a_pasted_hand_i_only_watched_has_no_seat_and_makes_no_item(alice_client, renuncio):
    response = alice_client.post(reverse("hands:paste"), {"text": records.write(renuncio.record), "seat": ""})
    row = HandRecord.objects.get()
    assert response.status_code == 302 and row.seat is None
    assert not TableRetry.objects.exists() and not HandReview.objects.exists()


@pytest.mark.parametrize("seat", ["4", "-1", "uno", "0" * 30])
def test_a_seat_that_is_no_choice_is_refused_and_nothing_is_stored(seat, alice_client, renuncio):
    response = alice_client.post(
        reverse("hands:paste"), {"text": records.write(renuncio.record), "seat": seat}
    )
    assert response.status_code == 400 and QUESTION in response.content.decode()
    assert not HandRecord.objects.exists()


def _entered(client, record) -> int:
    """The record entered card by card (Guiñote rules as in the record); returns the step count."""
    trump = record.trump_card.code
    data = {"action": "empezar", "rules": "guia", "dealer": str(record.dealer), "trump": trump}
    assert client.post(reverse("hands:enter"), data).status_code == 302
    for play in record.plays:
        state = client.session[SESSION_KEY]
        n = len(state["plays"]) + len(state["cantes"])
        response = client.post(
            reverse("hands:enter"), {"action": "carta", "card": play.card.code, "paso": str(n)}
        )
        assert response.status_code == 302, response.content.decode()[:2000]
    state = client.session[SESSION_KEY]
    return len(state["plays"]) + len(state["cantes"])


def test_a_hand_entered_card_by_card_keeps_my_seat_and_its_rule_items(alice_client, renuncio):
    n = _entered(alice_client, renuncio.record)
    page = alice_client.get(reverse("hands:enter")).content.decode()
    assert QUESTION in page and 'for="entry-seat"' in page
    bad = alice_client.post(reverse("hands:enter"), {"action": "guardar", "paso": str(n), "seat": "9"})
    assert bad.status_code == 400 and not HandRecord.objects.exists()
    assert SESSION_KEY in alice_client.session  # the hand written so far is kept
    ok = alice_client.post(reverse("hands:enter"), {"action": "guardar", "paso": str(n), "seat": str(SEAT)})
    row = HandRecord.objects.get()
    assert ok.status_code == 302 and row.seat == SEAT
    assert TableRetry.objects.filter(record=row, kind="regla", play=renuncio.plays).exists()
