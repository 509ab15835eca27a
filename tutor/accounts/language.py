"""The interface language: Spanish unless someone chose English with the header's switch.

The choice lives in the language cookie (so it holds for a visitor without an account) and, for a
signed-in user, on the account (``User.language``), which wins and follows the user to any device:
the middleware applies it on every request and writes it back into the cookie. The browser's
Accept-Language is not read: Spanish stays the default for everyone who has not chosen.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.cache import patch_vary_headers


def supported(code: object) -> str:
    """The language code if the site offers it ("es", "en"), else ""."""
    return code if isinstance(code, str) and code in dict(settings.LANGUAGES) else ""


def _account_language(request: HttpRequest) -> str:
    user = getattr(request, "user", None)
    return supported(getattr(user, "language", "")) if user is not None and user.is_authenticated else ""


def chosen_language(request: HttpRequest) -> str:
    """The account's choice, else the cookie's, else Spanish."""
    return (
        _account_language(request)
        or supported(request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME))
        or settings.LANGUAGE_CODE
    )


def remember(response: HttpResponse, code: str) -> None:
    """Keep the choice in the language cookie, with the settings Django's own set_language uses."""
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        code,
        max_age=settings.LANGUAGE_COOKIE_AGE or 365 * 24 * 3600,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE or "Lax",
    )


def language_middleware(get_response: Callable[[HttpRequest], HttpResponse]):
    """Activate the chosen language for the request (after AuthenticationMiddleware: the account's
    choice wins), say it in Content-Language, and bring the cookie in line with the account."""

    def middleware(request: HttpRequest) -> HttpResponse:
        code = chosen_language(request)
        translation.activate(code)
        request.LANGUAGE_CODE = code
        try:
            response = get_response(request)
        finally:
            translation.deactivate()
        patch_vary_headers(response, ("Cookie",))
        response.headers.setdefault("Content-Language", code)
        account = _account_language(request)
        if account and request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME) != account:
            remember(response, account)
        return response

    return middleware


@receiver(user_logged_in, dispatch_uid="accounts-language-at-login")
def keep_the_visitors_choice(sender, request, user, **kwargs) -> None:
    """At login an account that never chose takes the language its visitor chose before signing in;
    one that chose keeps its own (the middleware then applies it from this request on)."""
    if request is None:
        return
    code = supported(getattr(user, "language", ""))
    if not code:
        code = supported(request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME))
        if code and code != settings.LANGUAGE_CODE:
            user.language = code
            user.save(update_fields=["language"])
    if code:
        translation.activate(code)
        request.LANGUAGE_CODE = code
