"""One throttle for every action that must not be repeated without end: failed logins (the site's
form and the admin's), wrong class and round codes, guests joining live rounds, password-reset mail.

Counts live in the cache (Redis in production, so every worker shares them), one key per scope:
the client address (the proxy's view of it when DJANGO_BEHIND_PROXY is set), the account, and a name
typed into the form (a username, an e-mail address). Limits are settings, read on every call.
While Redis does not answer the counts go on in the database (tutor.lib.outage.shared).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from django.conf import settings
from django.http import HttpRequest

from tutor.lib.outage import shared


def client_ip(request: HttpRequest) -> str:
    if settings.TRUST_X_FORWARDED_FOR:
        # Behind our proxy every REMOTE_ADDR is the proxy's; the last X-Forwarded-For entry is the
        # address the proxy itself saw (earlier entries are whatever the client claimed).
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        if forwarded.strip():
            return forwarded.split(",")[-1].strip()[:64]
    return request.META.get("REMOTE_ADDR") or "unknown"


def _digest(text: str) -> str:
    return hashlib.sha256(text.strip().lower().encode()).hexdigest()


@dataclass(frozen=True)
class Throttle:
    """``action`` names the bucket; each ``per_*`` is the name of a setting with that scope's limit.

    With ``shared_address`` an address over its limit refuses only the accounts and names that have
    failed themselves in the window: a whole school shares one address, and one pupil guessing codes
    must not stop the others joining.
    """

    action: str
    window: str
    per_address: str
    per_account: str | None = None
    per_name: str | None = None
    shared_address: bool = False

    def _counted(self, request: HttpRequest, name: str) -> list[tuple[str, str]]:
        """(cache key, limit setting) of every scope that applies to this request."""
        keys = [(f"throttle:{self.action}:ip:{client_ip(request)}", self.per_address)]
        user = getattr(request, "user", None)
        if self.per_account and user is not None and user.is_authenticated:
            keys.append((f"throttle:{self.action}:user:{user.pk}", self.per_account))
        if self.per_name and name.strip():
            keys.append((f"throttle:{self.action}:name:{_digest(name)}", self.per_name))
        return keys

    def is_blocked(self, request: HttpRequest, name: str = "") -> bool:
        keys = self._counted(request, name)
        counts = shared.get_many([key for key, _limit in keys])
        over = [counts.get(key, 0) >= getattr(settings, limit) for key, limit in keys]
        if self.shared_address and len(keys) > 1:
            own = [counts.get(key, 0) for key, _limit in keys[1:]]
            return any(over[1:]) or (over[0] and any(own))
        return any(over)

    def record(self, request: HttpRequest, name: str = "") -> None:
        """Count one more failure (or one more use) in every scope."""
        window = getattr(settings, self.window)
        for key, _limit in self._counted(request, name):
            # add() starts the window; incr() never extends it.
            if not shared.add(key, 1, window):
                try:
                    shared.incr(key)
                except ValueError:  # expired between add() and incr()
                    shared.add(key, 1, window)

    def forget_name(self, request: HttpRequest, name: str) -> None:
        """A success: that name's earlier failures no longer count (the address's still do)."""
        if self.per_name and name.strip():
            shared.delete(f"throttle:{self.action}:name:{_digest(name)}")


LOGIN = Throttle(
    "login",
    window="LOGIN_ATTEMPTS_WINDOW",
    per_address="LOGIN_ATTEMPTS_PER_IP",
    per_name="LOGIN_ATTEMPTS_PER_USERNAME",
)
JOIN_CODE = Throttle(
    "join",
    window="JOIN_ATTEMPTS_WINDOW",
    per_address="JOIN_ATTEMPTS_PER_IP",
    per_account="JOIN_ATTEMPTS_PER_ACCOUNT",
    shared_address=True,
)
# A live round's code, typed on /directo/: counted like the class code's.
ROUND_CODE = Throttle(
    "round-code",
    window="JOIN_ATTEMPTS_WINDOW",
    per_address="JOIN_ATTEMPTS_PER_IP",
    per_account="JOIN_ATTEMPTS_PER_ACCOUNT",
    shared_address=True,
)
# Guests joining live rounds (every one counts: each needs only a new cookie).
GUEST_JOIN = Throttle("guest-join", window="GUEST_JOIN_WINDOW", per_address="GUEST_JOINS_PER_IP")
PASSWORD_RESET = Throttle(
    "password-reset",
    window="PASSWORD_RESET_WINDOW",
    per_address="PASSWORD_RESETS_PER_IP",
    per_name="PASSWORD_RESETS_PER_EMAIL",
)
