"""A managed child's account ended by a teacher, and a class archived long enough erased whole."""

from datetime import timedelta

from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone

from tests.tutor.privacy.conftest import ZOE_ID, ZOE_REAL_NAME, busy_class, identifying, zoe, zoe_client
from tests.tutor.privacy.test_erasure import rows_naming
from tutor.classroom import ending
from tutor.classroom.models import Classroom, Membership

__all__ = ["busy_class", "zoe", "zoe_client"]


def test_ending_a_child_erases_her_everywhere_and_tells_what_was_done(busy_class, zoe, teresa):
    membership = Membership.objects.get(student=zoe)
    note = ending.ended_child(teresa, membership)
    assert (note.username, note.real_name, note.classroom) == ("zoequxlearner", ZOE_REAL_NAME, "4º B")
    assert rows_naming(ZOE_ID, identifying()) == {}


def test_archiving_dates_the_class_and_bringing_it_back_forgets_the_date(classroom):
    assert classroom.archived_at is None and ending.erasable_from(classroom) is None
    classroom.archived = True
    classroom.save(update_fields=["archived"])
    classroom.refresh_from_db()
    assert classroom.archived_at is not None
    assert not ending.can_erase(classroom)
    assert ending.can_erase(classroom, now=timezone.now() + timedelta(days=31))
    classroom.archived = False
    classroom.save(update_fields=["archived"])
    classroom.refresh_from_db()
    assert classroom.archived_at is None


def test_erasing_a_class_takes_its_managed_children_but_not_the_others(busy_class, zoe, alice, bob, charlie):
    classroom = busy_class["classroom"]
    other = Classroom.objects.create(name="Otra")
    Membership.objects.create(classroom=other, student=bob, managed=True)
    Membership.objects.filter(student=bob, classroom=classroom).update(managed=True)
    assert ending.erase_class(classroom) == 1  # zoe; bob is in another class too
    users = get_user_model().objects
    assert not Classroom.objects.filter(pk=classroom.pk).exists()
    assert not users.filter(pk=zoe.pk).exists()
    assert users.filter(pk__in=[alice.pk, bob.pk]).count() == 2


def test_the_class_page_offers_to_end_only_managed_accounts(busy_class, zoe, alice, teresa_client):
    classroom = busy_class["classroom"]
    page = teresa_client.get(reverse("classroom:detail", args=[classroom.pk])).content.decode()
    zoe_m, alice_m = (Membership.objects.get(student=u) for u in (zoe, alice))
    assert reverse("classroom:end_account", args=[classroom.pk, zoe_m.pk]) in page
    assert reverse("classroom:end_account", args=[classroom.pk, alice_m.pk]) not in page
    assert (
        teresa_client.get(reverse("classroom:end_account", args=[classroom.pk, alice_m.pk])).status_code
        == 404
    )


def test_a_teacher_ends_a_childs_account_after_confirming_and_gets_a_note(
    busy_class, zoe, teresa_client, tomas_client
):
    classroom = busy_class["classroom"]
    url = reverse("classroom:end_account", args=[classroom.pk, Membership.objects.get(student=zoe).pk])
    assert tomas_client.get(url).status_code == 404  # not his class
    assert tomas_client.post(url, {"confirm": "on"}).status_code == 404
    page = teresa_client.get(url).content.decode()
    assert (
        ZOE_REAL_NAME in page
        and "alumno borrado" in page
        and "Dar de baja y borrar la cuenta</button>" in page
    )
    refused = teresa_client.post(url, {})
    assert refused.status_code == 200 and "Marca la casilla para confirmar." in refused.content.decode()
    assert get_user_model().objects.filter(pk=ZOE_ID).exists()
    note = teresa_client.post(url, {"confirm": "on"})
    assert note.status_code == 200
    text = note.content.decode()
    assert (
        "Cuenta dada de baja" in text and ZOE_REAL_NAME in text and "zoequxlearner" in text and "4º B" in text
    )
    assert not get_user_model().objects.filter(pk=ZOE_ID).exists()
    assert teresa_client.post(url, {"confirm": "on"}).status_code == 404  # nothing left to end
    assert teresa_client.get(reverse("classroom:detail", args=[classroom.pk])).status_code == 200


def test_a_class_is_erased_whole_only_once_archived_long_enough(
    busy_class, zoe, alice, teresa_client, tomas_client
):
    classroom = busy_class["classroom"]
    url = reverse("classroom:erase_class", args=[classroom.pk])
    detail = reverse("classroom:detail", args=[classroom.pk])
    assert teresa_client.post(url, {"confirm": "on"}).status_code == 302
    assert Classroom.objects.filter(pk=classroom.pk).exists()  # not archived
    teresa_client.post(reverse("classroom:archive", args=[classroom.pk]), {"archivada": "1"})
    assert "podrás borrarla entera" in teresa_client.get(detail).content.decode()
    teresa_client.post(url, {"confirm": "on"})
    assert Classroom.objects.filter(pk=classroom.pk).exists()  # archived today
    Classroom.objects.filter(pk=classroom.pk).update(archived_at=timezone.now() - timedelta(days=31))
    assert url in teresa_client.get(detail).content.decode()
    assert tomas_client.get(url).status_code == 404
    assert teresa_client.get(url).status_code == 200
    assert teresa_client.post(url, {}).status_code == 200
    response = teresa_client.post(url, {"confirm": "on"})
    assert response.status_code == 302 and response["Location"] == reverse("classroom:index")
    assert not Classroom.objects.filter(pk=classroom.pk).exists()
    assert not get_user_model().objects.filter(pk=ZOE_ID).exists()  # the managed child, in no other class
    assert get_user_model().objects.filter(pk=alice.pk).exists()
    assert teresa_client.get(reverse("classroom:index")).status_code == 200
