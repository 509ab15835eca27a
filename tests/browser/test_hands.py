"""Hand records in Chromium: a hand entered by clicks (and by keyboard), pasted without JavaScript,
uploaded as a file, in English; a teacher opening a student's hand of a class task."""

from pathlib import Path

from django.urls import reverse
from playwright.sync_api import expect

from engine import records
from tests.browser.test_classroom_flow import _log_in
from tests.tutor.classroom.conftest import make_set
from tests.tutor.hands.samples import COMPLETE_RECORD
from tests.tutor.play.conftest import play_out
from tutor.classroom import services as classroom_services
from tutor.classroom.models import Membership, SetMatch
from tutor.hands.models import HandRecord
from tutor.play.models import MatchHand


def test_a_trick_entered_by_clicks_and_one_by_keyboard_then_saved(live_server, page, transactional_db):
    page.goto(live_server.url + reverse("hands:enter"))
    page.get_by_label("Reglas de la mesa").select_option("guia")
    page.get_by_label("Reparte").select_option("0")
    page.get_by_label("Carta que enseña el repartidor (el triunfo)").select_option("10c")
    page.get_by_role("button", name="Empezar").click()
    expect(page.get_by_role("heading", name="Echa carta: Jugador 2 (pareja B)")).to_be_visible()
    for name in ("dos de espadas", "as de copas", "sota de espadas", "siete de espadas"):
        page.get_by_role("button", name=name).click()
    # the as de copas (a trump: copas) won the trick: its player leads the next one
    expect(page.get_by_role("heading", name="Echa carta: Jugador 3 (pareja A)")).to_be_visible()
    # the next card by keyboard only
    button = page.get_by_role("button", name="rey de copas")
    button.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="Echa carta: Jugador 4 (pareja B)")).to_be_visible()
    page.get_by_role("button", name="Deshacer lo último").click()
    expect(page.get_by_role("heading", name="Echa carta: Jugador 3 (pareja A)")).to_be_visible()
    page.get_by_label("Título (opcional)").fill("Primera baza")
    page.get_by_role("button", name="Guardar y revisar la mano").click()
    expect(page.get_by_role("heading", name="Primera baza")).to_be_visible()
    expect(page.get_by_text("Baza 1: la gana Jugador 3 (pareja A)")).to_be_visible()
    row = HandRecord.objects.get()
    assert [p.card.code for p in records.read(row.text).plays] == ["2e", "1c", "10e", "7e"]


def test_a_hand_pasted_without_javascript_is_refereed(live_server, page_nojs, transactional_db):
    page = page_nojs
    page.goto(live_server.url + reverse("hands:paste"))
    page.get_by_label("La mano, escrita en la notación").fill(COMPLETE_RECORD.replace("1: 2e 1c", "1: 2e 9c"))
    page.get_by_role("button", name="Revisar la mano").click()
    expect(page.get_by_role("alert")).to_contain_text("Línea 9:")
    assert not HandRecord.objects.exists()
    page.get_by_label("La mano, escrita en la notación").fill(COMPLETE_RECORD)
    page.get_by_role("button", name="Revisar la mano").click()
    expect(page.get_by_role("heading", name="Lo que dice el árbitro")).to_be_visible()
    expect(page.get_by_text("Comprobación: ")).to_be_visible()
    expect(page.locator(".hands-score")).to_contain_text("Total")


def test_a_hand_uploaded_as_a_file_in_english(live_server, browser, transactional_db, tmp_path: Path):
    context = browser.new_context(locale="en-GB")
    page = context.new_page()
    page.goto(live_server.url + "/")
    page.context.add_cookies([{"name": "django_language", "value": "en", "url": live_server.url}])
    page.goto(live_server.url + reverse("hands:paste"))
    expect(page.get_by_role("heading", name="Paste a hand")).to_be_visible()
    path = tmp_path / "hand.txt"
    path.write_text(COMPLETE_RECORD, encoding="utf-8")
    page.get_by_label("Or upload a text file").set_input_files(str(path))
    page.get_by_role("button", name="Review the hand").click()
    expect(page.get_by_role("heading", name="What the referee says")).to_be_visible()
    expect(page.get_by_text("Check: ")).to_be_visible()
    context.close()


def alice_plays_a_task(teresa, alice):
    """Teresa's class «4º B» with Alicia Gómez (alice), a set of one hand against the bots, played out."""
    from django.test import Client

    room = classroom_services.create_classroom(teacher=teresa, name="4º B", rules="guia")
    Membership.objects.create(classroom=room, student=alice, real_name="Alicia Gómez")
    item = [{"kind": "play", "family": "", "count": 1, "difficulty": 1, "bot_level": "principiante"}]
    practice_set = make_set(room, teresa, items=item)
    student = Client()
    student.force_login(alice)
    student.post(reverse("classroom:task_play", args=[practice_set.pk, practice_set.items.get().pk]))
    play_out(student, SetMatch.objects.get().match)
    return practice_set


def test_a_teacher_opens_a_students_hand_from_the_set_page(
    live_server, page, transactional_db, teresa, alice, password
):
    practice_set = alice_plays_a_task(teresa, alice)
    hand = MatchHand.objects.get()
    _log_in(page, live_server.url, "teresa", password)
    page.goto(live_server.url + practice_set.get_absolute_url())
    page.locator(f'a[href="{reverse("classroom:set_hand", args=[practice_set.pk, hand.pk])}"]').first.click()
    expect(page.get_by_text("Alicia Gómez, reparto 1")).to_be_visible()
    expect(page.get_by_role("heading", name="Carta a carta")).to_be_visible()


def test_the_review_fills_in_by_itself_with_javascript_and_on_reload_without(
    live_server, browser, alice, task_worker
):
    from django.conf import settings
    from django.test import Client

    from tutor.hands import services
    from tutor.practice.identity import Owner

    row = services.keep_pasted(owner=Owner(alice, ""), text=COMPLETE_RECORD, title="Jueves")
    client = Client()
    client.force_login(alice)
    session = client.cookies[settings.SESSION_COOKIE_NAME]
    for javascript in (True, False):
        context = browser.new_context(locale="es-ES", java_script_enabled=javascript)
        context.add_cookies([{"name": session.key, "value": session.value, "url": live_server.url}])
        page = context.new_page()
        page.goto(live_server.url + row.get_absolute_url())
        page.get_by_role("link", name="Revisión carta a carta").click()
        expect(page.get_by_role("heading", name="Revisión de la mano")).to_be_visible()
        if javascript:
            # the worker finishes; htmx notices and the page fills in without a click
            expect(page.get_by_role("heading", name="Resumen")).to_be_visible(timeout=120_000)
        else:
            # without JavaScript the stored review is there on a reload
            for _ in range(240):
                if page.get_by_role("heading", name="Resumen").count():
                    break
                page.wait_for_timeout(500)
                page.reload()
            expect(page.get_by_role("heading", name="Resumen")).to_be_visible()
        expect(page.locator(".review-accuracy")).to_contain_text("precisión")
        context.close()
