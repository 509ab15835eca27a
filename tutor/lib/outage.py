"""When Redis does not answer: nothing waits on it for long, and nothing fails because of it.

Redis holds what is not the truth (counters, throttle counts, the double-submit record, the live
rounds' pub/sub), so a Redis that is stopped or frozen must cost time in bounded, small amounts and
never a 500. Three parts, one for each way it went wrong:

- ``GuardedPool`` (the cache's ``CONNECTION_POOL_CLASS``) hands out ``GuardedConnection``: with
  the settings' short connect and read timeouts (``REDIS_TIMEOUT``) a frozen Redis costs one
  timeout, and then, for ``BREAK_SECONDS``, every Redis call of this process fails at once (the
  pool's connections and ``get_redis_connection``'s alike) instead of each waiting its own timeout.
  The first failure is logged as a warning; the next call after the break tries Redis again.
- ``shared``: the cache calls of the throttles and the double-submit guard. When the cache does not
  answer it logs a warning and uses the ``fallback`` cache (a table in the database), so the counts
  and records go on across every worker while Redis is away.
- ``cache_answers()``: what ``/healthz`` reports.

Callers with a truth of their own (tutor.live.pulse: the database) catch the error themselves.
"""

from __future__ import annotations

import logging
import time

from django.core.cache import caches
from redis import exceptions as redis_errors
from redis.connection import Connection, ConnectionPool

log = logging.getLogger(__name__)

BREAK_SECONDS = 5.0
_FAILURES = (redis_errors.ConnectionError, redis_errors.TimeoutError, OSError)
_down_until = 0.0


def redis_down() -> bool:
    """True while this process leaves Redis alone after it failed to answer."""
    return time.monotonic() < _down_until


def reset() -> None:
    """Forget an earlier failure (tests; a process that knows Redis is back)."""
    global _down_until
    _down_until = 0.0


def _trip(error: BaseException) -> None:
    global _down_until
    if not redis_down():
        log.warning("Redis did not answer (%s); not asked again for %s s", error, BREAK_SECONDS)
    _down_until = time.monotonic() + BREAK_SECONDS


def _refuse_while_down() -> None:
    if redis_down():
        raise redis_errors.ConnectionError("Redis did not answer a moment ago; not asked again yet")


class GuardedConnection(Connection):
    """A Redis connection that fails at once while Redis is known not to answer, and says so when
    it finds out."""

    def connect_check_health(self, *args, **kwargs):
        _refuse_while_down()
        try:
            return super().connect_check_health(*args, **kwargs)
        except _FAILURES as error:
            _trip(error)
            raise

    def send_packed_command(self, *args, **kwargs):
        if redis_down():
            self.disconnect()  # a frozen server may still hold this socket's unread reply
            _refuse_while_down()
        try:
            return super().send_packed_command(*args, **kwargs)
        except _FAILURES as error:
            _trip(error)
            raise

    def read_response(self, *args, **kwargs):
        try:
            return super().read_response(*args, **kwargs)
        except _FAILURES as error:
            _trip(error)
            raise


class GuardedPool(ConnectionPool):
    def __init__(self, connection_class=Connection, **kwargs) -> None:
        if connection_class is Connection:
            connection_class = GuardedConnection
        super().__init__(connection_class=connection_class, **kwargs)


class _Shared:
    """The default cache's add/get/get_many/set/delete/incr, on the database's ``fallback`` cache
    whenever the default one does not answer."""

    def _call(self, method: str, *args, **kwargs):
        try:
            return getattr(caches["default"], method)(*args, **kwargs)
        except ValueError:  # incr() of a missing key: an answer, not a failure
            raise
        except Exception as error:
            log.warning("the cache did not answer %s (%s): using the database's", method, error)
            return getattr(caches["fallback"], method)(*args, **kwargs)

    def add(self, key: str, value, timeout: float) -> bool:
        return self._call("add", key, value, timeout)

    def get(self, key: str, default=None):
        return self._call("get", key, default)

    def get_many(self, keys: list[str]) -> dict:
        return self._call("get_many", keys)

    def set(self, key: str, value, timeout: float) -> None:
        self._call("set", key, value, timeout)

    def delete(self, key: str) -> None:
        self._call("delete", key)

    def incr(self, key: str) -> int:
        return self._call("incr", key)


shared = _Shared()


def cache_answers() -> bool:
    """Does the default cache answer (at once while Redis is known to be down)?"""
    try:
        caches["default"].get("healthz")
    except Exception:
        log.warning("healthz: the cache did not answer", exc_info=True)
        return False
    return True
