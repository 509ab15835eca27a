"""Reading form answers: cards of the hand, known options, whole numbers; clear Spanish errors otherwise."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.messages import render
from engine.rules import PRESETS
from engine.scenarios import (
    FAMILIES,
    FIXED,
    MISCONCEPTIONS,
    AnswerError,
    Scenario,
    generate,
    grade,
    parse_answer,
)

REQUIRED_CODES = {
    "triunfo_teniendo_palo",
    "otro_palo_teniendo_palo",
    "no_monto",
    "monto_solo_salida",
    "monto_baza_cortada",
    "no_fallo",
    "no_piso",
    "fallo_sin_poder_pisar",
    "excusa_companero",
    "tres_bajo_rey",
    "olvido_ultimas",
    "cante_repartido",
    "cante_carta_jugada",
    "cante_sin_baza",
    "prioridad_cante",
    "cinco_bazas_empate",
    "libertad_brisca",
    "ganador_ignora_triunfo",
    "ganador_otro_palo",
}


def test_it_reads_a_card_by_code_or_by_name():
    s = FIXED["guia-cual-puedes-jugar"]
    assert parse_answer(s, "12c") == "12c"
    assert parse_answer(s, "Rey de Copas") == "12c"
    assert parse_answer(s, ["4c"]) == "4c"


def test_it_rejects_a_card_not_in_the_hand():
    with pytest.raises(AnswerError, match="no está entre tus cartas"):
        parse_answer(FIXED["guia-cual-puedes-jugar"], "1e")


def test_it_rejects_garbage_naming_it():
    with pytest.raises(AnswerError, match="«zz»"):
        parse_answer(FIXED["guia-cual-puedes-jugar"], "zz")
    with pytest.raises(AnswerError, match="no entiendo|No entiendo"):
        parse_answer(FIXED["guia-baza-cortada"], ["12c", "9c"])


def test_it_reads_several_cards_in_hand_order():
    s = FIXED["guia-baza-cortada"]
    assert parse_answer(s, ["4c", "12c"]) == ["12c", "4c"]
    assert parse_answer(s, "4c, 12c") == ["12c", "4c"]


def test_it_rejects_an_unknown_option():
    with pytest.raises(AnswerError, match="Opción desconocida"):
        parse_answer(generate("obligacion", 3), "correr")


def test_it_rejects_a_non_number_and_an_impossible_number():
    s = generate("tantos", 5, 1)
    assert parse_answer(s, " 42 ") == 42
    with pytest.raises(AnswerError, match="no es un número"):
        parse_answer(s, "cuarenta")
    with pytest.raises(AnswerError, match="entre 0 y"):
        parse_answer(s, "-3")


def test_grade_accepts_raw_form_strings_too():
    s = generate("tantos", 5, 1)
    assert grade(s, str(s.answer)).correct


def test_misconceptions_include_the_required_codes_in_spanish_and_english():
    assert REQUIRED_CODES <= set(MISCONCEPTIONS)
    for lang in ("es", "en"):
        texts = [render(text, lang) for text in MISCONCEPTIONS.values()]
        assert all(text.endswith(".") and text[0].isupper() for text in texts)
    assert render(MISCONCEPTIONS["no_fallo"], "en") != render(MISCONCEPTIONS["no_fallo"], "es")


def test_a_grade_carries_rule_ids_and_the_engine_version():
    s = FIXED["guia-cual-puedes-jugar"]
    g = grade(s, "4c")
    assert not g.correct and g.expected == ["12c"] and g.given == "4c"
    assert "R-OBL-MONTAR" in g.rule_ids and g.engine_version
    verdict = {v[0]: v for v in g.verdicts}
    assert verdict["4c"][2] is False and "montar" in str(verdict["4c"][3])
    assert str(verdict["12c"][1]) == "Rey de copas"
    assert render(verdict["12c"][1], "en") == "King of copas"


@settings(max_examples=150, deadline=None)
@given(
    family=st.sampled_from(FAMILIES),
    seed=st.integers(0, 2**63),
    difficulty=st.sampled_from((1, 2, 3)),
    preset=st.sampled_from(sorted(PRESETS)),
)
def test_any_seed_gives_a_scenario_its_own_key_grades_right(family, seed, difficulty, preset):
    s = generate(family, seed, difficulty, PRESETS[preset])
    assert Scenario.from_dict(s.to_dict()) == s
    answer = s.answer[0] if s.answer_kind in ("card", "choice") and isinstance(s.answer, list) else s.answer
    assert grade(s, answer).correct
    assert grade(Scenario.from_dict(s.to_dict()), answer).to_dict() == grade(s, answer).to_dict()
