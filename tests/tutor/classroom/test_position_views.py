"""Teacher-built positions: preview with the engine's ruling, save, export and import in the engine's contract."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tutor.classroom.models import Position

FORM = {
    "title": "Montar",
    "rules": "guia",
    "trump": "o",
    "trick": "sota de copas",
    "hand": ["12c", "4c", "6b"],
}


def test_preview_shows_the_ruling_of_every_card_and_saves_nothing(teresa_client):
    response = teresa_client.post(reverse("classroom:position_create"), {**FORM, "vista_previa": "1"})
    page = response.content.decode()
    assert response.status_code == 200
    assert "Vista previa" in page
    assert "Sí: es de copas y supera a la sota de copas" in page
    assert "No: tienes copas y el rey de copas supera a la sota de copas; debes montar." in page
    assert not Position.objects.exists()


def test_saving_stores_the_engine_contract(teresa_client, teresa):
    response = teresa_client.post(reverse("classroom:position_create"), FORM)
    assert response.status_code == 302
    position = Position.objects.get()
    assert position.owner == teresa
    assert position.data == {"trump": "o", "trick": ["10c"], "hand": ["12c", "4c", "6b"], "rules": "guia"}


def test_an_impossible_trick_is_refused_with_the_engines_reason(teresa_client):
    hand = ["1e", "3e", "12e", "11e", "10e", "1b", "3b", "12b", "11b", "10b"]
    data = {**FORM, "trick": "10c, 6b, 7e", "hand": hand}
    page = teresa_client.post(reverse("classroom:position_create"), data).content.decode()
    assert "no era una jugada legal con ninguna mano posible" in page
    assert not Position.objects.exists()


def test_a_card_in_both_trick_and_hand_is_refused(teresa_client):
    page = teresa_client.post(reverse("classroom:position_create"), {**FORM, "trick": "12c"}).content.decode()
    assert "repetida" in page
    assert not Position.objects.exists()


def test_an_unknown_card_in_the_trick_is_refused(teresa_client):
    page = teresa_client.post(reverse("classroom:position_create"), {**FORM, "trick": "8c"}).content.decode()
    assert "no válida" in page
    assert not Position.objects.exists()


def test_export_gives_the_engine_contract(position, teresa_client):
    response = teresa_client.get(reverse("classroom:position_export", args=[position.pk]))
    data = json.loads(response.content)
    assert data == {"title": "Montar con el rey", **position.data}


def test_import_round_trips_an_export(position, teresa_client, teresa):
    exported = teresa_client.get(reverse("classroom:position_export", args=[position.pk])).content
    upload = SimpleUploadedFile("p.json", exported, content_type="application/json")
    teresa_client.post(reverse("classroom:position_import"), {"file": upload})
    imported = Position.objects.exclude(pk=position.pk).get()
    assert imported.data == position.data
    assert imported.title == position.title


def test_a_malformed_file_imports_nothing_and_says_why(teresa_client):
    good = {"trump": "o", "hand": ["1c"]}
    bad = {
        "trump": "o",
        "trick": ["10c", "6b", "7e"],
        "hand": ["1e", "3e", "12e", "11e", "10e", "1b", "3b", "12b", "11b", "10b"],
    }
    for body, message in (
        (b"{not json", "no es JSON"),
        (json.dumps([good, bad]).encode(), "Posición 2"),
        (json.dumps([good, {"trump": "o", "hand": ["1c", "1c"]}]).encode(), "repetida"),
    ):
        upload = SimpleUploadedFile("p.json", body, content_type="application/json")
        response = teresa_client.post(reverse("classroom:position_import"), {"file": upload}, follow=True)
        assert message in response.content.decode()
        assert not Position.objects.exists()


def test_editing_keeps_the_owner_and_rechecks(position, teresa_client):
    data = {**FORM, "title": "Otra", "trick": "", "hand": ["1o"]}
    teresa_client.post(reverse("classroom:position_edit", args=[position.pk]), data)
    position.refresh_from_db()
    assert position.title == "Otra"
    assert position.data["trick"] == []


def test_the_library_lists_positions_in_spanish_with_the_table_they_were_built_at(teresa, teresa_client):
    Position.objects.create(
        owner=teresa,
        title="Cortada con sota",
        data={"trump": "o", "trick": ["10c", "2o"], "hand": ["12c", "4c"], "rules": "estricta"},
    )
    page = teresa_client.get(reverse("classroom:positions")).content.decode()
    assert "Triunfo: oros" in page
    assert "baza: sota de copas, dos de oros" in page
    assert "mano: rey de copas, cuatro de copas" in page
    assert "vista previa con: Mesa estricta" in page
    assert "triunfo o " not in page


def test_the_preview_says_which_table_it_was_ruled_at(teresa_client):
    data = {**FORM, "rules": "companero", "vista_previa": "1"}
    page = teresa_client.post(reverse("classroom:position_create"), data).content.decode()
    assert "Reglas de la mesa de esta vista previa: <strong>Mesa con excepción del compañero</strong>" in page
    assert "En una tarea se corrige con las reglas de la clase." in page


@pytest.mark.parametrize(
    "body",
    [
        b"[" * 30_000 + b"]" * 30_000,
        b'{"trump": "o", "hand": ["1c"], "x": ' + b"[" * 20_000 + b"]" * 20_000 + b"}",
        b'{"trump": "o", "hand": ["1c"], "title": ' + b"9" * 60_000 + b"}",
        b'{"trump": ' + b"1" * 5_000 + b', "hand": ["1c"]}',
    ],
    ids=["deep list", "deep value", "huge title number", "huge trump number"],
)
def test_deep_or_huge_number_json_under_the_size_limit_imports_nothing_and_says_why(teresa_client, body):
    upload = SimpleUploadedFile("p.json", body, content_type="application/json")
    response = teresa_client.post(reverse("classroom:position_import"), {"file": upload}, follow=True)
    assert response.status_code == 200
    assert "No se ha importado nada" in response.content.decode() or "no es JSON" in response.content.decode()
    assert not Position.objects.exists()


@pytest.mark.parametrize("token", ["፩c", "፩ de copas", "1" * 5000 + "c"])
def test_a_card_in_unicode_digits_is_refused_in_the_form_and_the_import(teresa_client, token):
    page = teresa_client.post(reverse("classroom:position_create"), {**FORM, "trick": token}).content.decode()
    assert "no válida" in page
    body = json.dumps({"trump": "o", "hand": [token]}).encode()
    upload = SimpleUploadedFile("p.json", body, content_type="application/json")
    response = teresa_client.post(reverse("classroom:position_import"), {"file": upload}, follow=True)
    assert "No se ha importado nada" in response.content.decode()
    assert not Position.objects.exists()
