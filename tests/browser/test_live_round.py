"""A teacher runs a live round: a projector page, two signed-in students and a guest on their phones."""

import os

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client
from playwright.sync_api import Page, expect

from bench import instances
from tests.tutor.classroom.conftest import make_set
from tests.tutor.live.conftest import right_and_wrong, set_round
from tests.tutor.live.test_two_instances import _needs, instance_env
from tutor.classroom import services as classroom_services
from tutor.classroom.models import Membership
from tutor.live import services as live_services
from tutor.live.models import Round

__all__ = ["instance_env"]  # the two-instance test's fixture: PostgreSQL and Redis for the instances

PHONE = {"viewport": {"width": 360, "height": 740}}
SITE_PORT = int(os.environ.get("LIVE_TEST_SITE_PORT", "8705"))
# Fixed ports, one Redis database that the fixtures flush, and waits timed in seconds: these
# tests run after the others, on their own (scripts/test runs the rest on every core).
pytestmark = pytest.mark.serial


@pytest.fixture
def own_connections(live_server):
    """A live round's pages poll the server while the test writes to the database (a session made,
    a question revealed). On SQLite the test database lives in memory and the server's threads
    share the test's one connection, so those writes and the polls meet on it ("database table is
    locked", "bad parameter or other API misuse": seen in CI under load). PostgreSQL gives every
    thread its own connection, as production does: the round's browser tests run there."""
    if connection.vendor != "postgresql":
        # Not a pass: scripts/test runs these tests again on PostgreSQL (they are in its list).
        pytest.skip(
            "the server's threads and the test share SQLite's one connection: runs in the PostgreSQL pass"
        )
    return live_server


@pytest.fixture
def stream_site(instance_env):
    """The site on one uvicorn worker (tutor.asgi) sharing the test's PostgreSQL and Redis."""
    try:
        import uvicorn_worker  # noqa: F401
    except ImportError:
        _needs("uvicorn-worker is not installed")
    running = instances.start([SITE_PORT], instance_env, workers=1, asgi=True)
    yield f"http://127.0.0.1:{SITE_PORT}"
    instances.stop(running)


def _signed_in(context, base: str, user) -> None:
    """A session made on the server, as logging in would (the login form has its own tests)."""
    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": base}])


def _too_wide(page: Page) -> int:
    return page.evaluate("document.documentElement.scrollWidth - window.innerWidth")


def _phone(browser, base: str, code: str, user=None) -> Page:
    context = browser.new_context(locale="es-ES", **PHONE)
    context.set_default_timeout(10_000)
    page = context.new_page()
    if user is not None:
        _signed_in(context, base, user)
    page.goto(f"{base}/directo/")
    page.get_by_label("Código de la ronda").fill(code.lower())
    page.get_by_role("button", name="Entrar en la ronda").click()
    if user is not None:
        page.get_by_role("button", name="Unirme a la ronda").click()
    else:
        page.get_by_label("Tu apodo").fill("Pepa")
        page.get_by_role("button", name="Unirme como invitado").click()
    # Joined: the question's answers are on the page (a check made sooner would read the join page,
    # or a page being replaced).
    expect(page.locator('button[name="answer"]').first).to_be_visible()
    page.wait_for_load_state("load")
    return page


def test_a_teacher_runs_a_round_with_a_projector_and_three_phones(
    own_connections, browser, page, teresa, alice, bob, settings
):
    # The pages name their streams; this live server is a sync (WSGI) one, which answers a stream
    # with 204: EventSource gives up and the pages follow the round by polling (as they do with no
    # EventSource at all).
    settings.LIVE_EVENTS = True
    base = own_connections.url
    classroom = classroom_services.create_classroom(teacher=teresa, name="4º B", rules="guia")
    Membership.objects.create(classroom=classroom, student=alice, real_name="Alicia Gómez")
    Membership.objects.create(classroom=classroom, student=bob, real_name="Roberto Díaz")
    make_set(
        classroom,
        teresa,
        title="Obligaciones",
        items=[{"kind": "family", "family": "obligacion", "count": 1, "difficulty": 1}],
    )

    _signed_in(page.context, base, teresa)
    page.goto(f"{base}{classroom.get_absolute_url()}")
    page.get_by_role("link", name="Ronda en directo").click()
    page.get_by_label("las familias y el nivel de una tarea").check()
    page.get_by_label("Tarea", exact=True).select_option(label="Obligaciones")
    page.get_by_label("Número de preguntas").fill("2")
    page.get_by_label("Admitir invitados").check()
    page.get_by_role("button", name="Empezar la ronda").click()
    # The click does not wait for the round to be made: the projector's code on the page says it is.
    expect(page.get_by_test_id("round-code")).to_be_visible()
    live = Round.objects.get()
    expect(page.get_by_test_id("round-code")).to_have_text(live.code)
    expect(page.get_by_role("img", name="Código QR del enlace para unirse")).to_be_visible()
    expect(page.get_by_test_id("answered")).to_contain_text("0 de 0 han respondido")
    assert (
        page.locator("#board").get_attribute("data-live-events") == f"/directo/{live.code}/proyector/eventos/"
    )

    right, wrong = right_and_wrong(live.questions.get(number=1))
    phones = [
        (_phone(browser, base, live.code, alice), right),
        (_phone(browser, base, live.code, bob), wrong),
        (_phone(browser, base, live.code), right),
    ]
    for n, (phone, choice) in enumerate(phones, start=1):
        assert _too_wide(phone) <= 0
        phone.locator(f'button[name="answer"][value="{choice}"]').click()
        expect(phone.get_by_test_id("sent")).to_be_visible()
        # The projector follows without a reload.
        expect(page.get_by_test_id("answered")).to_contain_text(f"{n} de 3 ")

    page.get_by_role("button", name="Mostrar respuestas").click()
    histogram = page.get_by_test_id("histogram")
    expect(histogram).to_be_visible()
    expect(histogram.locator(f'[data-value="{right}"]')).to_have_attribute("data-count", "2")
    expect(histogram.locator(f'[data-value="{right}"]')).to_contain_text("correcta")
    expect(histogram.locator(f'[data-value="{wrong}"]')).to_contain_text("1 respuesta")
    expect(page.get_by_test_id("solution")).not_to_be_empty()
    main = page.get_by_role("main").inner_text()
    assert "Alicia" not in main and "Roberto" not in main and "Pepa" not in main

    # Each phone shows its own feedback once revealed, without a reload.
    expect(phones[0][0].get_by_text("¡Correcto!")).to_be_visible()
    expect(phones[1][0].get_by_text("Incorrecto.")).to_be_visible()
    expect(phones[2][0].get_by_text("¡Correcto!")).to_be_visible()
    assert [_too_wide(phone) for phone, _choice in phones] == [0, 0, 0]

    page.get_by_role("button", name="Siguiente pregunta").click()
    for phone, _choice in phones:
        expect(phone.get_by_text("Pregunta 2")).to_be_visible()
    for phone, _choice in phones:
        phone.context.close()
    # The teacher's pages fit a phone too (a revealed projector is the widest).
    page.get_by_role("button", name="Mostrar respuestas").click()
    expect(page.get_by_test_id("histogram")).to_be_visible()
    page.set_viewport_size({"width": 360, "height": 800})
    for url in (live.get_absolute_url(), f"/directo/{live.code}/resumen/", f"/directo/clase/{classroom.pk}/"):
        page.goto(base + url)
        assert _too_wide(page) <= 0, url
    assert page.console_errors == []


def test_a_phone_without_javascript_answers_and_its_page_reloads_itself_to_the_feedback(
    own_connections, page_nojs, teresa, alice
):
    base = own_connections.url
    classroom = classroom_services.create_classroom(teacher=teresa, name="4º B", rules="guia")
    Membership.objects.create(classroom=classroom, student=alice)
    practice_set = make_set(
        classroom, teresa, items=[{"kind": "family", "family": "obligacion", "count": 1, "difficulty": 1}]
    )
    live = set_round(classroom, teresa, practice_set, count=1)
    _signed_in(page_nojs.context, base, alice)
    page_nojs.goto(f"{base}/directo/{live.code}/")
    page_nojs.get_by_role("button", name="Unirme a la ronda").click()
    right, _wrong = right_and_wrong(live.questions.get())
    page_nojs.locator(f'button[name="answer"][value="{right}"]').click()
    expect(page_nojs.get_by_test_id("sent")).to_be_visible()
    live_services.reveal(live=live)
    # No script: the waiting page's meta refresh brings the feedback.
    expect(page_nojs.get_by_text("¡Correcto!")).to_be_visible(timeout=15_000)


def test_with_its_stream_a_phone_stops_polling_and_shows_the_reveal_at_once(
    stream_site, instance_env, settings, browser, teresa, alice
):
    """The whole site on an ASGI (uvicorn) instance, so the page's stream is a real one: while it is
    open the phone makes no poll, and the teacher's reveal (made in this process, published through
    Redis) reaches it by the stream."""
    # This process publishes where the site listens: the same Redis.
    settings.CACHES = {
        "default": {"BACKEND": "django_redis.cache.RedisCache", "LOCATION": instance_env["REDIS_URL"]}
    }
    classroom = classroom_services.create_classroom(teacher=teresa, name="4º B", rules="guia")
    Membership.objects.create(classroom=classroom, student=alice)
    practice_set = make_set(
        classroom, teresa, items=[{"kind": "family", "family": "obligacion", "count": 1, "difficulty": 1}]
    )
    live = set_round(classroom, teresa, practice_set, count=2)
    phone = _phone(browser, stream_site, live.code, alice)
    polls, shared, errors = [], [], []
    phone.on("request", lambda r: "/estado/" in r.url and polls.append(r.url))
    phone.on("request", lambda r: "/sitio/" in r.url and shared.append(r.all_headers()))
    phone.on("console", lambda msg: msg.type == "error" and errors.append(msg.text))
    expect(phone.locator("#live")).to_have_attribute("data-live-events", f"/directo/{live.code}/eventos/")
    right, _wrong = right_and_wrong(live.questions.get(number=1))
    phone.locator(f'button[name="answer"][value="{right}"]').click()
    expect(phone.get_by_test_id("sent")).to_be_visible()
    phone.wait_for_timeout(2_000)  # three poll intervals
    assert polls == []
    live_services.reveal(live=live)
    expect(phone.get_by_text("¡Correcto!")).to_be_visible(timeout=2_000)
    # The one fetch the event asked for: the reveal shared by every phone that gave this answer,
    # sent without the phone's cookies (no session to read); no poll of the phone's own region.
    assert polls == [] and len(shared) == 1 and "cookie" not in shared[0]
    # The next question the same way; its shared form has no CSRF token of its own, and the answer
    # goes with the page's.
    live = live_services.next_question(live=live)
    expect(phone.get_by_text("Pregunta 2")).to_be_visible(timeout=2_000)
    assert polls == [] and len(shared) == 2 and "cookie" not in shared[1]
    right, _wrong = right_and_wrong(live.questions.get(number=2))
    phone.locator(f'button[name="answer"][value="{right}"]').click()
    expect(phone.get_by_test_id("sent")).to_be_visible()
    assert live.participants.get().answers.filter(question__number=2, correct=True).exists()
    assert errors == []
