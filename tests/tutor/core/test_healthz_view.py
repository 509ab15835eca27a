from unittest import mock

from django.db import OperationalError
from django.urls import reverse

URL = reverse("core:healthz")


def test_it_says_ok_when_the_database_answers(client, db, django_assert_max_num_queries):
    with django_assert_max_num_queries(1):
        response = client.get(URL)
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}
    assert "no-cache" in response["Cache-Control"]


def test_it_answers_503_when_the_database_fails(client, db):
    with mock.patch("tutor.core.views.connection.cursor", side_effect=OperationalError("down")):
        response = client.get(URL)
    assert response.status_code == 503
    assert response.json()["status"] == "error"


def test_it_answers_head(client, db):
    assert client.head(URL).status_code == 200


def test_it_works_when_logged_in(alice_client):
    assert alice_client.get(URL).status_code == 200


def test_it_rejects_post(client, db):
    assert client.post(URL).status_code == 405
