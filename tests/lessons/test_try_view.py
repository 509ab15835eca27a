"""Trying a card in a step's example: POST lessons:try, the engine's ruling for that card and why."""

import re

import pytest
from django.urls import reverse

from lessons.models import CheckpointIssue, StepProgress
from tutor.practice.models import Issued

# Sale el as de copas (triunfo oros); tu mano: 4c 6c 12b 3o. Asistir: solo las copas valen.
UNIT, STEP = "asistir", "sigue-el-palo"
URL = reverse("lessons:try", args=[UNIT, STEP])
STEP_URL = reverse("lessons:step", args=[UNIT, STEP])


def _verdicts(body: str) -> dict[str, bool]:
    return {
        code: flag == "is-legal"
        for flag, code in re.findall(
            r'lesson-verdicts__item (is-legal|is-illegal)"\s+data-card="(\w+)"', body
        )
    }


def test_htmx_gets_the_ruling_for_a_wrong_card(client, db):
    response = client.post(URL, {"carta": "12b"}, headers={"HX-Request": "true"})
    body = response.content.decode()
    assert response.status_code == 200
    assert body.lstrip().startswith('<div id="example-result"')
    assert "<html" not in body
    assert "Rey de bastos:" in body
    assert "no se puede jugar" in body
    assert "debes asistir" in body
    assert _verdicts(body) == {"4c": True, "6c": True, "12b": False, "3o": False}
    assert "R-OBL-ASISTIR" in body


def test_htmx_gets_the_ruling_for_a_right_card(client, db):
    body = client.post(URL, {"carta": "6c"}, headers={"HX-Request": "true"}).content.decode()
    assert "Seis de copas:" in body
    assert "se puede jugar" in body
    assert "no se puede jugar" not in body


def test_without_javascript_it_redirects_to_the_step_with_the_card(client, db):
    response = client.post(URL, {"carta": "3o"})
    assert response.status_code == 302
    assert response["Location"] == f"{STEP_URL}?carta=3o#ejemplo"


def test_the_step_page_rederives_the_ruling_from_the_card_in_the_address(client, db):
    body = client.get(STEP_URL, {"carta": "3o"}).content.decode()
    result = body[body.index('id="example-result"') : body.index('id="preguntas"')]
    assert "Tres de oros:" in result
    assert "no se puede jugar" in result
    assert _verdicts(result) == {"4c": True, "6c": True, "12b": False, "3o": False}
    assert 'value="3o"\n                  aria-pressed="true"' in body or re.search(
        r'value="3o"\s+aria-pressed="true"', body
    )


@pytest.mark.parametrize("card", ["1o", "7e", "zz", "", "rey de espadas"])
def test_a_card_not_in_the_example_gets_a_clear_error_and_nothing_is_stored(client, db, card):
    response = client.post(URL, {"carta": card}, headers={"HX-Request": "true"})
    body = response.content.decode()
    assert 'role="alert"' in body
    assert "mano del ejemplo" in body
    assert "se puede jugar" not in body
    assert StepProgress.objects.count() == Issued.objects.count() == CheckpointIssue.objects.count() == 0
    assert "practice_anon_id" not in client.session


def test_a_card_not_in_the_example_without_javascript_is_explained_on_the_step(client, db):
    response = client.post(URL, {"carta": "1o"}, follow=True)
    body = response.content.decode()
    assert "El as de oros no está en la mano del ejemplo" in body
    assert "se puede jugar" not in body


def test_a_card_is_named_by_its_spanish_name_too(client, db):
    body = client.post(URL, {"carta": "cuatro de copas"}, headers={"HX-Request": "true"}).content.decode()
    assert "Cuatro de copas:" in body


def test_a_step_without_example_has_nothing_to_try(client, db, course):
    step = next(s for s in course.steps if s.example is None)
    response = client.post(reverse("lessons:try", args=[step.unit_slug, step.slug]), {"carta": "1o"})
    assert response.status_code == 404


def test_an_unknown_step_is_404(client, db):
    assert (
        client.post(reverse("lessons:try", args=["asistir", "no-existe"]), {"carta": "1o"}).status_code == 404
    )


def test_it_rejects_get(client, db):
    assert client.get(URL).status_code == 405


@pytest.mark.parametrize(
    ("card", "sentence"),
    [("10e", "La sota de espadas no está en la mano"), ("12o", "El rey de oros no está en la mano")],
)
def test_a_card_not_in_the_hand_is_named_with_its_article(client, db, card, sentence):
    body = client.get(STEP_URL, {"carta": card}).content.decode()
    assert sentence in body
