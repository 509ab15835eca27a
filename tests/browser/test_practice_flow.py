"""A new learner takes the guide's "¿Cuál puedes jugar?", gets it wrong (they must montar), reads every
card's verdict, goes on to the next example and gets it right: with JavaScript (htmx), without it, and
by keyboard only. The right answers come from the stored answer keys in the database, not the page.
"""

import re
import time

from playwright.sync_api import Page, expect

from tutor.accounts.models import User
from tutor.practice.models import Attempt, Issued

PASSWORD = "sota-de-bastos-77"
ONLY_PASSWORD = re.compile(r"^\s*Contraseña\*?\s*$")
GUIDE_EXAMPLE = "guia-cual-puedes-jugar"


def _latest_issued() -> Issued:
    return Issued.objects.order_by("-pk").first()


def _open_the_guide_example(page: Page, base_url: str) -> Issued:
    page.goto(base_url + "/")
    page.get_by_role("navigation", name="Principal").get_by_role("link", name="Practicar").click()
    expect(page.get_by_role("heading", name="Ejemplos de la guía")).to_be_visible()
    page.locator(f'[data-fixed="{GUIDE_EXAMPLE}"]').get_by_role("button", name="Hacer este ejemplo").click()
    expect(page.get_by_role("heading", name=re.compile(r"¿Qué carta puedes jugar\?"))).to_be_visible()
    issued = _latest_issued()
    assert issued.fixed_id == GUIDE_EXAMPLE
    return issued


def _expect_the_montar_feedback(page: Page, issued: Issued) -> None:
    feedback = page.locator("[data-feedback]")
    expect(feedback.get_by_text("Incorrecto.")).to_be_visible()
    expect(feedback.get_by_text("debes montar", exact=False).first).to_be_visible()
    expect(feedback.get_by_text("No montar pudiendo", exact=False)).to_be_visible()
    hand = issued.scenario["position"]["hand"]
    for card in hand:
        expect(feedback.locator(f'[data-verdict="{card}"]')).to_have_count(1)
    expect(feedback.locator('[data-verdict="12c"]')).to_contain_text("se puede jugar")
    expect(feedback.locator('[data-verdict="4c"]')).to_contain_text("no se puede jugar")
    expect(feedback.locator('[data-rule="R-OBL-MONTAR"]')).to_be_visible()


def _mark_right_cards_and_check(page: Page, nxt: Issued) -> None:
    key = nxt.scenario["answer"]
    assert nxt.scenario["answer_kind"] == "cards"
    for card in key:
        page.locator(f'input[name="answer"][value="{card}"]').check()
    page.get_by_role("button", name="Comprobar").click()


def _feedback_comes_into_view(page: Page, seconds: float = 5) -> bool:
    """The feedback's top ends in the upper half of the viewport (Bootstrap scrolls smoothly)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        top, height = page.evaluate(
            "[document.querySelector('[data-feedback]').getBoundingClientRect().top, innerHeight]"
        )
        if -1 < top < height / 2:
            return True
        time.sleep(0.1)
    return False


def practise_the_guide_example_and_the_next(page: Page, base_url: str) -> tuple[Issued, Issued]:
    """Wrong on the guide's example, then right on the next one; returns both issued scenarios.

    Mi progreso (progress app) can extend the tests below with a look at the learner's progress page.
    """
    first = _open_the_guide_example(page, base_url)
    page.get_by_role("button", name="cuatro de copas").click()
    _expect_the_montar_feedback(page, first)
    page.get_by_role("button", name="Siguiente").click()
    expect(page.get_by_role("heading", name=re.compile(r"Marca"))).to_be_visible()
    nxt = _latest_issued()
    assert nxt.pk != first.pk
    _mark_right_cards_and_check(page, nxt)
    expect(page.locator("[data-feedback]").get_by_text("¡Correcto!")).to_be_visible()
    return first, nxt


def test_an_anonymous_learner_practises_with_javascript(live_server, page):
    first, nxt = practise_the_guide_example_and_the_next(page, live_server.url)
    attempts = {a.issued_id: a for a in Attempt.objects.all()}
    assert set(attempts) == {first.pk, nxt.pk}
    assert not attempts[first.pk].correct and attempts[nxt.pk].correct
    assert all(a.learner is None and a.anon_id for a in attempts.values())
    assert page.console_errors == []


def test_htmx_swaps_the_feedback_in_place_and_moves_focus_to_it(live_server, page):
    issued = _open_the_guide_example(page, live_server.url)
    url = page.url
    with page.expect_response(re.compile(r"/responder/$")) as answer:
        page.get_by_role("button", name="cuatro de copas").click()
    assert answer.value.status == 200  # the fragment, not a redirect
    _expect_the_montar_feedback(page, issued)
    expect(page.locator("[data-feedback]")).to_be_focused()
    assert page.url == url
    assert page.console_errors == []


def test_siguiente_swaps_the_next_question_in_and_the_address_follows(live_server, page):
    first = _open_the_guide_example(page, live_server.url)
    page.get_by_role("button", name="cuatro de copas").click()
    _expect_the_montar_feedback(page, first)
    with page.expect_response(re.compile(r"/siguiente/$")) as nxt_response:
        page.get_by_role("button", name="Siguiente").click()
    assert nxt_response.value.status == 200  # the next question's fragment, not a redirect
    question = page.get_by_role("heading", name=re.compile(r"Marca"))
    expect(question).to_be_visible()
    expect(question).to_be_focused()
    nxt = _latest_issued()
    expect(page).to_have_url(live_server.url + nxt.get_absolute_url())
    expect(page.locator(f'[data-scenario="{first.token}"]')).to_have_count(0)
    expect(page.locator("[data-feedback]")).to_have_count(0)
    # Reloading the pushed address shows the same open question.
    page.reload()
    expect(page.locator(f'[data-scenario="{nxt.token}"] form[data-practice-form]')).to_be_visible()
    assert Issued.objects.count() == 2
    assert page.console_errors == []


def test_a_learner_practises_without_javascript(live_server, page_nojs):
    page_nojs.goto(live_server.url + "/")
    page_nojs.get_by_role("link", name="Crear cuenta", exact=True).click()
    page_nojs.get_by_label("Nombre de usuario").fill("lucia")
    page_nojs.get_by_label(ONLY_PASSWORD).fill(PASSWORD)
    page_nojs.get_by_label("Contraseña (confirmación)").fill(PASSWORD)
    page_nojs.get_by_role("main").get_by_role("button", name="Crear cuenta").click()
    lucia = User.objects.get(username="lucia")

    first, nxt = practise_the_guide_example_and_the_next(page_nojs, live_server.url)
    # Post/Redirect/Get, to the feedback's fragment: it is in the first viewport, not below the fold.
    assert page_nojs.url.endswith(f"{nxt.get_absolute_url()}#feedback-{nxt.token}")
    assert _feedback_comes_into_view(page_nojs)
    assert set(Attempt.objects.filter(learner=lucia).values_list("issued_id", "correct")) == {
        (first.pk, False),
        (nxt.pk, True),
    }


def test_anonymous_practice_belongs_to_the_account_after_signing_up(live_server, page):
    first, nxt = practise_the_guide_example_and_the_next(page, live_server.url)
    page.get_by_role("link", name="Crear cuenta", exact=True).click()
    page.get_by_label("Nombre de usuario").fill("mateo")
    page.get_by_label(ONLY_PASSWORD).fill(PASSWORD)
    page.get_by_label("Contraseña (confirmación)").fill(PASSWORD)
    page.get_by_role("main").get_by_role("button", name="Crear cuenta").click()
    expect(page.get_by_role("banner").get_by_text("mateo")).to_be_visible()
    mateo = User.objects.get(username="mateo")
    assert set(Attempt.objects.values_list("issued_id", "learner", "anon_id")) == {
        (first.pk, mateo.pk, ""),
        (nxt.pk, mateo.pk, ""),
    }
    page.goto(live_server.url + first.get_absolute_url())
    expect(page.locator("[data-feedback]").get_by_text("Incorrecto.")).to_be_visible()


def _tab_to(page: Page, selector: str, limit: int = 60) -> None:
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("(s) => document.activeElement && document.activeElement.matches(s)", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def _keyboard_flow(page: Page, base_url: str, number_keys: bool) -> None:
    first = _open_the_guide_example(page, base_url)
    hand = first.scenario["position"]["hand"]
    page.wait_for_load_state("load")  # practice.js is deferred: keys before it runs do nothing
    if number_keys:
        # A number key selects the card; nothing is sent until Enter (a stray key never answers).
        page.keyboard.press(str(hand.index("4c") + 1))
        expect(page.locator('button[name="answer"][value="4c"]')).to_be_focused()
        assert not Attempt.objects.exists()
        page.keyboard.press("Enter")
    else:
        _tab_to(page, 'button[name="answer"][value="4c"]')
        page.keyboard.press("Enter")
    _expect_the_montar_feedback(page, first)
    _tab_to(page, "[data-next]")
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name=re.compile(r"Marca"))).to_be_visible()
    nxt = _latest_issued()
    options = [o["value"] for o in nxt.scenario["options"]]
    page.wait_for_load_state("load")
    for card in nxt.scenario["answer"]:
        if number_keys:
            page.keyboard.press(str(options.index(card) + 1))
        else:
            _tab_to(page, f'input[name="answer"][value="{card}"]')
            page.keyboard.press("Space")
    _tab_to(page, "form[data-practice-form] button[type=submit]")
    page.keyboard.press("Enter")
    expect(page.locator("[data-feedback]").get_by_text("¡Correcto!")).to_be_visible()
    assert set(Attempt.objects.values_list("issued_id", "correct")) == {(first.pk, False), (nxt.pk, True)}


def test_number_keys_pick_the_cards(live_server, page):
    _keyboard_flow(page, live_server.url, number_keys=True)
    assert page.console_errors == []


def test_tab_and_enter_work_without_javascript(live_server, page_nojs):
    _keyboard_flow(page_nojs, live_server.url, number_keys=False)


def test_answering_who_wins_by_htmx_shows_the_winner_on_the_table(live_server, page):
    page.goto(live_server.url + "/practicar/")
    page.locator("#familia-family").select_option("ganador")
    page.locator("form.practice-new:has(#familia-family)").get_by_role("button", name="Empezar").click()
    issued = _latest_issued()
    assert issued.family == "ganador"
    table = page.locator(f"#table-{issued.token}")
    expect(table).to_be_visible()
    expect(table.locator(".card-flag--winner")).to_have_count(0)  # the winner is the question
    question = page.get_by_role("heading", name=re.compile(r"\?"))
    with page.expect_response(re.compile(r"/responder/$")):
        page.locator(f'button[name="answer"][value="{issued.scenario["answer"]}"]').click()
    expect(page.locator("[data-feedback]").get_by_text("¡Correcto!")).to_be_visible()
    expect(page.locator("[data-feedback]")).to_be_focused()
    # The table was swapped out of band with the winner flagged; the question stayed in place.
    expect(table.locator(".card-flag--winner")).to_have_count(1)
    expect(question).to_be_visible()
    assert page.console_errors == []


def test_a_refused_siguiente_says_so_instead_of_doing_nothing(live_server, page):
    first = _open_the_guide_example(page, live_server.url)
    page.get_by_role("button", name="cuatro de copas").click()
    _expect_the_montar_feedback(page, first)
    message = page.locator("[data-send-error]")
    expect(message).to_be_hidden()
    # The CSRF cookie is gone (as after the session ended elsewhere): the server refuses with a 403.
    page.context.clear_cookies(name="csrftoken")
    with page.expect_response(re.compile(r"/siguiente/$")) as refused:
        page.get_by_role("button", name="Siguiente").click()
    assert refused.value.status == 403
    expect(message).to_be_visible()
    expect(message).to_be_focused()
    expect(message).to_contain_text("No se ha podido enviar")
    assert Issued.objects.count() == 1  # nothing issued
    expect(page.locator("[data-feedback]")).to_be_visible()  # the feedback stays
