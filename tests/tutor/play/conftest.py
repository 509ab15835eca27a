"""Helpers for the play tests: a match started for a persona, and the engine's view of its table."""

import pytest
from django.urls import reverse

from engine.rules import PRESETS
from tutor.play import services
from tutor.play.models import Match
from tutor.play.table import LEARNER
from tutor.practice.identity import Owner


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    # The personas' production password hashing was most of these tests' time.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def table(match: Match):
    match.refresh_from_db()
    hand = services.current_hand(match)
    return hand, services.table_of(match, hand)


def move_url(match: Match) -> str:
    return reverse("play:move", args=[match.token])


def play_legal(client, match: Match, **extra):
    """Post the learner's first legal card (or «No cantar» when the table waits for a cante)."""
    hand, t = table(match)
    if t.hand.turn != LEARNER:
        return client.post(move_url(match), {"seq": len(t.steps), "pasar": "1"}, **extra)
    return client.post(move_url(match), {"seq": len(t.steps), "card": t.hand.legal()[0].code}, **extra)


def play_out(client, match: Match) -> None:
    """Play the current hand to its end with legal cards."""
    for _ in range(30):
        hand, t = table(match)
        if t.over:
            return
        assert play_legal(client, match).status_code == 302
    raise AssertionError("the hand did not end")


def start(user, *, rules="guia", level="principiante", mode="aprendiz", seed=7) -> Match:
    return services.start_match(
        owner=Owner(user, ""), rules=PRESETS[rules], level=level, mode=mode, seed=seed
    )


@pytest.fixture
def alice_match(alice):
    return start(alice)


def advance_to_illegal(client, match: Match) -> str:
    """Play legal cards until the learner holds a card the obligations forbid; return its code."""
    for _ in range(30):
        hand, t = table(match)
        assert not t.over, "no illegal card came up in this hand"
        if t.hand.turn == LEARNER and not t.learner_cantes():
            legal = t.hand.legal_mask()
            illegal = [c for c in t.hand.hand_of(LEARNER) if not legal >> c & 1]
            if illegal:
                return illegal[0].code
        play_legal(client, match)
    raise AssertionError("no illegal card came up")


def commit_renuncio(client, match: Match):
    """In examen: play legal cards until a card the obligations forbid comes up, play it (a renuncio),
    then play the hand out; the hand, refreshed."""
    card = advance_to_illegal(client, match)
    hand, t = table(match)
    client.post(move_url(match), {"seq": len(t.steps), "card": card})
    play_out(client, match)
    hand.refresh_from_db()
    return hand


def advance_to_cante(client, match: Match, kind: str = "veinte"):
    """Play legal cards until the learner may sing ``kind``: the hand, its table and those options."""
    for _ in range(40):
        hand, t = table(match)
        options = [o for o in t.learner_cantes() if o.kind == kind]
        if options:
            return hand, t, options
        play_legal(client, match)
    raise AssertionError(f"{kind} never came up")


def seed_where_learner_may_sing(
    kind: str = "veinte", rules: str = "guia", level: str = "principiante"
) -> int:
    """The first match seed whose first hand, played with the first legal card, offers the learner ``kind``."""
    from tutor.play.table import Table, first_dealer_of, hand_seed

    for seed in range(500):
        t = Table.deal(
            seed=hand_seed(seed, 1),
            dealer=first_dealer_of(seed),
            rules=PRESETS[rules],
            first_hand=True,
            level=level,
            examen=False,
        )
        t.start()
        while not t.over:
            if any(o.kind == kind for o in t.learner_cantes()):
                return seed
            if t.hand.turn != LEARNER:
                t.let_pass()
            else:
                t.play_learner_card(t.hand.legal()[0].code)
    raise AssertionError(f"no seed offers {kind}")
