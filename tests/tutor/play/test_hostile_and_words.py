"""What a tester found by trying the table as a learner would, and as a hostile one: a hand taken back
before it ended, a series of hands cut short, a cante refused in words that say it is valid, a target
written as a card, the learner's person and number."""

import pytest
from django.urls import reverse

from engine.cards import Suit
from engine.rules import PRESETS
from tutor.play import services
from tutor.play.models import Event, Match, MatchHand
from tutor.play.table import CANTE, CARD, LEARNER, PlayRefused, Table, first_dealer_of, hand_seed
from tutor.practice.identity import Owner

from .conftest import (
    advance_to_cante,
    commit_renuncio,
    move_url,
    play_legal,
    play_out,
    seed_where_learner_may_sing,
    start,
    table,
)


def _replay_url(match: Match, seq: int) -> str:
    return reverse("play:replay", args=[match.token, 1, seq])


def _learner_cards(hand: MatchHand) -> list[Event]:
    return list(Event.objects.filter(hand=hand, seat=LEARNER, kind=CARD).order_by("seq"))


def test_jugar_desde_aqui_is_refused_while_the_hand_is_played(alice_client, alice_match):
    for _ in range(3):
        play_legal(alice_client, alice_match)
    hand, t = table(alice_match)
    assert not t.over
    first = _learner_cards(hand)[0]
    response = alice_client.post(_replay_url(alice_match, first.seq), follow=True)
    assert Match.objects.count() == 1  # no copy to try a card on before playing it for real
    assert "Esa mano todavía no ha terminado" in response.content.decode()


def test_a_doubled_jugar_desde_aqui_makes_one_copy(alice_client, alice_match):
    play_out(alice_client, alice_match)
    hand, _t = table(alice_match)
    seq = _learner_cards(hand)[2].seq
    first = alice_client.post(_replay_url(alice_match, seq))
    again = alice_client.post(_replay_url(alice_match, seq))
    assert first["Location"] == again["Location"]
    assert Match.objects.filter(source_hand=hand).count() == 1
    other = alice_client.post(_replay_url(alice_match, _learner_cards(hand)[4].seq))
    assert other["Location"] != first["Location"]  # another point of the hand: another copy
    assert Match.objects.filter(source_hand=hand).count() == 2


def test_jugar_desde_aqui_never_hands_back_a_copy_played_another_way(alice_client, alice_match):
    """A copy played on from learner card i, by another card, then holds as many moves as the source
    does before a later learner card: «Jugar desde aquí» from that card makes a new copy."""
    play_out(alice_client, alice_match)
    hand, t = table(alice_match)
    cards = _learner_cards(hand)
    by_seq = {e.seq: e for e in cards}
    for e in cards:
        copy_url = alice_client.post(_replay_url(alice_match, e.seq))["Location"]
        copy = Match.objects.get(source_hand=hand, finished_at__isnull=True)
        _copy_hand, copy_t = table(copy)
        other = [c for c in copy_t.hand.legal() if c.code != e.card]
        if other:
            alice_client.post(move_url(copy), {"seq": len(copy_t.steps), "card": other[0].code})
            later = by_seq.get(len(table(copy)[1].steps))
            if later is not None:
                break
        play_out(alice_client, copy)  # not the case sought: finish it, so it is never offered again
    else:
        raise AssertionError("no learner card of this hand gives the case")
    location = alice_client.post(_replay_url(alice_match, later.seq))["Location"]
    assert location != copy_url
    fresh = Match.objects.get(source_hand=hand, finished_at__isnull=True, pk__gt=copy.pk)
    assert [s.value for s in table(fresh)[1].steps] == [s.value for s in t.steps[: later.seq]]


def test_a_replayed_hand_shows_no_match_points(alice_client, alice_match):
    play_out(alice_client, alice_match)
    hand, _t = table(alice_match)
    response = alice_client.post(_replay_url(alice_match, _learner_cards(hand)[0].seq))
    replay = Match.objects.get(source_hand=hand)
    play_out(alice_client, replay)
    body = alice_client.get(response["Location"]).content.decode()
    assert "Mano repetida desde «Revisar la mano»: no cuenta en ninguna partida." in body
    assert "Partida: tu pareja" not in body


def _series(user, hands: int, **kwargs) -> Match:
    return services.start_match(
        owner=Owner(user, ""),
        rules=kwargs.pop("rules"),
        level="principiante",
        seed=11,
        max_hands=hands,
        **kwargs,
    )


def test_jugar_n_manos_plays_n_hands_even_after_a_pair_reaches_the_target(alice_client, alice):
    match = _series(alice, 5, rules=PRESETS["guia"], mode="aprendiz")
    for number in range(2, 6):
        play_out(alice_client, match)
        match.refresh_from_db()
        assert not match.over, f"the series ended after {number - 1} hands of 5"
        alice_client.post(reverse("play:next_hand", args=[match.token]), {"number": number})
    play_out(alice_client, match)
    match.refresh_from_db()
    assert match.over and MatchHand.objects.filter(match=match).count() == 5
    assert sum(match.points) == 5  # guía: one point a hand, past the 3 that end a match
    body = alice_client.get(match.get_absolute_url()).content.decode()
    assert "Mano 5 de 5." in body and "Manos jugadas: 5 de 5;" in body and "Siguiente mano" not in body
    assert "se gana con" not in body
    response = alice_client.post(reverse("play:next_hand", args=[match.token]), {"number": 6}, follow=True)
    assert "La partida ha terminado: no se reparten más manos." in response.content.decode()
    assert MatchHand.objects.filter(match=match).count() == 5


def test_a_renuncio_in_examen_loses_its_hand_not_the_series(alice_client, alice):
    match = _series(alice, 2, rules=PRESETS["guia"], mode="examen")  # guía: a renuncio loses a match
    hand = commit_renuncio(alice_client, match)
    match.refresh_from_db()
    assert hand.score["reason"] == "renuncio" and not match.over and match.points == [0, 1]
    body = alice_client.get(match.get_absolute_url()).content.decode()
    assert "comete renuncio y pierde la mano" in body and "pierde la partida" not in body
    alice_client.post(reverse("play:next_hand", args=[match.token]), {"number": 2})
    assert MatchHand.objects.filter(match=match).count() == 2


def test_a_match_shows_its_target_in_points(alice_client, alice):
    for rules, goal in (("guia", 3), ("ludoteka", 6)):
        match = start(alice, rules=rules)
        body = alice_client.get(match.get_absolute_url()).content.decode()
        assert f"Partida: tu pareja 0, los rivales 0 (se gana con {goal} puntos)." in body
        assert "se gana con el" not in body and "se gana con la" not in body


def test_a_match_lost_by_renuncio_says_it_ended(alice_client, alice):
    match = start(alice, mode="examen")
    commit_renuncio(alice_client, match)
    body = alice_client.get(match.get_absolute_url()).content.decode()
    # Headed by what ended it, not by a score of 0 to 0 that decided nothing.
    assert "Partida terminada: tu pareja cometió renuncio y la ganan los rivales." in body
    assert "Puntos: tu pareja 0, los rivales 0" not in body
    # The engine gives the winners the points they lacked to the target (R-RENUNCIO-1 on the scoreboard).
    assert "Gana la partida la pareja B, 3 a 0, porque la pareja contraria cometió renuncio." in body
    assert "se gana con" not in body


def test_the_review_says_which_bazas_the_learner_won_in_the_second_person(alice_client, alice_match):
    play_out(alice_client, alice_match)
    hand, t = table(alice_match)
    body = alice_client.get(reverse("play:review", args=[alice_match.token, 1])).content.decode()
    assert "la gana tú" not in body
    names = ("tú", "el rival de tu derecha", "tu compañero", "el rival de tu izquierda")
    for n, winner in enumerate(t.hand.winners, start=1):
        verb = "ganas" if winner == LEARNER else "gana"
        assert f"Baza {n}: la {verb} {names[winner]}." in body


def test_a_cante_spelt_another_way_is_sung(alice_client, alice):
    match = start(alice, seed=seed_where_learner_may_sing("veinte"))
    hand, t, options = advance_to_cante(alice_client, match)
    suit = options[0].suit
    alice_client.post(move_url(match), {"seq": len(t.steps), "cante": suit.label.upper()})
    sung = Event.objects.get(hand=hand, seat=LEARNER, kind=CANTE)
    assert sung.cante == suit.letter  # stored as the page offers it


def test_a_cante_not_held_is_refused_with_the_engines_reason_in_any_spelling():
    """While the learner decides at a cante moment, a cante they may not sing, in any spelling the table
    reads, is refused with the engine's «No vale: …», never sung."""
    seed = seed_where_learner_may_sing("veinte")
    t = Table.deal(
        seed=hand_seed(seed, 1),
        dealer=first_dealer_of(seed),
        rules=PRESETS["guia"],
        first_hand=True,
        level="principiante",
        examen=False,
    )
    t.start()
    while not any(o.kind == "veinte" for o in t.learner_cantes()):
        if t.hand.turn != LEARNER:
            t.let_pass()
        else:
            t.play_learner_card(t.hand.legal()[0].code)
    allowed = {o.suit for o in t.learner_cantes() if o.suit is not None}
    other = next(suit for suit in Suit if suit not in allowed)
    before = len(t.steps)
    for spelling in (other.letter, str(other.label), str(other.label).upper()):
        with pytest.raises(PlayRefused) as refused:
            t.sing(spelling)
        assert refused.value.message.startswith("No vale"), refused.value.message
    assert len(t.steps) == before


def test_a_doubled_cante_in_another_spelling_is_called_done(alice_client, alice):
    match = start(alice, seed=seed_where_learner_may_sing("veinte"))
    hand, t, options = advance_to_cante(alice_client, match)
    data = {"seq": len(t.steps), "cante": str(options[0].suit.label)}
    alice_client.post(move_url(match), data)
    again = alice_client.post(move_url(match), data, follow=True).content.decode()
    assert "Ya estaba hecho" in again
    assert Event.objects.filter(hand=hand, seat=LEARNER, kind=CANTE).count() == 1


def test_a_cante_let_pass_at_several_moments_is_missed_once(alice_client, alice):
    match = start(alice, seed=seed_where_learner_may_sing("veinte"))
    play_out(alice_client, match)  # play_legal lets every cante pass
    hand, t = table(match)
    missed = t.missed_cantes()
    options = [o for _after, opts in missed for o in opts]
    assert options and len(options) == len(set(options))
    # this deal offers the same cante after two bazas: let pass at both, it was missed once
    assert sum(len(opts) for _after, opts in t.missed) > len(options)
    body = alice_client.get(match.get_absolute_url()).content.decode()
    assert body.count("data-missed") == len(missed)


def test_a_stale_move_for_a_place_already_played_is_not_called_done(alice_client, alice_match):
    hand, t = table(alice_match)
    seq = len(t.steps)
    card = t.hand.legal()[0].code
    alice_client.post(move_url(alice_match), {"seq": seq, "card": card})
    again = alice_client.post(move_url(alice_match), {"seq": seq, "card": card}, follow=True)
    assert "Ya estaba hecho" in again.content.decode()
    other = alice_client.post(
        move_url(alice_match), {"seq": seq, "cante": "zz"}, follow=True
    ).content.decode()
    assert "Ya estaba hecho" not in other and "La mesa ha cambiado desde que la viste" in other
    assert Event.objects.filter(hand=hand, seat=LEARNER).count() == 1
