from functools import lru_cache

from django.conf import settings
from django.http import HttpRequest
from django.urls import NoReverseMatch, get_script_prefix, get_urlconf, reverse
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext_lazy as _

from tutor.lib.fragments import token_of

# Apps built later appear in the menu as soon as their URL name resolves.
NAV_ITEMS = [
    ("core:baraja", _("Baraja")),
    ("lessons:index", _("Lecciones")),
    ("practice:index", _("Practicar")),
    ("play:index", _("Jugar")),
    ("hands:index", _("Mis manos")),
    ("progress:index", _("Mi progreso")),
    ("classroom:index", _("Clases")),
]


@lru_cache(maxsize=8)
def _nav_urls(urlconf: object, script_prefix: str) -> tuple[tuple[str, object, str], ...]:
    """The menu's (name, label, url) for one URLconf and script prefix, reversed once per process."""
    urls = []
    for name, label in NAV_ITEMS:
        try:
            urls.append((name, label, reverse(name, urlconf=urlconf)))
        except NoReverseMatch:
            continue
    return tuple(urls)


def navigation(request: HttpRequest) -> dict:
    urlconf = get_urlconf() or settings.ROOT_URLCONF
    items = []
    for name, label, url in _nav_urls(urlconf, get_script_prefix()):
        current = request.path.startswith(url) if url != "/" else request.path == "/"
        items.append({"name": name, "label": label, "url": url, "current": current})
    return {"nav_items": items}


def csrf_once(request: HttpRequest) -> dict:
    """In place of Django's built-in ``csrf`` (listed after it, so its ``csrf_token`` wins): the same
    token, masked once per request and shared with the kept parts' forms (tutor.lib.fragments.token_of)."""
    return {"csrf_token": SimpleLazyObject(lambda: token_of(request))}
