"""Parts drawn once for everyone (Practicar's forms, the course index, a step's example) still carry
each reader's own CSRF token, and a form from a shared part is accepted."""

import re

from django.test import Client
from django.urls import reverse

from lessons.course import load_course
from tests.redis_server import redis_server
from tutor.practice.models import Issued

__all__ = ["redis_server"]
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def _csrf_client() -> Client:
    return Client(enforce_csrf_checks=True)


def test_two_readers_of_practicar_get_their_own_tokens_and_their_forms_work(db):
    first, second = _csrf_client(), _csrf_client()
    tokens = [TOKEN.findall(c.get(reverse("practice:index")).content.decode()) for c in (first, second)]
    # Every form carries a token (the header's language switch masks its own); no reader is given another's.
    assert all(tokens) and not set(tokens[0]) & set(tokens[1])
    assert "csrf-token-of-the-reader" not in first.get(reverse("practice:index")).content.decode()
    assert first.cookies["csrftoken"].value != second.cookies["csrftoken"].value
    form = {"kind": "family", "family": "jugada", "difficulty": "1", "rules": "guia"}
    response = second.post(reverse("practice:new"), {**form, "csrfmiddlewaretoken": tokens[1][0]})
    assert response.status_code == 302 and Issued.objects.count() == 1
    refused = first.post(reverse("practice:new"), {**form, "csrfmiddlewaretoken": tokens[1][0]})
    assert refused.status_code == 403


def test_a_steps_shared_example_form_carries_the_readers_token(db):
    step = next(s for s in load_course().steps if s.example is not None)
    client = _csrf_client()
    body = client.get(reverse("lessons:step", args=[step.unit_slug, step.slug])).content.decode()
    try_url = reverse("lessons:try", args=[step.unit_slug, step.slug])
    token = TOKEN.search(body, body.index(f'action="{try_url}"')).group(1)
    response = client.post(
        try_url,
        {"carta": step.example.hand[0].code, "csrfmiddlewaretoken": token},
    )
    assert response.status_code == 302


def test_every_form_of_a_page_carries_one_token_masked_once_and_it_is_accepted(db):
    """«Jugar»: the header's forms (drawn by the template) and the kept new-match form carry the same
    masked token (masked once per request, not once per part); a new visit masks another, and both work."""
    client = _csrf_client()
    first = TOKEN.findall(client.get(reverse("play:index")).content.decode())
    second = TOKEN.findall(client.get(reverse("play:index")).content.decode())
    assert len(first) >= 3 and len(set(first)) == 1
    assert len(set(second)) == 1 and second[0] != first[0]
    form = {"rules": "guia", "level": "principiante", "mode": "aprendiz"}
    for token in (first[0], second[0]):
        assert client.post(reverse("play:new"), {**form, "csrfmiddlewaretoken": token}).status_code == 302
    stranger = _csrf_client().post(reverse("play:new"), {**form, "csrfmiddlewaretoken": first[0]})
    assert stranger.status_code == 403


def test_the_token_is_masked_again_when_the_secret_rotates(rf):
    """A login rotates the secret within the request: the token kept for the request is not given
    after it (it would be the old secret's)."""
    from django.middleware.csrf import _unmask_cipher_token, rotate_token

    from tutor.lib.fragments import token_of

    request = rf.get("/")
    before = token_of(request)
    assert token_of(request) == before  # masked once for the request
    old_secret = request.META["CSRF_COOKIE"]
    rotate_token(request)
    after = token_of(request)
    assert _unmask_cipher_token(before) == old_secret != request.META["CSRF_COOKIE"]
    assert _unmask_cipher_token(after) == request.META["CSRF_COOKIE"]


def _skills(*rows):
    """Mi progreso's skills table as parts: the table, each row under what it shows."""
    from tutor.lib.fragments import Part

    return [
        Part(
            "progress/index.html#skills",
            (),
            dict,
            [Part("progress/index.html#skill", repr(row), lambda row=row: {"row": row}) for row in rows],
        )
    ]


def _row(key: str, attempts: int, correct: int):
    from tutor.progress.report import SkillRow

    return SkillRow(key, f"La regla {key}", attempts, correct, "1" * correct)


def test_a_page_of_parts_draws_again_only_the_part_whose_values_changed(db):
    from django.core.cache import cache

    from tutor.lib.fragments import CACHED_PART_SECONDS, parts_drawn

    html, drawn = parts_drawn(_skills(_row("R-A", 3, 2), _row("R-B", 5, 5)))
    assert len(drawn) == 3  # the table and its two rows
    assert html.index("<tbody>") < html.index('data-skill="R-A"') < html.index('data-skill="R-B"')
    assert html.index('data-skill="R-B"') < html.index("</tbody>") and "rows-of-the-part" not in html
    cache.set_many(drawn, CACHED_PART_SECONDS)
    again, drawn = parts_drawn(_skills(_row("R-A", 3, 2), _row("R-B", 5, 5)))
    assert again == html and drawn == {}  # all kept: nothing drawn
    changed, drawn = parts_drawn(_skills(_row("R-A", 4, 2), _row("R-B", 5, 5)))
    assert len(drawn) == 1 and next(iter(drawn.values())).count("data-skill=") == 1
    cache.clear()
    assert parts_drawn(_skills(_row("R-A", 4, 2), _row("R-B", 5, 5)))[0] == changed != html


def test_without_redis_a_page_of_parts_is_drawn_whole_and_nothing_is_to_keep(redis_server):
    import time

    from tutor.lib.fragments import parts_drawn

    parts = _skills(_row("R-A", 3, 2), _row("R-B", 5, 5))
    html, drawn = parts_drawn(parts)
    redis_server.stop()
    started = time.monotonic()
    without, nothing = parts_drawn(parts)
    assert time.monotonic() - started < 2.0
    assert without == html and nothing == {}
