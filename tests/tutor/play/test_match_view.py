"""Starting a match, playing a hand by form posts, the score, and who may see a match."""

from django.test import Client
from django.urls import reverse

from engine.cards import CARDS, parse_card
from tutor.play.models import Event, Match, MatchHand
from tutor.play.table import LEARNER

from .conftest import advance_to_illegal, commit_renuncio, move_url, play_legal, play_out, start, table


def test_jugar_is_in_the_menu(client, db):
    body = client.get(reverse("play:index")).content.decode()
    assert f'href="{reverse("play:index")}"' in body
    assert "Empezar la partida" in body


def test_looking_at_jugar_gives_a_visitor_no_session(client, db):
    response = client.get(reverse("play:index"))
    assert "sessionid" not in response.cookies


def test_it_starts_a_match_and_shows_the_dealers_card(alice_client, alice):
    response = alice_client.post(
        reverse("play:new"), {"rules": "guia", "level": "principiante", "mode": "aprendiz"}
    )
    match = Match.objects.get(learner=alice)
    assert response.status_code == 302 and response["Location"] == match.get_absolute_url()
    hand, t = table(match)
    body = alice_client.get(match.get_absolute_url()).content.decode()
    assert "Mano 1" in body
    card = CARDS[t.hand.trump_card].name
    the = f"la {card}" if card.startswith("sota") else f"el {card}"
    dealer = ("", "el rival de tu derecha", "tu compañero", "el rival de tu izquierda")[t.hand.dealer]
    if dealer:
        assert f"Reparte {dealer}; su última carta, {the}, marca el triunfo y se queda en su mano." in body
    else:
        assert f"Repartes tú; tu última carta, {the}, marca el triunfo y se queda en tu mano." in body
    assert "Te toca jugar." in body
    # the bots have played up to the learner's turn, and only that
    assert t.hand.turn == LEARNER
    assert all(e.seat != LEARNER for e in Event.objects.filter(hand=hand))


def test_a_bad_form_changes_nothing(alice_client, db):
    response = alice_client.post(reverse("play:new"), {"rules": "chinchon", "level": "x", "mode": "aprendiz"})
    assert response.status_code == 400
    assert not Match.objects.exists()


def test_a_whole_hand_is_played_and_scored(alice_client, alice_match):
    play_out(alice_client, alice_match)
    hand, t = table(alice_match)
    assert hand.score is not None and len(t.hand.tricks) == 10
    body = alice_client.get(alice_match.get_absolute_url()).content.decode()
    score = t.hand.score()
    assert "Cuenta de la mano" in body
    assert f"<td>{score.totals[0]}</td>" in body and f"<td>{score.totals[1]}</td>" in body
    assert "suman 130 (120 + 10)" in body
    assert str(score.explanation) in body
    assert "Revisar la mano" in body and "Siguiente mano" in body


def test_an_illegal_card_is_refused_with_the_engines_reason_in_aprendiz(alice_client, alice_match):
    card = advance_to_illegal(alice_client, alice_match)
    hand, t = table(alice_match)
    before = Event.objects.filter(hand=hand).count()
    why = str(t.hand.ruling().verdict(parse_card(card)).why).removeprefix("No: ")
    response = alice_client.post(move_url(alice_match), {"seq": before, "card": card}, follow=True)
    body = response.content.decode()
    assert "No puedes jugar" in body and why in body
    assert Event.objects.filter(hand=hand).count() == before


def test_an_illegal_card_is_a_renuncio_in_examen_shown_at_the_end(alice_client, alice):
    match = start(alice, mode="examen")
    card = advance_to_illegal(alice_client, match)
    hand, t = table(match)
    obligation = t.hand.ruling().obligation
    response = alice_client.post(move_url(match), {"seq": len(t.steps), "card": card})
    assert response.status_code == 302
    assert Event.objects.filter(hand=hand, seat=LEARNER, card=card, legal=False).count() == 1
    play_out(alice_client, match)
    body = alice_client.get(match.get_absolute_url()).content.decode()
    assert "Renuncio" in body and f"la obligación era {obligation}" in body
    assert "comete renuncio y pierde la partida" in body
    match.refresh_from_db()
    assert match.winner == 1  # guia: a renuncio loses the match (R-RENUNCIO-1)


def test_a_doubled_post_is_applied_once(alice_client, alice_match):
    hand, t = table(alice_match)
    data = {"seq": len(t.steps), "card": t.hand.legal()[0].code}
    alice_client.post(move_url(alice_match), data)
    count = Event.objects.filter(hand=hand).count()
    response = alice_client.post(move_url(alice_match), data, follow=True)
    assert "Ya estaba hecho" in response.content.decode()
    assert Event.objects.filter(hand=hand).count() == count
    assert Event.objects.filter(hand=hand, seat=LEARNER).count() == 1


def test_a_move_for_a_place_not_reached_is_refused(alice_client, alice_match):
    hand, t = table(alice_match)
    response = alice_client.post(
        move_url(alice_match), {"seq": len(t.steps) + 3, "card": t.hand.legal()[0].code}, follow=True
    )
    assert "La mesa ha cambiado" in response.content.decode()
    assert Event.objects.filter(hand=hand, seat=LEARNER).count() == 0


def test_nonsense_moves_get_a_spanish_message(alice_client, alice_match):
    for data in (
        {},
        {"seq": "x", "card": "1o"},
        {"seq": 0},
        {"seq": 0, "card": "99z"},
        {"seq": 0, "cante": "o"},
    ):
        hand, t = table(alice_match)
        data = {**data, "seq": data.get("seq", len(t.steps))} if "seq" in data else data
        response = alice_client.post(move_url(alice_match), data)
        assert response.status_code == 302
        assert Event.objects.filter(hand=hand, seat=LEARNER).count() == 0


def test_another_learners_match_is_not_found(alice_match, bob_client, alice_client):
    play_out(alice_client, alice_match)
    urls = [
        ("get", alice_match.get_absolute_url()),
        ("post", move_url(alice_match)),
        ("post", reverse("play:next_hand", args=[alice_match.token])),
        ("get", reverse("play:review", args=[alice_match.token, 1])),
        ("post", reverse("play:replay", args=[alice_match.token, 1, 0])),
    ]
    for method, url in urls:
        assert getattr(bob_client, method)(url, {"seq": 0, "card": "1o", "number": 2}).status_code == 404
    assert Client().get(alice_match.get_absolute_url()).status_code == 404


def test_a_match_is_resumed_from_another_device(alice_client, alice_match, alice):
    play_legal(alice_client, alice_match)
    hand, t = table(alice_match)
    other = Client()
    other.force_login(alice)
    index = other.get(reverse("play:index")).content.decode()
    assert alice_match.get_absolute_url() in index
    body = other.get(alice_match.get_absolute_url()).content.decode()
    assert f'name="seq" value="{len(t.steps)}"' in body
    assert (
        other.post(move_url(alice_match), {"seq": len(t.steps), "card": t.hand.legal()[0].code}).status_code
        == 302
    )


def test_htmx_swaps_only_the_table(alice_client, alice_match):
    response = play_legal(alice_client, alice_match, headers={"HX-Request": "true"})
    body = response.content.decode()
    assert response.status_code == 200
    assert 'id="play-table"' in body and "<html" not in body
    # the trick is announced through the page's live region, which the swap leaves in place
    assert '<div id="play-live" hx-swap-oob="innerHTML">' in body and "Juegas" in body


def test_the_next_hand_is_dealt_once_by_the_next_dealer(alice_client, alice_match):
    play_out(alice_client, alice_match)
    url = reverse("play:next_hand", args=[alice_match.token])
    alice_client.post(url, {"number": 2})
    alice_client.post(url, {"number": 2})
    hands = list(MatchHand.objects.filter(match=alice_match).order_by("number"))
    assert [h.number for h in hands] == [1, 2]
    assert hands[1].dealer == (hands[0].dealer + 1) % 4  # R-DEAL-4


def test_the_match_ends_at_three_hands_won(alice_client, alice_match):
    for number in range(2, 20):
        play_out(alice_client, alice_match)
        alice_match.refresh_from_db()
        if alice_match.over:
            break
        alice_client.post(reverse("play:next_hand", args=[alice_match.token]), {"number": number})
    assert max(alice_match.points) == 3
    assert alice_match.winner == alice_match.points.index(3)
    body = alice_client.get(alice_match.get_absolute_url()).content.decode()
    assert "Gana la partida la pareja" in body and "Siguiente mano" not in body


def test_ludoteka_first_hand_opens_with_the_dos_de_oros(alice_client, alice):
    match = start(alice, rules="ludoteka")
    hand, t = table(match)
    assert t.hand.trump == 0 and t.hand.trump_card is None
    first = Event.objects.filter(hand=hand).first()
    if first is None:  # the learner holds the dos de oros and leads it
        body = alice_client.get(match.get_absolute_url()).content.decode()
        assert "dos de oros" in body and "no se enseña carta" in body
    else:
        assert first.card == "2o"


def test_a_doubled_htmx_post_is_answered_in_the_table(alice_client, alice_match):
    hand, t = table(alice_match)
    data = {"seq": len(t.steps), "card": t.hand.legal()[0].code}
    alice_client.post(move_url(alice_match), data, headers={"HX-Request": "true"})
    again = alice_client.post(move_url(alice_match), data, headers={"HX-Request": "true"}).content.decode()
    assert "Ya estaba hecho" in again and 'id="play-table"' in again
    assert Event.objects.filter(hand=hand, seat=LEARNER).count() == 1


def test_a_renuncio_at_a_ludoteka_table_loses_the_hand_not_the_match(alice_client, alice):
    match = start(alice, rules="ludoteka", mode="examen")
    hand = commit_renuncio(alice_client, match)
    match.refresh_from_db()
    assert hand.score["reason"] == "renuncio" and hand.score["winner"] == "B"
    assert not match.over and match.points[1] in (1, 2)  # renuncio = pierde_mano (R-RENUNCIO-1)
    body = alice_client.get(match.get_absolute_url()).content.decode()
    assert "comete renuncio y pierde la mano" in body and "Siguiente mano" in body
