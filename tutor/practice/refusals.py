"""An answer refused without JavaScript (nothing chosen, a value the question does not take), carried
to the page that shows the question: Post/Redirect/Get, so that a reload never posts again and the page
is an ordinary one, not a 400. Kept in the session for one reading, for one question at a time."""

from __future__ import annotations

from django.http import HttpRequest

SESSION_KEY = "practice_refused"
MAX_VALUES = 12  # a question's answer is at most a hand's cards


def keep(request: HttpRequest, token: str, error: str, values: list[str]) -> None:
    """Remember ``error`` (and what was posted, to show it again) for question ``token``."""
    kept = [str(v)[:8] for v in values[:MAX_VALUES]]
    request.session[SESSION_KEY] = {"token": token, "error": str(error), "values": kept}


def take(request: HttpRequest, token: str) -> tuple[str, list[str]]:
    """The refusal kept for question ``token`` (then forgotten), or ("", [])."""
    kept = request.session.get(SESSION_KEY)
    if not isinstance(kept, dict) or kept.get("token") != token:
        return "", []
    del request.session[SESSION_KEY]
    return kept.get("error", ""), list(kept.get("values", []))
