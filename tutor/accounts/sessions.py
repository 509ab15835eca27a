"""Sessions in the database, read with their account in one query: the floor of every signed-in page.

Django's database sessions read the session (one query), then ``auth.get_user`` asks the backend for
the user (a second). Here the session row carries its account's id (``accounts.Session.user``), the
store reads the row with the user joined, and the backend hands that user to ``auth.get_user``, which
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
from django.utils import timezone
from django.utils.functional import SimpleLazyObject

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
        """Django's read of the row (unexpired, by key), with the account joined to it."""
        self.loaded_user = None
        try:
            found = self.model.objects.select_related("user").get(
                session_key=self.session_key, expire_date__gt=timezone.now()
            )
        except (self.model.DoesNotExist, SuspiciousOperation) as e:
            if isinstance(e, SuspiciousOperation):
                logging.getLogger(f"django.security.{e.__class__.__name__}").warning(str(e))
            self._session_key = None
            return None
        self.loaded_user = found.user
        return found

    def create_model_instance(self, data):
        session = super().create_model_instance(data)
        session.user_id = _user_id(data)
        return session

    async def acreate_model_instance(self, data):
        session = await super().acreate_model_instance(data)
        session.user_id = _user_id(data)
        return session


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
        store = _reading.get()
        user = store.loaded_user if store is not None else None
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
