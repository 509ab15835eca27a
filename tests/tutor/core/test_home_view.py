from django.urls import reverse

URL = reverse("core:home")


def test_it_greets_anonymous_visitors(client, db, django_assert_max_num_queries):
    with django_assert_max_num_queries(0):
        response = client.get(URL)
    assert response.status_code == 200
    body = response.content.decode()
    assert "Aprende a jugar al Tute por parejas" in body
    assert 'href="/baraja/"' in body
    assert "Crear una cuenta" in body


def test_it_shows_who_is_logged_in(alice_client, django_assert_max_num_queries):
    # Session and user, then the returning learner's page (tests/tutor/core/test_home_returning.py).
    with django_assert_max_num_queries(10):
        response = alice_client.get(URL)
    body = response.content.decode()
    assert "alice" in body
    assert "alumno" in body
    assert 'action="/cuenta/salir/"' in body


def test_it_has_the_page_landmarks_and_a_skip_link(client, db):
    body = client.get(URL).content.decode()
    for landmark in ("<header", "<nav", '<main id="main"', "<footer"):
        assert landmark in body
    assert 'href="#main"' in body
    assert "Saltar al contenido" in body


def test_it_rejects_post(client, db):
    assert client.post(URL).status_code == 405


def test_it_shows_a_sample_trick_with_the_winner_the_engine_computed(client, db):
    body = client.get(URL).content.decode()
    assert "Triunfo: oros" in body
    rival_izquierda = body.split('data-seat="3"')[1].split("</li>")[0]
    assert "cuatro de oros" in rival_izquierda and "gana" in rival_izquierda
    assert body.count('card-flag--winner">gana') == 1
