"""A «jugar manos» row of the set form: its number of hands and its bots' level are shown for that type,
with JavaScript or without, and their errors next to them."""

import re
from html import unescape

import pytest
from django.urls import reverse

from tests.tutor.classroom.conftest import make_set
from tests.tutor.classroom.test_set_create_view import _form
from tutor.classroom.forms import KIND_FIELDS, MAX_HANDS
from tutor.classroom.models import PracticeSet, SetItem

GROUP = re.compile(
    r'<fieldset class="set-item__group" data-kinds="([^"]*)">\s*<legend>(.*?)</legend>(.*?)</fieldset>', re.S
)


def _row(page: str, n: int = 0) -> str:
    """The HTML of the form's row ``n`` (0-based)."""
    start = page.index(f'name="item-{n}-kind"')
    end = page.find(f'name="item-{n + 1}-kind"')
    return page[start : end if end != -1 else len(page)]


def _groups(row: str) -> list[tuple[set[str], str, str]]:
    """(kinds, legend, body) of each group of fields of a row."""
    return [(set(kinds.split()), unescape(legend), body) for kinds, legend, body in GROUP.findall(row)]


def _group_of(row: str, field: str) -> tuple[set[str], str, str]:
    found = [g for g in _groups(row) if f'name="{field}"' in g[2]]
    assert len(found) == 1, f"{field} is in {len(found)} groups"
    return found[0]


def _input(html: str, name: str) -> str:
    tag = re.search(rf'<(?:input|select)[^>]*name="{re.escape(name)}"[^>]*>', html)
    assert tag, name
    return tag.group(0)


@pytest.fixture
def url(classroom):
    return reverse("classroom:set_create", args=[classroom.pk])


def test_a_play_rows_count_and_bot_level_are_in_groups_shown_for_it(url, teresa_client):
    row = _row(teresa_client.get(url).content.decode())
    assert "play" in _group_of(row, "item-0-count")[0]  # set_form.js hides a group not for the type
    kinds, _legend, body = _group_of(row, "item-0-bot_level")
    assert kinds == {"play"}
    assert re.search(r'<label\s+for="id_item-0-bot_level"[^>]*>\s*Nivel de los bots', body)
    select = re.search(r'<select name="item-0-bot_level".*?</select>', body, re.S).group(0)
    assert re.findall(r'<option value="([^"]*)"', select) == ["principiante", "normal", "fuerte"]
    # The tutor's mode of the row's matches is chosen there too, examen unless the teacher says otherwise.
    _kinds, _legend, body = _group_of(row, "item-0-play_mode")
    mode = re.search(r'<select name="item-0-play_mode".*?</select>', body, re.S).group(0)
    assert re.findall(r'<option value="([^"]*)"', mode) == ["aprendiz", "examen"]
    assert re.search(r'<option value="examen"\s+selected', mode)


def test_each_field_shows_for_exactly_the_types_that_read_it(url, teresa_client):
    row = _row(teresa_client.get(url).content.decode())
    for name in ("family", "rule_id", "position", "count", "difficulty", "bot_level"):
        kinds = _group_of(row, f"item-0-{name}")[0]
        assert kinds == {k for k, fields in KIND_FIELDS.items() if name in fields}, name


def test_without_javascript_each_group_says_which_types_it_is_for(url, teresa_client):
    row = _row(teresa_client.get(url).content.decode())
    labels = dict(SetItem.Kind.choices)
    for kinds, legend, _body in _groups(row):
        for kind in kinds:
            assert f"«{labels[kind]}»" in legend, (kinds, legend)


def test_the_counts_help_says_what_it_counts_in_plain_spanish(url, teresa_client):
    page = teresa_client.get(url).content.decode()
    assert "cuántas es el número" not in page
    count = _input(page, "item-0-count")
    assert 'aria-describedby="id_item-0-count_helptext"' in count
    help_text = re.search(r'id="id_item-0-count_helptext"[^>]*>(.*?)</div>', page, re.S).group(1)
    assert unescape(help_text) == (
        "Para «familia» y «habilidad», el número de preguntas (de 1 a 20). Para «jugar manos», el número "
        "de manos (de 1 a 10), con los mismos repartos para todos los alumnos. Para «repite tus errores de "
        "la mesa», cuántas jugadas de sus manos repite cada alumno (de 1 a 20): las suyas; quien tenga "
        "menos repite las que tenga."
    )


def test_the_counts_limit_follows_the_type_for_set_form_js(url, teresa_client):
    count = _input(teresa_client.get(url).content.decode(), "item-0-count")
    assert 'max="20"' in count
    assert 'data-max-by-kind="{&quot;play&quot;: 10}"' in count and 'data-max-default="20"' in count


def test_eleven_hands_are_refused_next_to_the_count_whose_max_says_ten(url, teresa_client):
    response = teresa_client.post(url, _form(**{"item-0-kind": "play", "item-0-count": "11"}))
    assert response.status_code == 200
    row = _row(response.content.decode())
    kinds, _legend, body = _group_of(row, "item-0-count")
    assert "play" in kinds
    assert "Como mucho 10 manos." in body
    count = _input(body, "item-0-count")
    assert f'max="{MAX_HANDS}"' in count and 'aria-invalid="true"' in count
    assert "id_item-0-count_error" in re.search(r'aria-describedby="([^"]*)"', count).group(1)
    assert not PracticeSet.objects.exists()


@pytest.mark.parametrize("count", ["15", "25"])
def test_more_hands_than_ten_say_how_many_hands_not_questions(url, teresa_client, count):
    response = teresa_client.post(url, _form(**{"item-0-kind": "play", "item-0-count": count}))
    body = _group_of(_row(response.content.decode()), "item-0-count")[2]
    assert "Como mucho 10 manos." in body and "menor o igual a 20" not in body


def test_an_unknown_bot_level_is_refused_next_to_it(url, teresa_client):
    response = teresa_client.post(url, _form(**{"item-0-kind": "play", "item-0-bot_level": "xx"}))
    assert response.status_code == 200
    kinds, _legend, body = _group_of(_row(response.content.decode()), "item-0-bot_level")
    assert "play" in kinds
    assert 'id="id_item-0-bot_level_error"' in body
    assert "Elige una opción válida: xx no es una de las opciones." in body
    select = _input(body, "item-0-bot_level")
    assert 'aria-invalid="true"' in select and "id_item-0-bot_level_error" in select
    assert not PracticeSet.objects.exists()


def test_a_play_rows_level_and_count_are_saved(url, teresa_client):
    data = _form(**{"item-0-kind": "play", "item-0-count": "10", "item-0-bot_level": "principiante"})
    assert teresa_client.post(url, data).status_code == 302
    item = SetItem.objects.get()
    assert (item.kind, item.count, item.bot_level) == ("play", 10, "principiante")


def test_a_play_row_without_a_level_plays_normal_bots(url, teresa_client):
    data = _form(**{"item-0-kind": "play", "item-0-count": "1"})
    assert "item-0-bot_level" not in data
    assert teresa_client.post(url, data).status_code == 302
    assert SetItem.objects.get().bot_level == "normal"


def test_a_field_another_type_reads_never_stops_the_row(url, teresa_client):
    # Its group is hidden for this row's type: an error there would be one the teacher cannot see.
    data = _form(
        **{
            "item-0-kind": "family",
            "item-0-family": "ganador",
            "item-0-bot_level": "xx",
            "item-1-kind": "play",
            "item-1-count": "4",
            "item-1-difficulty": "9",
            "item-1-rule_id": "nada",
        }
    )
    assert teresa_client.post(url, data).status_code == 302
    family, play = SetItem.objects.order_by("order")
    assert (family.kind, family.bot_level, family.count) == ("family", "", 5)
    assert (play.kind, play.count, play.difficulty, play.rule_id, play.bot_level) == (
        "play",
        4,
        1,
        "",
        "normal",
    )


def test_one_hand_is_one_mano_in_the_sets_page(classroom, teresa, teresa_client):
    items = [
        {"kind": "play", "family": "", "count": 1, "difficulty": 1, "bot_level": "fuerte"},
        {"kind": "play", "family": "", "count": 3, "difficulty": 1, "bot_level": "normal"},
    ]
    practice_set = make_set(classroom, teresa, items=items)
    body = teresa_client.get(reverse("classroom:set_detail", args=[practice_set.pk])).content.decode()
    assert "Duplicado: jugar 1 mano (bots fuerte)" in body
    assert "Duplicado: jugar 3 manos (bots normal)" in body
    assert "1 manos" not in body
