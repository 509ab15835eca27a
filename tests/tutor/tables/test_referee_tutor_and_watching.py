"""Renuncio at a table of people (refused, or called as at a real table), each one's tutor mode, a
teacher watching and ending a class table, the streams' adapter."""

import re
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from engine.cards import CARDS
from engine.rules import PRESETS
from tutor.classroom import services as classroom_services
from tutor.classroom.models import Membership
from tutor.play.table import PlayRefused
from tutor.tables import services, streams
from tutor.tables.models import FalseCall, RenuncioRule, Seat, Table, TableEvent

from .conftest import game, legal_post, move_url, open_table, play_out

pytestmark = pytest.mark.django_db


def _client(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


def _until_a_person_holds_an_illegal_card(table, clients):
    """Play legal moves until a person must play and holds a card the rules forbid now; (seat, card)."""
    for _ in range(80):
        _hand, g = game(table)
        assert not g.over, "no renuncio was possible in this hand"
        seat = g.waiting_for()[0]
        if seat in clients and g.hand.turn == seat and not g.deciding() and not g.cantes_of(seat):
            legal = set(g.hand.legal())
            illegal = [c for c in g.hand.hand_of(seat) if c not in legal]
            if illegal:
                return seat, illegal[0].code
        clients[seat].post(move_url(table), legal_post(table, seat))
    raise AssertionError("no renuncio was possible")


def test_at_a_refusing_table_an_aprendiz_is_told_why_and_an_examen_only_that_it_does_not_go(alice, bob):
    table = open_table(alice, [(bob, 1)], seed=5)
    Seat.objects.filter(table=table, user=bob).update(mode="examen")
    users = {0: alice, 1: bob}
    clients = {0: _client(alice), 1: _client(bob)}
    reasons = {}
    for _ in range(10):
        seat, card = _until_a_person_holds_an_illegal_card(table, clients)
        _hand, g = game(table)
        with pytest.raises(PlayRefused) as refused:
            services.move(user=users[seat], token=table.token, seq=len(g.steps), kind="card", value=card)
        reasons[seat] = refused.value.message
        if len(reasons) == 2:
            break
        clients[seat].post(move_url(table), legal_post(table, seat))
    assert not TableEvent.objects.filter(legal=False).exists()
    assert set(reasons) == {0, 1}
    assert reasons[1] == "Esa carta no se puede jugar ahora."
    assert reasons[0] != reasons[1] and len(reasons[0]) > 30


def test_pista_is_only_for_an_aprendiz_on_their_turn(alice, bob):
    table = open_table(alice, [(bob, 1)], seed=5)
    Seat.objects.filter(table=table, user=bob).update(mode="examen")
    clients = {0: _client(alice), 1: _client(bob)}
    for _ in range(20):
        _hand, g = game(table)
        seat = g.waiting_for()[0]
        if g.hand.turn == seat and not g.cantes_of(seat):
            page = clients[seat].get(table.get_absolute_url() + "?pista=1").content.decode()
            other = clients[1 - seat].get(table.get_absolute_url() + "?pista=1").content.decode()
            assert "data-hint" not in other  # nobody else sees it
            assert ("data-hint" in page) == (seat == 0)  # alice is aprendiz, bob examen
        clients[seat].post(move_url(table), legal_post(table, seat))


def test_at_a_real_table_a_renuncio_goes_and_a_rival_call_is_upheld_with_the_evidence(alice, bob):
    table = open_table(alice, [(bob, 1)], seed=5, renuncio=RenuncioRule.REAL)
    clients = {0: _client(alice), 1: _client(bob)}
    seat, card = _until_a_person_holds_an_illegal_card(table, clients)
    _hand, g = game(table)
    clients[seat].post(move_url(table), {"seq": len(g.steps), "card": card})
    assert TableEvent.objects.get(legal=False).value == card
    rival = 1 - seat
    _hand, g = game(table)
    response = clients[rival].post(move_url(table), {"seq": len(g.steps), "contra": str(seat)}, follow=True)
    call = TableEvent.objects.get(kind="call")
    assert call.grade["verdict"] == "upheld" and call.seat == rival and call.value == str(seat)
    page = response.content.decode()
    assert "¡Renuncio!" in page and "El árbitro" in page
    # The referee's sentence names the people as the call does, not by seat number.
    culprit = (alice, bob)[seat].get_username()
    assert f"{culprit} (pareja {'AB'[seat % 2]})" in page
    assert f"jugador {seat + 1} (pareja" not in page


def test_a_hand_and_match_won_by_a_called_renuncio_say_so_and_the_table_says_its_rules(alice, bob):
    # pareja B has more tantos, yet loses: the page must not leave «Gana la pareja A» unexplained.
    table = open_table(alice, [(bob, 1)], seed=5, renuncio=RenuncioRule.REAL)
    clients = {0: _client(alice), 1: _client(bob)}
    seat, card = _until_a_person_holds_an_illegal_card(table, clients)
    _hand, g = game(table)
    clients[seat].post(move_url(table), {"seq": len(g.steps), "card": card})
    _hand, g = game(table)
    clients[1 - seat].post(move_url(table), {"seq": len(g.steps), "contra": str(seat)})
    play_out(table, {0: clients[0], 1: clients[1], 2: clients[0], 3: clients[1]})
    table.refresh_from_db()
    bad, good = "AB"[seat % 2], "BA"[seat % 2]
    assert table.closed_reason == "partida" and table.winner == "AB".index(good)  # guia: pierde la partida
    page = clients[0].get(table.get_absolute_url()).content.decode()
    assert f"La pareja {bad} comete renuncio y pierde la partida: gana la pareja {good}." in page
    assert (
        f"Partida terminada. Gana la partida la pareja {good}, 3 a 0, porque la pareja contraria cometió renuncio."
        in page
    )
    assert "Mesa de la guía (reglas por defecto)" in page
    assert "El renuncio: como en una mesa real" in page
    # bob gone for an hour: at a closed table nobody plays, bot or person, so he is not «ausente» there
    Seat.objects.filter(table=table, user=bob).update(
        plain=False, last_seen=timezone.now() - timedelta(hours=1)
    )
    page = clients[0].get(table.get_absolute_url()).content.decode()
    assert "bob" in page and "ausente: juega un bot" not in page
    # in «Mis manos» the hand is one of a table with people, not a pasted one
    from tutor.hands.models import HandRecord

    row = HandRecord.objects.get(learner=alice)
    hands = clients[0].get(reverse("hands:index")).content.decode()
    assert row.get_absolute_url() in hands and "Mano de una mesa con personas" in hands
    assert "Mano pegada" not in hands


def test_the_new_table_form_speaks_of_the_free_seats_bots_not_three_bots(alice):
    page = _client(alice).get(reverse("tables:index")).content.decode()
    assert "los bots de los sitios libres" in page and "los tres bots" not in page


def test_a_false_call_costs_as_the_table_says(alice, bob):
    table = open_table(alice, [(bob, 1)], seed=5, renuncio=RenuncioRule.REAL, false_call=FalseCall.SILENCE)
    clients = {0: _client(alice), 1: _client(bob)}
    for _ in range(4):  # a few legal cards
        _hand, g = game(table)
        seat = g.waiting_for()[0]
        clients[seat].post(move_url(table), legal_post(table, seat))
    _hand, g = game(table)
    services.move(user=alice, token=table.token, seq=len(g.steps), kind="call", value="1")
    assert TableEvent.objects.get(kind="call").grade["verdict"] == "false"
    _hand, g = game(table)
    with pytest.raises(PlayRefused, match="no puedes cantar otro"):
        services.move(user=alice, token=table.token, seq=len(g.steps), kind="call", value="3")
    with pytest.raises(PlayRefused, match="rival"):
        services.move(user=bob, token=table.token, seq=len(g.steps), kind="call", value="3")


def test_by_default_a_false_call_gives_the_rivals_a_match_point_when_the_hand_ends(alice, bob):
    table = open_table(alice, [(bob, 1)], seed=5, renuncio=RenuncioRule.REAL)
    assert table.false_call == FalseCall.POINT  # the documented default
    clients = {0: _client(alice), 1: _client(bob)}
    for _ in range(4):  # a few legal cards: nobody has renounced
        _hand, g = game(table)
        seat = g.waiting_for()[0]
        clients[seat].post(move_url(table), legal_post(table, seat))
    _hand, g = game(table)
    page = clients[1].post(move_url(table), {"seq": len(g.steps), "contra": "0"}, follow=True)
    assert TableEvent.objects.get(kind="call").grade["verdict"] == "false"
    text = page.content.decode()
    assert "La pareja A se apunta 1 punto de la partida al terminar la mano." in text
    table.refresh_from_db()
    assert table.points == [0, 0]  # counted when the hand ends
    play_out(table, clients)
    table.refresh_from_db()
    hand, _g = game(table)
    expected = [1, 0]  # bob (pair B) called falsely: a point for pair A
    expected["AB".index(hand.score["winner"])] += 1  # and the hand's point for its winner
    assert table.points == expected
    assert services.match_of(table).results[0].penalties == (1, 0)


def test_a_false_call_costs_nothing_where_the_table_says_so(alice, bob):
    table = open_table(alice, [(bob, 1)], seed=5, renuncio=RenuncioRule.REAL, false_call=FalseCall.NOTHING)
    clients = {0: _client(alice), 1: _client(bob)}
    _hand, g = game(table)
    while not g.cards_played:
        seat = g.waiting_for()[0]
        clients[seat].post(move_url(table), legal_post(table, seat))
        _hand, g = game(table)
    services.move(user=bob, token=table.token, seq=len(g.steps), kind="call", value="0")
    play_out(table, clients)
    table.refresh_from_db()
    assert sum(table.points) == 1 and services.match_of(table).results[0].penalties == (0, 0)


def test_at_a_refusing_table_nobody_calls_renuncio(alice, bob):
    table = open_table(alice, [(bob, 1)])
    _hand, g = game(table)
    with pytest.raises(PlayRefused, match="rehúsan"):
        services.move(user=alice, token=table.token, seq=len(g.steps), kind="call", value="1")


def test_a_teacher_seats_class_members_watches_without_hands_and_ends_the_table(alice, bob, charlie, teresa):
    ours = classroom_services.create_classroom(teacher=teresa, name="4º B", rules="guia")
    members = [
        Membership.objects.create(classroom=ours, student=u, real_name=n)
        for u, n in ((alice, "Alicia"), (bob, "Roberto"))
    ]
    teacher = _client(teresa)
    # The teacher opens the class's table without a seat: she only watches and seats the class.
    form = {"rules": "estricta", "level": "normal", "mode": "aprendiz", "renuncio": "rehusar"}
    form.update(false_call="punto", seat="", classroom=str(ours.pk))
    opened = teacher.post(reverse("tables:new"), form)
    table = Table.objects.get()
    assert opened["Location"] == table.get_absolute_url() and not Seat.objects.filter(table=table).exists()
    assert table.get_rules() == PRESETS["estricta"]
    page = teacher.get(table.get_absolute_url()).content.decode()
    assert "Sentar a alguien de la clase" in page and "Alicia" in page
    url = reverse("tables:seat_member", args=[table.token])
    teacher.post(url, {"seat": "0", "membership": str(members[0].pk)})
    teacher.post(url, {"seat": "1", "membership": str(members[1].pk)})
    assert dict(Seat.objects.filter(table=table).values_list("number", "user")) == {0: alice.pk, 1: bob.pk}
    with pytest.raises(PlayRefused, match="no es de esta clase"):
        services.seat_member(teacher=teresa, token=table.token, number=2, student=charlie)
    services.start(user=alice, token=table.token)
    _hand, g = game(table)
    page = teacher.get(table.get_absolute_url()).content.decode()
    assert "data-score" in page and "Tu mano" not in page
    for seat in (0, 1):
        for c in g.hand.hand_of(seat):
            if int(c) != g.hand.trump_card:
                assert f'data-card="{c.code}"' not in page
    # charlie is not of the class: he may not end it.
    with pytest.raises(PlayRefused):
        services.end(user=charlie, token=table.token)
    teacher.post(reverse("tables:end", args=[table.token]))
    table.refresh_from_db()
    assert table.over and table.closed_reason == "profesor"
    with pytest.raises(PlayRefused, match="cerrado"):
        services.move(
            user=alice, token=table.token, seq=len(g.steps), kind="card", value=g.hand.hand_of(0)[0].code
        )


def test_only_a_class_table_is_opened_without_a_seat(alice, teresa):
    classroom_services.create_classroom(teacher=teresa, name="4º B", rules="guia")
    form = {
        "rules": "guia",
        "level": "normal",
        "mode": "aprendiz",
        "renuncio": "rehusar",
        "false_call": "punto",
    }
    refused = _client(teresa).post(reverse("tables:new"), {**form, "seat": "", "classroom": ""})
    assert refused.status_code == 400 and "Sin sitio solo se puede abrir una mesa de una clase" in (
        refused.content.decode()
    )
    # Somebody with no class is not offered «ninguno» and must choose a seat.
    page = _client(alice).get(reverse("tables:index")).content.decode()
    assert (
        "solo miro" not in page
        and "solo miro" in _client(teresa).get(reverse("tables:index")).content.decode()
    )
    assert _client(alice).post(reverse("tables:new"), {**form, "seat": ""}).status_code == 400
    assert not Table.objects.exists()


def test_the_creator_who_left_and_closed_the_table_still_sees_it(alice, bob, charlie):
    table = open_table(alice, [(bob, 1)])
    creator = _client(alice)
    creator.post(reverse("tables:leave", args=[table.token]))
    closed = creator.post(reverse("tables:end", args=[table.token]), follow=True)
    page = closed.content.decode()
    assert closed.status_code == 200 and "Esta mesa está cerrada" in page
    assert "alice se ha levantado del sitio 1" in page
    assert _client(charlie).get(table.get_absolute_url()).status_code == 404  # a stranger: no closed table


def test_a_finished_hand_shows_every_hand_to_the_teacher_watching(alice, bob, teresa):
    from .conftest import play_out

    ours = classroom_services.create_classroom(teacher=teresa, name="4º B", rules="guia")
    table = open_table(alice, [(bob, 1)], classroom=ours)
    play_out(table, {0: _client(alice), 1: _client(bob)})
    _hand, g = game(table)
    page = _client(teresa).get(table.get_absolute_url()).content.decode()
    assert "data-hand-over" in page
    dealt_to_bob = [CARDS[c].code for c in range(40) if g.hand.start[1] >> c & 1]
    assert len(dealt_to_bob) == 10 and all(f'data-card="{code}"' in page for code in dealt_to_bob)
    hand_page = _client(teresa).get(reverse("tables:hand", args=[table.token, 1]))
    assert hand_page.status_code == 200
    assert (
        _client(Table.objects.get().created_by).get(reverse("tables:hand", args=[table.token, 1])).status_code
        == 200
    )


def test_a_stranger_cannot_open_a_finished_hand(alice, bob, charlie):
    from .conftest import play_out

    table = open_table(alice, [(bob, 1)])
    play_out(table, {0: _client(alice), 1: _client(bob)})
    assert _client(charlie).get(reverse("tables:hand", args=[table.token, 1])).status_code == 404


def test_the_table_publishes_on_the_live_channel_in_its_format(monkeypatch):
    from tutor.live import pulse

    sent = []

    class Fake:
        def publish(self, channel, message):
            sent.append((channel, message))

    monkeypatch.setattr(streams, "get_redis_connection", lambda alias: Fake())
    streams.announce("ABC234", 7)
    assert sent == [(pulse.CHANNEL, "mesa-ABC234 7 0 0")]
    assert pulse.parse_message(sent[0][1]) == ("mesa-ABC234", 7, 0, 0)


def test_a_sync_worker_holds_no_stream_and_the_poll_answers_204_while_nothing_changed(alice, bob):
    table = open_table(alice, [(bob, 1)])
    client = _client(bob)
    assert client.get(reverse("tables:events", args=[table.token])).status_code == 204
    table.refresh_from_db()
    state = reverse("tables:state", args=[table.token])
    assert client.get(state + f"?v={table.version}").status_code == 204
    assert client.get(state + "?v=0").status_code == 200


@pytest.mark.parametrize("odd", ["²", "١٢", "１２", "-3", "9" * 40, "x"])
def test_a_poll_with_an_odd_version_draws_the_table_without_an_error(alice, bob, odd):
    # str.isdigit() is true of «²», which int() refuses: the poll once answered it with a 500.
    table = open_table(alice, [(bob, 1)])
    page = _client(bob).get(reverse("tables:state", args=[table.token]) + f"?v={odd}")
    assert page.status_code == 200
    assert "sitio" in page.content.decode()


def test_close_idle_tables_command_runs(capsys):
    call_command("close_idle_tables")
    assert "0 mesas cerradas" in capsys.readouterr().out


def test_a_tables_stream_reads_the_version_from_the_database_keeps_its_person_present_and_lets_a_bot_play_for_one_gone(
    alice, bob
):
    table = open_table(alice, [(bob, 1)])
    long_ago = timezone.now() - timedelta(seconds=services.AWAY_SECONDS + 1)
    _hand, g = game(table)
    waiting = g.waiting_for()[0]
    gone, streaming = ((alice, bob) if waiting == 0 else (bob, alice)) if waiting in (0, 1) else (None, None)
    assert gone is not None, "the seeded deal waits for a person first"
    Seat.objects.filter(table=table).update(plain=False, last_seen=long_ago)  # both unseen for a while
    version = streams._versions(table.token, streaming.pk)[0]
    table.refresh_from_db()
    assert version == table.version
    assert not services.away(Seat.objects.get(table=table, user=streaming))  # the stream is presence
    assert services.away(Seat.objects.get(table=table, user=gone))
    assert TableEvent.objects.filter(seat=waiting, by_bot=True).exists()  # a bot played for the one gone
    assert streams._versions("no-such-table", streaming.pk) == (-1, 0, 0)


def test_the_english_table_page_names_the_trump_as_the_rest_of_the_site_does(alice, bob):
    """The game's words stay Spanish in English: «Triunfo: the jack of bastos.» beside the trick's
    «Triunfo: bastos», never «Trump:» on one line and «Triunfo» on the next."""
    table = open_table(alice, [(bob, 1)], seed=5)
    client = _client(alice)
    client.cookies["django_language"] = "en"
    page = client.get(table.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'lang="en"' in page
    assert re.search(r"Triunfo: the \w+ of (oros|copas|espadas|bastos)\.", page), "the turned-up card"
    assert "Trump:" not in page
