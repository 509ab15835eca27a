"""«Mis errores en la mesa» in Chromium, JavaScript off, in English: a learner's hand in examen mode with a
deliberate renuncio (and a cante let pass) is reviewed, the play comes back on the home page, is answered
wrongly, then rightly; the cante is asked as «What do you sing?»; the rule and the theme «singing in time»
show in Mi progreso's «At the table»."""

from django.test import Client
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from engine import records
from engine.analysis.retry import cante_errors
from tests.browser.test_classroom_flow import _log_in
from tests.tutor.play.conftest import commit_renuncio, start
from tutor.hands import reviews
from tutor.hands.models import HandRecord
from tutor.progress.models import TableRetry


def test_a_renuncio_comes_back_as_a_retry_answered_wrongly_then_rightly(
    live_server, browser, transactional_db, alice, password
):
    learner = Client()
    learner.force_login(alice)
    # The deliberate errors: a renuncio, and every cante offered let pass («No cantar»); the first deal
    # from seed 5 on where the learner could sing.
    for seed in range(5, 40):
        commit_renuncio(learner, start(alice, mode="examen", seed=seed))
        row = HandRecord.objects.latest("pk")
        if any(e.kind == "missed" for e in cante_errors(records.read(row.text), row.seat)):
            break
        row.delete()
    review = reviews.request(row)
    reviews.run(review.pk)  # what the task worker does
    item = TableRetry.objects.get(kind=TableRetry.Kind.RULE)
    cante = TableRetry.objects.filter(kind=TableRetry.Kind.CANTE).first()
    assert cante is not None and cante.theme == "cantar"
    # the hand's play errors, if any: this test follows the renuncio and the cante
    TableRetry.objects.exclude(pk__in=[item.pk, cante.pk]).delete()
    right = next(code for code, grade in item.grades.items() if grade == "legal")

    # A phone's screen: the feedback after an answer must come into view, not the top of the page.
    context = browser.new_context(
        locale="en-GB", java_script_enabled=False, viewport={"width": 360, "height": 740}
    )
    page = context.new_page()
    _log_in(page, live_server.url, "alice", password)
    page.context.add_cookies([{"name": "django_language", "value": "en", "url": live_server.url}])
    page.goto(live_server.url + "/")
    page.get_by_role("link", name="2 plays from your hands to try again").click()
    expect(page.get_by_role("heading", name="My mistakes at the table")).to_be_visible()
    page.get_by_role(
        "link", name=f"Hand against the bots (hand 1 of the match), baza {item.play // 4 + 1}"
    ).click()
    expect(page.get_by_role("heading", name="Which card do you play?")).to_be_visible()
    page.locator(f'button[name="card"][value="{item.card}"]').click()  # the same renuncio again
    expect(page.locator('[data-retry-feedback="wrong"]')).to_be_visible()
    expect(page.locator('[data-retry-feedback="wrong"]')).to_be_in_viewport()
    expect(page.get_by_text("It cannot be played: it would be a renuncio.")).to_be_visible()
    # not due again yet: the page says when it comes back; a minute later (FSRS's first step) it is due
    page.goto(live_server.url + item.get_absolute_url())
    expect(page.get_by_text("This play comes back in")).to_be_visible()
    TableRetry.objects.filter(pk=item.pk).update(due=timezone.now())
    page.goto(live_server.url + item.get_absolute_url())
    page.locator(f'button[name="card"][value="{right}"]').click()
    expect(page.locator('[data-retry-feedback="right"]')).to_be_visible()
    expect(page.get_by_text("It can be played.")).to_be_visible()
    # the cante let pass, asked at its moment: letting it pass again is wrong, and the page says why
    page.goto(live_server.url + reverse("progress:retries"))
    page.get_by_role(
        "link", name=f"Hand against the bots (hand 1 of the match), after baza {cante.play // 4}"
    ).click()
    expect(page.get_by_role("heading", name="What do you sing?")).to_be_visible()
    page.get_by_role("button", name="I sing nothing").click()
    expect(page.locator('[data-retry-feedback="wrong"]')).to_be_visible()
    expect(page.get_by_text("Your answer: I sing nothing.")).to_be_visible()
    page.goto(live_server.url + reverse("progress:index"))
    section = page.locator("[data-table-report]")
    expect(section.get_by_role("heading", name="At the table: your mistakes in your hands")).to_be_visible()
    expect(section.locator('[data-table-row="R-OBL-ASISTIR"]')).to_be_visible()
    expect(section.locator('[data-table-row="cantar"]')).to_contain_text("singing in time", ignore_case=True)
    context.close()
