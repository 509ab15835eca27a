"""Timing requests in this process for the in-process profiles (bench/live_profile.py,
bench/tables_profile.py): CPU ms (process time, so that other work on a shared machine does not count)
and queries per kind of request, with cProfile on demand."""

from __future__ import annotations

import cProfile
import time
from collections import defaultdict


class Timer:
    """``timer(step, record, call)`` runs ``call`` (a request) and, when ``record``, counts its CPU ms and
    queries under ``step``; ``args.profile`` (with ``args.step``) profiles it, ``args.queries`` prints the
    SQL of the first of each kind."""

    def __init__(self, args, expect=(200, 204, 302)) -> None:
        self.args = args
        self.expect = expect
        self.costs: dict[str, list[float]] = defaultdict(list)
        self.queries: dict[str, list[int]] = defaultdict(list)
        self.profiler = cProfile.Profile(time.process_time)  # CPU, not wall time: the machine is shared
        self.shown: set[str] = set()

    def __call__(self, step: str, record: bool, call, expect=None):
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        profiling = record and self.args.profile and self.args.step in (None, step)
        # The log keeps 9000 queries at most, and a capture counts by its length: once it is full every
        # capture would count none. Emptied before each, it never fills.
        connection.queries_log.clear()
        with CaptureQueriesContext(connection) as captured:
            if profiling:
                self.profiler.enable()
            started = time.process_time()
            response = call()
            elapsed = time.process_time() - started
            if profiling:
                self.profiler.disable()
        if record:
            self.costs[step].append(1000 * elapsed)
            self.queries[step].append(len(captured))
            if self.args.queries and step not in self.shown:
                self.shown.add(step)
                print(f"--- {step}: {len(captured)} queries")
                for q in captured:
                    print("   ", q["sql"][:200])
        status = getattr(response, "status_code", 200)
        assert status in (expect or self.expect), (step, status)
        return response


def settle_environment(redis_url: str) -> None:
    """Refuse Redis's database 0 (the profiles empty the one they are given) and drop the caller's
    DJANGO_* settings, so that a profile runs with the settings it sets itself."""
    import os

    if redis_url.rstrip("/").endswith("/0"):
        raise SystemExit("use a Redis database of your own, not 0")
    for name in [k for k in os.environ if k.startswith("DJANGO_")]:
        del os.environ[name]


def run_queued_tasks() -> None:
    """What the task worker (`manage.py db_worker`) does next: each task queued so far claimed and
    run by django_tasks_db's own worker, in this process on its database (the worker's loop is left
    out: it closes the database connections between tasks, which a test's transaction cannot take).
    E.g. a live round's close (reveal, «Siguiente», the end) queues its answers' logging."""
    from django_tasks_db.management.commands.db_worker import Worker
    from django_tasks_db.models import DBTaskResult

    worker = Worker(
        queue_names=["*"],
        excluded_queue_names=[],
        interval=0,
        batch=True,
        backend_name="default",
        startup_delay=False,
        max_tasks=None,
        worker_id="in-process",
    )
    while (queued := DBTaskResult.objects.ready().order_by("enqueued_at").first()) is not None:
        queued.claim(worker.worker_id)
        worker.run_task(queued)
        if DBTaskResult.objects.get(pk=queued.pk).status != "SUCCESSFUL":
            raise RuntimeError(f"the task {queued.task_path} ({queued.pk}) failed")
