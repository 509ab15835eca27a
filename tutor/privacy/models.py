from django.conf import settings
from django.db import models


class DataExport(models.Model):
    """One «Mis datos» archive: asked for on the page, made by the task worker (tutor.privacy.tasks).

    The zip is kept in the database, not on a disk: the worker and the web servers may be different
    machines. It is forgotten after EXPORT_KEPT_DAYS (manage.py expire_anonymous_data) and with the
    account.
    """

    class State(models.TextChoices):
        PENDING = "pending"
        READY = "ready"
        FAILED = "failed"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    state = models.CharField(max_length=8, choices=State, default=State.PENDING)
    task_id = models.CharField(max_length=64, blank=True, default="")
    archive = models.BinaryField(null=True, blank=True)
    size = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.get_state_display()} #{self.pk}"
