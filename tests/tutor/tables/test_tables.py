"""A table for people: seating, a hand among people and bots, records for each, refusals and races."""

import asyncio
import re
from datetime import timedelta

import pytest
from django.db import IntegrityError, OperationalError
from django.middleware.csrf import _get_new_csrf_string, _unmask_cipher_token
from django.test import Client, RequestFactory
from django.urls import reverse
from django.utils import timezone
from django_htmx.middleware import HtmxDetails

from bench.instances import session_for
from engine.cards import CARDS
from engine.rules import PRESETS
from tutor.accounts.display import chosen, in_force
from tutor.accounts.sessions import SessionStore
from tutor.classroom import services as classroom_services
from tutor.hands.models import HandRecord, Source
from tutor.lib.cards import card_name
from tutor.play.table import PlayRefused, cante_value
from tutor.tables import services, streams, views
from tutor.tables.models import Phrase, Seat, Table, TableEvent

from .conftest import game, legal_post, move_url, open_table, play_out

CSRF_VALUE = re.compile(r'name="csrfmiddlewaretoken" value="(\w+)"')

pytestmark = pytest.mark.django_db


def _client(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


def test_creating_a_table_seats_its_creator_and_shows_code_link_and_qr(alice_client, alice):
    response = alice_client.post(
        reverse("tables:new"),
        {
            "rules": "guia",
            "level": "normal",
            "mode": "aprendiz",
            "renuncio": "rehusar",
            "false_call": "nada",
            "seat": "2",
        },
    )
    table = Table.objects.get()
    assert response.status_code == 302 and response["Location"] == table.get_absolute_url()
    assert Seat.objects.get(table=table).number == 2
    page = alice_client.get(table.get_absolute_url()).content.decode()
    assert table.code in page and "data:image/svg+xml" in page and table.token in page


def test_a_hand_among_two_people_and_two_bots_ends_kept_in_each_ones_hands(alice, bob):
    table = open_table(alice, [(bob, 1)])
    clients = {0: _client(alice), 1: _client(bob)}
    play_out(table, clients)
    hand, g = game(table)
    assert hand.over and g.over
    kept = {r.learner_id: r for r in HandRecord.objects.all()}
    assert set(kept) == {alice.pk, bob.pk}
    assert kept[alice.pk].source == Source.TABLE and kept[alice.pk].seat == 0 and kept[bob.pk].seat == 1
    assert "alice" in kept[bob.pk].text and "bob" in kept[alice.pk].text
    # Seats 2 and 3 were played by bots, and logged as such.
    assert set(TableEvent.objects.filter(by_bot=True).values_list("seat", flat=True)) <= {2, 3}
    assert TableEvent.objects.filter(seat=1, by_bot=False, kind="card").count() == 10
    # «Mis manos» lists it for bob.
    assert b"mesa" in clients[1].get(reverse("hands:index")).content


def _stream_request(user, token: str):
    """The request a stream instance holds for ``user``'s stream of the table, as its middleware leaves it."""
    request = RequestFactory().get(reverse("tables:events", args=[token]))
    request.user = user
    request.session = SessionStore(session_for(user))
    request.LANGUAGE_CODE = "es"
    request.display = in_force(chosen(request))
    request.htmx = HtmxDetails(request)
    return request


def test_no_response_to_a_seat_holds_another_seats_unplayed_card(alice, bob, charlie, teresa):
    ours = classroom_services.create_classroom(teacher=teresa, name="4º B", rules="guia")
    table = open_table(alice, [(bob, 1), (charlie, 2)], classroom=ours)
    clients = {0: _client(alice), 1: _client(bob), 2: _client(charlie)}
    watching = {None: _client(teresa)}  # the class's teacher, a spectator: no hand at all
    # What each one's stream sends: their region, drawn by the stream instance for its own request.
    streamed = {
        n: _stream_request(u, table.token) for n, u in {0: alice, 1: bob, 2: charlie, None: teresa}.items()
    }
    checked = [0]

    def check_every_page():
        _hand, g = game(table)
        if g.over:
            return
        trump = g.hand.trump_card
        now = Table.objects.get(pk=table.pk).version
        for seat, client in {**clients, **watching}.items():
            drawn = views._streamed_region(streamed[seat], table.token)
            # Woken by the message of this version, the stream draws from the table its worker's
            # streams share (read once a version): the same region, never another seat's.
            assert views._streamed_region(streamed[seat], table.token, now) == drawn
            if seat is not None and seat == g.steps[-1].seat:  # their own move: their page has its answer
                assert drawn is None
                drawn = (0, "")
            else:
                version, region = drawn
                assert (
                    version == Table.objects.get(pk=table.pk).version
                    and f'data-version="{version}"' in region
                )
            region = drawn[1]
            if region and seat is not None:  # a seat's region holds its own cards, a move's form, a token
                assert all(f'data-card="{c.code}"' in region for c in g.hand.hand_of(seat))
                assert 'name="csrfmiddlewaretoken"' in region and 'hx-swap-oob="innerHTML"' in region
            pages = [
                client.get(url).content.decode()
                for url in (table.get_absolute_url(), reverse("tables:state", args=[table.token]) + "?v=-1")
            ]
            for page in [*pages, region]:
                for other in range(4):
                    if other == seat:
                        continue
                    for c in g.hand.hand_of(other):
                        if int(c) == trump:
                            continue  # the turned-up trump card is on the table for everybody
                        assert f'data-card="{c.code}"' not in page, (seat, other, c.code)
                        assert card_name(c) not in page, (seat, other, c.code)
                checked[0] += 1

    play_out(table, clients, after=check_every_page)
    assert checked[0] > 50


def test_a_streams_forms_carry_a_token_of_its_requests_csrf_secret(alice, bob):
    """Masked once for the stream (not at every region): every region's forms post with it."""
    table = open_table(alice, [(bob, 1)])
    request = _stream_request(alice, table.token)
    request.META["CSRF_COOKIE"] = secret = _get_new_csrf_string()  # the page's cookie, sent with the stream
    tokens = set()
    for _ in range(2):
        _version, region = views._streamed_region(request, table.token)
        tokens |= set(CSRF_VALUE.findall(region))
    assert len(tokens) == 1 and _unmask_cipher_token(tokens.pop()) == secret


def test_a_stream_signed_out_elsewhere_draws_no_more_regions(alice, bob):
    table = open_table(alice, [(bob, 1)])
    request = _stream_request(alice, table.token)
    version, region = views._streamed_region(request, table.token)
    assert f'data-version="{version}"' in region
    SessionStore(request.session.session_key).delete()  # signed out in another tab
    request.tables_session_checked -= views.SESSION_CHECK_SECONDS
    assert views._streamed_region(request, table.token) is None


def test_moves_out_of_turn_from_no_seat_with_a_card_not_held_or_stale_are_refused(alice, bob, charlie):
    table = open_table(alice, [(bob, 1)])
    _hand, g = game(table)
    seat = g.waiting_for()[0]
    other = 1 - seat if seat in (0, 1) else 0
    users = {0: alice, 1: bob}
    before = TableEvent.objects.count()
    seq = len(g.steps)
    mine = g.hand.hand_of(seat)[0].code
    with pytest.raises(PlayRefused):  # out of turn
        services.move(
            user=users[other], token=table.token, seq=seq, kind="card", value=g.hand.hand_of(other)[0].code
        )
    with pytest.raises(PlayRefused):  # not seated at all
        services.move(user=charlie, token=table.token, seq=seq, kind="card", value=mine)
    not_held = next(c.code for c in CARDS if c not in g.hand.hand_of(seat))
    with pytest.raises(PlayRefused):
        services.move(user=users[seat], token=table.token, seq=seq, kind="card", value=not_held)
    with pytest.raises(PlayRefused):  # a stale place
        services.move(user=users[seat], token=table.token, seq=seq + 3, kind="card", value=mine)
    assert TableEvent.objects.count() == before
    # Through the page: the refusal is said, in Spanish.
    response = _client(charlie).post(move_url(table), {"seq": seq, "card": mine}, follow=True)
    assert response.status_code == 200 and "No tienes sitio en esta mesa" in response.content.decode()


def test_a_doubled_post_is_made_once(alice, bob):
    table = open_table(alice, [(bob, 1)])
    _hand, g = game(table)
    seat = g.waiting_for()[0]
    client = _client({0: alice, 1: bob}[seat])
    data = legal_post(table, seat)
    client.post(move_url(table), data)
    count = TableEvent.objects.count()
    response = client.post(move_url(table), data, follow=True)
    assert TableEvent.objects.count() == count
    assert "Ya estaba hecho" in response.content.decode()


def test_a_seat_is_one_persons_and_a_full_table_says_so(alice, bob, charlie, teresa, tomas):
    table = services.create_table(user=alice, rules=PRESETS["guia"])
    with pytest.raises(PlayRefused, match="ocupado"):
        services.sit(user=bob, token=table.token, number=0)
    with pytest.raises(IntegrityError):  # the constraint is what settles two at once
        Seat.objects.create(table=table, number=0, user=bob, last_seen=timezone.now())


def test_two_people_at_once_on_one_seat_one_sits_the_other_is_told(alice, bob, charlie, monkeypatch):
    table = services.create_table(user=alice, rules=PRESETS["guia"])
    real = services.seats_of
    # charlie read the table before bob's seat was committed: the row is refused by the constraint.
    monkeypatch.setattr(services, "seats_of", lambda t: {k: v for k, v in real(t).items() if k != 1})
    services.sit(user=bob, token=table.token, number=1)
    with pytest.raises(PlayRefused, match="ocupado"):
        services.sit(user=charlie, token=table.token, number=1)
    assert Seat.objects.get(table=table, number=1).user == bob


def test_a_full_table_refuses_a_fifth(alice, bob, charlie, teresa, tomas):
    table = services.create_table(user=alice, rules=PRESETS["guia"])
    for n, user in ((1, bob), (2, charlie), (3, teresa)):
        services.sit(user=user, token=table.token, number=n)
    response = _client(tomas).post(
        reverse("tables:sit", args=[table.token]), {"seat": "1", "mode": "aprendiz"}, follow=True
    )
    assert "La mesa está completa" in response.content.decode()
    assert Seat.objects.filter(table=table).count() == 4


def _offered_seats(page: str) -> list[str]:
    form = re.search(r'<select name="seat"[^>]*id="id_seat">(.*?)</select>', page, re.S)
    return [] if form is None else re.findall(r'<option value="(\d)"', form.group(1))


def test_the_sit_form_offers_only_the_free_seats_and_says_when_none_is_free(
    alice, bob, charlie, teresa, tomas
):
    table = services.create_table(user=alice, rules=PRESETS["guia"], seat=2)
    services.sit(user=bob, token=table.token, number=0)
    seen_by_tomas = _client(tomas)
    page = seen_by_tomas.get(table.get_absolute_url()).content.decode()
    assert _offered_seats(page) == ["1", "3"] and "Sentarme" in page
    # charlie takes seat 2 while tomas's page still offers it: tomas's post is answered clearly.
    services.sit(user=charlie, token=table.token, number=1)
    response = seen_by_tomas.post(
        reverse("tables:sit", args=[table.token]), {"seat": "1", "mode": "examen"}, follow=True
    )
    page = response.content.decode()
    assert "Ese sitio ya está ocupado: elige otro." in page and _offered_seats(page) == ["3"]
    services.sit(user=teresa, token=table.token, number=3)
    page = seen_by_tomas.get(table.get_absolute_url()).content.decode()
    assert _offered_seats(page) == [] and "Sentarme" not in page
    assert "data-table-full" in page and "no queda ningún sitio libre" in page


def test_starting_needs_two_people(alice):
    table = services.create_table(user=alice, rules=PRESETS["guia"])
    with pytest.raises(PlayRefused, match="dos personas"):
        services.start(user=alice, token=table.token)


def test_a_guessed_code_is_throttled(alice_client, alice, settings):
    settings.JOIN_ATTEMPTS_PER_ACCOUNT = 3
    table = services.create_table(user=alice, rules=PRESETS["guia"])
    for _ in range(3):
        assert alice_client.post(reverse("tables:join_code"), {"code": "ZZZZZZ"}).status_code == 400
    blocked = alice_client.post(reverse("tables:join_code"), {"code": table.code})
    assert blocked.status_code == 429 and "Demasiados intentos" in blocked.content.decode()


def test_a_right_code_opens_the_table(bob_client, alice):
    table = services.create_table(user=alice, rules=PRESETS["guia"])
    response = bob_client.post(reverse("tables:join_code"), {"code": table.code.lower()})
    assert response.status_code == 302 and response["Location"] == table.get_absolute_url()


def test_an_away_player_is_replaced_by_a_bot_and_takes_the_seat_back(alice, bob):
    table = open_table(alice, [(bob, 1)])
    clients = {0: _client(alice), 1: _client(bob)}
    # Play until bob must play a card.
    for _ in range(40):
        _hand, g = game(table)
        if g.waiting_for() == [1] and g.hand.turn == 1 and not g.cantes_of(1):
            break
        seat = g.waiting_for()[0]
        clients[seat].post(move_url(table), legal_post(table, seat))
    Seat.objects.filter(table=table, number=1).update(
        plain=False, last_seen=timezone.now() - timedelta(seconds=services.AWAY_SECONDS + 5)
    )
    before = TableEvent.objects.filter(seat=1).count()
    page = clients[0].get(table.get_absolute_url()).content.decode()
    assert "ausente: juega un bot" in page
    assert TableEvent.objects.filter(seat=1, by_bot=True).count() > 0
    assert TableEvent.objects.filter(seat=1).count() > before
    # bob is back: his seat is his again.
    clients[1].get(table.get_absolute_url())
    assert not services.away(Seat.objects.get(table=table, number=1))
    assert "ausente" not in clients[0].get(table.get_absolute_url()).content.decode()


def test_a_person_without_javascript_is_given_longer_before_a_bot_plays(alice, bob):
    """bob plays with plain pages and forms (JavaScript off: nothing polls or streams for him, he sees a
    move when he presses «Actualizar» or plays): unseen for longer than AWAY_SECONDS he keeps his seat,
    after PLAIN_AWAY_SECONDS a bot plays for him; his page says how long he has. Once his page polls
    (JavaScript on), the usual time is his again."""
    assert services.PLAIN_AWAY_SECONDS > services.AWAY_SECONDS
    table = open_table(alice, [(bob, 1)])
    clients = {0: _client(alice), 1: _client(bob)}
    for _ in range(40):
        _hand, g = game(table)
        if g.waiting_for() == [1] and g.hand.turn == 1 and not g.cantes_of(1):
            break
        seat = g.waiting_for()[0]
        clients[seat].post(move_url(table), legal_post(table, seat))
    # A page opened and closed again (JavaScript or not) says nothing of it; his «Actualizar», shown only
    # without JavaScript, and the page a form sends him back to, do.
    page = clients[1].get(table.get_absolute_url()).content.decode()
    assert not Seat.objects.get(table=table, number=1).plain
    assert "Sin JavaScript tienes 5 minutos para jugar o actualizar" in " ".join(page.split())
    refresh = re.search(r'<noscript>.*?<a href="([^"]+)">Actualizar</a>', page, re.S).group(1)
    clients[1].get(refresh)
    assert Seat.objects.get(table=table, number=1).plain
    by_bot = TableEvent.objects.filter(seat=1, by_bot=True)
    poll = reverse("tables:state", args=[table.token]) + "?v=0"
    Seat.objects.filter(table=table, number=1).update(
        last_seen=timezone.now() - timedelta(seconds=services.AWAY_SECONDS + 5)
    )
    region = clients[0].get(poll, headers=HTMX).content.decode()
    assert not by_bot.exists() and "ausente" not in region
    Seat.objects.filter(table=table, number=1).update(
        last_seen=timezone.now() - timedelta(seconds=services.PLAIN_AWAY_SECONDS + 5)
    )
    region = clients[0].get(poll, headers=HTMX).content.decode()
    assert by_bot.exists() and "ausente: juega un bot" in region
    # bob's page now polls: back, and an ordinary seat again.
    clients[1].get(poll, headers=HTMX)
    seat = Seat.objects.get(table=table, number=1)
    assert not seat.plain and not services.away(seat)
    Seat.objects.filter(table=table, number=1).update(
        last_seen=timezone.now() - timedelta(seconds=services.AWAY_SECONDS + 5)
    )
    assert services.away(Seat.objects.get(table=table, number=1))


HTMX = {"HX-Request": "true"}
GONE = "bob (sitio 2) se ha ido o ha perdido la conexión: un bot juega en su sitio hasta que vuelva."
BACK = "bob (sitio 2) ha vuelto y juega de nuevo en su sitio."


def _live_line(page: str) -> str:
    """The text an htmx answer or a stream's region puts in the page's aria-live line."""
    found = re.search(r'<div id="table-live" hx-swap-oob="innerHTML">(.*?)</div>', page, re.S)
    return "" if found is None else " ".join(found.group(1).split())


def _presence(page: str) -> list[str]:
    found = re.search(r"<ul[^>]*data-presence[^>]*>(.*?)</ul>", page, re.S)
    return [] if found is None else re.findall(r"<li>(.*?)</li>", found.group(1), re.S)


def test_the_others_are_told_once_when_a_person_goes_away_and_when_they_come_back(alice, bob, charlie):
    """Not bob's turn: nothing waits on a bot, yet the others' polls, streams and pages say he has gone
    (once), and that he is back; in the page's live line only what is new to that page."""
    table = open_table(alice, [(bob, 1), (charlie, 2)])
    clients = {0: _client(alice), 1: _client(bob), 2: _client(charlie)}
    alices_stream = _stream_request(alice, table.token)
    first = clients[0].get(table.get_absolute_url()).content.decode()
    assert "al cabo de 1 minuto juega un bot en su sitio hasta que vuelva" in first  # the stated time
    shown = Table.objects.get(pk=table.pk).version
    Seat.objects.filter(table=table, number=1).update(
        plain=False, last_seen=timezone.now() - timedelta(seconds=services.AWAY_SECONDS + 5)
    )
    poll = clients[0].get(reverse("tables:state", args=[table.token]) + f"?v={shown}", headers=HTMX)
    region = poll.content.decode()
    assert poll.status_code == 200 and GONE in _live_line(region) and _presence(region)[-1] == GONE
    assert Seat.objects.get(table=table, number=1).away_told
    told = Table.objects.get(pk=table.pk)
    assert told.version == shown + 1 and [n["kind"] for n in told.notices].count("away") == 1
    # charlie's poll, the stream and a page without JavaScript see the same, and it is told once only.
    again = clients[2].get(reverse("tables:state", args=[table.token]) + f"?v={shown}", headers=HTMX)
    assert GONE in _live_line(again.content.decode())
    _version, streamed = views._streamed_region(alices_stream, table.token)
    assert GONE in _live_line(streamed) and GONE in _presence(streamed)
    page = clients[2].get(table.get_absolute_url()).content.decode()
    assert GONE in _presence(page) and "ausente: juega un bot" in page
    assert Table.objects.get(pk=table.pk).version == shown + 1
    assert clients[0].get(reverse("tables:state", args=[table.token]) + f"?v={shown + 1}").status_code == 204
    # bob opens the table again (another device: a new session): back, and the others are told.
    _client(bob).get(table.get_absolute_url())
    assert not Seat.objects.get(table=table, number=1).away_told
    poll = clients[0].get(reverse("tables:state", args=[table.token]) + f"?v={shown + 1}", headers=HTMX)
    region = poll.content.decode()
    assert BACK in _live_line(region) and GONE not in _live_line(region)
    assert _presence(region)[-2:] == [GONE, BACK] and "ausente" not in region
    # In English, through gettext.
    english = _client(charlie)
    english.cookies["django_language"] = "en"
    page = english.get(table.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "bob (seat 2) is back and plays their seat again." in page
    assert "after 1 minute a bot plays their seat until they come back" in page


def test_two_polls_at_once_tell_an_absence_once(alice, bob):
    table = open_table(alice, [(bob, 1)])
    Seat.objects.filter(table=table, number=1).update(
        plain=False, last_seen=timezone.now() - timedelta(seconds=services.AWAY_SECONDS + 5)
    )
    first, second = services.read(table.token), services.read(table.token)  # both read before either tells
    assert services.tell_away(first) is True
    assert services.tell_away(second) is False
    assert [n["kind"] for n in Table.objects.get(pk=table.pk).notices].count("away") == 1


def test_before_the_first_hand_an_idle_seat_is_not_told_gone_then_it_is_once_play_starts(alice, bob):
    # Nobody plays before the start, so «un bot juega en su sitio» would be false then.
    table = services.create_table(user=alice, rules=PRESETS["guia"], level="principiante", seed=11)
    services.sit(user=bob, token=table.token, number=1)
    long_ago = timezone.now() - timedelta(seconds=services.AWAY_SECONDS + 5)
    Seat.objects.filter(table=table, number=1).update(plain=False, last_seen=long_ago)
    assert services.tell_away(services.read(table.token)) is False
    assert "away" not in [n["kind"] for n in Table.objects.get(pk=table.pk).notices or []]
    services.start(user=alice, token=table.token)
    Seat.objects.filter(table=table, number=1).update(plain=False, last_seen=long_ago)
    assert services.tell_away(services.read(table.token)) is True
    assert [n["kind"] for n in Table.objects.get(pk=table.pk).notices].count("away") == 1


def test_sitting_and_leaving_are_told_to_the_table(alice, bob, charlie):
    table = open_table(alice, [(bob, 1)])
    services.sit(user=charlie, token=table.token, number=3)
    services.leave(user=bob, token=table.token)
    page = _client(charlie).get(table.get_absolute_url()).content.decode()
    assert _presence(page)[-2:] == [
        "charlie se ha sentado en el sitio 4.",
        "bob se ha levantado del sitio 2: juega un bot mientras siga libre.",
    ]


def test_nothing_is_lost_when_the_table_is_rebuilt(alice, bob):
    table = open_table(alice, [(bob, 1)])
    clients = {0: _client(alice), 1: _client(bob)}
    for _ in range(6):
        seat = game(table)[1].waiting_for()[0]
        clients[seat].post(move_url(table), legal_post(table, seat))
    _hand, g = game(table)
    fresh = services.game_of(
        Table.objects.get(pk=table.pk), services.current_hand(table), services.seats_of(table)
    )
    assert fresh.hand.hands == g.hand.hands and fresh.hand.trick == g.hand.trick and fresh.steps == g.steps


def test_fixed_phrases_only_and_a_few_a_minute(alice, bob):
    table = open_table(alice, [(bob, 1)])
    client = _client(bob)
    client.post(reverse("tables:say", args=[table.token]), {"frase": "bien"})
    assert "¡Bien jugado!" in _client(alice).get(table.get_absolute_url()).content.decode()
    response = client.post(reverse("tables:say", args=[table.token]), {"frase": "hola tonto"}, follow=True)
    assert "no está entre las que se pueden enviar" in response.content.decode()
    for _ in range(services.PHRASES_PER_MINUTE):
        client.post(reverse("tables:say", args=[table.token]), {"frase": "otra"})
    assert Phrase.objects.count() == services.PHRASES_PER_MINUTE


def test_an_idle_table_is_closed_and_its_hands_kept(alice, bob):
    table = open_table(alice, [(bob, 1)])
    play_out(table, {0: _client(alice), 1: _client(bob)})
    Table.objects.filter(pk=table.pk).update(
        last_activity=timezone.now() - timedelta(hours=services.IDLE_HOURS + 1)
    )
    assert services.close_idle() == 1
    table.refresh_from_db()
    assert table.over and table.closed_reason == "inactiva"
    assert HandRecord.objects.filter(source=Source.TABLE).count() == 2


def test_a_person_sings_a_cante_and_every_seat_is_told(alice, bob):
    """Tables are dealt until one of the two people may sing; they sing, and the others' pages say so."""
    for seed in range(60):
        table = open_table(alice, [(bob, 1)], seed=seed)
        users = {0: alice, 1: bob}
        for _ in range(80):
            _hand, g = game(table)
            if g.over:
                break
            seat = g.waiting_for()[0]
            options = g.cantes_of(seat)
            if options:
                value = cante_value(options[0])
                services.move(
                    user=users[seat], token=table.token, seq=len(g.steps), kind="cante", value=value
                )
                logged = TableEvent.objects.get(hand__table=table, kind="cante", seat=seat)
                assert not logged.by_bot
                other = _client(users[1 - seat]).get(table.get_absolute_url()).content.decode()
                assert f"{users[seat].username} canta" in other
                return
            data = legal_post(table, seat)
            kind, value = ("card", data["card"]) if "card" in data else ("pass", "")
            services.move(user=users[seat], token=table.token, seq=data["seq"], kind=kind, value=value)
    raise AssertionError("no person could sing in 60 deals")


def test_a_spectator_sees_the_trick_by_seat_and_name_not_as_if_sitting_at_seat_one(alice, bob, charlie):
    table = open_table(alice, [(bob, 1)])
    page = _client(charlie).get(table.get_absolute_url()).content.decode()
    who = re.findall(r'<span class="trick__who">([^<]*)</span>', page)
    assert len(who) == 4
    assert not {"Tú", "Compañero", "Rival derecha", "Rival izquierda"} & set(who)
    assert "Sitio 1: alice" in who and "Sitio 2: bob" in who
    seated = _client(bob).get(table.get_absolute_url()).content.decode()
    assert "Tú" in re.findall(r'<span class="trick__who">([^<]*)</span>', seated)


def test_two_bot_rivals_are_told_apart_on_the_renuncio_buttons(alice, bob):
    table = open_table(alice, [(bob, 2)], renuncio="mesa_real")
    page = _client(alice).get(table.get_absolute_url()).content.decode()
    buttons = [
        re.sub(r"\s+", " ", b).strip()
        for b in re.findall(r'<button[^>]*name="contra"[^>]*>(.*?)</button>', page, re.S)
    ]
    assert len(buttons) == 2 and len(set(buttons)) == 2
    assert "¡Renuncio! (sitio 2: bot)" in buttons and "¡Renuncio! (sitio 4: bot)" in buttons


def test_the_regions_forms_post_by_htmx_and_the_answer_says_what_happened_in_the_pages_live_line(alice, bob):
    """With JavaScript a move is one htmx post answered by the region (the page's forms say so, each
    with its own target, swap and sync, not the region's poll inherited); the answer fills the page's
    live line; a refusal is in both. Without htmx the same post is a redirect, as before."""
    table = open_table(alice, [(bob, 1)])
    seat = game(table)[1].waiting_for()[0]
    client = _client((alice, bob)[seat])
    page = client.get(table.get_absolute_url()).content.decode()
    assert '<div id="table-live" class="visually-hidden" role="status" aria-live="polite"></div>' in page
    for name in ("move", "say"):
        url = reverse(f"tables:{name}", args=[table.token])
        form = re.search(rf'<form method="post"\s+action="{url}"\s+([^>]*)>', page)
        assert form, name
        attributes = " ".join(form.group(1).split())
        assert f'hx-post="{url}"' in attributes
        assert (
            'hx-target="#table-region" hx-swap="outerHTML" hx-sync="closest #table-region:drop"' in attributes
        )
    data = legal_post(table, seat)
    answer = client.post(move_url(table), data, headers={"HX-Request": "true"}).content.decode()
    assert answer.lstrip().startswith('<div id="table-region"') and "<html" not in answer
    live = re.search(r'<div id="table-live" hx-swap-oob="innerHTML">(.*?)</div>', answer, re.S).group(1)
    assert "Baza 1" in live and ("Esperando a" in live or "Te toca jugar." in live), live
    refused = client.post(move_url(table), data | {"seq": 0}, headers={"HX-Request": "true"})
    again = refused.content.decode()
    refusal = re.search(r"data-refusal>([^<]+)<", again).group(1)
    live = re.search(r'<div id="table-live" hx-swap-oob="innerHTML">(.*?)</div>', again, re.S).group(1)
    assert refusal.strip() in live
    plain = client.post(move_url(table), data | {"seq": 0})
    # Without htmx (JavaScript off): back to the page, marked as one that does not update itself.
    assert plain.status_code == 302 and plain["Location"] == table.get_absolute_url() + "?sin_js=1"


def test_a_streams_drawing_that_fails_sends_the_version_alone():
    """The database away while a stream draws a region: None (the stream sends the version and the page
    fetches), not an error that would break the stream at every change."""

    def away(version):
        raise OperationalError("the database is away")

    assert asyncio.run(streams._drawn(away, 3)) is None
    assert asyncio.run(streams._drawn(lambda version: (version, "<div></div>"), 3)) == (3, "<div></div>")
