"""Django's PostgreSQL backend with a health check that costs no round trip (``ENGINE`` in the settings).

With ``CONN_HEALTH_CHECKS`` Django checks a kept connection before a request first uses it by sending
``SELECT 1``: a round trip to the database on every request, a tenth of the practice loop's. When the
database restarts, is stopped, or ends the session (``pg_terminate_backend``, a crashed backend), the
server sends its last message (``FATAL: terminating connection``) and closes the socket, and
the socket of an idle connection becomes readable. An idle connection otherwise has nothing to read:
so the check here asks the kernel, without waiting, whether the socket has anything to read. Nothing:
the connection is used as it is. Anything (an error, the end of the connection, or a notice the server
sent meanwhile): Django's ``SELECT 1`` decides, as before, and a dead connection is replaced before the
request uses it. A connection that is not idle (inside a transaction) is checked by ``SELECT 1`` too.

What neither check can see ahead is a server that vanishes without closing (a machine switched off, the
network cut): the ``SELECT 1`` would wait on it as long as the request's first query does.
"""

from __future__ import annotations

import select

import psycopg
from django.db.backends.postgresql.base import DatabaseWrapper as PostgreSQLDatabaseWrapper
from psycopg import pq


class DatabaseWrapper(PostgreSQLDatabaseWrapper):
    def close_if_health_check_failed(self):
        if self.pool or self.connection is None or not self.health_check_enabled or self.health_check_done:
            return super().close_if_health_check_failed()
        if self._quiet():
            self.health_check_done = True
            return
        super().close_if_health_check_failed()  # SELECT 1

    def _quiet(self) -> bool:
        """The connection is open, idle, and the server has sent nothing since its last answer."""
        conn = self.connection
        try:
            if conn.closed or conn.pgconn.status != pq.ConnStatus.OK:
                return False
            if conn.pgconn.transaction_status != pq.TransactionStatus.IDLE:
                return False
            poller = select.poll()
            poller.register(conn.pgconn.socket, select.POLLIN)
            return not poller.poll(0)
        except (OSError, ValueError, psycopg.Error):  # a closed socket, a broken connection: SELECT 1 says
            return False
