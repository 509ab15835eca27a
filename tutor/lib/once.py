"""A double click does the thing once: the second, identical submit is shown the first one's result.

Two POSTs by the same account to the same address with the same fields (and files) within WINDOW
seconds are one intention. The first runs the view; the twin waits for it, then is redirected where
the first one went, told «Esto ya estaba hecho.». A submit that was refused (the form drawn again
with its errors) leaves no trace: correcting it and sending again runs the view again.

The record is in the cache, so with several workers it needs the shared cache (REDIS_URL); while
Redis does not answer it is kept in the database (tutor.lib.outage.shared).
"""

from __future__ import annotations

import hashlib
import time
from functools import wraps

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _

from tutor.lib.outage import shared

WINDOW = 10
_PENDING = "…"
_POLL = 0.05


def _fingerprint(request: HttpRequest) -> str:
    digest = hashlib.sha256(f"{request.user.pk}\n{request.path}\n".encode())
    for key, values in sorted(request.POST.lists()):
        if key != "csrfmiddlewaretoken":
            digest.update(repr((key, values)).encode())
    for key, upload in sorted(request.FILES.items()):
        digest.update(key.encode())
        for chunk in upload.chunks():
            digest.update(chunk)
        upload.seek(0)
    return f"once:{digest.hexdigest()}"


def once(view):
    """Decorate a view whose POST changes something (inside login_required)."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if request.method != "POST" or not request.user.is_authenticated:
            return view(request, *args, **kwargs)
        key = _fingerprint(request)
        if not shared.add(key, _PENDING, WINDOW):
            deadline = time.monotonic() + WINDOW
            location = shared.get(key)
            while location == _PENDING and time.monotonic() < deadline:
                time.sleep(_POLL)
                location = shared.get(key)
            if location and location != _PENDING:
                messages.info(request, _("Esto ya estaba hecho."))
                return redirect(location)
        try:
            response = view(request, *args, **kwargs)
        except BaseException:
            shared.delete(key)
            raise
        if response.status_code in (301, 302, 303) and response.has_header("Location"):
            shared.set(key, response["Location"], WINDOW)
        else:
            shared.delete(key)
        return response

    return wrapper
