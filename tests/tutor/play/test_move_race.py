"""The bots think outside the transaction: two posts racing for the same place of the log.

The race is played out in one thread: while the first post's bots are thinking (``table_of``, before
its short transaction), the second post is made and stored whole. The first then finds the log moved.
"""

import pytest

from tutor.hands.models import HandRecord
from tutor.play import services
from tutor.play.models import Event
from tutor.play.table import LEARNER, PlayRefused
from tutor.practice.identity import Owner
from tutor.progress.models import SkillStat

from .conftest import table


def _race(monkeypatch, rival):
    """Make ``rival()`` run while the next move's bots think (once)."""
    real = services.table_of
    raced = []

    def thinking(*args, **kwargs):
        built = real(*args, **kwargs)
        if not raced:
            raced.append(None)  # the rival's own thinking does not race again
            raced[0] = rival()
        return built

    monkeypatch.setattr(services, "table_of", thinking)
    return raced


def _learner_cards(hand) -> list[tuple[int, str]]:
    return list(Event.objects.filter(hand=hand, seat=LEARNER, kind="card").values_list("seq", "card"))


def _to_learner_card(match, owner):
    """Play legal cards (and let cantes pass) until the learner is to play a card with another legal
    one beside it; the hand, its table."""
    for _ in range(40):
        hand, t = table(match)
        if t.hand.turn == LEARNER and not t.learner_cantes() and len(t.hand.legal()) > 1:
            return hand, t
        if t.hand.turn != LEARNER or t.learner_cantes():
            services.move(owner=owner, token=match.token, seq=len(t.steps), kind="pass")
        else:
            services.move(
                owner=owner, token=match.token, seq=len(t.steps), kind="card", value=t.hand.legal()[0].code
            )
    raise AssertionError("no choice of cards came up")


@pytest.mark.django_db
def test_the_same_move_racing_is_applied_once_and_the_other_answered(monkeypatch, alice, alice_match):
    owner = Owner(alice, "")
    hand, t = _to_learner_card(alice_match, owner)
    seq, card = len(t.steps), t.hand.legal()[0].code
    graded_before = sum(SkillStat.objects.filter(kind=SkillStat.Kind.PLAY).values_list("attempts", flat=True))
    args = {"owner": owner, "token": alice_match.token, "seq": seq, "kind": "card", "value": card}
    raced = _race(monkeypatch, lambda: services.move(**args))

    first = services.move(**args)

    assert raced[0].done is True  # the post that reached the log first is applied
    assert first.done is False  # the one whose bots were still thinking is answered «ya estaba hecho»
    assert _learner_cards(hand).count((seq, card)) == 1
    assert Event.objects.filter(hand=hand).count() == len(raced[0].table.steps)
    graded_after = sum(SkillStat.objects.filter(kind=SkillStat.Kind.PLAY).values_list("attempts", flat=True))
    assert graded_after - graded_before <= 1  # a graded play counts once, not twice


@pytest.mark.django_db
def test_another_card_racing_for_the_same_place_is_refused_and_changes_nothing(
    monkeypatch, alice, alice_match
):
    owner = Owner(alice, "")
    hand, t = _to_learner_card(alice_match, owner)
    seq = len(t.steps)
    first_card, other_card = (c.code for c in t.hand.legal()[:2])
    base = {"owner": owner, "token": alice_match.token, "seq": seq, "kind": "card"}
    raced = _race(monkeypatch, lambda: services.move(**base, value=first_card))

    with pytest.raises(PlayRefused, match="La mesa ha cambiado"):
        services.move(**base, value=other_card)

    assert raced[0].done is True
    cards = _learner_cards(hand)
    assert (seq, first_card) in cards and all(card != other_card for _, card in cards)
    assert Event.objects.filter(hand=hand).count() == len(raced[0].table.steps)


@pytest.mark.django_db
def test_the_last_move_racing_ends_the_hand_once_and_keeps_one_record(monkeypatch, alice, alice_match):
    owner = Owner(alice, "")
    for _ in range(60):  # to the learner's last card of the hand
        hand, t = table(alice_match)
        assert not t.over
        if t.hand.turn == LEARNER and not t.learner_cantes() and len(t.hand.hand_of(LEARNER)) == 1:
            break
        kind = "pass" if t.hand.turn != LEARNER or t.learner_cantes() else "card"
        value = t.hand.legal()[0].code if kind == "card" else ""
        services.move(owner=owner, token=alice_match.token, seq=len(t.steps), kind=kind, value=value)
    args = {"owner": owner, "token": alice_match.token, "seq": len(t.steps), "kind": "card"}
    args["value"] = t.hand.legal()[0].code
    raced = _race(monkeypatch, lambda: services.move(**args))

    first = services.move(**args)

    assert (raced[0].done, first.done) == (True, False)
    hand.refresh_from_db()
    assert hand.over and raced[0].table.over
    assert HandRecord.objects.filter(match_hand_id=hand.pk).count() == 1
    # The stored hand reads back as the one played, and a post after the end is still answered.
    assert services.table_of(alice_match, hand).over
    assert services.move(**args).done is False
