import re

from django.urls import reverse

from engine.cards import CARDS, deck_by_strength

URL = reverse("core:baraja")


def _names(body: str) -> list[str]:
    return re.findall(r'<span class="card-name">([^<]+)</span>', body)


def test_it_shows_all_forty_cards_in_strength_order(client, db, django_assert_max_num_queries):
    with django_assert_max_num_queries(0):
        response = client.get(URL)
    assert response.status_code == 200
    assert _names(response.content.decode()) == [c.name for c in deck_by_strength()]


def test_every_card_is_named_in_text_and_its_picture_is_decoration(client, db):
    body = client.get(URL).content.decode()
    for c in CARDS:
        assert f'data-card="{c.code}"' in body
        assert f'src="/static/cards/{c.code}.svg" alt=""' in body


def test_it_gives_the_tantos_of_each_card(client, db):
    body = client.get(URL).content.decode()
    assert '<span class="card-name">as de oros</span><span class="card-note">11 tantos</span>' in body
    assert '<span class="card-name">dos de bastos</span><span class="card-note">0 tantos</span>' in body


def test_it_explains_the_order_and_the_total(client, db):
    body = client.get(URL).content.decode()
    assert "as, tres, rey, caballo, sota, siete, seis, cinco, cuatro, dos" in body
    assert "el tres gana al rey" in body
    assert "Toda la baraja suma 120 tantos" in body


def test_it_can_show_one_suit(client, db):
    body = client.get(URL, {"palo": "copas"}).content.decode()
    assert _names(body) == [c.name for c in deck_by_strength() if c.suit.label == "copas"]


def test_an_unknown_suit_shows_the_whole_deck(client, db):
    assert len(_names(client.get(URL, {"palo": "corazones"}).content.decode())) == 40


def test_htmx_gets_only_the_deck_fragment(client, db):
    response = client.get(URL, {"palo": "o"}, headers={"HX-Request": "true"})
    body = response.content.decode()
    assert body.lstrip().startswith('<div id="deck"')
    assert "<html" not in body
    assert len(_names(body)) == 10


def test_it_works_for_a_logged_in_learner(alice_client, django_assert_max_num_queries):
    with django_assert_max_num_queries(2):
        assert alice_client.get(URL).status_code == 200


def test_it_rejects_post(client, db):
    assert client.post(URL).status_code == 405
