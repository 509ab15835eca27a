import pytest
from django.urls import reverse

from tutor.accounts.models import User

URL = reverse("accounts:signup")


def _data(**overrides):
    data = {
        "username": "nuria",
        "email": "nuria@example.org",
        "role": "learner",
        "password1": "sota-de-bastos-77",
        "password2": "sota-de-bastos-77",
    }
    data.update(overrides)
    return data


def test_it_shows_the_form(client, db, django_assert_max_num_queries):
    with django_assert_max_num_queries(0):
        response = client.get(URL)
    assert response.status_code == 200
    body = response.content.decode()
    assert "Nombre de usuario" in body
    assert 'name="role"' in body


@pytest.mark.django_db
def test_it_creates_a_learner_and_logs_them_in(client):
    response = client.post(URL, _data())
    assert response.status_code == 302
    assert response.url == reverse("core:home")
    user = User.objects.get(username="nuria")
    assert user.role == User.Role.LEARNER
    assert client.session["_auth_user_id"] == str(user.pk)


@pytest.mark.django_db
def test_it_creates_a_teacher_when_asked(client):
    client.post(URL, _data(role="teacher"))
    assert User.objects.get(username="nuria").is_teacher


@pytest.mark.django_db
def test_it_follows_a_safe_next(client):
    response = client.post(URL + "?next=/baraja/", _data())
    assert response.url == "/baraja/"


@pytest.mark.django_db
def test_it_ignores_an_offsite_next(client):
    response = client.post(URL, {**_data(), "next": "https://evil.example/"})
    assert response.url == reverse("core:home")


@pytest.mark.django_db
def test_it_explains_errors_in_spanish(client):
    response = client.post(URL, _data(password2="otra-cosa-distinta", role="boss"))
    assert response.status_code == 200
    body = response.content.decode()
    assert "Los dos campos de contraseña no coinciden." in body
    assert "Elige una opción válida" in body
    assert not User.objects.filter(username="nuria").exists()


def test_it_rejects_a_taken_username(alice, client):
    response = client.post(URL, _data(username="alice"))
    assert response.status_code == 200
    assert "Ya existe un usuario con este nombre." in response.content.decode()


def test_it_sends_a_logged_in_user_home(alice_client):
    response = alice_client.get(URL)
    assert response.status_code == 302


def test_it_rejects_put(client):
    assert client.put(URL).status_code == 405


def test_its_help_texts_are_ours_and_say_tu(client, db):
    body = client.get(URL).content.decode()
    assert "carácteres" not in body and "Su contraseña" not in body and "introduzca" not in body
    assert "Hasta 150 caracteres" in body
    assert "Que no se parezca a tu nombre de usuario" in body
    assert "Escríbela otra vez" in body


@pytest.mark.django_db
def test_the_welcome_is_gender_neutral(client):
    body = client.post(URL, _data(), follow=True).content.decode()
    assert "¡Te damos la bienvenida, nuria!" in body
    assert "Bienvenido" not in body
