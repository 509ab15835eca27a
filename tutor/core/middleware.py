"""Site-wide response touches."""

from collections.abc import Callable

from django.core.handlers.asgi import ASGIRequest
from django.db import connections
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string


def method_not_allowed_page(get_response: Callable[[HttpRequest], HttpResponse]):
    """Give the empty body of a 405 (require_POST and friends) a short Spanish page in the site's
    layout, keeping the status and the Allow header."""

    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        if response.status_code == 405 and not response.content and not getattr(response, "streaming", False):
            response.content = render_to_string("405.html", request=request)
            response["Content-Type"] = "text/html; charset=utf-8"
        return response

    return middleware


def head_as_get(get_response: Callable[[HttpRequest], HttpResponse]):
    """Answer HEAD wherever GET is answered (require_GET and friends would say 405): the view sees a
    GET, the client gets its status and headers without the body."""

    def middleware(request: HttpRequest) -> HttpResponse:
        if request.method != "HEAD":
            return get_response(request)
        request.method = "GET"
        try:
            response = get_response(request)
        finally:
            request.method = "HEAD"
        if not getattr(response, "streaming", False):
            response["Content-Length"] = str(len(response.content))
            response.content = b""
        return response

    return middleware


def streams_hold_no_connection(get_response: Callable[[HttpRequest], HttpResponse]):
    """Under ASGI, a streaming answer (a live round's server-sent events) lasts minutes, and the
    database connection its request's sync middleware opened (the session, the account's language)
    would stay open as long: a few hundred phones would exhaust PostgreSQL's connections. Once such a
    response is made, this request's connections are closed (the stream reads Redis; what it needs of
    the database it reads through ``tutor.live.stream.in_thread``, which closes its own)."""

    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        if getattr(response, "streaming", False) and isinstance(request, ASGIRequest):
            connections.close_all()
        return response

    return middleware
