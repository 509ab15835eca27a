"""A teacher who builds or imports a position that cannot be read or cannot happen reads why in her own
language: the engine's reason in Spanish, and in English after the switch, never the other one's sentence."""

import html
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tutor.classroom.models import Position

FORM = {"title": "Montar", "rules": "guia", "trump": "o", "trick": "", "hand": ["12c", "4c", "6b"]}
TEN = ["1e", "3e", "12e", "11e", "10e", "1b", "3b", "12b", "11b", "10b"]

BUILT = {
    "a card that does not exist": (
        {"trick": "8c"},
        "Carta no válida: '8c' (no hay ochos ni nueves en la baraja de 40).",
        "Not a valid card: '8c' (there are no eights or nines in the 40-card deck).",
    ),
    "a word that is no card": (
        {"trick": "comodín"},
        "Carta no válida: 'comodín'.",
        "Not a valid card: 'comodín'.",
    ),
    "a card in both the trick and the hand": (
        {"trick": "12c"},
        "La baza y la mano: carta repetida: '12c'.",
        "The baza and the hand: a card is repeated: '12c'.",
    ),
    "a trick of four cards": (
        {"trick": "1o, 2o, 3o, 4o"},
        "La baza puede tener como mucho 3 cartas antes de tu turno y tiene 4.",
        "The baza can hold at most 3 cards before your turn, and it holds 4.",
    ),
    "a trick no hand could have played": (
        {"trick": "10c, 6b, 7e", "hand": TEN},
        "La baza no puede haberse jugado así: el seis de bastos (tu compañero) no era una jugada legal con "
        "ninguna mano posible.",
        "The baza cannot have been played like that: the six of bastos (your partner) was not a legal play "
        "with any possible hand.",
    ),
}

IMPORTED = {
    "an unknown suit": (
        {"trump": "x", "hand": ["1c"]},
        "Palo desconocido: 'x' (usa o, c, e, b u oros, copas, espadas, bastos).",
        "Unknown suit: 'x' (use o, c, e, b or oros, copas, espadas, bastos).",
    ),
    "an unknown table": (
        {"trump": "o", "hand": ["1c"], "rules": "casera"},
        "Mesa desconocida: 'casera' (usa guia, estricta, ludoteka, companero).",
        "Unknown table: 'casera' (use guia, estricta, ludoteka, companero).",
    ),
    "a switch set to a value it does not have": (
        {"trump": "o", "hand": ["1c"], "rules": {"partida": "cinco_manos"}},
        "Valor no válido para partida: 'cinco_manos' (admite 'tres_manos', 'ludoteka').",
        "Invalid value for partida: 'cinco_manos' (it accepts 'tres_manos', 'ludoteka').",
    ),
    "an unknown switch": (
        {"trump": "o", "hand": ["1c"], "rules": {"montar": True}},
        "Opción de mesa desconocida: montar.",
        "Unknown table option: montar.",
    ),
    "rules that are neither a name nor an object": (
        {"trump": "o", "hand": ["1c"], "rules": 7},
        "Reglas no válidas: 7 (usa un nombre de mesa o un objeto de opciones).",
        "Invalid rules: 7 (use a table's name or an object of options).",
    ),
    "a hand that is not a list of cards": (
        {"trump": "o", "hand": "1c"},
        "'hand' debe ser una lista de cartas escritas como '12c' o 'rey de copas'.",
        "'hand' must be a list of cards written like '12c' or 'rey de copas'.",
    ),
}


def _page(response) -> str:
    return html.unescape(response.content.decode())


def _in_english(client) -> None:
    client.post(reverse("accounts:language"), {"language": "en"})


def _import(client, item: dict) -> str:
    upload = SimpleUploadedFile("p.json", json.dumps(item).encode(), content_type="application/json")
    return _page(client.post(reverse("classroom:position_import"), {"file": upload}, follow=True))


@pytest.mark.parametrize(("fields", "spanish", "english"), BUILT.values(), ids=BUILT.keys())
def test_a_position_that_cannot_be_built_says_why_in_the_teachers_language(
    teresa_client, fields, spanish, english
):
    create = reverse("classroom:position_create")
    page = _page(teresa_client.post(create, {**FORM, **fields}))
    assert spanish in page and english not in page
    _in_english(teresa_client)
    page = _page(teresa_client.post(create, {**FORM, **fields}))
    assert english in page and spanish not in page
    assert not Position.objects.exists()


@pytest.mark.parametrize(("item", "spanish", "english"), IMPORTED.values(), ids=IMPORTED.keys())
def test_an_import_that_cannot_be_read_says_why_in_the_teachers_language(
    teresa_client, tomas_client, item, spanish, english
):
    # Two teachers: the same file posted twice by one of them is taken for a double click (tutor.lib.once).
    page = _import(teresa_client, item)
    assert f"Posición 1: {spanish} No se ha importado nada." in page and english not in page
    _in_english(tomas_client)
    page = _import(tomas_client, item)
    assert f"Position 1: {english} Nothing has been imported." in page and spanish not in page
    assert not Position.objects.exists()
