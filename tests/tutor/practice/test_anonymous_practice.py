"""An anonymous visitor practises, then signs up: their attempts become the new account's."""

from django.urls import reverse

from tutor.accounts.models import User
from tutor.practice.models import Attempt, Issued


def test_anonymous_work_joins_the_account_at_signup(client, db):
    client.post(reverse("practice:fixed", args=["guia-cual-puedes-jugar"]))
    issued = Issued.objects.get()
    client.post(reverse("practice:answer", args=[issued.token]), {"answer": "4c"})
    attempt = Attempt.objects.get()
    assert attempt.learner is None and attempt.anon_id

    response = client.post(
        reverse("accounts:signup"),
        {
            "username": "nuria",
            "email": "nuria@example.org",
            "role": "learner",
            "password1": "sota-de-bastos-77",
            "password2": "sota-de-bastos-77",
        },
    )
    assert response.status_code == 302
    nuria = User.objects.get(username="nuria")
    attempt = Attempt.objects.get()
    assert (attempt.learner, attempt.anon_id) == (nuria, "")
    assert Issued.objects.get().learner == nuria
    # still theirs to see, now as a learner
    body = client.get(issued.get_absolute_url()).content.decode()
    assert "Incorrecto." in body


def test_two_anonymous_visitors_do_not_see_each_other(client, db):
    from django.test import Client

    client.post(reverse("practice:fixed", args=["guia-cual-puedes-jugar"]))
    issued = Issued.objects.get()
    other = Client()
    assert other.get(issued.get_absolute_url()).status_code == 404
    assert other.post(reverse("practice:answer", args=[issued.token]), {"answer": "12c"}).status_code == 404
    assert not Attempt.objects.exists()
