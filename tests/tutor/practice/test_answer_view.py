import pytest
from django.urls import reverse

from tutor.practice.models import Attempt, Mode
from tutor.practice.services import issue

from .conftest import owner_of


def _url(issued) -> str:
    return reverse("practice:answer", args=[issued.token])


def _refused(client, issued, data):
    """Post a refused answer without JavaScript: it is redirected (Post/Redirect/Get) to the question's
    page, at its error; the page that shows it, which tells the error once."""
    response = client.post(_url(issued), data)
    token = issued.token
    assert response.status_code == 302
    assert response.url == reverse("practice:scenario", args=[token]) + f"#error-{token}"
    page = client.get(response.url)
    assert page.status_code == 200
    assert "data-answer-error" not in client.get(response.url).content.decode()  # told once
    return page


def test_it_grades_a_card_and_redirects_to_the_feedback(alice_client, cual_puedes_jugar):
    response = alice_client.post(_url(cual_puedes_jugar), {"answer": "4c"})
    assert response.status_code == 302
    token = cual_puedes_jugar.token
    assert response.url == reverse("practice:scenario", args=[token]) + f"#feedback-{token}"
    attempt = Attempt.objects.get()
    assert (attempt.correct, attempt.answer, attempt.misconception) == (False, "4c", "no_monto")
    body = alice_client.get(response.url).content.decode()
    assert "Incorrecto." in body
    assert "debes montar" in body
    for card in cual_puedes_jugar.scenario["position"]["hand"]:
        assert f'data-verdict="{card}"' in body


def test_htmx_gets_the_answer_part_with_the_feedback(alice_client, cual_puedes_jugar):
    response = alice_client.post(_url(cual_puedes_jugar), {"answer": "12c"}, headers={"HX-Request": "true"})
    assert response.status_code == 200
    body = response.content.decode()
    # Only the answer part is swapped (the form's hx-target): the question and table stay on the page.
    assert body.lstrip().startswith(
        f'<div class="scenario__answer" id="answer-part-{cual_puedes_jugar.token}">'
    )
    assert "<html" not in body and "scenario__question" not in body and "hx-swap-oob" not in body
    assert "¡Correcto!" in body
    assert "data-feedback" in body
    assert Attempt.objects.get().correct


def test_the_answer_form_targets_the_answer_part(alice_client, cual_puedes_jugar):
    body = alice_client.get(cual_puedes_jugar.get_absolute_url()).content.decode()
    token = cual_puedes_jugar.token
    assert f'<div class="scenario__answer" id="answer-part-{token}">' in body
    form = body[body.index('<form class="scenario__form"') :]
    assert f'hx-target="#answer-part-{token}"' in form[: form.index(">")]


def test_answering_a_ganador_by_htmx_also_shows_the_trick_winner(alice_client, alice):
    issued = issue(owner=owner_of(alice), mode=Mode.FAMILY, family="ganador", difficulty=2)
    open_page = alice_client.get(issued.get_absolute_url()).content.decode()
    assert "card-flag--winner" not in open_page  # the winner is the question
    response = alice_client.post(
        _url(issued), {"answer": issued.scenario["answer"]}, headers={"HX-Request": "true"}
    )
    body = response.content.decode()
    assert "data-feedback" in body
    # The table comes out of band, now with the winner flagged.
    oob = body[body.index(f'id="table-{issued.token}"') :]
    assert 'hx-swap-oob="true"' in oob[: oob.index(">")]
    assert "card-flag--winner" in oob


def test_another_learners_token_is_a_404_that_records_nothing(bob_client, cual_puedes_jugar):
    response = bob_client.post(_url(cual_puedes_jugar), {"answer": "12c"})
    assert response.status_code == 404
    assert "rey de copas" not in response.content.decode()
    assert not Attempt.objects.exists()


def test_an_anonymous_visitor_cannot_answer_a_learners_scenario(client, cual_puedes_jugar):
    assert client.post(_url(cual_puedes_jugar), {"answer": "12c"}).status_code == 404
    assert not Attempt.objects.exists()


def test_an_unknown_token_is_a_404(alice_client):
    assert alice_client.post(reverse("practice:answer", args=["nope"]), {"answer": "12c"}).status_code == 404


@pytest.mark.parametrize(
    "data, message",
    [
        ({"answer": "1o"}, "El as de oros no está entre tus cartas."),
        ({"answer": "corazones"}, "No entiendo la carta «corazones»"),
        ({"answer": ["12c", "4c"]}, "Elige una sola respuesta."),
        ({}, "Elige una respuesta antes de comprobar."),
        ({"answer": "x" * 200}, "Respuesta no válida."),
    ],
)
def test_a_forged_answer_is_refused_with_a_message_and_changes_nothing(
    alice_client, cual_puedes_jugar, data, message
):
    response = _refused(alice_client, cual_puedes_jugar, data)
    assert message in response.content.decode()
    assert not Attempt.objects.exists()
    # the form is still there to answer properly
    body = response.content.decode()
    assert "data-practice-form" in body and 'value="12c"' in body


def test_a_forged_answer_by_htmx_shows_the_error_in_the_fragment(alice_client, cual_puedes_jugar):
    response = alice_client.post(_url(cual_puedes_jugar), {"answer": "1o"}, headers={"HX-Request": "true"})
    body = response.content.decode()
    assert "data-answer-error" in body and "no está entre tus cartas" in body
    assert not Attempt.objects.exists()


def test_an_option_that_does_not_exist_is_refused(alice_client, alice):
    from tutor.practice.models import Mode
    from tutor.practice.services import issue

    from .conftest import owner_of

    issued = issue(owner=owner_of(alice), mode=Mode.FAMILY, family="obligacion", seed=5)
    response = _refused(alice_client, issued, {"answer": "robar"})
    assert "Opción desconocida: «robar»" in response.content.decode()
    assert not Attempt.objects.exists()


def test_a_replay_shows_the_first_answer_and_counts_once(alice_client, cual_puedes_jugar):
    alice_client.post(_url(cual_puedes_jugar), {"answer": "4c"})
    response = alice_client.post(_url(cual_puedes_jugar), {"answer": "12c"}, follow=True)
    body = response.content.decode()
    assert "Ya habías respondido" in body
    assert "Incorrecto." in body
    assert Attempt.objects.count() == 1
    assert Attempt.objects.get().answer == "4c"


def test_a_replay_by_htmx_says_so_in_the_fragment(alice_client, cual_puedes_jugar):
    alice_client.post(_url(cual_puedes_jugar), {"answer": "12c"})
    response = alice_client.post(_url(cual_puedes_jugar), {"answer": "4c"}, headers={"HX-Request": "true"})
    body = response.content.decode()
    assert "Ya habías respondido" in body and "¡Correcto!" in body
    assert Attempt.objects.count() == 1


def test_an_empty_replay_still_shows_the_recorded_answer(alice_client, cual_puedes_jugar):
    alice_client.post(_url(cual_puedes_jugar), {"answer": "12c"})
    response = alice_client.post(_url(cual_puedes_jugar), {}, follow=True)
    assert "Ya habías respondido" in response.content.decode()
    assert Attempt.objects.count() == 1


@pytest.mark.parametrize("method", ["get", "put", "delete"])
def test_it_rejects_other_methods(alice_client, cual_puedes_jugar, method):
    response = getattr(alice_client, method)(_url(cual_puedes_jugar))
    assert response.status_code == 405
    assert not Attempt.objects.exists()


def test_it_requires_the_csrf_token(alice, cual_puedes_jugar):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    assert client.post(_url(cual_puedes_jugar), {"answer": "12c"}).status_code == 403
    assert not Attempt.objects.exists()


def test_answering_stays_within_a_fixed_number_of_queries(
    alice_client, cual_puedes_jugar, django_assert_max_num_queries
):
    # Practice itself needs about 8; the attempt_recorded receivers (progress, lessons, classroom) add a
    # fixed handful: their updates are keyed by owner and skill, never by how much history there is.
    with django_assert_max_num_queries(24):
        alice_client.post(_url(cual_puedes_jugar), {"answer": "12c"}, headers={"HX-Request": "true"})


@pytest.mark.parametrize(
    "family", ["tantos", "jugada", "validas", "ganador", "cante", "renuncio", "obligacion"]
)
def test_every_id_on_a_scenario_page_is_unique_and_every_label_finds_its_field(alice_client, alice, family):
    import re

    issued = issue(owner=owner_of(alice), mode=Mode.FAMILY, family=family, difficulty=2)
    body = alice_client.get(issued.get_absolute_url()).content.decode()
    ids = re.findall(r'\sid="([^"]+)"', body)
    assert len(ids) == len(set(ids)), sorted(i for i in ids if ids.count(i) > 1)
    for target in re.findall(r'<label[^>]*\sfor="([^"]+)"', body):
        assert re.search(rf'<(input|select|textarea)[^>]*\sid="{re.escape(target)}"', body), target


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("", "Elige una respuesta antes de comprobar."),
        ("zzz", "No entiendo la carta «zzz»"),
        ("8o", "No entiendo la carta «8o»"),
        ("፩c", "No entiendo la carta «፩c»"),
        (["zzz", "12c"], "No entiendo la carta «zzz»"),
        (["", " "], "Elige una respuesta antes de comprobar."),
    ],
)
def test_a_validas_answer_that_is_not_a_list_of_cards_gets_the_forms_error(
    alice_client, alice, value, message
):
    issued = issue(owner=owner_of(alice), mode=Mode.FAMILY, family="validas", seed=3)
    response = _refused(alice_client, issued, {"answer": value})
    assert message in response.content.decode()
    assert "data-practice-form" in response.content.decode()
    assert not Attempt.objects.exists()


@pytest.mark.parametrize("value", ["²", "٣", "1_0", "9" * 50])
def test_a_tantos_answer_in_other_figures_is_refused_with_a_message(alice_client, alice, value):
    issued = issue(owner=owner_of(alice), mode=Mode.FAMILY, family="tantos", seed=3)
    response = _refused(alice_client, issued, {"answer": value})
    assert (
        "no es un número" in response.content.decode() or "Respuesta no válida." in response.content.decode()
    )
    assert not Attempt.objects.exists()
