"""A teacher sets practice, a student does it with one mistake, the teacher sees the mistake and its CSV."""

import csv
import io

from django.utils import timezone
from playwright.sync_api import Page, expect

from engine.scenarios import MISCONCEPTIONS
from tutor.classroom.models import Assignment, Classroom, PracticeSet
from tutor.practice.models import Attempt, Issued


def _log_in(page: Page, base: str, username: str, password: str) -> None:
    page.goto(base + "/cuenta/entrar/")
    page.get_by_label("Nombre de usuario").fill(username)
    page.get_by_label("Contraseña").fill(password)
    page.get_by_role("main").get_by_role("button", name="Entrar").click()
    expect(page.get_by_role("banner").get_by_text(username)).to_be_visible()


def _log_out(page: Page) -> None:
    page.get_by_role("button", name="Salir").click()
    expect(page.get_by_text("Has salido de tu cuenta")).to_be_visible()


def _teacher_builds_class_position_and_set(page: Page, base: str) -> None:
    page.get_by_role("navigation", name="Principal").get_by_role("link", name="Clases").click()
    page.get_by_role("link", name="Nueva clase").click()
    page.get_by_label("Nombre").fill("5º A")
    page.get_by_label("Mesa de la guía (reglas por defecto)").check()
    page.get_by_role("button", name="Guardar").click()
    expect(page.get_by_role("heading", name="5º A", level=1)).to_be_visible()

    page.goto(base + "/clases/posiciones/nueva/")
    page.get_by_label("Título").fill("Hay que montar")
    page.get_by_label("Triunfo").select_option("o")
    page.get_by_label("Baza hasta ahora, en orden de juego").fill("sota de copas")
    for name in ("rey de copas", "cuatro de copas", "seis de bastos"):
        page.get_by_label(name, exact=True).check()
    page.get_by_role("button", name="Vista previa").click()
    expect(
        page.get_by_text("No: tienes copas y el rey de copas supera a la sota de copas; debes montar.")
    ).to_be_visible()
    page.get_by_role("button", name="Guardar").click()
    expect(page.get_by_text("Posición guardada")).to_be_visible()

    classroom = Classroom.objects.get(name="5º A")
    page.goto(f"{base}/clases/{classroom.pk}/tareas/nueva/")
    page.get_by_label("Título").fill("Montar y asistir")
    now = timezone.localtime()
    page.get_by_label("Se abre").fill((now - timezone.timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M"))
    page.get_by_label("Fecha de entrega").fill((now + timezone.timedelta(days=2)).strftime("%Y-%m-%dT%H:%M"))
    page.locator("#id_item-0-kind").select_option("family")
    page.locator("#id_item-0-family").select_option("jugada")
    page.locator("#id_item-0-count").fill("5")
    page.locator("#id_item-0-difficulty").select_option("2")
    page.locator("#id_item-1-kind").select_option("position")
    page.locator("#id_item-1-family").select_option("jugada")
    page.locator("#id_item-1-position").select_option(label="Hay que montar")
    page.get_by_role("button", name="Guardar y publicar").click()
    expect(page.get_by_role("heading", name="Montar y asistir", level=1)).to_be_visible()


def test_a_teacher_sets_practice_and_sees_the_students_mistake(
    live_server, page, transactional_db, teresa, alice, password
):
    base = live_server.url
    _log_in(page, base, "teresa", password)
    _teacher_builds_class_position_and_set(page, base)
    practice_set = PracticeSet.objects.get(title="Montar y asistir")
    code = practice_set.classroom.join_code
    _log_out(page)

    _log_in(page, base, "alice", password)
    page.get_by_role("navigation", name="Principal").get_by_role("link", name="Clases").click()
    page.get_by_label("Código de la clase").fill(code.lower())
    page.get_by_role("button", name="Unirme").click()
    expect(page.get_by_role("heading", name="Mis tareas")).to_be_visible()
    page.get_by_role("link", name="Montar y asistir").click()

    mistakes = 0
    for _ in range(6):
        section = page.locator("section[data-scenario]")
        token = section.get_attribute("data-scenario")
        issued = Issued.objects.get(token=token, learner=alice)
        key = issued.scenario["answer"]
        hand = issued.scenario["position"]["hand"]
        wrong = [c for c in hand if c not in key]
        choice = key[0]
        if mistakes == 0 and wrong:
            choice, mistakes = wrong[0], 1
        section.locator(f'button[name="answer"][value="{choice}"]').click()
        expect(page.locator("[data-feedback]")).to_be_visible()
        page.locator("a[data-next]").click()
    expect(page.get_by_text("¡Tarea terminada!")).to_be_visible()
    assert mistakes == 1

    row = Assignment.objects.get(practice_set=practice_set, student=alice)
    assert (row.state, row.answered, row.correct) == ("entregada", 6, 5)
    wrong_attempt = Attempt.objects.get(learner=alice, correct=False)
    label = str(MISCONCEPTIONS[wrong_attempt.misconception])
    _log_out(page)

    _log_in(page, base, "teresa", password)
    page.goto(base + practice_set.get_absolute_url())
    expect(page.get_by_text(label).first).to_be_visible()
    expect(page.get_by_role("row", name="alice")).to_contain_text("entregada")

    results = page.request.get(f"{base}/clases/tareas/{practice_set.pk}/resultados.csv")
    assert results.headers["content-type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(results.body().decode("utf-8-sig"))))
    alice_row = next(r for r in rows[1:] if r[0] == "alice")
    assert alice_row[2:6] == ["entregada", "6", "5", "6"]
    answers = page.request.get(f"{base}/clases/tareas/{practice_set.pk}/respuestas.csv")
    lines = list(csv.DictReader(io.StringIO(answers.body().decode("utf-8-sig"))))
    wrong_lines = [r for r in lines if r["correcta"] == "no"]
    assert len(wrong_lines) == 1
    assert wrong_lines[0]["error típico"] == label
    assert wrong_lines[0]["respuesta (código)"] == wrong_attempt.answer
    assert wrong_lines[0]["reglas de la mesa"] == "Mesa de la guía (reglas por defecto)"
    assert not page.console_errors
