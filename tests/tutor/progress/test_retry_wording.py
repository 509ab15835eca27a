"""What the «Mis errores en la mesa» pages say: a hand by its name and its number in its match or table, and
a play by its baza (never the database's ids), the same in the list and on the page; a cante item's bad
answer, a removal pressed twice, a play error without a theme, the answer that retires an item; and the
paste form's refusals quote what was written."""

from datetime import timedelta
from html import unescape

import pytest
from django.urls import reverse
from django.utils import timezone

from engine import records
from engine.record_files import EXAMPLE
from tests.engine.planted import SEAT, planted
from tests.tutor.play.conftest import start
from tutor.hands import services
from tutor.hands.models import HandRecord
from tutor.practice.identity import Owner
from tutor.progress.models import TableRetry


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _text(response) -> str:
    return " ".join(unescape(response.content.decode()).split())


def _bot_hand(alice, kind: str, number: int = 1) -> HandRecord:
    """A planted hand kept as the hand ``number`` of a match against the bots, after others were kept (so
    that its id is not its number)."""
    for _ in range(3):
        services.keep_pasted(owner=Owner(alice, ""), text=EXAMPLE)
    match = start(alice)
    url = reverse("play:review", args=[match.token, number])
    record = planted("ludoteka", kind).record
    return services.keep_played_hand(
        owner=Owner(alice, ""), match_hand_id=99, record=record, seat=SEAT, source="bots", origin_url=url
    ).row


def test_a_play_is_named_by_its_hands_number_in_the_match_and_its_baza(alice, alice_client):
    row = _bot_hand(alice, "asistir")
    item = TableRetry.objects.get(record=row, kind="regla")
    where = f"Mano contra los bots (mano 1 de la partida), baza {item.play // 4 + 1}"
    assert row.pk != 1 and item.play // 4 + 1 != item.play + 1
    assert where in _text(alice_client.get(reverse("progress:retries")))
    assert where in _text(alice_client.get(item.get_absolute_url()))
    assert f"mano {row.pk}" not in _text(alice_client.get(reverse("progress:retries"))).lower()
    alice_client.cookies["django_language"] = "en"
    where_en = f"Hand against the bots (hand 1 of the match), baza {item.play // 4 + 1}"
    assert where_en in _text(alice_client.get(reverse("progress:retries")))
    assert where_en in _text(alice_client.get(item.get_absolute_url()))


def test_a_cante_moment_and_a_table_hand_are_named_the_same_way(alice, alice_client):
    record = planted("guia", "cante_missed")
    url = reverse("tables:hand", args=["a" * 16, 3])
    row = services.keep_table_hand(
        owner=Owner(alice, ""), table_hand_id=7, record=record.record, seat=SEAT, origin_url=url
    ).row
    item = TableRetry.objects.get(record=row, kind="cante")
    where = f"Mano de una mesa con personas (mano 3 de la mesa), tras la baza {item.play // 4}"
    assert where in _text(alice_client.get(reverse("progress:retries")))
    assert where in _text(alice_client.get(item.get_absolute_url()))


def test_a_pasted_hand_has_no_number_only_its_name(alice, alice_client):
    row = services.keep_pasted(
        owner=Owner(alice, ""), text=records.write(planted("guia", "fallar").record), seat=0
    )
    item = TableRetry.objects.get(record=row, kind="regla")
    assert f"Mano pegada, baza {item.play // 4 + 1}" in _text(alice_client.get(reverse("progress:retries")))


def test_a_bad_answer_to_a_cante_item_says_what_a_cante_answer_is(alice, alice_client):
    row = _bot_hand(alice, "cante_missed")
    item = TableRetry.objects.get(record=row, kind="cante")
    for value in ("1o", "zz", "b" if "b" not in item.grades else "tc"):
        page = _text(alice_client.post(item.get_absolute_url(), {"card": value, "n": 0}, follow=True))
        assert "Elige uno de los cantes de la lista, o «No canto»." in page
        assert "Elige una de tus cartas." not in page
    item.refresh_from_db()
    assert item.answers == 0


def test_removing_an_item_twice_says_the_second_time_it_was_already_removed(alice, alice_client):
    item = TableRetry.objects.get(record=_bot_hand(alice, "asistir"), kind="regla")
    url = reverse("progress:retry_remove", args=[item.pk])
    first = _text(alice_client.post(url, {"note": "Era legal"}, follow=True))
    assert "Has quitado la jugada de tu repaso." in first
    again = _text(alice_client.post(url, {"note": "otra"}, follow=True))
    assert "ya la habías quitado de tu repaso" in again and "Has quitado la jugada" not in again
    item.refresh_from_db()
    assert item.note == "Era legal"


def test_a_play_error_without_a_theme_is_listed_under_other_play_mistakes(alice, alice_client):
    item = TableRetry.objects.get(record=_bot_hand(alice, "asistir"), kind="regla")
    TableRetry.objects.filter(pk=item.pk).update(kind="jugada", theme="", label="error")
    page = _text(alice_client.get(reverse("progress:retries")))
    assert "otros errores de juego" in page


def test_the_answer_that_retires_an_item_says_so(alice, alice_client):
    item = TableRetry.objects.get(record=_bot_hand(alice, "asistir"), kind="regla")
    right = next(c for c, g in item.grades.items() if g == "legal")
    said = []
    for n in (0, 1):
        TableRetry.objects.filter(pk=item.pk).update(due=timezone.now() - timedelta(seconds=1))
        page = _text(alice_client.post(item.get_absolute_url(), {"card": right, "n": n}, follow=True))
        said.append("Dos aciertos seguidos: esta jugada sale de tu repaso." in page)
    assert said == [False, True]
    item.refresh_from_db()
    assert item.retired_at is not None


@pytest.mark.parametrize(
    ("change", "quoted"),
    [
        (("reparte: 4", "reparte: 12345678901234567890123"), "«12345678901234567890123»"),
        (("2: 1o", "12345678901234567890123: 1o"), "no la 12345678901234567890123"),
        (("canta 2:", "canta 12345678901234567890123:"), "«canta 12345678901234567890123»"),
        (("reparte: 4", "reparte: " + "9" * 60), "«" + "9" * 40 + "…»"),
    ],
)
def test_a_paste_refusal_quotes_what_was_written(change, quoted, alice_client):
    response = alice_client.post(reverse("hands:paste"), {"text": EXAMPLE.replace(*change)})
    assert response.status_code == 400 and quoted in _text(response)
    assert not HandRecord.objects.exists()


def test_a_pasted_text_with_a_nul_is_told_so(alice_client):
    response = alice_client.post(reverse("hands:paste"), {"text": EXAMPLE.replace("mesa", "me\x00sa", 1)})
    page = _text(response)
    assert response.status_code == 400 and "carácter nulo" in page
    assert "Pega una mano o sube un archivo." not in page
    assert not HandRecord.objects.exists()
