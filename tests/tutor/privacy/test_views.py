"""«Mis datos», its archive made by the task worker, «Borrar mi cuenta» and the privacy page."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django_tasks_db.models import DBTaskResult

from tests.conftest import PASSWORD
from tests.tutor.privacy.conftest import ZOE, ZOE_ID, archive_files
from tutor.privacy.models import DataExport

MY_DATA = reverse("privacy:my_data")


def test_my_data_needs_an_account(client, db):
    response = client.get(MY_DATA)
    assert response.status_code == 302 and reverse("accounts:login") in response["Location"]
    assert client.post(reverse("privacy:request_export")).status_code == 302
    assert not DataExport.objects.exists()


def test_my_data_says_what_is_kept_and_offers_the_archive_and_the_erasure(zoe_client):
    page = zoe_client.get(MY_DATA).content.decode()
    assert "Lo que guardamos de ti" in page
    assert reverse("privacy:request_export") in page
    assert reverse("privacy:delete_account") in page
    # what issues 33 and 34 added is said too: the table's mistakes with their notes, the tables and leagues
    assert "«Mis errores en la mesa»" in page and "Las mesas con personas" in page


def test_asking_for_the_archive_queues_a_task_and_the_page_says_it_is_being_made(zoe, zoe_client):
    response = zoe_client.post(reverse("privacy:request_export"))
    assert response.status_code == 302
    export = DataExport.objects.get(user=zoe)
    assert export.state == DataExport.State.PENDING
    task = DBTaskResult.objects.get(id=export.task_id)
    assert task.task_path == "tutor.privacy.tasks.build_export" and task.status == "READY"
    page = zoe_client.get(MY_DATA).content.decode()
    assert "Estamos preparando tu archivo" in page
    assert reverse("privacy:download", args=[export.pk]) not in page
    assert zoe_client.get(reverse("privacy:download", args=[export.pk])).status_code == 404
    # Asking again while it is being made queues nothing more.
    zoe_client.post(reverse("privacy:request_export"), {"again": "1"})
    assert DataExport.objects.get(user=zoe) == export and DBTaskResult.objects.count() == 1


def test_the_worker_makes_the_archive_and_the_page_links_it_for_her_only(
    busy_class, zoe, zoe_client, alice_client, task_worker
):
    zoe_client.post(reverse("privacy:request_export"))
    export = DataExport.objects.get(user=zoe)
    from tutor.privacy.tasks import build_export

    done = task_worker.wait_for(build_export.get_result(export.task_id))
    assert done.status == "SUCCESSFUL", task_worker.output()
    export.refresh_from_db()
    assert export.state == DataExport.State.READY
    download = reverse("privacy:download", args=[export.pk])
    assert download in zoe_client.get(MY_DATA).content.decode()
    response = zoe_client.get(download)
    assert response.status_code == 200 and response["Content-Type"] == "application/zip"
    assert "attachment" in response["Content-Disposition"]
    files = archive_files(response.content)
    assert ZOE["username"] in files["account.json"] and "practice/attempt.csv" in files
    assert alice_client.get(download).status_code == 404


def test_a_wrong_password_erases_nothing(zoe, zoe_client):
    response = zoe_client.post(reverse("privacy:delete_account"), {"password": "no-es-esta"})
    assert response.status_code == 200
    assert "La contraseña no es correcta." in response.content.decode()
    assert get_user_model().objects.filter(pk=ZOE_ID).exists()


def test_the_right_password_erases_the_account_and_signs_out(busy_class, zoe, zoe_client):
    page = zoe_client.get(reverse("privacy:delete_account")).content.decode()
    assert "Lo que se borra" in page and "alumno borrado" in page
    response = zoe_client.post(reverse("privacy:delete_account"), {"password": PASSWORD})
    assert response.status_code == 302 and response["Location"] == reverse("core:home")
    assert not get_user_model().objects.filter(pk=ZOE_ID).exists()
    assert zoe_client.get(MY_DATA).status_code == 302  # signed out
    assert not Client().login(username=ZOE["username"], password=PASSWORD)


@pytest.mark.parametrize("language", ["es", "en"])
def test_the_privacy_page_is_linked_from_every_page_in_both_languages(client, language):
    client.cookies["django_language"] = language
    home = client.get(reverse("core:home")).content.decode()
    assert f'href="{reverse("privacy:policy")}"' in home
    page = client.get(reverse("privacy:policy")).content.decode()
    if language == "es":
        assert "Quién ve cada cosa" in page and "30 días" in page
    else:
        assert "Who sees what" in page and "30 days" in page


def test_guessing_the_password_on_the_erasure_form_is_throttled_like_the_login(zoe, zoe_client, settings):
    """An open session left on a shared computer must not be a way round the login's limit."""
    for _ in range(settings.LOGIN_ATTEMPTS_PER_USERNAME):
        zoe_client.post(reverse("privacy:delete_account"), {"password": "adivino"})
    response = zoe_client.post(reverse("privacy:delete_account"), {"password": PASSWORD})
    assert response.status_code == 200
    assert "Demasiados intentos fallidos" in response.content.decode()
    assert get_user_model().objects.filter(username=ZOE["username"]).exists()
    # The same count closes the login form for that username.
    login = Client().post(reverse("accounts:login"), {"username": ZOE["username"], "password": PASSWORD})
    assert "Demasiados intentos fallidos" in login.content.decode()
