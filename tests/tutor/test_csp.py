"""Every page runs under a Content Security Policy: no inline script, no inline handler, no style attribute."""

import re

import pytest
from django.urls import reverse

PAGES = [
    "core:home",
    "core:baraja",
    "accounts:login",
    "accounts:signup",
    "accounts:password_reset",
    "accounts:password_reset_done",
    "accounts:password_reset_complete",
]


@pytest.mark.parametrize("name", PAGES)
def test_the_page_sends_a_csp_and_has_nothing_inline(client, db, name):
    response = client.get(reverse(name))
    assert response.status_code == 200
    policy = response["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy
    body = response.content.decode()
    for tag in re.findall(r"<script\b[^>]*>", body):
        assert "src=" in tag, tag
    assert all(not inner.strip() for inner in re.findall(r"<script\b[^>]*>(.*?)</script>", body, re.S))
    assert not re.search(r"\son[a-z]+=", body), "inline event handler"
    assert "hx-on" not in body
    assert not re.search(r"\sstyle=", body), "style attribute"
    assert "<style" not in body


def test_htmx_is_served_by_the_app_and_told_not_to_inject_styles(client, db):
    body = client.get(reverse("core:home")).content.decode()
    assert re.search(r'<script src="/static/django_htmx/htmx-2\.min\.js" defer', body)
    assert '"includeIndicatorStyles": false' in body
    # Nothing comes from another host (a CDN): every script and stylesheet is one of ours. (Looking for
    # "cdn" anywhere in the page failed once on a random token that happened to contain it.)
    for tag in re.findall(r"<(?:script|link)\b[^>]*>", body):
        for url in re.findall(r'\s(?:src|href)="([^"]*)"', tag):
            assert url.startswith("/") and not url.startswith("//"), tag


def test_logged_in_pages_have_nothing_inline(alice_client):
    body = alice_client.get(reverse("accounts:password_change")).content.decode()
    assert all(not inner.strip() for inner in re.findall(r"<script\b[^>]*>(.*?)</script>", body, re.S))
    assert not re.search(r"\sstyle=", body)
