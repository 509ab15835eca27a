"""What every request needs, loaded when a worker starts instead of by its first request.

A cold gunicorn worker spent 0.6–1.8 s on its first request (the first reveal after a restart
reached the phones that late): importing the views and the engine's message catalogues, reading the
course, loading the translations and compiling the templates. ``tutor.wsgi`` and ``tutor.asgi``
call ``warm_up()`` before the worker takes a request. A step that fails is logged and skipped: the
request that needs it then does the work, as before.
"""

from __future__ import annotations

import logging
import time
from importlib import import_module
from pathlib import Path

from django.conf import settings
from django.db import connections
from django.template import engines
from django.template.loader import get_template
from django.urls import get_resolver
from django.utils import translation

log = logging.getLogger(__name__)


def _urls() -> None:
    """The URLconf, every view module with it, and the reverse lookups in every language."""
    resolver = get_resolver()
    resolver.url_patterns  # noqa: B018 (imports every app's urls and views)
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            resolver.reverse_dict  # noqa: B018


def _engine() -> None:
    """The engine's modules that load on first use: the scenario families, the bots and each
    language's message catalogue."""
    from engine.messages import LANGUAGES

    for module in ("engine.scenarios", "engine.bots", *(f"engine.messages.{lang}" for lang in LANGUAGES)):
        import_module(module)


def _course() -> None:
    from lessons.course import load_course

    course = load_course()
    for code, _name in settings.LANGUAGES:
        course.in_language(code)


def _translations() -> None:
    for code, _name in settings.LANGUAGES:
        with translation.override(code):  # activating a language loads its catalogues
            pass


def _templates() -> None:
    """Every template of the site compiled into the cached loader, and the context processors."""
    for engine in engines.all():
        getattr(engine, "engine", engine).template_context_processors  # noqa: B018 (imports them)
        for directory in engine.template_dirs:
            root = Path(directory)
            if not root.is_dir() or not root.is_relative_to(settings.BASE_DIR):
                continue  # Django's and other packages' own templates: only those a page uses load
            for path in sorted(root.rglob("*.html")) + sorted(root.rglob("*.txt")):
                get_template(path.relative_to(root).as_posix())


STEPS = (_urls, _engine, _course, _translations, _templates)


def warm_up() -> None:
    started = time.monotonic()
    for step in STEPS:
        try:
            step()
        except Exception:
            log.warning(
                "warm-up: %s failed; the first request that needs it does the work",
                step.__name__,
                exc_info=True,
            )
    connections.close_all()  # none is opened here; never hand one over to a forked worker
    log.info("warm-up done in %.2f s", time.monotonic() - started)
