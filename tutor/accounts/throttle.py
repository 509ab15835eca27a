"""Counting failed logins in the cache, per username and per client address."""

import hashlib

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest


def _client_ip(request: HttpRequest) -> str:
    if settings.TRUST_X_FORWARDED_FOR:
        # Behind our proxy every REMOTE_ADDR is the proxy's; the last X-Forwarded-For entry is the
        # address the proxy itself saw (earlier entries are whatever the client claimed).
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        if forwarded.strip():
            return forwarded.split(",")[-1].strip()
    return request.META.get("REMOTE_ADDR") or "unknown"


def _keys(request: HttpRequest, username: str) -> list[tuple[str, int]]:
    name = hashlib.sha256(username.strip().lower().encode()).hexdigest()
    ip = _client_ip(request)
    return [
        (f"login-fail:user:{name}", settings.LOGIN_ATTEMPTS_PER_USERNAME),
        (f"login-fail:ip:{ip}", settings.LOGIN_ATTEMPTS_PER_IP),
    ]


def is_blocked(request: HttpRequest, username: str) -> bool:
    return any(cache.get(key, 0) >= limit for key, limit in _keys(request, username))


def record_failure(request: HttpRequest, username: str) -> None:
    for key, _limit in _keys(request, username):
        # add() starts the window; incr() never extends it.
        if not cache.add(key, 1, settings.LOGIN_ATTEMPTS_WINDOW):
            try:
                cache.incr(key)
            except ValueError:
                cache.add(key, 1, settings.LOGIN_ATTEMPTS_WINDOW)


def clear_username(request: HttpRequest, username: str) -> None:
    cache.delete(_keys(request, username)[0][0])
