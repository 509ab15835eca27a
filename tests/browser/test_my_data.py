"""Issue 36 in a browser: a learner downloads her data (the archive made by a real task worker) and
erases her account; a teacher ends a child's account and is shown the note to print."""

import json
import zipfile

from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from tests.browser.test_classroom_flow import _log_in
from tests.tutor.classroom.helpers import wrong_card
from tutor.classroom import services
from tutor.classroom.models import Membership
from tutor.play import services as play_services
from tutor.practice.identity import Owner
from tutor.practice.services import issue, submit


def test_a_learner_downloads_her_data_then_erases_her_account(
    live_server, page: Page, alice, bob, password, task_worker
):
    for who in (alice, bob):
        issued = issue(
            owner=Owner(who, ""),
            mode="habilidad",
            family="jugada",
            difficulty=2,
            target="R-OBL-MONTAR",
            seed=5,
        )
        submit(owner=Owner(who, ""), token=issued.token, raw=wrong_card(issued))
        play_services.start_match(owner=Owner(who, ""), level="principiante", seed=7)
    _log_in(page, live_server.url, "alice", password)
    page.get_by_role("banner").get_by_role("link", name="Mis datos").click()
    expect(page.get_by_role("heading", name="Lo que guardamos de ti")).to_be_visible()
    page.get_by_role("button", name="Preparar mi archivo").click()
    expect(
        page.get_by_text("Estamos preparando tu archivo. Vuelve a esta página en un momento.")
    ).to_be_visible()
    download_link = page.get_by_role("link", name="Descargar el archivo")
    for _ in range(60):  # the worker's turn: look again, as the page's link does
        if download_link.count():
            break
        page.get_by_role("link", name="Comprobar si está listo").click()
        page.wait_for_timeout(500)
    with page.expect_download() as download:
        download_link.click()
    with zipfile.ZipFile(download.value.path()) as archive:
        names = set(archive.namelist())
        account = json.loads(archive.read("account.json"))
        attempts = json.loads(archive.read("practice/attempt.json"))
    assert {"practice/attempt.csv", "play/match.json", "play/event.json"} <= names
    assert account[0]["username"] == "alice"
    assert {a["learner_id"] for a in attempts} == {alice.pk}

    page.get_by_role("link", name="Borrar mi cuenta").click()
    expect(page.get_by_role("heading", name="Lo que queda")).to_be_visible()
    page.get_by_label("Tu contraseña").fill("no-es-la-mia")
    page.get_by_role("button", name="Borrar mi cuenta para siempre").click()
    expect(page.get_by_text("La contraseña no es correcta.")).to_be_visible()
    page.get_by_label("Tu contraseña").fill(password)
    page.get_by_role("button", name="Borrar mi cuenta para siempre").click()
    expect(page.get_by_text("Tu cuenta y tus datos se han borrado.")).to_be_visible()
    expect(page.get_by_role("banner").get_by_role("link", name="Entrar")).to_be_visible()
    assert not get_user_model().objects.filter(pk=alice.pk).exists()
    assert get_user_model().objects.filter(pk=bob.pk).exists()
    assert page.console_errors == []


def test_a_teacher_ends_a_childs_account_and_prints_the_note(
    live_server, page: Page, teresa, alice, bob, password
):
    classroom = services.create_classroom(teacher=teresa, name="4º B", rules="guia")
    Membership.objects.create(classroom=classroom, student=alice, real_name="Alicia Gómez")
    Membership.objects.create(classroom=classroom, student=bob, real_name="Roberto Díaz", managed=True)
    _log_in(page, live_server.url, "teresa", password)
    page.goto(live_server.url + classroom.get_absolute_url())
    expect(page.get_by_role("link", name="Dar de baja a alice")).to_have_count(0)  # her own account
    page.get_by_role("link", name="Dar de baja a bob").click()
    expect(page.get_by_role("heading", name="Dar de baja a Roberto Díaz")).to_be_visible()
    page.get_by_role("button", name="Dar de baja y borrar la cuenta").click()
    expect(page.get_by_text("Marca la casilla para confirmar.")).to_be_visible()
    page.get_by_label("Lo entiendo: se borra para siempre y no se puede deshacer.").check()
    page.get_by_role("button", name="Dar de baja y borrar la cuenta").click()
    expect(page.get_by_role("heading", name="Cuenta dada de baja")).to_be_visible()
    expect(page.get_by_text("Roberto Díaz (bob)")).to_be_visible()
    expect(page.get_by_role("button", name="Imprimir la nota")).to_be_visible()
    assert not get_user_model().objects.filter(pk=bob.pk).exists()
    page.get_by_role("link", name="← 4º B").click()
    expect(page.get_by_role("cell", name="alice", exact=True)).to_be_visible()
    expect(page.get_by_text("bob", exact=True)).to_have_count(0)
    assert page.console_errors == []
