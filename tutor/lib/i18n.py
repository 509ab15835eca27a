"""The engine's words in the request's language.

The engine renders its messages (``engine.messages``) in Spanish or English and knows no request; this
module tells it which one the page speaks: Django's active language, English when it is ``en…``, Spanish
otherwise (the default). ``tutor.core`` connects it when the app starts, so ``{{ scenario.question }}``
prints in the learner's language.
"""

from __future__ import annotations

from django.utils.translation import get_language

from engine.messages import Text, render


def engine_language() -> str:
    """'en' or 'es': the language the engine's sentences are rendered in for this request."""
    return "en" if (get_language() or "").lower().startswith("en") else "es"


def text(words: Text | None) -> str:
    """An engine text (a string, a message or several) as words of the active language."""
    return render(words, engine_language())
