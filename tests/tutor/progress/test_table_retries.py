"""«Mis errores en la mesa»: the learner's own wrong plays at the table come back as spaced retries."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from engine import records
from engine.analysis.retry import label_cards, position
from engine.bots.view import seat_view
from engine.cards import CARDS, parse_card
from tests.tutor.play.conftest import commit_renuncio, play_out, start
from tutor.hands import reviews
from tutor.hands.models import HandRecord
from tutor.practice.identity import Owner
from tutor.progress import retries
from tutor.progress.models import TableRetry, TableRetryAnswer


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _reviewed(row: HandRecord):
    review = reviews.request(row)
    reviews.run(review.pk)
    review.refresh_from_db()
    return review


@pytest.fixture
def renuncio_item(alice, alice_client) -> TableRetry:
    commit_renuncio(alice_client, start(alice, mode="examen", seed=5))
    _reviewed(HandRecord.objects.get())
    return TableRetry.objects.get(kind=TableRetry.Kind.RULE)


def test_a_renuncio_becomes_a_rule_item_at_that_play_seen_from_the_seat(renuncio_item):
    item = renuncio_item
    row = item.record
    assert item.kind == TableRetry.Kind.RULE and item.seat == row.seat == 0
    assert item.rule_ids == ["R-OBL-ASISTIR"]
    record = records.read(row.text)
    plays = [e for e in record.events if isinstance(e, records.Play)]
    assert plays[item.play].seat == 0 and plays[item.play].card.code == item.card
    view = retries.view_of(item)
    hand = position(record, item.play)
    assert view == seat_view(hand, 0) and view.turn == 0
    # graded by the engine's ruling: every card the seat held, legal or not
    legal = {CARDS[c].code for c in range(40) if view.legal_mask() >> c & 1}
    assert {c for c, g in item.grades.items() if g == "legal"} == legal
    assert set(item.grades) == {c.code for c in view.hand_cards()}
    assert item.grades[item.card] == "renuncio"


def test_the_list_writes_an_items_rule_ids_apart(alice, alice_client):
    commit_renuncio(alice_client, start(alice, mode="examen", seed=3))
    _reviewed(HandRecord.objects.get())
    item = TableRetry.objects.get(kind=TableRetry.Kind.RULE)
    assert len(item.rule_ids) >= 2  # the obligation broken and the partner's case
    page = alice_client.get(reverse("progress:retries")).content.decode()
    spans = [f'<span class="rule-id">{rule_id}</span>' for rule_id in item.rule_ids]
    assert ", ".join(spans) in page  # not «R-OBL-FALLARR-OBL-PAREJA» to a reader or a screen reader


def test_the_removal_note_says_a_teacher_reads_it_only_to_a_classs_student(
    renuncio_item, alice, teresa, alice_client
):
    from tutor.classroom import services as classroom_services
    from tutor.classroom.models import Membership

    url = renuncio_item.get_absolute_url()
    page = alice_client.get(url).content.decode()
    assert "¿Por qué no estás de acuerdo?" in page and "lo leerá tu profesor" not in page
    ours = classroom_services.create_classroom(teacher=teresa, name="4º B", rules="guia")
    Membership.objects.create(classroom=ours, student=alice, real_name="Alicia")
    assert "lo leerá tu profesor" in alice_client.get(url).content.decode()


def test_the_position_counts_tantos_not_match_points(renuncio_item, alice_client):
    page = alice_client.get(renuncio_item.get_absolute_url()).content.decode()
    assert "Tantos hasta ahora: tu pareja" in page and "Puntos hasta ahora" not in page


def test_a_second_review_run_makes_no_second_item(renuncio_item):
    review = renuncio_item.record.review
    before = TableRetry.objects.count()
    assert retries.make_items(review) == 0
    assert TableRetry.objects.count() == before


def test_a_play_error_item_is_graded_by_the_analyser(alice, alice_client):
    play_out(alice_client, start(alice, seed=5))
    row = HandRecord.objects.get()
    review = _reviewed(row)
    errors = [t for t in review.data["turns"] if t["seat"] == 0 and t["label"] in ("error", "error_grave")]
    items = list(TableRetry.objects.filter(kind=TableRetry.Kind.PLAY).order_by("play"))
    assert errors and len(items) == len(errors)
    record = records.read(row.text)
    plays = [e for e in record.events if isinstance(e, records.Play)]
    for turn, item in zip(errors, items, strict=True):
        assert item.kind == TableRetry.Kind.PLAY and item.theme == (turn["theme"] or "")
        assert item.play // 4 + 1 == turn["trick"] and plays[item.play].card.code == turn["card"] == item.card
        view = retries.view_of(item)
        expected = label_cards(view, int(parse_card(item.card)))  # the review's own analysis
        assert {c: g[0] for c, g in item.grades.items()} == {c: g.label for c, g in expected.items()}
        assert item.grades[item.card][0] == turn["label"]  # the same verdict as the review's
        assert set(retries.best_cards(item)) == set(turn["best"])
        for code, grade in expected.items():
            assert retries.is_right(item, code) == (grade.label in ("la_mejor", "buena"))
    # answered, the page gives the card's value in tantos (card points), never in «puntos» (match points)
    item = items[0]
    page = alice_client.get(item.get_absolute_url()).content.decode()
    n = page.split('name="n" value="')[1].split('"')[0]
    answered = alice_client.post(item.get_absolute_url(), {"card": item.card, "n": n}, follow=True)
    body = answered.content.decode()
    assert "data-retry-feedback" in body and "tantos de media" in body and "puntos de media" not in body


def test_the_page_shows_only_the_seats_own_cards_and_what_was_played(renuncio_item, alice_client):
    item = renuncio_item
    page = alice_client.get(item.get_absolute_url()).content.decode()
    assert "¿Qué carta echas?" in page
    view = retries.view_of(item)
    record = records.read(item.record.text)
    hand = position(record, item.play)
    others = set()
    for seat in (1, 2, 3):
        others |= {c.code for c in hand.hand_of(seat)}
    for code in {c.code for c in view.hand_cards()}:
        assert f'value="{code}"' in page
    others.discard(CARDS[view.trump_card].code)  # the dealer's turned-up card: the whole table saw it
    assert others and not [code for code in others if f'data-card="{code}"' in page]


def test_wrong_then_right_at_growing_intervals_retires_the_item(renuncio_item, alice_client):
    item = renuncio_item
    url = item.get_absolute_url()
    wrong = item.card
    right = next(c for c, g in item.grades.items() if g == "legal")
    response = alice_client.post(url, {"card": wrong, "n": 0})
    assert response.status_code == 302 and response["Location"].endswith("?visto=0#respuesta")
    page = alice_client.get(response["Location"]).content.decode()
    assert 'data-retry-feedback="wrong"' in page and "renuncio" in page
    # the same press again (stale) changes nothing
    alice_client.post(url, {"card": right, "n": 0})
    assert TableRetryAnswer.objects.count() == 1
    item.refresh_from_db()
    assert item.answers == 1 and item.streak == 0 and item.due > timezone.now()
    # not due yet: an answer is refused and changes nothing
    alice_client.post(url, {"card": right, "n": 1})
    assert TableRetryAnswer.objects.count() == 1
    intervals = []
    for n in (1, 2):
        TableRetry.objects.filter(pk=item.pk).update(due=timezone.now() - timedelta(seconds=1))
        before = timezone.now()
        response = alice_client.post(url, {"card": right, "n": n})
        assert response.status_code == 302
        item.refresh_from_db()
        intervals.append(item.due - before)
    assert 'data-retry-feedback="right"' in alice_client.get(response["Location"]).content.decode()
    assert item.streak == 2 and item.retired_at is not None and not item.open
    assert intervals[1] > intervals[0]
    assert [a.right for a in item.log.order_by("number")] == [False, True, True]


def test_bad_input_changes_nothing(renuncio_item, alice_client):
    url = renuncio_item.get_absolute_url()
    for data in ({}, {"card": "zz", "n": 0}, {"card": "1o", "n": "x"}, {"card": "1o", "n": 99}):
        assert alice_client.post(url, data).status_code == 302
    not_mine = next(c.code for c in CARDS if c.code not in renuncio_item.grades)
    alice_client.post(url, {"card": not_mine, "n": 0})
    assert not TableRetryAnswer.objects.exists()
    assert alice_client.get(url + "?visto=abc").status_code == 200
    assert alice_client.get(url + "?visto=99999999999999").status_code == 200


def test_only_the_owner_sees_or_answers_an_item(renuncio_item, bob_client, client):
    url = renuncio_item.get_absolute_url()
    for c in (bob_client, client):
        assert c.get(url).status_code == 404
        assert c.post(url, {"card": renuncio_item.card, "n": 0}).status_code == 404
        assert (
            c.post(reverse("progress:retry_remove", args=[renuncio_item.pk]), {"note": "x"}).status_code
            == 404
        )
    assert not TableRetryAnswer.objects.exists()
    renuncio_item.refresh_from_db()
    assert renuncio_item.open


def test_removing_keeps_the_note_and_a_removed_hand_leaves_no_error(renuncio_item, alice_client):
    item = renuncio_item
    response = alice_client.post(reverse("progress:retry_remove", args=[item.pk]), {"note": "Era legal"})
    assert response.status_code == 302
    item.refresh_from_db()
    assert not item.open and item.note == "Era legal"
    assert (
        alice_client.post(reverse("progress:retry_remove", args=[item.pk]), {"note": "x"}).status_code == 302
    )
    item.refresh_from_db()
    assert item.note == "Era legal"
    url = item.get_absolute_url()
    item.record.delete()
    assert not TableRetry.objects.exists()
    assert alice_client.get(url).status_code == 404
    assert alice_client.post(url, {"card": "1o", "n": 1}).status_code == 404
    assert alice_client.get(reverse("progress:retries")).status_code == 200


def test_home_and_my_progress_count_the_due_retries_and_show_the_themes(alice, alice_client):
    play_out(alice_client, start(alice, seed=5))
    row = HandRecord.objects.get()
    review = _reviewed(row)
    items = TableRetry.objects.filter(learner=alice)
    n = items.count()
    assert n
    home = alice_client.get(reverse("core:home")).content.decode()
    assert f"{n} jugada" in home and reverse("progress:retries") in home
    errors = [t for t in review.data["turns"] if t["seat"] == 0 and t["label"] in ("error", "error_grave")]
    if not any(t["theme"] for t in errors):  # the report counts the themes the review names
        errors[0]["theme"] = "cargar"
        review.save(update_fields=["data"])
    page = alice_client.get(reverse("progress:index")).content.decode()
    assert "data-table-report" in page and f"{n} jugada" in page
    cards = sum(1 for t in review.data["turns"] if t["seat"] == 0)
    themes = {t["theme"] for t in errors if t["theme"]}
    for theme in themes:
        count = sum(1 for t in errors if t["theme"] == theme)
        assert f'data-table-row="{theme}"' in page
        assert "<td>" + str(round(100 * count / cards, 1)).replace(".", ",") + "</td>" in page
    assert themes  # this hand's learner errors have a theme
    assert "data-weakest-theme" in page and "/lecciones/glosario/#" in page
    # once answered it is not due any more: the home page stops counting it
    TableRetry.objects.filter(learner=alice).update(due=timezone.now() + timedelta(days=1))
    assert "data-home-retries" not in alice_client.get(reverse("core:home")).content.decode()


def test_the_class_dashboard_shows_the_students_errors_at_the_table_and_their_notes(
    alice, bob, teresa, tomas, alice_client, client
):
    from tutor.classroom import services as classroom_services
    from tutor.classroom.models import Membership

    ours = classroom_services.create_classroom(teacher=teresa, name="4º B", rules="guia")
    Membership.objects.create(classroom=ours, student=alice, real_name="Alicia")
    Membership.objects.create(classroom=ours, student=bob, real_name="Roberto")
    commit_renuncio(alice_client, start(alice, mode="examen", seed=5))
    _reviewed(HandRecord.objects.get())
    item = TableRetry.objects.get(kind=TableRetry.Kind.RULE)
    # A note with a right-to-left override (U+202E) cannot turn round the page's quotes after it.
    alice_client.post(reverse("progress:retry_remove", args=[item.pk]), {"note": "Yo no tenía oros \u202e!"})
    review = item.record.review
    cards = sum(1 for t in review.data["turns"] if t["seat"] == 0) + 1
    client.force_login(teresa)
    page = client.get(reverse("classroom:heatmap", args=[ours.pk])).content.decode()
    assert "data-at-table" in page and "R-OBL-ASISTIR" in page
    alice_row = page[page.index(f'data-at-table-student="{alice.pk}"') :]
    alice_row = alice_row[: alice_row.index("</tr>")]
    assert str(round(100 / cards, 1)).replace(".", ",") in alice_row
    bob_row = page[page.index(f'data-at-table-student="{bob.pk}"') :]
    assert "—" in bob_row[: bob_row.index("</tr>")]  # no reviewed hand yet
    assert "«<bdi>Yo no tenía oros \u202e!</bdi>»" in page and "<bdi>Alicia</bdi>" in page
    client.force_login(tomas)  # another class's teacher
    assert client.get(reverse("classroom:heatmap", args=[ours.pk])).status_code == 404


def test_a_mixed_session_offers_the_due_retries_and_counts_their_answers(renuncio_item, alice_client):
    from tutor.progress.models import PracticeSession

    item = renuncio_item
    alice_client.post(reverse("progress:mixed"))
    session = PracticeSession.objects.get()
    assert {"retry": item.pk} in session.plan and len(session.plan) == 10
    position = session.plan.index({"retry": item.pk})
    url = reverse("progress:session_next", args=[session.pk])
    # (the scenarios before it are passed over: an unanswered one would stay current)
    PracticeSession.objects.filter(pk=session.pk).update(position=position)
    response = alice_client.get(url)
    assert response.status_code == 302
    assert response["Location"] == f"{item.get_absolute_url()}?sesion={session.pk}"
    page = alice_client.get(response["Location"]).content.decode()
    assert 'name="sesion"' in page
    right = next(c for c, g in item.grades.items() if g == "legal")
    answered = alice_client.post(item.get_absolute_url(), {"card": right, "n": 0, "sesion": session.pk})
    assert answered["Location"].endswith(f"?visto=0&sesion={session.pk}#respuesta")
    assert url in alice_client.get(answered["Location"]).content.decode()
    summary = alice_client.get(reverse("progress:session_summary", args=[session.pk])).content.decode()
    assert "Jugada de tus manos" in summary
    # a retry removed meanwhile is skipped, not a 5xx
    item.refresh_from_db()
    TableRetry.objects.filter(pk=item.pk).update(removed_at=timezone.now())
    PracticeSession.objects.filter(pk=session.pk).update(position=position)
    assert alice_client.get(url).status_code == 302


def test_an_anonymous_visitors_items_join_their_account(alice):
    from tutor.progress import services

    row = HandRecord.objects.create(
        anon_id="visitante-1", source="bots", seat=0, table="guia", text="-", played_at=timezone.now()
    )
    item = TableRetry.objects.create(
        anon_id="visitante-1", record=row, play=0, seat=0, kind="regla", card="1o", due=timezone.now()
    )
    assert not retries.open_items(Owner(alice, "")).exists()
    services.merge_learner(user=alice, anon_id="visitante-1")
    item.refresh_from_db()
    assert item.learner == alice and item.anon_id == ""
    assert list(retries.open_items(Owner(alice, ""))) == [item]
    assert not retries.open_items(Owner(None, "visitante-1")).exists()


def test_a_stale_item_whose_record_no_longer_replays_is_a_404_not_an_error(renuncio_item, alice_client):
    HandRecord.objects.filter(pk=renuncio_item.record_id).update(text="no es una mano")
    assert alice_client.get(renuncio_item.get_absolute_url()).status_code == 404
    assert alice_client.get(reverse("progress:retries")).status_code == 200
    assert alice_client.get(reverse("progress:index")).status_code == 200


@pytest.mark.django_db
def test_with_nothing_to_repeat_the_page_says_so_once_not_with_a_zero_count(alice_client):
    page = alice_client.get(reverse("progress:retries")).content.decode()
    assert "No tienes jugadas por repetir." in page
    assert "data-retries-due" not in page and "0 jugadas" not in page


def test_the_page_says_when_an_item_leaves_the_review_in_plain_words(alice_client):
    page = alice_client.get(reverse("progress:retries")).content.decode()
    assert "Cuando aciertas una dos veces seguidas, cada vez que le toca, sale del repaso." in page
    assert "cada vez cuando" not in page
    alice_client.cookies["django_language"] = "en"
    page = alice_client.get(reverse("progress:retries"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "When you get one right twice in a row, each time it is due, it leaves your review." in page
