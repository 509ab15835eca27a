"""django.tasks runs on the database backend (django-tasks-db) and a real worker process runs the queue."""

import os

from django.conf import settings
from django.tasks import TaskResultStatus, task, task_backends
from django_tasks_db.models import DBTaskResult


@task
def who_runs_me(n: int) -> dict:
    return {"double": 2 * n, "pid": os.getpid()}


@task
def fails() -> None:
    raise RuntimeError("on purpose")


def test_the_default_backend_keeps_the_queue_in_the_database():
    assert settings.TASKS["default"]["BACKEND"] == "django_tasks_db.DatabaseBackend"
    assert type(task_backends["default"]).__name__ == "DatabaseBackend"


def test_an_enqueued_task_waits_in_the_database_until_a_worker_runs_it(db):
    result = who_runs_me.enqueue(21)
    assert result.status == TaskResultStatus.READY
    row = DBTaskResult.objects.get(id=result.id)
    assert row.task_path == "tests.tutor.test_task_worker.who_runs_me"
    assert row.status == TaskResultStatus.READY


def test_the_worker_process_runs_enqueued_tasks_and_records_their_outcome(task_worker):
    done = task_worker.wait_for(who_runs_me.enqueue(21))
    assert done.status == TaskResultStatus.SUCCESSFUL
    assert done.return_value["double"] == 42
    assert done.return_value["pid"] == task_worker.process.pid != os.getpid()  # another process ran it
    failed = task_worker.wait_for(fails.enqueue())
    assert failed.status == TaskResultStatus.FAILED
    assert "on purpose" in failed.errors[0].traceback
    assert task_worker.process.poll() is None  # a failing task does not stop the worker
