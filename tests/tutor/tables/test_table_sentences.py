"""The table's sentences name a bot by its seat, with the article its place in the sentence takes
(«El bot del sitio 2 canta…», «…a beto» / «…al bot del sitio 2»), and a cante mid-sentence in lower
case; the hands as dealt name every bot by its seat. Both languages."""

import html
import re

import pytest
from django.urls import reverse

from tutor.play.table import CANTE
from tutor.tables.models import RenuncioRule

from .conftest import client_of, game, legal_post, move_url, open_table

pytestmark = pytest.mark.django_db

WORDS = {
    "es": {
        "bot_sings": r"El bot del sitio [24] canta (las veinte en|las cuarenta en|tute de) ",
        "call": "alice canta «¡Renuncio!» al bot del sitio 2.",
        "dealt": ["bot del sitio 2", "bot del sitio 4"],
        "heading": "Las cuatro manos como se repartieron",
    },
    "en": {
        "bot_sings": r"The bot at seat [24] sings (las veinte in|las cuarenta in|tute of) ",
        "call": "alice calls «Renuncio!» on the bot at seat 2.",
        "dealt": ["bot at seat 2", "bot at seat 4"],
        "heading": "The four hands as dealt",
    },
}


@pytest.mark.parametrize("lang", ["es", "en"])
def test_bots_are_named_by_their_seat_with_their_article_and_cantes_in_lower_case(alice, bob, lang):
    words = WORDS[lang]
    for seed in range(1, 60):  # a hand where a bot (seats 2 and 4) sings
        table = open_table(alice, [(bob, 2)], seed=seed, renuncio=RenuncioRule.REAL)
        clients = {0: client_of(alice, lang), 2: client_of(bob, lang)}
        called = False
        for _ in range(120):
            _hand, g = game(table)
            if g.over:
                break
            if not called and g.cards_played:
                clients[0].post(move_url(table), {"seq": len(g.steps), "contra": "1"})
                called = True
                continue
            seat = g.waiting_for()[0]
            clients[seat].post(move_url(table), legal_post(table, seat))
        _hand, g = game(table)
        if any(s.kind == CANTE and s.seat in (1, 3) for s in g.steps):
            break
        table.delete()
    else:
        pytest.fail("no bot sang in these hands")
    page = html.unescape(clients[0].get(table.get_absolute_url()).content.decode())
    assert re.search(words["bot_sings"], page), page
    assert words["call"] in page
    assert " bot canta" not in page and " bot sings" not in page
    assert "Las veinte" not in page.split("data-sung", 1)[1].split("</ul>", 1)[0]
    hand_page = html.unescape(clients[0].get(reverse("tables:hand", args=[table.token, 1])).content.decode())
    for shown in (page, hand_page):
        assert words["heading"] in shown
        for name in words["dealt"]:
            assert name in shown
