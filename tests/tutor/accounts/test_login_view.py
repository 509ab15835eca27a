import pytest
from django.urls import reverse

URL = reverse("accounts:login")
THROTTLED = "Demasiados intentos fallidos"


def test_it_shows_the_form(client, db, django_assert_max_num_queries):
    with django_assert_max_num_queries(0):
        response = client.get(URL)
    assert response.status_code == 200
    assert "Contraseña" in response.content.decode()


def test_it_logs_in_and_goes_home(alice, client, password, django_assert_max_num_queries):
    with django_assert_max_num_queries(10):
        response = client.post(URL, {"username": "alice", "password": password})
    assert response.status_code == 302
    assert response.url == reverse("core:home")
    assert client.session["_auth_user_id"] == str(alice.pk)


def test_it_rotates_the_session_key(alice, client, password):
    client.get(URL)
    session = client.session
    session["planted"] = "yes"
    session.save()
    before = session.session_key
    client.post(URL, {"username": "alice", "password": password})
    assert client.session.session_key != before
    assert client.session["_auth_user_id"] == str(alice.pk)


def test_it_follows_a_safe_next(alice, client, password):
    response = client.post(URL, {"username": "alice", "password": password, "next": "/baraja/"})
    assert response.url == "/baraja/"


@pytest.mark.parametrize("target", ["https://evil.example/", "//evil.example/", "javascript:alert(1)"])
def test_it_ignores_an_unsafe_next(alice, client, password, target):
    response = client.post(URL, {"username": "alice", "password": password, "next": target})
    assert response.url == reverse("core:home")


def test_it_carries_next_through_the_form(client, db):
    response = client.get(URL + "?next=/baraja/")
    assert 'name="next" value="/baraja/"' in response.content.decode()


def test_it_explains_a_wrong_password_in_spanish(alice, client):
    response = client.post(URL, {"username": "alice", "password": "nope"})
    assert response.status_code == 200
    assert "El usuario o la contraseña no son correctos" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_it_blocks_guessing_one_username(alice, client, password, settings):
    for _ in range(settings.LOGIN_ATTEMPTS_PER_USERNAME):
        assert THROTTLED not in client.post(URL, {"username": "alice", "password": "guess"}).content.decode()
    response = client.post(URL, {"username": "alice", "password": password})
    assert response.status_code == 200
    assert THROTTLED in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_the_username_block_ignores_case(alice, client, password, settings):
    for _ in range(settings.LOGIN_ATTEMPTS_PER_USERNAME):
        client.post(URL, {"username": "ALICE", "password": "guess"})
    assert THROTTLED in client.post(URL, {"username": "alice", "password": password}).content.decode()


def test_it_blocks_one_address_guessing_many_usernames(alice, client, password, settings):
    settings.LOGIN_ATTEMPTS_PER_IP = 3
    for name in ("ana", "bea", "carla"):
        client.post(URL, {"username": name, "password": "guess"})
    response = client.post(URL, {"username": "alice", "password": password})
    assert THROTTLED in response.content.decode()


def test_another_address_can_still_log_in(alice, client, password, settings):
    settings.LOGIN_ATTEMPTS_PER_IP = 3
    for name in ("ana", "bea", "carla"):
        client.post(URL, {"username": name, "password": "guess"}, REMOTE_ADDR="10.0.0.1")
    response = client.post(URL, {"username": "alice", "password": password}, REMOTE_ADDR="10.0.0.2")
    assert response.status_code == 302


def test_a_success_forgets_earlier_failures_of_that_username(alice, client, password, settings):
    for _ in range(settings.LOGIN_ATTEMPTS_PER_USERNAME - 1):
        client.post(URL, {"username": "alice", "password": "guess"})
    assert client.post(URL, {"username": "alice", "password": password}).status_code == 302
    client.post(reverse("accounts:logout"))
    for _ in range(settings.LOGIN_ATTEMPTS_PER_USERNAME - 1):
        client.post(URL, {"username": "alice", "password": "guess"})
    assert client.post(URL, {"username": "alice", "password": password}).status_code == 302


def test_it_rejects_put(client):
    assert client.put(URL).status_code == 405


def test_a_logged_in_user_still_gets_the_form(alice_client, django_assert_max_num_queries):
    with django_assert_max_num_queries(2):
        response = alice_client.get(URL)
    assert response.status_code == 200


def test_behind_a_proxy_the_address_is_the_one_the_proxy_saw(alice, client, password, settings):
    settings.TRUST_X_FORWARDED_FOR = True
    settings.LOGIN_ATTEMPTS_PER_IP = 3
    for name in ("ana", "bea", "carla"):
        client.post(URL, {"username": name, "password": "guess"}, HTTP_X_FORWARDED_FOR="1.2.3.4, 10.0.0.1")
    blocked = client.post(
        URL, {"username": "alice", "password": password}, HTTP_X_FORWARDED_FOR="9.9.9.9, 10.0.0.1"
    )
    assert THROTTLED in blocked.content.decode()
    response = client.post(URL, {"username": "alice", "password": password}, HTTP_X_FORWARDED_FOR="10.0.0.2")
    assert response.status_code == 302


ADMIN_URL = reverse("admin:login")


def test_the_admin_login_counts_failures_in_the_same_throttle(admin_user, client, settings):
    for _ in range(settings.LOGIN_ATTEMPTS_PER_USERNAME):
        client.post(ADMIN_URL, {"username": "admin", "password": "guess"})
    response = client.post(ADMIN_URL, {"username": "admin", "password": "password"})
    assert response.status_code == 200
    assert THROTTLED in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_failures_on_the_site_form_also_close_the_admin_login(admin_user, client, settings):
    for _ in range(settings.LOGIN_ATTEMPTS_PER_USERNAME):
        client.post(URL, {"username": "admin", "password": "guess"})
    assert THROTTLED in client.post(ADMIN_URL, {"username": "admin", "password": "password"}).content.decode()


def test_the_admin_login_still_works_under_the_limit(admin_user, client):
    client.post(ADMIN_URL, {"username": "admin", "password": "guess"})
    response = client.post(ADMIN_URL, {"username": "admin", "password": "password"})
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(admin_user.pk)


@pytest.mark.parametrize(
    "next_value", ["inicio", "፩c", "core:home", "//evil.example/", "https://evil.example/"]
)
def test_a_next_that_is_not_a_path_of_this_site_goes_home(alice, client, password, next_value):
    response = client.post(URL, {"username": "alice", "password": password, "next": next_value})
    assert response.status_code == 302
    assert response["Location"] == reverse("core:home")
