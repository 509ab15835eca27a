from django.urls import reverse

URL = reverse("accounts:password_change")


def test_it_asks_anonymous_visitors_to_log_in(client, db):
    response = client.get(URL)
    assert response.status_code == 302
    assert response.url == reverse("accounts:login") + "?next=" + URL


def test_it_shows_the_form(alice_client, django_assert_max_num_queries):
    with django_assert_max_num_queries(2):
        response = alice_client.get(URL)
    assert response.status_code == 200
    assert "Contraseña antigua" in response.content.decode()


def test_it_changes_the_password_and_keeps_the_session(alice, alice_client, password):
    response = alice_client.post(
        URL,
        {
            "old_password": password,
            "new_password1": "caballo-de-espadas-9",
            "new_password2": "caballo-de-espadas-9",
        },
    )
    assert response.status_code == 302
    alice.refresh_from_db()
    assert alice.check_password("caballo-de-espadas-9")
    assert alice_client.get(URL).status_code == 200


def test_it_explains_a_wrong_old_password_in_spanish(alice_client):
    response = alice_client.post(URL, {"old_password": "no", "new_password1": "a", "new_password2": "a"})
    assert response.status_code == 200
    assert "La contraseña antigua no es correcta: vuelve a escribirla." in response.content.decode()


def test_it_rejects_put(alice_client):
    assert alice_client.put(URL).status_code == 405


def test_its_help_texts_say_tu(alice_client):
    body = alice_client.get(URL).content.decode()
    assert "Su contraseña" not in body and "introduzca" not in body
    assert "Que no se parezca a tu nombre de usuario" in body


def test_a_double_click_on_change_password_changes_it_once_and_says_so(alice, alice_client, password):
    data = {
        "old_password": password,
        "new_password1": "sota-de-bastos-7",
        "new_password2": "sota-de-bastos-7",
    }
    url = reverse("accounts:password_change")
    assert alice_client.post(url, data).status_code == 302
    again = alice_client.post(url, data, follow=True)
    assert again.status_code == 200
    assert "Esto ya estaba hecho." in again.content.decode()
    alice.refresh_from_db()
    assert alice.check_password("sota-de-bastos-7")


def test_guessing_the_old_password_is_throttled_like_the_login(alice, alice_client, password, settings):
    """A session left open must not let anyone try old passwords without the login's limit."""
    url = reverse("accounts:password_change")
    for _ in range(settings.LOGIN_ATTEMPTS_PER_USERNAME):
        page = alice_client.post(
            url,
            {"old_password": "adivino", "new_password1": "Xk3-otra-clave", "new_password2": "Xk3-otra-clave"},
        ).content.decode()
        assert "Demasiados intentos fallidos" not in page
    response = alice_client.post(
        url, {"old_password": password, "new_password1": "Xk3-otra-clave", "new_password2": "Xk3-otra-clave"}
    )
    assert response.status_code == 200
    assert "Demasiados intentos fallidos" in response.content.decode()
    alice.refresh_from_db()
    assert alice.check_password(password)
