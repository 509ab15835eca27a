import pytest
from django.urls import reverse

from engine.rules import PRESETS
from engine.scenarios import families_for
from tutor.practice.models import Issued, Mode

URL = reverse("practice:new")


def test_it_issues_a_family_scenario_and_redirects_to_it(alice_client, alice):
    response = alice_client.post(
        URL, {"kind": "family", "family": "tantos", "difficulty": "3", "rules": "ludoteka"}
    )
    issued = Issued.objects.get()
    assert response.status_code == 302 and response.url == issued.get_absolute_url()
    assert (issued.learner, issued.mode, issued.family, issued.difficulty) == (
        alice,
        Mode.FAMILY,
        "tantos",
        3,
    )
    assert issued.get_rules() == PRESETS["ludoteka"]


def test_it_issues_a_skill_scenario_aimed_at_the_rule(alice_client):
    for _ in range(4):
        alice_client.post(
            URL, {"kind": "skill", "rule_id": "R-OBL-PISAR", "difficulty": "2", "rules": "guia"}
        )
    for issued in Issued.objects.all():
        assert issued.mode == Mode.SKILL
        assert issued.family in families_for("R-OBL-PISAR")
        assert "R-OBL-PISAR" in issued.rule_ids
        assert issued.target == "R-OBL-PISAR"


def test_an_anonymous_visitor_can_practise(client, db):
    response = client.post(URL, {"kind": "family", "family": "jugada", "difficulty": "1", "rules": "guia"})
    issued = Issued.objects.get()
    assert issued.learner is None and issued.anon_id
    assert client.get(response.url).status_code == 200


@pytest.mark.parametrize(
    "data, message",
    [
        ({"kind": "family", "family": "poker", "difficulty": "1", "rules": "guia"}, "poker"),
        ({"kind": "family", "family": "jugada", "difficulty": "9", "rules": "guia"}, "9"),
        ({"kind": "family", "family": "jugada", "difficulty": "1", "rules": "casino"}, "casino"),
        ({"kind": "family", "difficulty": "1", "rules": "guia"}, "Elige un tipo de ejercicio."),
        ({"kind": "skill", "rule_id": "R-NADA", "difficulty": "1", "rules": "guia"}, "R-NADA"),
        ({"kind": "skill", "rule_id": "R-TUTE-3", "difficulty": "1", "rules": "guia"}, "R-TUTE-3"),
        ({"kind": "skill", "difficulty": "1", "rules": "guia"}, "Elige una regla para practicar."),
        ({"kind": "trampa", "family": "jugada", "difficulty": "1", "rules": "guia"}, "trampa"),
    ],
)
def test_bad_input_is_a_400_with_a_spanish_error_and_issues_nothing(alice_client, data, message):
    response = alice_client.post(URL, data)
    assert response.status_code == 400
    body = response.content.decode()
    assert message in body
    assert "Escoja" not in body  # Django's choice refusal, in «tú» (locale/es) where a value is unknown
    assert ("Elige una opción válida" in body) == (
        message in {"poker", "9", "casino", "trampa", "R-NADA", "R-TUTE-3"}
    )
    assert not Issued.objects.exists()


def test_a_skill_the_table_rules_cannot_produce_is_refused(alice_client):
    # A skill some table can practise but this one cannot.
    skill = next(
        r
        for r in ("R-OBL-CORTADA", "R-OBL-PAREJA", "R-VAR-MONTAR-FALLO", "R-VAR-COMPANERO")
        if bool(families_for(r, PRESETS["guia"])) != bool(families_for(r, PRESETS["estricta"]))
        or bool(families_for(r, PRESETS["guia"])) != bool(families_for(r, PRESETS["companero"]))
    )
    bad = next(name for name in PRESETS if not families_for(skill, PRESETS[name]))
    response = alice_client.post(URL, {"kind": "skill", "rule_id": skill, "difficulty": "1", "rules": bad})
    assert response.status_code == 400
    assert "Con estas reglas de mesa no hay ejercicios para" in response.content.decode()
    assert not Issued.objects.exists()


def test_it_rejects_get(alice_client):
    assert alice_client.get(URL).status_code == 405


def test_fixed_issues_the_seeds_example_as_posed(alice_client):
    from engine.scenarios import FIXED

    response = alice_client.post(reverse("practice:fixed", args=["guia-situacion-3"]))
    issued = Issued.objects.get()
    assert response.url == issued.get_absolute_url()
    assert issued.mode == Mode.FIXED and issued.fixed_id == "guia-situacion-3"
    assert issued.scenario == FIXED["guia-situacion-3"].to_dict()


def test_an_unknown_fixed_example_is_a_404(alice_client):
    assert alice_client.post(reverse("practice:fixed", args=["inventado"])).status_code == 404
    assert not Issued.objects.exists()


def test_fixed_rejects_get(alice_client):
    assert alice_client.get(reverse("practice:fixed", args=["guia-situacion-3"])).status_code == 405
