"""Join codes are short: count wrong guesses in the cache, per user and per client address."""

from django.core.cache import cache
from django.http import HttpRequest

ATTEMPTS_PER_USER = 8
ATTEMPTS_PER_IP = 30
WINDOW = 15 * 60


def _keys(request: HttpRequest) -> list[tuple[str, int]]:
    ip = request.META.get("REMOTE_ADDR") or "unknown"
    return [
        (f"join-fail:user:{request.user.pk}", ATTEMPTS_PER_USER),
        (f"join-fail:ip:{ip}", ATTEMPTS_PER_IP),
    ]


def is_blocked(request: HttpRequest) -> bool:
    return any(cache.get(key, 0) >= limit for key, limit in _keys(request))


def record_failure(request: HttpRequest) -> None:
    for key, _limit in _keys(request):
        if not cache.add(key, 1, WINDOW):
            try:
                cache.incr(key)
            except ValueError:
                cache.add(key, 1, WINDOW)
