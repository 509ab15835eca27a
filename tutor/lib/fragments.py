"""Page parts that depend on nobody: rendered once per process and language, then reused.

Practicar's forms and fixed examples, the course index for a given progress, a step's example: the
same HTML for every reader but for the CSRF token inside their forms, which is put in per request
(each reader's own, from ``get_token``). A part may not read ``request`` or ``user``: it is
rendered without them.

A reader's own part is kept in the cache under a digest of the plain values it shows (``cached_part``);
a page made of many such parts (``Part``, ``parts_drawn``: Mi progreso, the learner's home) reads those
kept in one cache read and draws only those whose values changed; and a whole page may be kept with
base.html around it under what it shows and what base.html shows of the request (``kept_page``: the
class dashboard): read again unchanged, no drawing at all.
"""

from __future__ import annotations

import hashlib
import logging
import threading
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass

from django.contrib.messages import get_messages
from django.core.cache import cache
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.template.loader import get_template, render_to_string
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
    key = _key(template_name, shown)
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


def _key(template_name: str, shown: Hashable) -> str:
    return "part:" + hashlib.sha256(repr((template_name, shown, get_language())).encode()).hexdigest()


# Where a part's rows go: a part with ``rows`` is drawn with this in its context's ``rows_html``, kept so,
# and its rows' HTML is put in its place.
SLOT = mark_safe("<!--rows-of-the-part-->")


@dataclass
class Part:
    """One part of a page for ``parts_drawn``: ``template_name`` drawn with ``context()``, kept under a
    digest of ``shown`` (as ``cached_part``'s); ``rows``: parts drawn and kept apart, each under what it
    shows, put in this one's ``rows_html`` (a table's rows, a list's items)."""

    template_name: str
    shown: Hashable
    context: Callable[[], dict]
    rows: list[Part] | None = None


def _walked(parts: list[Part]) -> Iterator[Part]:
    for part in parts:
        yield part
        if part.rows:
            yield from _walked(part.rows)


def parts_drawn(parts: list[Part]) -> tuple[str, dict[str, str]]:
    """A page made of ``parts``, each drawn again only when what it shows has changed: those kept found
    in one cache read, the others drawn. Returns the HTML (with the CSRF placeholder: ``with_token``) and
    the parts just drawn by key, for the caller to keep (``cache.set_many``, with whatever else it keeps
    in the same write); nothing to keep when the cache did not answer."""
    walked = list(_walked(parts))
    keys = [_key(part.template_name, part.shown) for part in walked]
    try:
        found = cache.get_many(keys)
    except Exception as error:  # Redis away (tutor.lib.outage): every part drawn, none kept
        log.warning("the cache did not answer a page's parts (%s): drawn again", error)
        found = None
    html = dict(found or {})
    drawn: dict[str, str] = {}
    templates = {}  # a table's rows are drawn by one template: looked up once
    for part, key in zip(walked, keys, strict=True):
        if key not in html:
            template = templates.get(part.template_name)
            if template is None:
                template = templates[part.template_name] = get_template(part.template_name)
            context = {**part.context(), "rows_html": SLOT, "csrf_token": PLACEHOLDER}
            html[key] = drawn[key] = template.render(context)
    by_part = {id(part): key for part, key in zip(walked, keys, strict=True)}

    def filled(part: Part) -> str:
        own = html[by_part[id(part)]]
        if part.rows is None:
            return own
        return own.replace(SLOT, "".join(filled(row) for row in part.rows), 1)

    return "".join(filled(part) for part in parts), drawn if found is not None else {}


def parts_page(request, parts: list[Part]) -> SafeString:
    """``parts_drawn``'s page, the parts just drawn kept, with this reader's CSRF token."""
    html, drawn = parts_drawn(parts)
    if drawn:
        try:
            cache.set_many(drawn, CACHED_PART_SECONDS)
        except Exception as error:
            log.warning("the cache did not keep a page's parts (%s)", error)
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
