"""Two «¡Renuncio!» calls at one moment are judged in the order they were made: a right call made after a
rival's false one is upheld (the referee once read them sorted by seat, and gave the second call the
first one's verdict)."""

import pytest

from tutor.accounts.models import User
from tutor.tables.models import RenuncioRule, TableEvent

from .conftest import client_of, game, legal_post, move_url, open_table

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("false_call_first", [True, False])
def test_a_right_call_after_a_false_one_at_the_same_moment_is_upheld(alice, bob, false_call_first):
    carol = User.objects.create_user("carol", password="x")
    dave = User.objects.create_user("dave", password="x")
    table = open_table(alice, [(bob, 1), (carol, 2), (dave, 3)], seed=5, renuncio=RenuncioRule.REAL)
    clients = {0: client_of(alice), 1: client_of(bob), 2: client_of(carol), 3: client_of(dave)}
    culprit = None
    for _ in range(80):  # play on until seat 0 or 2 can renege, and let it
        _h, g = game(table)
        seat = g.waiting_for()[0]
        if seat in (0, 2) and g.hand.turn == seat and not g.deciding() and not g.cantes_of(seat):
            illegal = [c for c in g.hand.hand_of(seat) if c not in set(g.hand.legal())]
            if illegal:
                clients[seat].post(move_url(table), {"seq": len(g.steps), "card": illegal[0].code})
                culprit = seat
                break
        clients[seat].post(move_url(table), legal_post(table, seat))
    assert culprit is not None  # this deal gives an even seat a card it may not play
    if false_call_first:  # seat 3 calls renuncio on the even seat that did nothing wrong
        _h, g = game(table)
        clients[3].post(move_url(table), {"seq": len(g.steps), "contra": str(2 - culprit)})
    _h, g = game(table)
    clients[1].post(move_url(table), {"seq": len(g.steps), "contra": str(culprit)})
    verdicts = [
        (seat, grade["verdict"])
        for seat, grade in TableEvent.objects.filter(kind="call").order_by("pk").values_list("seat", "grade")
    ]
    assert verdicts[-1] == (1, "upheld")
    if false_call_first:
        assert verdicts[0] == (3, "false")
