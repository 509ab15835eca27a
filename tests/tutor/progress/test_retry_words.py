"""The retry pages say what is so: a right answer is not told «Podías jugar» as if it were wrong, a list
with nothing due does not say «0 jugadas por repetir» above items, a cante comes back «tras la baza N»
(not as a play), and the English figures are tantos of the pair, as the review's."""

import re

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.engine.planted import planted
from tests.tutor.progress.test_table_retries_planted import _the_item, kept
from tutor.progress import retries
from tutor.progress.models import TableRetry


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _page(client, url, lang="es") -> str:
    client.cookies["django_language"] = lang
    return re.sub(r"\s+", " ", client.get(url, HTTP_ACCEPT_LANGUAGE=lang).content.decode())


def test_a_right_card_at_a_rule_item_is_told_the_other_legal_cards(alice, alice_client):
    p = planted("guia", "asistir")
    item = _the_item(kept(alice, p), p)
    legal = retries.best_cards(item)
    right = legal[0]
    alice_client.post(item.get_absolute_url(), {"card": right, "n": 0})
    page = _page(alice_client, f"{item.get_absolute_url()}?visto=0")
    assert 'data-retry-feedback="right"' in page and "Se puede jugar." in page
    assert "Podías jugar:" not in page
    if len(legal) > 1:
        told = page.split("También podías jugar:")[1].split("</p>")[0]
        assert set(re.findall(r'data-card="([^"]+)"', told)) == set(legal) - {right}
    TableRetry.objects.filter(pk=item.pk).update(due=timezone.now())
    alice_client.post(item.get_absolute_url(), {"card": item.card, "n": 1})
    page = _page(alice_client, f"{item.get_absolute_url()}?visto=1")
    told = page.split("Podías jugar:")[1].split("</p>")[0]
    assert set(re.findall(r'data-card="([^"]+)"', told)) == set(legal)


def test_a_list_with_nothing_due_says_so_and_a_cante_comes_back_after_its_baza(alice, alice_client):
    p = planted("guia", "cante_missed")
    _the_item(kept(alice, p), p)  # the item is there
    page = _page(alice_client, reverse("progress:retries"))
    baza = p.plays // 4
    assert f"Mano pegada, tras la baza {baza}" in page and ", jugada" not in page.split("retry-list")[1]
    assert f"Pasted hand, after baza {baza}" in _page(alice_client, reverse("progress:retries"), "en")
    TableRetry.objects.filter(learner=alice).update(due=timezone.now() + timezone.timedelta(days=2))
    page = _page(alice_client, reverse("progress:retries"))
    assert (
        "0 jugadas" not in page and "Ahora no toca repetir ninguna: cada una vuelve cuando le toca." in page
    )


def test_the_english_figures_are_tantos_of_the_pair(alice, alice_client):
    p = planted("guia", "jugada")
    item = _the_item(kept(alice, p), p)
    alice_client.post(item.get_absolute_url(), {"card": item.card, "n": 0})
    page = _page(alice_client, f"{item.get_absolute_url()}?visto=0", "en")
    assert "your pair makes" in page and "tantos on average" in page and "Tantos so far: your pair" in page
    assert "your partnership" not in page and "points on average" not in page
    review = _page(alice_client, reverse("hands:review", args=[item.record_id]), "en")
    assert "tantos on average" in review and "points on average" not in review
