"""What a table answers when something is asked again: a renuncio called twice is recorded once, and
each doubled request is told what had been done (the game started, the table closed, the hand dealt,
the student seated), in the words of the thing and of whom it speaks."""

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from tutor.classroom import services as classroom_services
from tutor.classroom.models import Membership
from tutor.hands.models import HandRecord
from tutor.tables.models import RenuncioRule, Seat, Table, TableEvent

from .conftest import client_of, game, legal_post, move_url, open_table, play_out

pytestmark = pytest.mark.django_db


def _said(response) -> list[str]:
    """What the request left to be said on the next page (read off it, so the next request starts clean)."""
    return [str(m) for m in get_messages(response.wsgi_request)]


def _post(client, url, data=None) -> list[str]:
    response = client.post(url, data or {})
    said = _said(response)
    client.get(response["Location"])  # the page shows (and spends) them
    return said


def _renuncio_made(table, clients) -> int:
    """Play legal cards until a person holds a card the rules forbid, and play it: the culprit's seat."""
    for _ in range(80):
        _hand, g = game(table)
        seat = g.waiting_for()[0]
        if seat in clients and g.hand.turn == seat and not g.deciding() and not g.cantes_of(seat):
            legal = set(g.hand.legal())
            illegal = [c for c in g.hand.hand_of(seat) if c not in legal]
            if illegal:
                clients[seat].post(move_url(table), {"seq": len(g.steps), "card": illegal[0].code})
                return seat
        clients[seat].post(move_url(table), legal_post(table, seat))
    raise AssertionError("no renuncio was possible")


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("es", "Ya estaba hecho: ese renuncio ya se había cantado."),
        ("en", "Already done: that renuncio had already been called."),
    ],
    ids=["es", "en"],
)
def test_the_same_renuncio_called_twice_is_recorded_once(alice, bob, lang, said):
    table = open_table(alice, [(bob, 1)], seed=5, renuncio=RenuncioRule.REAL)
    clients = {0: client_of(alice, lang), 1: client_of(bob, lang)}
    culprit = _renuncio_made(table, clients)
    rival = clients[1 - culprit]
    _hand, g = game(table)
    assert said not in _post(rival, move_url(table), {"seq": len(g.steps), "contra": str(culprit)})
    _hand, g = game(table)  # the page after the call: its seq is the next place
    assert said in _post(rival, move_url(table), {"seq": len(g.steps), "contra": str(culprit)})
    assert TableEvent.objects.filter(kind="call").count() == 1
    # a card later, the same renuncio called again is still the one already called
    seat = game(table)[1].waiting_for()[0]
    clients[seat].post(move_url(table), legal_post(table, seat))
    _hand, g = game(table)
    if g.hand.turn is not None:
        assert said in _post(rival, move_url(table), {"seq": len(g.steps), "contra": str(culprit)})
    assert TableEvent.objects.filter(kind="call").count() == 1
    play_out(table, {0: clients[0], 1: clients[1], 2: clients[0], 3: clients[1]})
    kept = HandRecord.objects.get(learner=alice).text
    assert kept.count("renuncio:") == 1


def test_a_false_call_posted_twice_costs_once(alice, bob):
    table = open_table(alice, [(bob, 1)], seed=5, renuncio=RenuncioRule.REAL)
    clients = {0: client_of(alice), 1: client_of(bob)}
    for _ in range(4):
        seat = game(table)[1].waiting_for()[0]
        clients[seat].post(move_url(table), legal_post(table, seat))
    for _ in range(2):
        _hand, g = game(table)
        clients[1].post(move_url(table), {"seq": len(g.steps), "contra": "0"})
    assert TableEvent.objects.filter(kind="call", grade__verdict="false").count() == 1


@pytest.mark.parametrize(
    ("lang", "started", "closed", "dealt"),
    [
        (
            "es",
            "Ya estaba hecho: la partida ya había empezado.",
            "Ya estaba hecho: la mesa ya estaba cerrada.",
            "Ya estaba hecho: esa mano ya se había repartido.",
        ),
        (
            "en",
            "Already done: the match had already started.",
            "Already done: the table was already closed.",
            "Already done: that hand had already been dealt.",
        ),
    ],
    ids=["es", "en"],
)
def test_a_table_started_dealt_or_closed_twice_says_that_and_not_a_move(
    alice, bob, lang, started, closed, dealt
):
    table = open_table(alice, [(bob, 1)], seed=5)
    clients = {0: client_of(alice, lang), 1: client_of(bob, lang)}
    assert _post(clients[1], reverse("tables:start", args=[table.token])) == [started]
    play_out(table, clients)
    deal = reverse("tables:next_hand", args=[table.token])
    assert _post(clients[0], deal, {"number": "2"}) == []
    assert _post(clients[0], deal, {"number": "2"}) == [dealt]
    assert _post(clients[0], reverse("tables:end", args=[table.token])) == []
    assert _post(clients[0], reverse("tables:end", args=[table.token])) == [closed]


@pytest.mark.parametrize(
    ("lang", "elsewhere", "same"),
    [
        ("es", "bob ya tiene sitio en esta mesa: el 2.", "Ya estaba hecho: bob ya tenía el sitio 2."),
        ("en", "bob already has a seat at this table: seat 2.", "Already done: bob already had seat 2."),
    ],
    ids=["es", "en"],
)
def test_a_teacher_seating_a_student_twice_is_told_of_the_student(alice, bob, teresa, lang, elsewhere, same):
    ours = classroom_services.create_classroom(teacher=teresa, name="4º B", rules="guia")
    member = Membership.objects.create(classroom=ours, student=bob, real_name="Roberto")
    teacher = client_of(teresa, lang)
    form = {"rules": "guia", "level": "normal", "mode": "aprendiz", "renuncio": "rehusar"}
    form.update(false_call="punto", seat="", classroom=str(ours.pk))
    teacher.post(reverse("tables:new"), form)
    table = Table.objects.get()
    url = reverse("tables:seat_member", args=[table.token])
    assert _post(teacher, url, {"seat": "1", "membership": str(member.pk)}) == []
    assert _post(teacher, url, {"seat": "1", "membership": str(member.pk)}) == [same]
    assert _post(teacher, url, {"seat": "2", "membership": str(member.pk)}) == [elsewhere]
    assert dict(Seat.objects.filter(table=table).values_list("number", "user")) == {1: bob.pk}
