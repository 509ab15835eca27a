"""A new learner gets the guide's "¿Cuál puedes jugar?" wrong (the cuatro de copas: they must montar),
the next example right, and finds both in Mi progreso, in the right skills, with the failed one in
the review queue; after signing up the same progress is in their account. With and without JavaScript.
"""

import re

from playwright.sync_api import Page, expect

from tests.browser.test_practice_flow import practise_the_guide_example_and_the_next
from tutor.accounts.models import User
from tutor.progress.models import ReviewItem

PASSWORD = "sota-de-bastos-77"
ONLY_PASSWORD = re.compile(r"^\s*Contraseña\*?\s*$")


def _open_my_progress(page: Page) -> None:
    page.get_by_role("navigation", name="Principal").get_by_role("link", name="Mi progreso").click()
    expect(page.get_by_role("heading", name="Mi progreso", level=1)).to_be_visible()


def _expect_both_attempts(page: Page, first, nxt) -> None:
    expect(page.get_by_test_id("overall")).to_contain_text("50 %")
    expect(page.get_by_test_id("queue")).to_contain_text("1 ejercicio fallado")
    montar = page.locator('[data-skill="R-OBL-MONTAR"]')
    expect(montar).to_contain_text("Si asistes y nadie ha echado triunfo")
    # One wrong answer, then one right: the first leaves a skill "Por aprender", the second
    # "Familiar", both together (wrong then right) "Familiar" too.
    for rule_id in set(first.rule_ids) | set(nxt.rule_ids):
        in_first, in_next = rule_id in first.rule_ids, rule_id in nxt.rule_ids
        row = page.locator(f'[data-skill="{rule_id}"]')
        expect(row.locator("td").nth(0)).to_have_text(str(in_first + in_next))  # attempts
        expect(row.locator("td").nth(1)).to_have_text(str(int(in_first)))  # failures
        expect(row).to_contain_text("Familiar (50 %)" if in_next else "Por aprender (0 %)")
    families = page.get_by_role("table").first
    expect(families.get_by_role("rowheader", name="¿Cuál puedes jugar?")).to_be_visible()
    expect(families.get_by_role("rowheader", name="Marca todas las cartas válidas")).to_be_visible()
    recent = page.locator(".progress-recent")
    expect(recent.get_by_text("No montar pudiendo", exact=False)).to_be_visible()
    expect(recent.get_by_text("✗ Mal")).to_have_count(1)
    expect(recent.get_by_text("✓ Bien")).to_have_count(1)


def _sign_up(page: Page, username: str) -> None:
    page.get_by_role("link", name="Crear cuenta", exact=True).click()
    page.get_by_label("Nombre de usuario").fill(username)
    page.get_by_label(ONLY_PASSWORD).fill(PASSWORD)
    page.get_by_label("Contraseña (confirmación)").fill(PASSWORD)
    page.get_by_label("alumno").check()
    page.get_by_role("main").get_by_role("button", name="Crear cuenta").click()
    expect(page.get_by_role("banner").get_by_text(username)).to_be_visible()


def _practise_check_sign_up_and_check_again(page: Page, base_url: str, username: str) -> None:
    first, nxt = practise_the_guide_example_and_the_next(page, base_url)
    _open_my_progress(page)
    _expect_both_attempts(page, first, nxt)
    _sign_up(page, username)
    _open_my_progress(page)
    _expect_both_attempts(page, first, nxt)
    item = ReviewItem.objects.get()
    assert item.learner == User.objects.get(username=username)
    assert item.attempt.issued_id == first.pk


def test_a_new_learner_finds_their_practice_in_my_progress(live_server, page):
    _practise_check_sign_up_and_check_again(page, live_server.url, "nuria")
    assert page.console_errors == []


def test_the_same_without_javascript(live_server, page_nojs):
    _practise_check_sign_up_and_check_again(page_nojs, live_server.url, "pablo")
