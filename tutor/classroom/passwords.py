"""Children's generated passwords: stored at once under a quick hash, strengthened soon after.

The full PBKDF2 hash costs about 0.35 s of CPU (1.5 million iterations), so hashing 40 new accounts in
the request took 14 s on two cores, past a proxy's time-out. Instead the request stores each account
under ``FreshPasswordHasher`` (PBKDF2 too, fewer iterations) and, once the transaction commits, a
background thread re-hashes every one with the default hasher (hashlib releases the GIL, so two
threads use both cores and requests keep being served).

Why the interval is safe: the quick hash only ever holds a generated password (12 random characters
of 31, about 59 bits), never a human one; guessing it from a stolen quick hash still means about
2^58 PBKDF2 runs of 20,000 iterations each. And it does not depend on the thread: Django re-hashes
a password whose hasher is not the preferred one at the next successful login, so an account whose
thread died (a restarted worker) is strengthened the first time the child signs in.
"""

from __future__ import annotations

import logging
import threading
from concurrent.futures import ThreadPoolExecutor

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import PBKDF2PasswordHasher, make_password
from django.db import connections

log = logging.getLogger(__name__)
STRENGTHEN_THREADS = 2


class FreshPasswordHasher(PBKDF2PasswordHasher):
    """For generated passwords only, until ``strengthen`` (or the first login) replaces the hash."""

    algorithm = "pbkdf2_sha256_fresh"
    iterations = 20_000


def fresh_hash(password: str) -> str:
    hasher = FreshPasswordHasher()
    return hasher.encode(password, hasher.salt())


def strengthen(accounts: list[tuple[int, str, str]]) -> int:
    """Re-hash (user id, password, quick hash) triples with the default hasher; returns how many changed.

    An account whose hash is no longer that quick hash (the child signed in, or the password was
    changed meanwhile), or that someone has signed in to, is left alone.
    """
    User = get_user_model()

    def one(account: tuple[int, str, str]) -> int:
        pk, password, quick = account
        try:
            # Only an account nobody has signed in to: a session keeps the hash it was opened with, and
            # the first login strengthens the hash itself.
            unused = User.objects.filter(pk=pk, password=quick, last_login__isnull=True)
            return unused.update(password=make_password(password))
        finally:
            connections.close_all()  # this worker thread's own connections

    with ThreadPoolExecutor(max_workers=STRENGTHEN_THREADS) as pool:
        return sum(pool.map(one, accounts))


def strengthen_soon(accounts: list[tuple[int, str, str]]) -> threading.Thread:
    """Start ``strengthen`` in a daemon thread (call after the accounts' transaction commits)."""

    def run() -> None:
        try:
            strengthen(accounts)
        except Exception:  # the first login still strengthens the hash: log, never crash the worker
            log.exception("could not strengthen %s new passwords", len(accounts))

    thread = threading.Thread(target=run, name="strengthen-passwords", daemon=True)
    thread.start()
    return thread
