"""«¿Puedes cantar?» says which pair is yours and who sang, in plain Spanish, from the viewer's seat."""

from engine.scenarios import Scenario, generate
from tutor.practice.models import Mode
from tutor.practice.services import issue

from .conftest import owner_of


def _cante_seen_from(viewer: int) -> Scenario:
    data = generate("cante", 1, 2).to_dict()
    data["position"]["viewer"] = viewer
    data["position"]["pair_tricks"] = {"A": 4, "B": 2}
    data["position"]["sung"] = [
        {"seat": seat, "suit": "e", "points": points, "after_trick": 1}
        for seat, points in ((0, 20), (1, 40), (2, 20), (3, 40))
    ]
    return Scenario.from_dict(data)


def test_a_pair_b_player_sees_their_own_tricks_as_their_pairs(alice_client, alice):
    issued = issue(owner=owner_of(alice), mode=Mode.FAMILY, family="cante", scenario=_cante_seen_from(1))
    body = alice_client.get(issued.get_absolute_url()).content.decode()
    assert "Tu pareja: 2 · Rivales: 4" in body
    assert "pareja A 4" not in body


def test_each_cante_is_told_in_good_spanish_by_who_sang_it(alice_client, alice):
    issued = issue(owner=owner_of(alice), mode=Mode.FAMILY, family="cante", scenario=_cante_seen_from(0))
    body = alice_client.get(issued.get_absolute_url()).content.decode()
    assert "Tu pareja: 4 · Rivales: 2" in body
    assert "Cantaste las veinte en espadas tras la baza 1." in body
    assert "El rival de tu derecha cantó las cuarenta en espadas tras la baza 1." in body
    assert "Tu compañero cantó las veinte en espadas tras la baza 1." in body
    assert "El rival de tu izquierda cantó las cuarenta en espadas tras la baza 1." in body
    assert "Tú cantó" not in body


def test_who_won_the_last_trick_is_said_from_the_viewers_seat(alice_client, alice):
    scenario = _cante_seen_from(3)
    scenario.position["last_winner"] = 1
    issued = issue(owner=owner_of(alice), mode=Mode.FAMILY, family="cante", scenario=scenario)
    body = alice_client.get(issued.get_absolute_url()).content.decode()
    assert "La última baza la ha ganado tu compañero." in body


def test_earlier_tricks_are_told_seat_by_seat_from_the_viewers_side(alice_client, alice):
    scenario = _cante_seen_from(1)
    scenario.position["history"] = [{"leader": 3, "cards": ["1o", "3o", "12o", "4o"], "winner": 3}]
    issued = issue(owner=owner_of(alice), mode=Mode.FAMILY, family="cante", scenario=scenario)
    body = alice_client.get(issued.get_absolute_url()).content.decode()
    # Seat 3 led; seen from seat 1 it is the partner, then seat 0 (left rival), 1 (you), 2 (right rival).
    expected = (
        "Compañero: as de oros; Rival izquierda: tres de oros; Tú: rey de oros; Rival derecha: cuatro de oros"
    )
    assert f"<li>{expected} — gana Compañero</li>" in body
