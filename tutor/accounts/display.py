"""The display: «Letra grande» (larger type and cards, larger buttons, more contrast, no animation) and
«Confirmar la carta» (the table asks once more before a card is played), both off unless chosen.

Kept like the language (tutor.accounts.language): in a cookie, so that it holds for a visitor without an
account, and for a signed-in user on the account (``User.large_print``, ``User.confirm_card``), which wins
and follows the user to any device; the middleware puts the display in force on ``request.display`` and
writes the account's choice back into the cookie. «Confirmar la carta» left unchosen follows «Letra
grande» (on with it, off without it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse

COOKIE = "tutor_pantalla"
# The cookie's words: "grande" (Letra grande on), "confirmar" / "sin-confirmar" (Confirmar la carta
# chosen on or off); the value is the words present, joined by dots ("grande.sin-confirmar").
LARGE, CONFIRM, NO_CONFIRM = "grande", "confirmar", "sin-confirmar"


@dataclass(frozen=True, slots=True)
class Choice:
    """What someone chose: None for a setting never chosen."""

    large_print: bool | None = None
    confirm_card: bool | None = None

    def cookie_value(self) -> str:
        words = [LARGE] if self.large_print else []
        if self.confirm_card is not None:
            words.append(CONFIRM if self.confirm_card else NO_CONFIRM)
        return ".".join(words)


@dataclass(frozen=True, slots=True)
class Display:
    """The display in force for a request."""

    large_print: bool = False
    confirm_card: bool = False
    confirm_chosen: bool = False  # whether «Confirmar la carta» was chosen, or follows Letra grande


def from_cookie(value: object) -> Choice:
    """The choice a cookie holds; unknown words are ignored (a damaged cookie means nothing chosen)."""
    words = set(value.split(".")) if isinstance(value, str) else set()
    confirm = True if CONFIRM in words else False if NO_CONFIRM in words else None
    return Choice(large_print=LARGE in words or None, confirm_card=confirm)


def _account_choice(request: HttpRequest) -> Choice | None:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return None
    return Choice(getattr(user, "large_print", None), getattr(user, "confirm_card", None))


def chosen(request: HttpRequest) -> Choice:
    """The account's choice, each setting falling back on the cookie's where the account never chose."""
    cookie = from_cookie(request.COOKIES.get(COOKIE))
    account = _account_choice(request)
    if account is None:
        return cookie
    return Choice(
        account.large_print if account.large_print is not None else cookie.large_print,
        account.confirm_card if account.confirm_card is not None else cookie.confirm_card,
    )


def in_force(choice: Choice) -> Display:
    large = bool(choice.large_print)
    confirm = large if choice.confirm_card is None else choice.confirm_card
    return Display(large_print=large, confirm_card=confirm, confirm_chosen=choice.confirm_card is not None)


def remember(response: HttpResponse, choice: Choice) -> None:
    """Keep the choice in the display cookie, with the language cookie's settings."""
    value = choice.cookie_value()
    if not value:
        response.delete_cookie(COOKIE, path=settings.LANGUAGE_COOKIE_PATH)
        return
    response.set_cookie(
        COOKIE,
        value,
        max_age=settings.LANGUAGE_COOKIE_AGE or 365 * 24 * 3600,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=True,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE or "Lax",
    )


def display_middleware(get_response: Callable[[HttpRequest], HttpResponse]):
    """Put the chosen display on ``request.display`` (after AuthenticationMiddleware: the account's
    choice wins) and bring the cookie in line with the account."""

    def middleware(request: HttpRequest) -> HttpResponse:
        choice = chosen(request)
        request.display = in_force(choice)
        response = get_response(request)
        if _account_choice(request) is not None and request.COOKIES.get(COOKIE, "") != choice.cookie_value():
            remember(response, choice)
        return response

    return middleware


@receiver(user_logged_in, dispatch_uid="accounts-display-at-login")
def keep_the_visitors_display(sender, request, user, **kwargs) -> None:
    """At login a setting the account never chose takes the visitor's choice; one it chose is kept."""
    if request is None:
        return
    cookie = from_cookie(request.COOKIES.get(COOKIE))
    changed = []
    if getattr(user, "large_print", None) is None and cookie.large_print is not None:
        user.large_print = cookie.large_print
        changed.append("large_print")
    if getattr(user, "confirm_card", None) is None and cookie.confirm_card is not None:
        user.confirm_card = cookie.confirm_card
        changed.append("confirm_card")
    if changed:
        user.save(update_fields=changed)
    request.display = in_force(chosen(request))
