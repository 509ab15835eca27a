"""The set form does what it says: rows grouped by type, a position built from inside it, tables explained."""

import io
import json
import re

import pytest
from django.urls import reverse

from engine.rules import PRESET_LABELS, PRESETS, SWITCH_LABELS
from lessons.course import load_course
from tests.tutor.classroom.conftest import make_set
from tests.tutor.classroom.test_set_create_view import _form
from tutor.classroom.models import Position, PracticeSet

POSITION = {"title": "Fallar con el dos", "trump": "o", "trick": "10c", "hand": ["2o", "4b"], "rules": "guia"}


def _page(client, url, **params) -> str:
    response = client.get(url, params)
    assert response.status_code == 200
    return response.content.decode()


def _selected(page: str, name: str) -> str | None:
    select = re.search(rf'<select name="{re.escape(name)}"[^>]*>(.*?)</select>', page, re.S)
    assert select, name
    chosen = re.search(r'<option value="([^"]*)"[^>]*selected', select.group(1))
    return chosen.group(1) if chosen else None


def test_each_rows_fields_are_grouped_under_the_type_they_belong_to(classroom, teresa_client):
    page = _page(teresa_client, reverse("classroom:set_create", args=[classroom.pk]))
    assert page.count("data-set-item") == 5
    assert page.count('data-kinds="family position"') == 5
    assert page.count('data-kinds="skill"') == 5
    assert page.count('data-kinds="position"') == 5
    assert page.count('data-kinds="family skill"') == 5
    assert "Solo para «posición construida»" in page  # without JavaScript, the legends say it
    assert "js/set_form.js" in page and "onchange" not in page
    group = re.search(r'data-kinds="skill">(.*?)</fieldset>', page, re.S).group(1)
    assert 'name="item-0-rule_id"' in group and 'name="item-0-count"' not in group


def test_a_new_teacher_is_told_why_built_positions_is_empty(classroom, teresa_client):
    page = _page(teresa_client, reverse("classroom:set_create", args=[classroom.pk]))
    assert 'data-testid="no-positions"' in page
    assert 'name="construir_posicion"' in page


def test_a_teacher_with_positions_is_not_told_it_is_empty(classroom, position, teresa_client):
    page = _page(teresa_client, reverse("classroom:set_create", args=[classroom.pk]))
    assert 'data-testid="no-positions"' not in page


def test_a_position_built_from_the_set_form_comes_back_to_it_with_what_was_typed(
    classroom, teresa, teresa_client
):
    set_url = reverse("classroom:set_create", args=[classroom.pk])
    typed = _form(
        title="Semana 4",
        **{
            "item-0-kind": "family",
            "item-0-family": "ganador",
            "item-0-count": "3",
            "construir_posicion": "1",
        },
    )
    response = teresa_client.post(set_url, typed)
    assert response.status_code == 302
    assert response["Location"] == f"{reverse('classroom:position_create')}?para_tarea={classroom.pk}"
    assert not PracticeSet.objects.exists()  # nothing saved, nothing validated yet

    build = teresa_client.get(response["Location"]).content.decode()
    assert "Al guardarla vuelves a la tarea nueva de 4º B" in build
    saved = teresa_client.post(response["Location"], POSITION)
    position = Position.objects.get(owner=teresa)
    assert saved["Location"] == f"{set_url}?borrador=1&posicion={position.pk}"

    page = _page(teresa_client, set_url, borrador=1, posicion=position.pk)
    assert 'value="Semana 4"' in page
    assert _selected(page, "item-0-kind") == "family"
    assert _selected(page, "item-0-family") == "ganador"
    assert re.search(r'name="item-0-count" value="3"', page)
    assert _selected(page, "item-1-kind") == "position"
    assert _selected(page, "item-1-position") == str(position.pk)
    assert "is-invalid" not in page  # a restored draft is not a failed submission
    # The draft is used once: the form opens empty next time.
    assert 'value="Semana 4"' not in _page(teresa_client, set_url, borrador=1)


def test_a_position_imported_from_the_set_form_comes_back_chosen(classroom, teresa, teresa_client):
    set_url = reverse("classroom:set_create", args=[classroom.pk])
    teresa_client.post(set_url, _form(title="Con importada", construir_posicion="1"))
    upload = io.BytesIO(
        json.dumps({"title": "Importada", "trump": "c", "trick": [], "hand": ["1c"]}).encode()
    )
    upload.name = "posicion.json"
    response = teresa_client.post(
        reverse("classroom:position_import"), {"file": upload, "para_tarea": classroom.pk}
    )
    position = Position.objects.get(owner=teresa, title="Importada")
    assert response["Location"] == f"{set_url}?borrador=1&posicion={position.pk}"
    page = _page(teresa_client, set_url, borrador=1, posicion=position.pk)
    assert 'value="Con importada"' in page
    assert _selected(page, "item-0-position") == str(position.pk)


def test_a_bad_import_from_the_set_form_goes_back_to_building(classroom, teresa_client):
    upload = io.BytesIO(b"no es json")
    upload.name = "x.json"
    response = teresa_client.post(
        reverse("classroom:position_import"), {"file": upload, "para_tarea": classroom.pk}
    )
    assert response["Location"] == f"{reverse('classroom:position_create')}?para_tarea={classroom.pk}"
    assert not Position.objects.exists()


def test_another_teachers_class_or_position_is_never_used_by_the_round_trip(
    classroom, other_classroom, tomas, teresa, teresa_client
):
    theirs = Position.objects.create(
        owner=tomas, title="De Tomás", data={"trump": "o", "trick": [], "hand": ["1o"]}
    )
    response = teresa_client.post(
        f"{reverse('classroom:position_create')}?para_tarea={other_classroom.pk}", POSITION
    )
    assert response["Location"] == reverse("classroom:positions")
    set_url = reverse("classroom:set_create", args=[classroom.pk])
    teresa_client.post(set_url, _form(construir_posicion="1"))
    page = _page(teresa_client, set_url, borrador=1, posicion=theirs.pk)
    options = re.search(r'<select name="item-0-position"[^>]*>(.*?)</select>', page, re.S).group(1)
    assert f'value="{theirs.pk}"' not in options


def test_every_table_is_explained_where_a_class_chooses_it(teresa_client):
    page = _page(teresa_client, reverse("classroom:create"))
    explained = re.search(r'<dl class="rules-variants"[^>]*>(.*?)</dl>', page, re.S).group(1)
    for name, rules in PRESETS.items():
        assert str(PRESET_LABELS[name]) in explained
        for key in rules.differences():
            assert str(SWITCH_LABELS[key]) in explained
    assert len(re.findall(r'<input type="radio"[^>]*name="rules"', page)) == len(PRESETS)


def test_the_set_form_says_what_the_classs_table_changes(other_classroom, tomas_client):
    page = _page(tomas_client, reverse("classroom:set_create", args=[other_classroom.pk]))
    for key in PRESETS["estricta"].differences():
        assert str(SWITCH_LABELS[key]) in page


def test_skills_are_offered_by_their_course_names_grouped_by_unit(classroom, teresa_client):
    page = _page(teresa_client, reverse("classroom:set_create", args=[classroom.pk]))
    course = load_course()
    step = course.steps_for_rule("R-OBL-PISAR")[0]
    unit = course.unit(step.unit_slug)
    group = re.search(rf'<optgroup label="{re.escape(unit.title)}">(.*?)</optgroup>', page, re.S)
    assert group and f'<option value="R-OBL-PISAR">{step.title} (R-OBL-PISAR)</option>' in group.group(1)


def test_a_skill_item_is_named_before_its_id_on_the_set_page(classroom, teresa, teresa_client):
    practice_set = make_set(
        classroom, teresa, items=[{"kind": "skill", "rule_id": "R-OBL-PISAR", "count": 2, "difficulty": 1}]
    )
    title = load_course().steps_for_rule("R-OBL-PISAR")[0].title
    page = _page(teresa_client, practice_set.get_absolute_url())
    assert f"{title} (R-OBL-PISAR) × 2 (nivel 1)" in page


@pytest.mark.parametrize("odd", ["9" * 20, "9" * 5000, "²", "١"])
def test_an_odd_position_or_class_number_in_the_address_is_ignored_not_a_500(classroom, teresa_client, odd):
    # More than 18 digits overflowed SQLite's integer in the query; «²» passed isdigit() and broke int().
    set_page = teresa_client.get(
        reverse("classroom:set_create", args=[classroom.pk]), {"borrador": "1", "posicion": odd}
    )
    assert set_page.status_code == 200
    build = teresa_client.get(reverse("classroom:position_create"), {"para_tarea": odd})
    assert build.status_code == 200 and "Al guardarla vuelves a la tarea" not in build.content.decode()
