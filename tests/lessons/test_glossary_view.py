import re

import pytest
from django.urls import reverse

URL = reverse("lessons:glossary")


def test_every_term_has_its_anchor_definition_and_step(client, db, course):
    body = client.get(URL).content.decode()
    for term in course.glossary:
        entry = body[body.index(f'id="{term.slug}"') :]
        entry = entry[: entry.index("</div>")]
        assert term.name.capitalize()[:1] in entry
        assert f'href="/lecciones/{term.step_key}/"' in entry


def test_every_link_on_the_glossary_resolves(client, db):
    body = client.get(URL).content.decode()
    links = set(re.findall(r'href="(/(?:lecciones|glosario)[^"]*)"', body))
    assert len(links) > 10
    for link in links:
        path, _, anchor = link.partition("#")
        response = client.get(path)
        assert response.status_code == 200, link
        if anchor:
            assert f'id="{anchor}"' in response.content.decode(), link


def test_terms_inside_definitions_link_to_their_own_entry(client, db):
    body = client.get(URL).content.decode()
    entry = body[body.index('id="carta-de-salida"') :]
    assert '<a href="/lecciones/glosario/#palo-de-salida">palo de salida</a>' in entry[: entry.index("</dd>")]


def test_it_takes_a_fixed_number_of_queries(alice_client, django_assert_max_num_queries):
    with django_assert_max_num_queries(2):
        assert alice_client.get(URL).status_code == 200


@pytest.mark.parametrize("method", ["post", "put", "delete"])
def test_it_rejects_other_methods(client, db, method):
    assert getattr(client, method)(URL).status_code == 405
