"""The graded review in Chromium: the four hands of each trick folded, opened by keyboard at 360 px (axe
clean, nothing wider than the screen), «Jugar desde aquí» from a judged card by keyboard; in English; a
teacher opening a student's review from the duplicate's side-by-side page."""

from django.test import Client
from django.urls import reverse
from django.utils import translation
from playwright.sync_api import expect

from engine import records
from tests.browser.test_accessibility import AXE, OVERFLOW, RUN_AXE
from tests.browser.test_classroom_flow import _log_in
from tests.browser.test_hands import alice_plays_a_task
from tests.tutor.play.conftest import play_out, start
from tutor.deck.templatetags.deck import card_name
from tutor.hands import reviews
from tutor.hands.models import HandRecord


def _reviewed(row: HandRecord) -> HandRecord:
    reviews.run(reviews.request(row).pk)  # what the task worker does
    return row


def _played_and_reviewed(user) -> HandRecord:
    client = Client()
    client.force_login(user)
    play_out(client, start(user, seed=5))
    return _reviewed(HandRecord.objects.get(learner=user))


def test_the_review_by_keyboard_at_360_px_then_played_on_from_a_card(
    live_server, browser, transactional_db, alice, password
):
    row = _played_and_reviewed(alice)
    record = records.read(row.text)
    context = browser.new_context(locale="es-ES", viewport={"width": 360, "height": 800})
    page = context.new_page()
    _log_in(page, live_server.url, "alice", password)
    page.goto(live_server.url + reverse("hands:review", args=[row.pk]))
    expect(page.get_by_role("heading", name="Resumen")).to_be_visible()
    hands = page.locator("details.review-hands").first
    expect(hands).not_to_have_attribute("open", "")
    hands.locator("summary").focus()
    page.keyboard.press("Enter")
    expect(hands).to_have_attribute("open", "")
    with translation.override("es"):
        first_of_seat_1 = card_name(sorted(int(c) for c in record.hands[1])[0])
    expect(hands.get_by_text(first_of_seat_1, exact=False)).to_be_visible()
    meanings = page.locator("details.review-meanings")
    meanings.locator("summary").focus()
    page.keyboard.press("Enter")
    expect(meanings.get_by_text("Error grave", exact=True)).to_be_visible()
    page.evaluate(AXE.read_text())
    assert page.evaluate(RUN_AXE, None) == []
    assert page.evaluate(OVERFLOW) <= 0
    button = page.get_by_role("button", name="Jugar desde aquí").first
    button.focus()
    page.keyboard.press("Enter")
    page.wait_for_url("**/jugar/p/**")
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    context.close()


def test_the_review_in_english(live_server, browser, transactional_db, alice, password):
    row = _played_and_reviewed(alice)
    context = browser.new_context(locale="en-GB")
    page = context.new_page()
    _log_in(page, live_server.url, "alice", password)
    page.context.add_cookies([{"name": "django_language", "value": "en", "url": live_server.url}])
    page.goto(live_server.url + reverse("hands:review", args=[row.pk]))
    expect(page.get_by_role("heading", name="Summary")).to_be_visible()
    expect(page.get_by_text("The four hands at the start of baza 1", exact=True)).to_be_visible()
    page.get_by_text("What each label and the accuracy mean").click()
    expect(page.get_by_text("fewer hands in every 100 than with the best card").first).to_be_visible()
    expect(page.get_by_role("button", name="Play from here").first).to_be_visible()
    context.close()


def test_a_teacher_opens_a_students_review_from_the_duplicate_side_by_side(
    live_server, page, transactional_db, teresa, alice, password
):
    practice_set = alice_plays_a_task(teresa, alice)
    _reviewed(HandRecord.objects.get(learner=alice))
    _log_in(page, live_server.url, "teresa", password)
    page.goto(live_server.url + practice_set.get_absolute_url())
    deal = reverse("classroom:duplicate_deal", args=[practice_set.pk, practice_set.items.get().pk, 1])
    page.locator(f'a[href="{deal}"]').first.click()
    expect(page.get_by_role("heading", name="cada alumno, lado a lado")).to_be_visible()
    line = page.get_by_role("row").filter(has_text="Alicia Gómez")
    expect(line).to_contain_text("%")
    line.get_by_role("link", name="Alicia Gómez").click()
    expect(page.get_by_text("Alicia Gómez, reparto 1")).to_be_visible()
    expect(page.get_by_role("heading", name="Resumen")).to_be_visible()
    expect(
        page.get_by_text("Solo quien jugó la mano puede seguir jugándola desde una carta.")
    ).to_be_visible()
    assert page.get_by_role("button", name="Jugar desde aquí").count() == 0


def test_a_pasted_hand_played_on_from_a_card_by_keyboard_without_javascript(
    live_server, page_nojs, transactional_db, alice, password
):
    """A pasted hand that knows every card, whose owner sat at seat 3: «Jugar desde aquí» on one of her
    cards, by keyboard with JavaScript off, opens a «Jugar» table with her to play, in her seat."""
    from tests.tutor.hands.samples import COMPLETE_RECORD
    from tutor.hands import services
    from tutor.play.models import Match
    from tutor.practice.identity import Owner

    row = _reviewed(services.keep_pasted(owner=Owner(alice, ""), text=COMPLETE_RECORD, seat=3))
    page = page_nojs
    _log_in(page, live_server.url, "alice", password)
    page.goto(live_server.url + reverse("hands:review", args=[row.pk]))
    expect(page.get_by_text("juegas tu asiento y los bots el resto", exact=False)).to_be_visible()
    button = page.get_by_role("button", name="Jugar desde aquí").first
    button.focus()
    page.keyboard.press("Enter")
    page.wait_for_url("**/jugar/p/**")
    copy = Match.objects.get(source_record=row)
    assert page.url.endswith(copy.get_absolute_url())
    expect(page.get_by_text("Mano repetida desde «Revisar la mano»", exact=False)).to_be_visible()
