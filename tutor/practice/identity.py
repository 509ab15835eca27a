"""Who is practising: a logged-in learner, or an anonymous visitor known by an id kept in the session."""

from __future__ import annotations

import secrets

from django.contrib.auth.signals import user_logged_in
from django.db import transaction
from django.dispatch import receiver
from django.http import HttpRequest

from tutor.lib.owners import Owner
from tutor.practice.signals import learner_merged

__all__ = ["SESSION_KEY", "Owner", "owner_for"]

# The session key changes at login (cycle_key), so anonymous work is tied to an id stored in the
# session data, which survives the rotation.
SESSION_KEY = "practice_anon_id"


def owner_for(request: HttpRequest) -> Owner:
    """The owner behind a request; gives an anonymous visitor an id on first use."""
    if request.user.is_authenticated:
        return Owner(request.user, "")
    anon_id = request.session.get(SESSION_KEY)
    if not anon_id:
        anon_id = secrets.token_hex(16)
        request.session[SESSION_KEY] = anon_id
    return Owner(None, anon_id)


def reader_for(request: HttpRequest) -> Owner | None:
    """The owner for a read-only page, without handing a new visitor an id they do not need yet
    (None: a visitor who never practised; nothing to read, not even the session)."""
    if request.user.is_authenticated:
        return Owner(request.user, "")
    anon_id = request.session.get(SESSION_KEY)
    return Owner(None, anon_id) if anon_id else None


@receiver(user_logged_in, dispatch_uid="practice-merge-anonymous-work")
def merge_anonymous_work(sender, request, user, **kwargs) -> None:
    """Anonymous practice joins the account when the visitor signs up or logs in."""
    if request is None or not hasattr(request, "session"):
        return
    anon_id = request.session.pop(SESSION_KEY, None)
    if not anon_id:
        return
    from tutor.practice.models import Attempt, Issued

    with transaction.atomic():
        # Querysets' update() on purpose: Attempt.save() refuses to rewrite a logged answer.
        Issued.objects.filter(learner__isnull=True, anon_id=anon_id).update(learner=user, anon_id="")
        Attempt.objects.filter(learner__isnull=True, anon_id=anon_id).update(learner=user, anon_id="")
        learner_merged.send(sender=None, user=user, anon_id=anon_id)
