from django.urls import reverse

URL = reverse("accounts:logout")


def test_it_logs_out(alice_client, django_assert_max_num_queries):
    with django_assert_max_num_queries(4):
        response = alice_client.post(URL)
    assert response.status_code == 302
    assert response.url == reverse("core:home")
    assert "_auth_user_id" not in alice_client.session


def test_it_works_for_anonymous_visitors(client, db):
    assert client.post(URL).status_code == 302


def test_it_rejects_get(alice_client):
    assert alice_client.get(URL).status_code == 405
    assert "_auth_user_id" in alice_client.session
