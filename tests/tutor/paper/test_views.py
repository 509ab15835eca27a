"""The sheets to print: each table's rules with the engine's examples, the score sheet, worksheets whose
copies differ and whose key the engine grades right; bad input gets the form back with a 400."""

import re

import pytest
from django.urls import reverse

from engine.messages import render
from engine.rules import PRESETS, RULE_CATALOGUE, switched_off, variant_ids
from engine.scenarios import FAMILIES

pytestmark = pytest.mark.django_db


def _text(response) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


@pytest.mark.parametrize("mesa", list(PRESETS))
def test_the_rules_sheet_states_the_tables_rules_and_only_those(client, mesa):
    rules = PRESETS[mesa]
    response = client.get(reverse("paper:rules"), {"mesa": mesa})
    assert response.status_code == 200
    html = response.content.decode()
    cited = set(re.findall(r'data-rule="([A-Z0-9-]+)"', html))
    assert not cited & switched_off(rules)
    assert set(variant_ids(rules)) <= cited
    for rule_id in ("R-DEAL-1", "R-OBL-ASISTIR", "R-OBL-PISAR", "R-CANTE-1", "R-SCORE-1"):
        assert rule_id in cited
    assert render(RULE_CATALOGUE["R-OBL-ASISTIR"], "es") in html
    assert _text(response).count("Ejemplo:") >= 8


def test_an_example_is_ruled_by_the_tables_engine(client):
    # The same position (the trick cut with a trump) allows two cards at the guide's table, one at
    # the strict table, where you must montar even then.
    guia = _text(client.get(reverse("paper:rules"), {"mesa": "guia"}))
    estricta = _text(client.get(reverse("paper:rules"), {"mesa": "estricta"}))
    cut = "Compañero: sota de copas; Rival izquierda: dos de oros;"
    assert "Nada: esta mesa juega con las reglas de la guía." in guia
    assert "Puedes jugar: rey de copas, cuatro de copas." in guia.split(cut)[1][:200]
    assert "Puedes jugar: rey de copas." in estricta.split(cut)[1][:200]


def test_the_score_sheet_has_a_row_for_every_hand_the_match_can_last(client):
    guia = client.get(reverse("paper:score"), {"mesa": "guia"})
    ludoteka = client.get(reverse("paper:score"), {"mesa": "ludoteka"})
    assert _text(guia).count("Última baza") == 2
    assert guia.content.decode().count('<th scope="row">') == 5  # three hands to win: at most five
    assert ludoteka.content.decode().count('<th scope="row">') == 11  # six points, one or two a hand
    assert "R-VAR-PARTIDA-LUDOTEKA" in ludoteka.content.decode()


def _worksheet(client, **extra):
    query = {"familias": ["jugada", "tantos", "mesa"], "niveles": [1, 2], "mesa": "guia", "preguntas": 3}
    return client.get(reverse("paper:worksheet"), {**query, **extra})


def test_a_worksheets_copies_differ_and_the_same_number_prints_them_again(client):
    first = _worksheet(client, copias=2, semilla=41)
    assert first.status_code == 200
    text = _text(first)
    copy_1 = text.split("Ficha 41-1")[1].split("Soluciones de la ficha 41-1")[0]
    copy_2 = text.split("Ficha 41-2")[1].split("Soluciones de la ficha 41-2")[0]
    assert copy_1 != copy_2
    assert _text(_worksheet(client, copias=2, semilla=41)) == text
    assert _text(_worksheet(client, copias=2, semilla=42)) != text


def test_a_worksheet_without_a_number_gets_one_to_print_again(client):
    response = _worksheet(client, copias=1)
    assert response.status_code == 200
    seed = response.context["seed"]
    assert f"semilla={seed}" in response.context["again"]


def test_every_family_makes_questions_with_a_key(client):
    response = client.get(
        reverse("paper:worksheet"),
        {"familias": list(FAMILIES), "niveles": [1, 2, 3], "mesa": "companero", "preguntas": 6, "copias": 2},
    )
    assert response.status_code == 200
    for sheet in response.context["copies"]:
        assert len(sheet["questions"]) == 6
        assert all(q["answer"] and str(q["reason"]) for q in sheet["questions"])


@pytest.mark.parametrize(
    ("name", "query"),
    [
        ("paper:rules", {"mesa": "inventada"}),
        ("paper:score", {"mesa": ""}),
        (
            "paper:worksheet",
            {"familias": ["nada"], "niveles": [1], "mesa": "guia", "preguntas": 2, "copias": 1},
        ),
        (
            "paper:worksheet",
            {"familias": ["jugada"], "niveles": [4], "mesa": "guia", "preguntas": 2, "copias": 1},
        ),
        (
            "paper:worksheet",
            {"familias": ["jugada"], "niveles": [1], "mesa": "guia", "preguntas": 99, "copias": 1},
        ),
        (
            "paper:worksheet",
            {"familias": ["jugada"], "niveles": [1], "mesa": "guia", "preguntas": 2, "copias": 0},
        ),
        (
            "paper:worksheet",
            {"familias": ["jugada"], "niveles": [1], "mesa": "guia", "preguntas": "x", "copias": 1},
        ),
    ],
)
def test_bad_input_gets_the_form_back(client, name, query):
    response = client.get(reverse(name), query)
    assert response.status_code == 400
    assert "Hojas para imprimir" in response.content.decode()


def test_the_sheets_in_english(client):
    client.post(reverse("accounts:language"), {"language": "en"})
    rules = _text(client.get(reverse("paper:rules"), {"mesa": "guia"}))
    assert "Example:" in rules and "You may play: king of copas." in rules
    assert "Score sheet" in _text(client.get(reverse("paper:score"), {"mesa": "guia"}))
    assert "Answers to worksheet 7-1" in _text(_worksheet(client, copias=1, semilla=7))
