"""Helpers for the tables' tests: a table of people, and each person's legal move posted as a browser would."""

import random

import pytest
from django.test import Client, TestCase
from django.urls import reverse

from engine import record_files, records
from engine.hand import random_hand
from engine.match import Match
from engine.rules import PRESETS
from tutor.tables import services
from tutor.tables.models import Table


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def open_table(creator, others=(), *, seed=11, **options) -> Table:
    """A table opened by ``creator`` at seat 0 and ``others`` as {user: seat}, started."""
    table = services.create_table(
        user=creator, rules=PRESETS["guia"], level="principiante", seed=seed, **options
    )
    for user, seat in others:
        services.sit(user=user, token=table.token, number=seat)
    services.start(user=creator, token=table.token)
    table.refresh_from_db()
    return table


def client_of(user, lang: str = "es") -> Client:
    """A browser signed in as ``user`` reading the site in ``lang``."""
    c = Client()
    c.force_login(user)
    c.cookies["django_language"] = lang
    return c


def game(table: Table):
    table.refresh_from_db()
    hand = services.current_hand(table)
    return hand, services.game_of(table, hand, services.seats_of(table))


def move_url(table: Table) -> str:
    return reverse("tables:move", args=[table.token])


def legal_post(table: Table, seat: int) -> dict:
    """What ``seat`` posts to act now: its first legal card, or «No cantar» when it decides a cante."""
    _hand, g = game(table)
    if g.cantes_of(seat) and (g.hand.turn != seat or g.deciding()):
        return {"seq": len(g.steps), "pasar": "1"}
    return {"seq": len(g.steps), "card": g.hand.legal()[0].code}


def committed(call):
    """``call()``, then what its transactions left for after their commit (the test's own transaction
    never commits): the streams told, the move's frame kept, as on a server."""
    with TestCase.captureOnCommitCallbacks(execute=True):
        return call()


def play_out(table: Table, clients: dict, after=None) -> None:
    """Play the current hand to its end: whoever the table waits for posts a legal move."""
    for _ in range(80):
        _hand, g = game(table)
        if g.over:
            return
        seat = g.waiting_for()[0]
        response = committed(lambda s=seat: clients[s].post(move_url(table), legal_post(table, s)))
        assert response.status_code == 302, response.status_code
        if after is not None:
            after()
    raise AssertionError("the hand did not end")


def match_records(seed: int, rules_name: str = "guia", renuncio: float = 0.0) -> tuple[str, Match]:
    """The hands of a whole match of random legal hands (renuncios at that rate), as records in one text,
    and the engine's Match of those hands (scored by the Hand, not by the referee on records)."""
    rules = PRESETS[rules_name]
    rng = random.Random(seed)
    m = Match(rules, seed % 4)
    texts = []
    while not m.over:
        hand = random_hand(rng, m.dealer, m.hand_rules, first_hand=not m.results, renuncio=renuncio)
        texts.append(records.write(records.from_hand(hand)))
        m = m.record(hand.score())
    return record_files.write_all(texts), m
