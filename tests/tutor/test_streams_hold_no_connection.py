"""A streaming answer under ASGI (a live round's server-sent events) keeps no database connection
open for its minutes of life; any other answer keeps the request's connection as Django does."""

import pytest
from django.db import connection
from django.http import HttpResponse, StreamingHttpResponse
from django.test import AsyncRequestFactory, RequestFactory

from tutor.core.middleware import streams_hold_no_connection

# The SQLite test database is a file now (tests/conftest.py), so its connection closes like PostgreSQL's:
# both passes run these.
pytestmark = pytest.mark.django_db(transaction=True)


def _answer_with(response):
    connection.ensure_connection()
    assert connection.connection is not None
    return streams_hold_no_connection(lambda request: response)


def test_an_asgi_stream_closes_the_request_connection():
    _answer_with(StreamingHttpResponse(iter(["data: 1\n\n"])))(
        AsyncRequestFactory().get("/directo/X/eventos/")
    )
    assert connection.connection is None


def test_an_asgi_page_or_any_wsgi_answer_keeps_it():
    _answer_with(HttpResponse("ok"))(AsyncRequestFactory().get("/"))
    assert connection.connection is not None
    _answer_with(StreamingHttpResponse(iter(["x"])))(RequestFactory().get("/"))
    assert connection.connection is not None
