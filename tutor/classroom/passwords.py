"""Children's generated passwords: stored at once under a quick hash, strengthened outside the web
process without the password.

The full PBKDF2 hash costs about 0.35 s of CPU (1.5 million iterations), so hashing 40 new accounts in
the request took 14 s on two cores, past a proxy's time-out. Instead the request stores each account
under ``FreshPasswordHasher`` (PBKDF2 too, fewer iterations) and forgets the password. Two things then
make the hash at least as strong as Django's default, neither in a request:

- ``manage.py strengthen_passwords`` (run by cron or a worker, every minute or so) wraps each quick
  hash in Django's default PBKDF2: ``StrengthenedPasswordHasher`` is the full iterations of the
  default hasher over the quick hash, so it needs no password and a guess costs both (the way Django
  upgrades old hashes, "password upgrading without requiring a login");
- the first login: Django re-hashes a password whose hasher is not the preferred one, quick or
  wrapped, with the default hasher itself.

Why the interval is safe: the quick hash only ever holds a generated password (12 random characters
of 31, about 59 bits), never a human one; guessing it from a stolen quick hash still means about
2^58 PBKDF2 runs of 20,000 iterations each.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.db import connections

STRENGTHEN_THREADS = 2  # hashlib releases the GIL: two threads use both cores


class FreshPasswordHasher(PBKDF2PasswordHasher):
    """For generated passwords only, until ``strengthen`` (or the first login) replaces the hash."""

    algorithm = "pbkdf2_sha256_fresh"
    iterations = 20_000


class StrengthenedPasswordHasher(PBKDF2PasswordHasher):
    """Django's default PBKDF2 (its full iterations) over a quick hash: what ``strengthen`` stores."""

    algorithm = "pbkdf2_sha256_fresh_wrapped"
    iterations = PBKDF2PasswordHasher.iterations

    def wrap(self, quick: str, iterations: int | None = None) -> str:
        decoded = FreshPasswordHasher().decode(quick)
        if decoded["iterations"] != FreshPasswordHasher.iterations:
            raise ValueError("a quick hash of other iterations cannot be wrapped")
        return super().encode(decoded["hash"], decoded["salt"], iterations)

    def encode(self, password: str, salt: str, iterations: int | None = None) -> str:
        return self.wrap(FreshPasswordHasher().encode(password, salt), iterations)


def fresh_hash(password: str) -> str:
    hasher = FreshPasswordHasher()
    return hasher.encode(password, hasher.salt())


def strengthen(limit: int | None = None) -> int:
    """Wrap every quick hash still stored (at most ``limit``); returns how many changed.

    An account whose hash changes meanwhile (the child signs in, the password is changed) is left as
    it now is, and so is one that someone has signed in to: a session keeps the hash it was opened
    with, and the first login strengthens the hash itself.
    """
    User = get_user_model()
    waiting = User.objects.filter(password__startswith=f"{FreshPasswordHasher.algorithm}$", last_login=None)
    accounts = list(waiting.order_by("pk").values_list("pk", "password")[:limit])

    def one(account: tuple[int, str]) -> int:
        pk, quick = account
        try:
            strong = StrengthenedPasswordHasher().wrap(quick)
            return User.objects.filter(pk=pk, password=quick, last_login=None).update(password=strong)
        finally:
            connections.close_all()  # this worker thread's own connections

    with ThreadPoolExecutor(max_workers=STRENGTHEN_THREADS) as pool:
        return sum(pool.map(one, accounts))
