import pytest
from django.urls import reverse

from engine.rules import PRESETS
from tutor.practice.models import Mode
from tutor.practice.services import issue, submit
from tutor.progress.models import PracticeSession, SessionItem

from .conftest import owner_of


def test_it_shows_the_position_and_one_button_per_card(alice_client, cual_puedes_jugar):
    body = alice_client.get(cual_puedes_jugar.get_absolute_url()).content.decode()
    assert "¿Qué carta puedes jugar?" in body
    assert '<span class="card-name">sota de copas</span>' in body  # the lead, on the table
    assert "salida" in body and "Rival izquierda" in body
    assert "Mesa de la guía (reglas por defecto)" in body
    for card in cual_puedes_jugar.scenario["position"]["hand"]:
        assert f'value="{card}"' in body
    assert 'hx-post="/practicar/s/' in body and 'action="/practicar/s/' in body
    assert "data-feedback" not in body


def test_the_answer_key_never_reaches_the_page_before_answering(alice_client, alice):
    issued = issue(owner=owner_of(alice), mode=Mode.FAMILY, family="ganador", difficulty=3, seed=11)
    body = alice_client.get(issued.get_absolute_url()).content.decode()
    assert "is-winning" not in body  # the winner is the question
    assert "card-flag--winner" not in body


def test_another_learners_scenario_is_a_404(bob_client, cual_puedes_jugar):
    response = bob_client.get(cual_puedes_jugar.get_absolute_url())
    assert response.status_code == 404
    assert "sota de copas" not in response.content.decode()


def test_an_anonymous_visitor_sees_only_their_own(client, cual_puedes_jugar):
    assert client.get(cual_puedes_jugar.get_absolute_url()).status_code == 404


def test_it_names_the_table_rules_and_the_switches_that_differ(alice_client, alice):
    issued = issue(
        owner=owner_of(alice), mode=Mode.FAMILY, family="jugada", rules=PRESETS["estricta"], seed=2
    )
    body = alice_client.get(issued.get_absolute_url()).content.decode()
    assert "Mesa estricta" in body
    assert 'data-switch="montar_tras_fallo"' in body
    assert "Hay que montar aunque la baza ya esté fallada: sí" in body
    assert 'data-switch="excepcion_companero"' not in body


def test_a_wrong_answer_shows_the_misconception_and_the_rules(alice_client, alice, cual_puedes_jugar):
    submit(owner=owner_of(alice), token=cual_puedes_jugar.token, raw="4c")
    body = alice_client.get(cual_puedes_jugar.get_absolute_url()).content.decode()
    assert "Lo que revela tu error" in body
    assert "No montar pudiendo" in body
    assert 'data-rule="R-OBL-MONTAR"' in body
    assert "debes superar la carta más fuerte del palo de salida si puedes" in body  # catalogue line
    assert "✘" in body and "Incorrecto." in body
    assert 'action="/practicar/s/' + cual_puedes_jugar.token + '/siguiente/"' in body


def test_another_apps_question_continues_with_a_plain_link_to_its_origin(alice_client, alice):
    session = PracticeSession.objects.create(learner=alice, kind=PracticeSession.Kind.MIXED, plan=[{}] * 4)
    issued = issue(owner=owner_of(alice), mode=Mode.MIXED, family="tantos", seed=1)
    SessionItem.objects.create(session=session, position=2, issued=issued)
    submit(owner=owner_of(alice), token=issued.token, raw=str(issued.scenario["answer"]))
    body = alice_client.get(issued.get_absolute_url()).content.decode()
    url = reverse("progress:session_next", args=[session.pk])
    assert f'<a class="btn btn-primary" href="{url}" data-next>Continuar</a>' in body
    assert "Sesión mixta · 3 de 4" in body
    assert reverse("practice:next", args=[issued.token]) not in body


def test_it_rejects_post(alice_client, cual_puedes_jugar):
    assert alice_client.post(cual_puedes_jugar.get_absolute_url()).status_code == 405


@pytest.mark.parametrize("answered", [False, True])
def test_it_stays_within_a_fixed_number_of_queries_after_many_attempts(
    alice_client, alice, django_assert_max_num_queries, answered
):
    for seed in range(40):
        old = issue(owner=owner_of(alice), mode=Mode.FAMILY, family="obligacion", seed=seed)
        submit(owner=owner_of(alice), token=old.token, raw="libre")
    issued = issue(owner=owner_of(alice), mode=Mode.FAMILY, family="validas", seed=99)
    if answered:
        submit(owner=owner_of(alice), token=issued.token, raw=issued.scenario["answer"])
    # session, user, the issued scenario with its attempt
    with django_assert_max_num_queries(3):
        response = alice_client.get(issued.get_absolute_url())
    assert response.status_code == 200
