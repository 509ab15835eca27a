import re

from django.urls import reverse

from engine.rules import RULE_CATALOGUE
from engine.scenarios import FAMILIES, FAMILY_LABELS, FIXED, families_for
from tutor.practice.models import Issued

URL = reverse("practice:index")


def test_it_lists_families_skills_tables_and_the_guides_examples(client, db, django_assert_max_num_queries):
    with django_assert_max_num_queries(0):
        response = client.get(URL)
    body = response.content.decode()
    for family, label in FAMILY_LABELS.items():
        assert f'data-family="{family}"' in body and str(label) in body
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


def test_each_family_is_a_button_that_starts_it_at_level_1_on_the_guides_table(client, db):
    body = client.get("/practicar/").content.decode()
    for family in FAMILIES:
        item = re.search(rf'<li data-family="{family}">(.*?)</li>', body, re.S)
        assert item, family
        form = item.group(1)
        assert 'method="post" action="/practicar/nuevo/"' in form
        assert f'name="family" value="{family}"' in form
        assert (
            f'<button type="submit" class="btn btn-outline-primary btn-sm">{FAMILY_LABELS[family]}</button>'
            in form
        )
        fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">', form))
        response = client.post("/practicar/nuevo/", fields)
        assert response.status_code == 302
        issued = Issued.objects.latest("pk")
        assert (issued.family, issued.difficulty, issued.get_rules().preset_name) == (family, 1, "guia")


def test_skills_are_named_by_their_rule_and_the_id_is_small_print(client, db):
    body = client.get(reverse("practice:index")).content.decode()
    item = body[body.index('data-skill="R-OBL-MONTAR"') :]
    item = item[: item.index("</li>")]
    assert item.index(str(RULE_CATALOGUE["R-OBL-MONTAR"])) < item.index(
        '<small class="rule-id">R-OBL-MONTAR</small>'
    )
    option = f'<option value="R-OBL-MONTAR">{RULE_CATALOGUE["R-OBL-MONTAR"]} (R-OBL-MONTAR)</option>'
    assert option in body
