"""The seeds' own examples, as fixed scenarios: the exact cards and the answer of each."""

import pytest

from engine.scenarios import FIXED, grade
from engine.scenarios.consistency import check_position
from engine.scenarios.tantos import totals


def _cards(s):
    return set(s.position["hand"])


def test_cual_puedes_jugar_is_the_sota_de_copas_lead_with_rey_cuatro_and_a_basto():
    s = FIXED["guia-cual-puedes-jugar"]
    assert s.family == "jugada" and s.position["trump"] == "o" and s.position["trick"] == ["10c"]
    hand = _cards(s)
    assert {"12c", "4c"} <= hand
    assert {c for c in hand if c.endswith(("c", "b"))} == {
        "12c",
        "4c",
        "6b",
    }  # the three copas/bastos options
    assert s.answer == ["12c"]
    assert grade(s, "12c").correct
    assert grade(s, "4c").misconception == "no_monto"
    assert grade(s, "6b").misconception == "otro_palo_teniendo_palo"


@pytest.mark.parametrize(
    ("fixed_id", "trick", "relevant", "answer"),
    [
        ("guia-situacion-1", ["10c"], {"12c", "4c"}, ["12c"]),
        ("guia-situacion-2", ["1c"], {"4c"}, ["4c"]),
        ("guia-situacion-3", ["5c", "4o"], {"12o", "2o"}, ["12o"]),
    ],
)
def test_the_four_situations_with_oros_as_trump(fixed_id, trick, relevant, answer):
    s = FIXED[fixed_id]
    assert s.position["trump"] == "o" and s.position["trick"] == trick
    suit = "c" if fixed_id != "guia-situacion-3" else "o"
    assert {c for c in _cards(s) if c.endswith(suit)} == relevant
    if fixed_id == "guia-situacion-3":
        assert not any(c.endswith("c") for c in _cards(s))
    assert s.answer == answer


def test_situation_four_cannot_pisar_the_as_and_may_play_any_card():
    s = FIXED["guia-situacion-4"]
    assert s.position["trick"] == ["5c", "1o"]
    assert {c for c in _cards(s) if c.endswith(("c", "o"))} == {"2o"}
    assert sorted(s.answer) == sorted(s.position["hand"])
    assert grade(s, ["2o"]).misconception == "fallo_sin_poder_pisar"


def test_baza_cortada_lets_you_follow_with_either_copa_but_never_bastos():
    s = FIXED["guia-baza-cortada"]
    assert s.position["trick"] == ["10c", "2o"]
    assert {c for c in _cards(s) if c.endswith("c")} == {"12c", "4c"} and "6b" in _cards(s)
    assert s.answer == ["12c", "4c"]
    assert grade(s, ["12c"]).misconception == "monto_baza_cortada"
    assert grade(s, ["12c", "4c", "6b"]).misconception == "otro_palo_teniendo_palo"


@pytest.mark.parametrize(
    ("fixed_id", "a", "b", "winner"),
    [
        ("guia-tantos-98-72", 98, 72, "A"),
        ("guia-empate-75", 75, 75, "B"),
        ("guia-80-70", 80, 70, "A"),
        ("guia-70-80", 70, 80, "B"),
    ],
)
def test_the_scoring_examples_reproduce_their_totals(fixed_id, a, b, winner):
    s = FIXED[fixed_id]
    assert totals(s.position) == {"A": a, "B": b}
    assert s.answer == winner and grade(s, winner).correct


def test_the_card_tantos_of_the_scoring_examples_are_the_seed_ones():
    from engine.scenarios.tantos import pile_tantos

    assert pile_tantos(FIXED["guia-tantos-98-72"].position["piles"]["A"]) == 58
    assert pile_tantos(FIXED["guia-empate-75"].position["piles"]["B"]) == 45
    assert pile_tantos(FIXED["guia-80-70"].position["piles"]["B"]) == 50


def test_wrong_answers_to_the_scoring_examples_name_the_mistake():
    assert grade(FIXED["guia-tantos-98-72"], "B").misconception == "olvido_cantes"
    assert grade(FIXED["guia-empate-75"], "empate").misconception == "empate_sin_ultimas"
    assert (
        grade(FIXED["guia-70-80"], "A").misconception == "olvido_cantes"
    )  # 70 against 50 + 10 without the veinte


def test_veinte_en_espadas_after_your_partner_wins_a_trick():
    s = FIXED["guia-veinte-espadas"]
    assert s.position["trump"] == "o" and {"12e", "11e"} <= _cards(s)
    assert s.position["last_winner"] == (s.position["viewer"] + 2) % 4
    assert s.answer == ["veinte-e"]
    assert grade(s, "nada").misconception == "no_ve_cante"


def test_having_played_the_rey_the_caballo_alone_cannot_be_sung():
    s = FIXED["guia-rey-jugado"]
    assert "11e" in _cards(s) and "12e" not in _cards(s)
    played_by_viewer = [t["cards"][(s.position["viewer"] - t["leader"]) % 4] for t in s.position["history"]]
    assert "12e" in played_by_viewer
    assert s.answer == ["nada"]
    assert grade(s, "veinte-e").misconception == "cante_carta_jugada"


def test_salida_cinco_de_oros_with_copas_trump():
    s = FIXED["salida-cinco-de-oros"]
    assert s.position["trump"] == "c" and s.position["trick"] == ["5o"]
    assert [o.value for o in s.options] == ["6o", "4o", "2c", "7b"]
    assert s.answer == ["6o", "2c"]
    assert grade(s, ["6o", "2c"]).correct
    assert grade(s, ["6o", "2c", "7b"]).misconception == "ganador_otro_palo"
    assert grade(s, ["6o"]).misconception == "ganador_ignora_triunfo"


@pytest.mark.parametrize("fixed_id", [k for k in FIXED if k != "salida-cinco-de-oros"])
def test_fixed_positions_are_consistent(fixed_id):
    assert check_position(FIXED[fixed_id]) == []
    assert FIXED[fixed_id].fixed_id == fixed_id
