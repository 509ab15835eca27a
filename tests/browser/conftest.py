"""Browser fixtures: Debian's Chromium driven by Playwright's sync API.

`browser` (one per session), `page` (JavaScript on) and `page_nojs` (JavaScript off), each page in a
fresh context. Use them with pytest-django's `live_server`:

    def test_it_shows_the_deck(live_server, page):
        page.goto(live_server.url + "/baraja/")

Without Chromium the tests are skipped on a developer's machine and FAIL under CI=true.
"""

import os
import shutil
import threading
from pathlib import Path

import pytest
from django.core.servers.basehttp import ThreadedWSGIServer
from django.db import connections
from django.test.testcases import LiveServerThread

# Playwright's sync API runs an event loop in this thread; Django would refuse ORM calls from it.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
TIMEOUT_MS = 10_000


def _chromium_missing() -> str | None:
    if not Path(CHROMIUM).exists() and not shutil.which(CHROMIUM):
        return f"Chromium not found at {CHROMIUM} (apt-get install chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed"
    return None


@pytest.fixture(scope="session")
def browser():
    problem = _chromium_missing()
    if problem:
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(f"browser tests cannot run in CI: {problem}", pytrace=False)
        pytest.skip(problem)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


def _new_page(browser, **context_options):
    context = browser.new_context(locale="es-ES", **context_options)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    page.console_errors = []
    page.on("console", lambda msg: msg.type == "error" and page.console_errors.append(msg.text))
    page.on("pageerror", lambda exc: page.console_errors.append(str(exc)))
    return context, page


@pytest.fixture
def page(browser):
    """A page with JavaScript on; `page.console_errors` collects console errors (CSP reports too)."""
    context, page = _new_page(browser)
    yield page
    context.close()


@pytest.fixture
def page_nojs(browser):
    """A page with JavaScript off, to prove every page and form works without it."""
    context, page = _new_page(browser, java_script_enabled=False)
    yield page
    context.close()


class _OneRequestAtATime(ThreadedWSGIServer):
    """A threaded server (so Chromium's kept-alive connections still work) that runs one request's
    Django code at a time.

    It was written when SQLite's test database lived in memory and every server thread shared the
    test's one connection, where two requests at once could fail inside sqlite3 ("bad parameter or
    other API misuse"), as a page's own requests may overlap. The test database is a file now
    (tests/conftest.py) and each thread opens its own connection; one request at a time is kept, as
    SQLite takes one writer at a time anyway. (A test writing while its page polls meets the server on that
    connection too: the live round's browser tests run on PostgreSQL for that reason.) PostgreSQL
    gives each thread its own connection and keeps the real, concurrent server.
    """

    _lock = threading.Lock()

    def get_app(self):
        app = super().get_app()

        def one_at_a_time(environ, start_response):
            with self._lock:
                return app(environ, start_response)

        return one_at_a_time


@pytest.fixture(scope="session")
def _one_request_at_a_time_on_sqlite(django_db_setup):
    if connections["default"].vendor != "sqlite":
        yield
        return
    LiveServerThread.server_class = _OneRequestAtATime
    yield
    LiveServerThread.server_class = ThreadedWSGIServer


@pytest.fixture(scope="session")
def live_server(_one_request_at_a_time_on_sqlite, live_server):
    """pytest-django's live server, started after the test database so that it stops before the
    database is dropped; on SQLite it runs one request at a time (see above)."""
    return live_server
