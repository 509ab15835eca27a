import re

from django.core import mail
from django.urls import reverse

URL = reverse("accounts:password_reset")


def test_it_shows_the_form(client, db, django_assert_max_num_queries):
    with django_assert_max_num_queries(0):
        response = client.get(URL)
    assert response.status_code == 200
    assert "Correo electrónico" in response.content.decode()


def test_it_mails_a_link_that_sets_a_new_password(alice, client):
    response = client.post(URL, {"email": "alice@example.org"})
    assert response.status_code == 302
    assert response.url == reverse("accounts:password_reset_done")
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.subject == "Tutor de Tute: elige una contraseña nueva"
    link = re.search(r"http://testserver(/cuenta/recuperar/\S+/)", message.body).group(1)

    form_page = client.get(link, follow=True)
    assert "Nueva contraseña" in form_page.content.decode()
    response = client.post(
        form_page.redirect_chain[-1][0],
        {"new_password1": "rey-de-oros-2025", "new_password2": "rey-de-oros-2025"},
    )
    assert response.status_code == 302
    assert response.url == reverse("accounts:password_reset_complete")
    alice.refresh_from_db()
    assert alice.check_password("rey-de-oros-2025")


def test_it_says_the_same_for_an_unknown_email(client, db):
    response = client.post(URL, {"email": "nobody@example.org"})
    assert response.status_code == 302
    assert mail.outbox == []


def test_a_bad_link_is_explained(client, db):
    response = client.get(reverse("accounts:password_reset_confirm", args=["MQ", "bad-token"]))
    assert response.status_code == 200
    assert "El enlace no es válido" in response.content.decode()


def test_the_done_and_complete_pages_render(client, db):
    assert client.get(reverse("accounts:password_reset_done")).status_code == 200
    assert client.get(reverse("accounts:password_reset_complete")).status_code == 200


def test_it_rejects_put(client, db):
    assert client.put(URL).status_code == 405


def test_a_logged_in_user_can_ask_for_a_link(alice_client, django_assert_max_num_queries):
    with django_assert_max_num_queries(2):
        assert alice_client.get(URL).status_code == 200


def test_the_done_and_complete_pages_reject_post(client, db):
    assert client.post(reverse("accounts:password_reset_done")).status_code == 405
    assert client.post(reverse("accounts:password_reset_complete")).status_code == 405


def test_the_confirm_page_rejects_put(client, db):
    assert client.put(reverse("accounts:password_reset_confirm", args=["MQ", "bad-token"])).status_code == 405


def test_the_confirm_page_with_a_bad_link_makes_one_query(client, db, django_assert_max_num_queries):
    with django_assert_max_num_queries(1):
        client.get(reverse("accounts:password_reset_confirm", args=["MQ", "bad-token"]))


def test_it_sends_only_a_few_mails_to_one_address_and_says_why(alice, client, settings):
    for _ in range(settings.PASSWORD_RESETS_PER_EMAIL):
        assert client.post(URL, {"email": "alice@example.org"}).status_code == 302
    response = client.post(URL, {"email": "ALICE@example.org"})
    assert response.status_code == 200
    assert "Espera una hora antes de pedir otro." in response.content.decode()
    assert len(mail.outbox) == settings.PASSWORD_RESETS_PER_EMAIL


def test_one_client_cannot_ask_for_mail_to_many_addresses(alice, client, settings):
    settings.PASSWORD_RESETS_PER_IP = 3
    for name in ("ana", "bea", "carla"):
        client.post(URL, {"email": f"{name}@example.org"})
    response = client.post(URL, {"email": "alice@example.org"})
    assert "Espera una hora antes de pedir otro." in response.content.decode()
    assert mail.outbox == []
    elsewhere = client.post(URL, {"email": "alice@example.org"}, REMOTE_ADDR="10.0.0.2")
    assert elsewhere.status_code == 302
    assert len(mail.outbox) == 1
