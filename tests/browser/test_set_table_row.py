"""A «repite tus errores de la mesa» row in a browser: the teacher adds it with JavaScript (only its count
shows), a student with fewer items than it asks opens the task without JavaScript, is told so, answers
their own play, and the set is handed in; the teacher's results say it."""

from django.test import Client
from django.utils import timezone
from playwright.sync_api import expect

from tests.browser.test_classroom_flow import _log_in
from tests.browser.test_set_form_play_rows import _open_form
from tests.tutor.play.conftest import commit_renuncio, start
from tutor.classroom.models import Assignment, SetItem
from tutor.hands.models import HandRecord
from tutor.progress.models import TableRetry


def test_a_table_row_is_set_and_a_student_answers_their_own_play(
    live_server, page, browser, transactional_db, teresa, alice, password
):
    learner = Client()
    learner.force_login(alice)
    commit_renuncio(learner, start(alice, mode="examen", seed=5))
    # The renuncio is an item as soon as the hand is kept; this test follows it alone.
    item = TableRetry.objects.get(record=HandRecord.objects.get(), kind=TableRetry.Kind.RULE)
    TableRetry.objects.exclude(pk=item.pk).delete()
    item.due = timezone.now() + timezone.timedelta(days=3)  # not due: the set brings it forward
    item.save(update_fields=["due"])

    _open_form(page, live_server, teresa, alice, password)
    expect(page.locator("[data-table-row-explained]")).to_contain_text("sus propias jugadas")
    row = page.locator("[data-set-item]").first
    row.locator("#id_item-0-kind").select_option("mesa")
    expect(row.locator("#id_item-0-count")).to_be_visible()
    for hidden in ("difficulty", "family", "bot_level", "position", "rule_id"):
        expect(row.locator(f"#id_item-0-{hidden}")).to_be_hidden()
    row.locator("#id_item-0-count").fill("3")
    page.get_by_role("button", name="Guardar y publicar").click()
    expect(page.get_by_role("heading", name="Tres manos", level=1)).to_be_visible()
    set_item = SetItem.objects.get()
    assert (set_item.kind, set_item.count) == ("mesa", 3)
    assert not page.console_errors

    context = browser.new_context(java_script_enabled=False)
    student = context.new_page()
    _log_in(student, live_server.url, "alice", password)
    student.goto(f"{live_server.url}{set_item.practice_set.get_task_url()}")
    section = student.locator("[data-task-table]")
    expect(section.locator("[data-table-fewer]")).to_have_text(
        "La tarea pide 3 jugadas, pero tienes 1 por repetir: repites esa."
    )
    section.get_by_role("link", name=f"Baza {item.play // 4 + 1}").click()
    right = next(code for code, grade in item.grades.items() if grade == "legal")
    student.locator(f'button[name="card"][value="{right}"]').click()
    expect(student.locator('[data-retry-feedback="right"]')).to_be_visible()
    student.goto(f"{live_server.url}{set_item.practice_set.get_task_url()}")
    expect(student.locator("[data-table-answered]")).to_contain_text("Respondidas: 1 de 1")
    expect(student.locator("[data-set-score]")).to_contain_text("¡Tarea terminada!")
    assert Assignment.objects.get(student=alice).state == "entregada"
    # the finished set links the answered play to its correction, not to the question asked again
    student.locator("[data-review-retry]").click()
    expect(student.locator('[data-retry-feedback="right"]')).to_be_visible()
    expect(student.locator('button[name="card"]')).to_have_count(0)
    context.close()

    page.goto(f"{live_server.url}{set_item.practice_set.get_absolute_url()}")
    expect(page.locator("[data-table-result]").first).to_contain_text("1 de 1 respondidas, 1 bien")
