import re

from django.urls import reverse

from engine.rules import RULE_CATALOGUE
from engine.scenarios import FAMILY_LABELS, FIXED, families_for

URL = reverse("practice:index")


def test_it_lists_families_skills_tables_and_the_guides_examples(client, db, django_assert_max_num_queries):
    with django_assert_max_num_queries(0):
        response = client.get(URL)
    body = response.content.decode()
    for family, label in FAMILY_LABELS.items():
        assert f'data-family="{family}"' in body and label in body
    for rule_id in RULE_CATALOGUE:
        assert (f'data-skill="{rule_id}"' in body) == bool(families_for(rule_id))
    assert "Ejemplos de la guía" in body
    for fixed_id in FIXED:
        assert f'action="/practicar/guia/{fixed_id}/"' in body
    assert "Mesa estricta" in body and "Mesa Ludoteka" in body


def test_it_is_in_the_navigation(client, db):
    nav = client.get(URL).content.decode().split('aria-label="Principal"')[1].split("</nav>")[0]
    assert re.search(r'href="/practicar/"\s+aria-current="page">Practicar<', nav)


def test_a_learner_gets_it_within_a_fixed_number_of_queries(alice_client, django_assert_max_num_queries):
    with django_assert_max_num_queries(2):
        assert alice_client.get(URL).status_code == 200


def test_it_rejects_post(client, db):
    assert client.post(URL).status_code == 405
