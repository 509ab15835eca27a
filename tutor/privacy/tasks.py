"""Long work of «Mis datos», run by the task worker (`manage.py db_worker`), never in a request."""

from django.db import transaction
from django.tasks import task
from django.utils import timezone

from tutor.privacy import services
from tutor.privacy.models import DataExport


@task
def build_export(export_id: int) -> int:
    """Make the archive of one DataExport; returns its size in bytes (0: the request is gone, the
    account erased meanwhile)."""
    export = DataExport.objects.select_related("user").filter(pk=export_id).first()
    if export is None:
        return 0
    try:
        data = services.build_archive(export.user)
    except Exception:
        DataExport.objects.filter(pk=export_id).update(
            state=DataExport.State.FAILED, finished_at=timezone.now()
        )
        raise
    with transaction.atomic():
        DataExport.objects.filter(pk=export_id).update(
            state=DataExport.State.READY, archive=data, size=len(data), finished_at=timezone.now()
        )
    return len(data)


def ask_for_export(user) -> DataExport:
    """A new archive for the user, queued for the worker once the request's transaction commits;
    the user's older archives are forgotten."""
    with transaction.atomic():
        DataExport.objects.filter(user=user).delete()
        export = DataExport.objects.create(user=user)
        result = build_export.enqueue(export.pk)
        export.task_id = str(result.id)
        export.save(update_fields=["task_id"])
    return export
