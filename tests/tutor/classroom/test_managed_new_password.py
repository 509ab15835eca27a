"""A teacher gives a child whose account the class made a new password (a child who forgot theirs
has no email to recover it): a new login card, the old password no longer works, the new one does.
Accounts with their own email are not the class's to change."""

import re
from html import unescape

from django.test import Client
from django.urls import reverse

from tests.conftest import PASSWORD
from tutor.classroom import services
from tutor.classroom.models import Membership


def _url(classroom, membership) -> str:
    return reverse("classroom:student_password", args=[classroom.pk, membership.pk])


def test_the_teacher_gives_a_managed_child_a_new_password(teresa_client, classroom):
    [card] = services.create_managed_students(classroom=classroom, names=["Lucía Pérez"])
    membership = Membership.objects.get(student__username=card.username)
    detail = teresa_client.get(reverse("classroom:detail", args=[classroom.pk])).content.decode()
    assert _url(classroom, membership) in detail
    response = teresa_client.post(_url(classroom, membership))
    assert response["Location"] == reverse("classroom:logins", args=[classroom.pk])
    sheet = unescape(teresa_client.get(response["Location"]).content.decode())
    assert card.username in sheet and "Lucía Pérez" in sheet and card.password not in sheet
    assert not Client().login(username=card.username, password=card.password)
    new = re.search(r'class="login-card__password">([^<]+)<', sheet).group(1)
    assert Client().login(username=card.username, password=new)


def test_an_account_of_its_own_is_not_the_class_s_to_change(teresa_client, classroom, alice):
    membership = Membership.objects.get(classroom=classroom, student=alice)
    assert (
        _url(classroom, membership)
        not in teresa_client.get(reverse("classroom:detail", args=[classroom.pk])).content.decode()
    )
    told = teresa_client.post(_url(classroom, membership), follow=True).content.decode()
    assert "Solo las cuentas que creó la clase" in told
    assert Client().login(username="alice", password=PASSWORD)


def test_another_teacher_cannot(tomas_client, classroom):
    [card] = services.create_managed_students(classroom=classroom, names=["Marco Ruiz"])
    membership = Membership.objects.get(student__username=card.username)
    assert tomas_client.post(_url(classroom, membership)).status_code == 404
    assert Client().login(username=card.username, password=card.password)
