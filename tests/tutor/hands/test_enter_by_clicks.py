"""«Escribe una mano carta a carta»: four clicks a trick, who played each card from the rules; a doubled
or stale click changes nothing; the hand is saved as a record and refereed."""

import pytest
from django.urls import reverse

from engine import records
from tests.tutor.hands.samples import COMPLETE_RECORD
from tutor.hands.builder import SESSION_KEY
from tutor.hands.models import HandRecord

ENTER = "hands:enter"


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _setup(client, **fields):
    data = {"action": "empezar", "rules": "guia", "dealer": "0", "trump": "10c", **fields}
    return client.post(reverse(ENTER), data)


def _click(client, card: str):
    step = client.session[SESSION_KEY]
    n = len(step["plays"]) + len(step["cantes"])
    return client.post(reverse(ENTER), {"action": "carta", "card": card, "paso": str(n)})


def test_a_whole_hand_entered_by_clicks_is_the_same_record_as_written(alice_client, alice):
    expected = records.read(COMPLETE_RECORD)
    assert _setup(alice_client).status_code == 302
    for i, play in enumerate(expected.plays):
        if i == 8:  # «canta 4: bastos» after the second trick
            n = len(alice_client.session[SESSION_KEY]["plays"])
            response = alice_client.post(
                reverse(ENTER), {"action": "cante", "seat": "3", "cante": "b", "paso": str(n)}
            )
            assert response.status_code == 302
        page = alice_client.get(reverse(ENTER)).content.decode()
        who = f"Jugador {play.seat + 1} (pareja {'ABAB'[play.seat]})"
        assert f"Echa carta: {who}" in page  # the rules say who plays next
        assert _click(alice_client, play.card.code).status_code == 302
    assert "Las diez bazas están escritas." in alice_client.get(reverse(ENTER)).content.decode()
    n = len(expected.plays) + 1
    response = alice_client.post(reverse(ENTER), {"action": "guardar", "paso": str(n), "title": "A mano"})
    row = HandRecord.objects.get()
    assert response["Location"] == row.get_absolute_url()
    saved = records.read(row.text)
    assert saved.plays == expected.plays and saved.dealer == expected.dealer
    assert [type(e).__name__ for e in saved.events] == [
        type(e).__name__ for e in expected.events if type(e).__name__ != "Comment"
    ]
    assert SESSION_KEY not in alice_client.session


def test_a_doubled_click_is_answered_and_changes_nothing(alice_client):
    _setup(alice_client)
    _click(alice_client, "2e")
    stale = alice_client.post(reverse(ENTER), {"action": "carta", "card": "1c", "paso": "0"})
    assert stale.status_code == 400
    assert "Ya estaba hecho" in stale.content.decode()
    assert alice_client.session[SESSION_KEY]["plays"] == ["2e"]


def test_a_card_already_played_or_unknown_is_refused(alice_client):
    _setup(alice_client)
    _click(alice_client, "2e")
    again = alice_client.post(reverse(ENTER), {"action": "carta", "card": "2e", "paso": "1"})
    assert again.status_code == 400 and "ya se ha jugado" in again.content.decode()
    unknown = alice_client.post(reverse(ENTER), {"action": "carta", "card": "9z", "paso": "1"})
    assert unknown.status_code == 400 and "Esa carta no existe." in unknown.content.decode()
    assert alice_client.session[SESSION_KEY]["plays"] == ["2e"]


def test_undo_takes_back_the_last_card(alice_client):
    _setup(alice_client)
    _click(alice_client, "2e")
    _click(alice_client, "1c")
    alice_client.post(reverse(ENTER), {"action": "deshacer", "paso": "2"})
    assert alice_client.session[SESSION_KEY]["plays"] == ["2e"]


def test_a_cante_before_the_trick_is_over_is_refused(alice_client):
    _setup(alice_client)
    _click(alice_client, "2e")
    response = alice_client.post(reverse(ENTER), {"action": "cante", "seat": "0", "cante": "o", "paso": "1"})
    assert response.status_code == 400 and "termina antes la baza" in response.content.decode()


def test_ludoteka_first_hand_asks_who_holds_the_dos_de_oros(alice_client):
    refused = _setup(alice_client, rules="guia", trump="primera")
    assert refused.status_code == 400 and "solo existe en la mesa Ludoteka" in refused.content.decode()
    missing = _setup(alice_client, rules="ludoteka", trump="primera")
    assert missing.status_code == 400 and "dos de oros" in missing.content.decode()
    assert _setup(alice_client, rules="ludoteka", trump="primera", first_leader="2").status_code == 302
    page = alice_client.get(reverse(ENTER)).content.decode()
    assert "Echa carta: Jugador 3 (pareja A)" in page
    # Another first card is a renuncio, as at a real table: entered, then judged by the referee.
    assert _click(alice_client, "1c").status_code == 302
    alice_client.post(reverse(ENTER), {"action": "guardar", "paso": "1"})
    page = alice_client.get(HandRecord.objects.get().get_absolute_url()).content.decode()
    assert "renuncio" in page and "dos de oros" in page


def test_the_builder_works_without_javascript_and_names_every_card(client, db):
    _setup(client)
    page = client.get(reverse(ENTER)).content.decode()
    assert page.count('name="card"') == 40
    assert "as de oros" in page and "rey de bastos" in page
    assert "<script" not in page.split("<main", 1)[1].split("</main>", 1)[0]


def test_actions_without_a_table_are_refused(client, db):
    response = client.post(reverse(ENTER), {"action": "carta", "card": "1o", "paso": "0"})
    assert response.status_code == 400 and "Empieza por la mesa" in response.content.decode()
