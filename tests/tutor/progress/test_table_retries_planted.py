"""«Mis errores en la mesa» from bot hands with an error planted at the learner's seat, under every table:
the review's data becomes items (renuncios of every obligation, play errors, cantes missed and sung
wrongly), each page shows only what the seat could see, answers are graded as the engine rules them, and
doubled, stale or orphaned answers change nothing and break nothing."""

import re

import pytest
from django.urls import reverse
from django.utils import timezone

from engine import records
from engine.analysis import analyse_hand
from engine.analysis.retry import NOTHING, RIGHT, label_cards, position
from engine.bots.view import seat_view
from engine.cards import CARDS, parse_card
from engine.record_replay import hand_of
from engine.rules import PRESETS
from tests.engine.planted import KINDS, REFINED, RENUNCIOS, SEAT, planted, visible
from tutor.hands.models import HandRecord, HandReview, review_summary
from tutor.hands.reviews import ANALYSIS_VERSION, as_data
from tutor.progress import retries
from tutor.progress.models import TableRetry, TableRetryAnswer

CARD = re.compile(r'data-card="([^"]+)"')
KIND_OF = {
    **dict.fromkeys(RENUNCIOS, "regla"),
    "jugada": "jugada",
    REFINED: "jugada",
    "cante_missed": "cante",
    "cante_wrong": "cante",
}


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def kept(user, p) -> HandRecord:
    """The planted hand kept as the learner's (seat 0), with its review done as the worker stores it (the
    trick of the planted play judged), and the items the review makes."""
    text = records.write(p.record)
    row = HandRecord.objects.create(
        learner=user,
        source="pegada",
        seat=SEAT,
        table=next(k for k, v in PRESETS.items() if v == p.record.rules),
        text=text,
        played_at=timezone.now(),
    )
    trick = min(p.plays // 4 + 1, 10)
    result = analyse_hand(hand_of(records.read(text)), [SEAT], viewer=SEAT, tricks=[trick])
    data = as_data(result, SEAT)
    review = HandReview.objects.create(
        record=row,
        status=HandReview.Status.DONE,
        seats=[SEAT],
        data=data,
        summary=review_summary(data, SEAT, text),
        engine_version=ANALYSIS_VERSION,
    )
    retries.make_items(review)
    return row


def _the_item(row, p) -> TableRetry:
    return TableRetry.objects.get(record=row, play=p.plays, kind=KIND_OF[p.kind])


def _visible(view) -> set[str]:
    return {CARDS[c].code for c in range(40) if visible(view) >> c & 1}


@pytest.mark.parametrize("rules_key", sorted(PRESETS))
@pytest.mark.parametrize("kind", KINDS)
def test_a_planted_error_becomes_an_item_graded_as_the_engine_rules(rules_key, kind, alice, alice_client):
    p = planted(rules_key, kind)
    row = kept(alice, p)
    item = _the_item(row, p)
    assert item.card == p.card and item.seat == SEAT
    view = retries.view_of(item)
    assert view is not None and view.hand == p.hand and tuple(view.trick) == p.trick
    page = alice_client.get(item.get_absolute_url())
    assert page.status_code == 200
    html = page.content.decode()
    shown = set(CARD.findall(html))
    assert shown <= _visible(view)  # no card the seat could not see, on the page or in the item
    record = records.read(row.text)
    if item.kind == "jugada":
        expected = label_cards(seat_view(position(record, p.plays), SEAT), int(parse_card(p.card)))
        assert {c: g[0] for c, g in item.grades.items()} == {c: g.label for c, g in expected.items()}
        assert set(item.grades) <= shown
    elif item.kind == "regla":
        legal = view.legal_mask()
        assert {c for c, g in item.grades.items() if g == "legal"} == {
            c.code for c in view.hand_cards() if legal >> int(c) & 1
        }
        assert set(item.grades) <= shown
    else:
        assert "¿Qué cantas?" in html and 'name="card" value="-"' in html
        assert item.theme == "cantar" and item.rule_ids
    # a wrong answer, then (when due again) a right one, graded by the stored grades
    right = retries.best_cards(item)[0]
    wrong = item.card
    assert alice_client.post(item.get_absolute_url(), {"card": wrong, "n": 0}).status_code == 302
    item.refresh_from_db()
    assert [a.right for a in item.log.all()] == [False] and item.streak == 0
    feedback = alice_client.get(f"{item.get_absolute_url()}?visto=0").content.decode()
    assert 'data-retry-feedback="wrong"' in feedback
    if item.kind != "jugada":
        for rule_id in item.rule_ids:
            assert rule_id in feedback  # the rule, linked
    TableRetry.objects.filter(pk=item.pk).update(due=timezone.now())
    alice_client.post(item.get_absolute_url(), {"card": right, "n": 1})
    item.refresh_from_db()
    assert [a.right for a in item.log.order_by("number")] == [False, True] and item.streak == 1


@pytest.mark.parametrize("kind", ["cante_missed", "cante_wrong"])
def test_a_cante_items_feedback_gives_the_engines_reason(kind, alice, alice_client):
    p = planted("guia", kind)
    item = _the_item(kept(alice, p), p)
    answer = NOTHING if kind == "cante_missed" else item.card
    alice_client.post(item.get_absolute_url(), {"card": answer, "n": 0})
    page = re.sub(r"\s+", " ", alice_client.get(f"{item.get_absolute_url()}?visto=0").content.decode())
    assert 'data-retry-feedback="wrong"' in page
    if kind == "cante_missed":
        assert "Tu respuesta: No canto." in page and "podías cantar" in page
    else:
        assert "No vale: solo se canta justo después de una baza ganada por tu pareja." in page
        assert item.grades[NOTHING][0] == RIGHT


def test_answering_twice_or_a_stale_form_records_one_answer(alice, alice_client):
    p = planted("guia", "cante_missed")
    item = _the_item(kept(alice, p), p)
    for _ in range(2):
        alice_client.post(item.get_absolute_url(), {"card": NOTHING, "n": 0})
    assert TableRetryAnswer.objects.filter(item=item).count() == 1
    for card in ["zz", "tx", "", "12c" * 3]:
        assert alice_client.post(item.get_absolute_url(), {"card": card, "n": 1}).status_code == 302
    assert TableRetryAnswer.objects.filter(item=item).count() == 1


def test_a_second_review_of_the_hand_makes_no_second_item(alice):
    p = planted("estricta", "cante_wrong")
    row = kept(alice, p)
    before = TableRetry.objects.filter(record=row).count()
    assert retries.make_items(row.review) == 0
    assert TableRetry.objects.filter(record=row).count() == before


def test_an_item_of_a_removed_hand_is_gone_without_an_error(alice, alice_client):
    p = planted("ludoteka", "pisar")
    row = kept(alice, p)
    item = _the_item(row, p)
    row.delete()
    assert alice_client.get(item.get_absolute_url()).status_code == 404
    assert alice_client.post(item.get_absolute_url(), {"card": item.card, "n": 0}).status_code == 404
    assert not TableRetryAnswer.objects.exists()


def test_every_other_persona_is_denied(alice, alice_client, bob_client, teresa_client, client):
    p = planted("companero", "cante_missed")
    item = _the_item(kept(alice, p), p)
    assert alice_client.get(item.get_absolute_url()).status_code == 200
    for other in (bob_client, teresa_client, client):
        assert other.get(item.get_absolute_url()).status_code == 404
        assert other.post(item.get_absolute_url(), {"card": NOTHING, "n": 0}).status_code == 404
        assert other.post(reverse("progress:retry_remove", args=[item.pk]), {"note": "x"}).status_code == 404
    assert not TableRetryAnswer.objects.exists()
    item.refresh_from_db()
    assert item.removed_at is None


def test_mi_progreso_counts_a_missed_cante_under_its_rule_and_cantar_a_tiempo(alice, alice_client):
    p = planted("guia", "cante_missed")
    row = kept(alice, p)
    assert [True, "R-CANTE-2"] in row.review.summary["found"] and [False, "cantar"] in row.review.summary[
        "found"
    ]
    page = alice_client.get(reverse("progress:index")).content.decode()
    assert 'data-table-row="cantar"' in page and 'data-table-row="R-CANTE-2"' in page


def test_the_list_of_retries_says_cantes_come_back_too(alice, alice_client):
    kept(alice, planted("guia", "cante_missed"))
    page = re.sub(r"\s+", " ", alice_client.get(reverse("progress:retries")).content.decode())
    assert "(un renuncio, un cante que no cantaste o cantaste mal, o una carta" in page
