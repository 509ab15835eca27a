"""Sessions in the database, read with their account in one query: the floor of every signed-in page.

Django's database sessions read the session (one query), then ``auth.get_user`` asks the backend for
the user (a second). Here the session row carries its account's id (``accounts.Session.user``), the
store reads the row with the user joined (one query, built once per process), and the backend hands that user to ``auth.get_user``, which
still checks the session's hash against it (a password changed elsewhere, a child's new password from
the class, ends the session as before) and whether the account may sign in.

The three parts, named in the settings:
- ``SESSION_ENGINE = "tutor.accounts.sessions"``: ``SessionStore``, Django's database store on
  ``accounts.Session``, keeping ``user`` in step with the data on every save.
- ``AUTHENTICATION_BACKENDS = ["tutor.accounts.sessions.SessionUserBackend"]``: Django's ModelBackend
  (passwords, permissions, inactive accounts refused) whose ``get_user`` takes the user the session
  brought when it is the one asked for.
- ``tutor.accounts.sessions.AuthenticationMiddleware`` in place of Django's: the same lazy
  ``request.user``, telling the backend which request's session it reads (a context variable set only
  while ``auth.get_user`` runs, so no user outlives its request).
"""

from __future__ import annotations

import logging
from contextvars import ContextVar

from django.contrib import auth
from django.contrib.auth import SESSION_KEY, get_user_model
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.middleware import AuthenticationMiddleware as DjangoAuthenticationMiddleware
from django.contrib.sessions.backends import db
from django.core.exceptions import SuspiciousOperation, ValidationError
from django.db import router
from django.utils import timezone
from django.utils.functional import SimpleLazyObject

from tutor.lib.prepared import Compiled, Prepared, rows

# The session store whose user ``auth.get_user`` is reading, while it reads it.
_reading: ContextVar[SessionStore | None] = ContextVar("tutor_session_being_read", default=None)


class SessionStore(db.SessionStore):
    # The user read with the session (None: no session, or not signed in, or the account is gone).
    loaded_user = None

    @classmethod
    def get_model_class(cls):
        from tutor.accounts.models import Session

        return Session

    def _get_session_from_db(self):
        """Django's read of the row (unexpired, by key), with the account joined to it: one query,
        built once per process (tutor/lib/prepared.py)."""
        self.loaded_user = None
        try:
            found = _READ(session_key=self.session_key, now=timezone.now()) if self.session_key else []
        except SuspiciousOperation as e:
            logging.getLogger(f"django.security.{e.__class__.__name__}").warning(str(e))
            found = []
        if not found:
            self._session_key = None
            return None
        session, self.loaded_user = _instances(self.model, found[0])
        return session

    def create_model_instance(self, data):
        session = super().create_model_instance(data)
        session.user_id = _user_id(data)
        return session

    async def acreate_model_instance(self, data):
        session = await super().acreate_model_instance(data)
        session.user_id = _user_id(data)
        return session


def _fields(model) -> list[str]:
    return [f.attname for f in model._meta.concrete_fields]


def _read(session_key: str, now) -> Compiled:
    """The unexpired session of that key, its columns then its account's (all None: no account), then
    the account's stamps (tutor/accounts/stamps.py; None before its first write)."""
    from tutor.accounts.models import Session

    found = Session.objects.filter(session_key=session_key, expire_date__gt=now)
    user_columns = [f"user__{name}" for name in _fields(get_user_model())]
    return rows(
        found.values_list(
            *_fields(Session), *user_columns, "user__shown_stamp__n", "user__shown_stamp__hands"
        )
    )


_READ = Prepared(_read)


def _instances(model, row: tuple):
    """The session and its user (or None) as model instances, from a row of ``_read``; the user knows
    its stamps (``shown_stamp_n``, ``hands_stamp_n``)."""
    using = router.db_for_read(model)
    columns = _fields(model)
    session = model.from_db(using, columns, row[: len(columns)])
    user_model = get_user_model()
    user_columns, user_row, (stamp, hands) = _fields(user_model), row[len(columns) : -2], row[-2:]
    if user_row[user_columns.index(user_model._meta.pk.attname)] is None:  # not signed in, or gone
        return session, None
    user = user_model.from_db(using, user_columns, user_row)
    user.shown_stamp_n, user.hands_stamp_n = stamp or 0, hands or 0
    return session, user


def _user_id(data: dict) -> int | None:
    """The account the session's data is signed in to, or None."""
    if SESSION_KEY not in data:
        return None
    try:
        return get_user_model()._meta.pk.to_python(data[SESSION_KEY])
    except ValidationError:
        return None


class SessionUserBackend(ModelBackend):
    def get_user(self, user_id):
        user = getattr(_reading.get(), "loaded_user", None)
        if user is not None and user.pk == user_id:
            return user if self.user_can_authenticate(user) else None
        return super().get_user(user_id)


def _get_user(request):
    if not hasattr(request, "_cached_user"):
        token = _reading.set(request.session)
        try:
            request._cached_user = auth.get_user(request)
        finally:
            _reading.reset(token)
    return request._cached_user


class AuthenticationMiddleware(DjangoAuthenticationMiddleware):
    def process_request(self, request):
        super().process_request(request)
        request.user = SimpleLazyObject(lambda: _get_user(request))
