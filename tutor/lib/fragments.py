"""Page parts that depend on nobody: rendered once per process and language, then reused.

Practicar's forms and fixed examples, the course index for a given progress, a step's example: the
same HTML for every reader but for the CSRF token inside their forms, which is put in per request
(each reader's own, from ``get_token``). A part may not read ``request`` or ``user``: it is
rendered without them.

Beside them, a reader's own parts kept in the cache under what they show (``cached_part``), and a whole
page kept with base.html around it under what it shows and what base.html shows of the request
(``kept_page``): read again unchanged, no drawing at all.
"""

from __future__ import annotations

import hashlib
import logging
import threading
from collections.abc import Callable, Hashable

from django.contrib.messages import get_messages
from django.core.cache import cache
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

log = logging.getLogger(__name__)

# Stands in for the reader's CSRF token in the stored HTML; no real token contains "-".
PLACEHOLDER = "csrf-token-of-the-reader"
MAX_PARTS = 1024
# A reader's own page holds their data: kept an hour at most (so an erased account's copy is gone within the hour).
CACHED_PART_SECONDS = 3600

_parts: dict[tuple, str] = {}
_lock = threading.Lock()


def shared_part(request, template_name: str, key: Hashable, context: Callable[[], dict]) -> SafeString:
    """``template_name`` (a "page.html#partial") rendered once for ``key`` with ``context()``,
    given back with this reader's CSRF token in its forms."""
    full_key = (template_name, key, get_language())
    html = _parts.get(full_key)
    if html is None:
        html = render_to_string(template_name, {**context(), "csrf_token": PLACEHOLDER})
        with _lock:
            if len(_parts) >= MAX_PARTS:  # bounded: progress sets make many lessons-index keys
                _parts.clear()
            _parts[full_key] = html
    return with_token(request, html)


def cached_part(request, template_name: str, shown: Hashable, context: Callable[[], dict]) -> SafeString:
    """``template_name`` rendered with ``context()`` and kept in the cache under a digest of ``shown``
    (everything the part shows, as plain values whose ``repr`` says it all): one reader's page drawn
    again only when what it shows changes. Given back with this reader's CSRF token."""
    digest = hashlib.sha256(repr((template_name, shown, get_language())).encode()).hexdigest()
    key = f"part:{digest}"
    try:
        html = cache.get(key)
    except Exception as error:  # Redis away (tutor.lib.outage): the part is drawn, not kept
        log.warning("the cache did not answer a kept part (%s): drawn again", error)
        html = render_to_string(template_name, {**context(), "csrf_token": PLACEHOLDER})
        return with_token(request, html)
    if html is None:
        html = render_to_string(template_name, {**context(), "csrf_token": PLACEHOLDER})
        try:
            cache.set(key, html, CACHED_PART_SECONDS)
        except Exception as error:
            log.warning("the cache did not keep a part (%s)", error)
    return with_token(request, html)


def with_token(request, html: str) -> SafeString:
    if PLACEHOLDER in html:
        html = html.replace(PLACEHOLDER, token_of(request))
    return mark_safe(html)


def token_of(request) -> str:
    """The reader's CSRF token, masked once per request for every form of the page (the template's
    ``{% csrf_token %}``, through ``context_processors.csrf_once``, and each kept part's): Django masks
    it again at every ``get_token``, each time drawing 32 characters from the system's random source.
    Masked again if the secret changed since (a login rotates it)."""
    secret = request.META.get("CSRF_COOKIE")
    kept = getattr(request, "_masked_csrf_token", None)
    if kept is not None and secret is not None and kept[0] == secret:
        request.META["CSRF_COOKIE_NEEDS_UPDATE"] = True  # as get_token does: the cookie is sent
        return kept[1]
    token = get_token(request)
    request._masked_csrf_token = (request.META.get("CSRF_COOKIE"), token)
    return token  # noqa: S308 - our own template's output, the token is alphanumeric


def kept_page(
    request, template_name: str, shown: Hashable, context: Callable[[], dict], keep: bool = True
) -> HttpResponse:
    """The whole page, ``template_name`` drawn with ``context()`` and base.html around it, kept in the
    cache under a digest of ``shown`` (what the view's part shows, as for ``cached_part``) and of what
    base.html shows of the request (``_frame``): read again, it is one cache read, nothing drawn. Given
    back with this reader's CSRF token in every form. Drawn and not kept when ``keep`` is false (an
    address the view does not bound, such as a query string it ignores), when messages wait for the
    reader (showing them uses them up) and when the cache does not answer."""
    frame = _frame(request) if keep else None
    if frame is None:
        return HttpResponse(render_to_string(template_name, context(), request))
    digest = hashlib.sha256(repr((template_name, shown, frame)).encode()).hexdigest()
    key = f"page:{digest}"
    try:
        html = cache.get(key)
    except Exception as error:  # Redis away (tutor.lib.outage): drawn, not kept
        log.warning("the cache did not answer a kept page (%s): drawn again", error)
        return HttpResponse(render_to_string(template_name, context(), request))
    if html is None:
        html = render_to_string(template_name, {**context(), "csrf_token": PLACEHOLDER}, request)
        try:
            cache.set(key, html, CACHED_PART_SECONDS)
        except Exception as error:
            log.warning("the cache did not keep a page (%s)", error)
    return HttpResponse(with_token(request, html))


def _frame(request) -> tuple | None:
    """What base.html shows of the request, as plain values: the reader (their name and role), the
    language, the address (the language and display forms send it back), the display chosen (Letra
    grande). None when messages wait for the reader. A page kept with ``kept_page`` must have nothing
    else of the request in it."""
    if len(get_messages(request)):  # (counts them without using them up)
        return None
    user = request.user
    return (
        user.pk,
        user.get_username(),
        getattr(user, "role", ""),
        get_language(),
        request.get_full_path(),
        getattr(request, "display", None),
    )
