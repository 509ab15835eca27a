"""Browser fixtures: Debian's Chromium driven by Playwright's sync API.

`browser` (one per session), `page` (JavaScript on) and `page_nojs` (JavaScript off), each page in a
fresh context. Use them with pytest-django's `live_server`:

    def test_it_shows_the_deck(live_server, page):
        page.goto(live_server.url + "/baraja/")

Without Chromium the tests are skipped on a developer's machine and FAIL under CI=true.
"""

import os
import shutil
from pathlib import Path

import pytest

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


@pytest.fixture(scope="session")
def live_server(django_db_setup, live_server):
    """pytest-django's live server, started after the test database so that it stops before the
    database is dropped."""
    return live_server
