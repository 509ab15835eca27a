from datetime import timedelta

from django.core.management.base import BaseCommand
from django.utils import timezone

from tutor.live import services
from tutor.live.models import Round


class Command(BaseCommand):
    help = (
        "Termina las rondas en directo que siguen abiertas pasada una clase (--hours, 4 por defecto): "
        "las respuestas de su pregunta abierta se registran entonces como respuestas de práctica. "
        "Para cron, cada hora o así."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--hours",
            type=float,
            default=4.0,
            help="Antigüedad de una ronda abierta que ya se da por terminada.",
        )

    def handle(self, *args, hours: float = 4.0, **options):
        cutoff = timezone.now() - timedelta(hours=hours)
        ended = 0
        for live in Round.objects.filter(finished_at__isnull=True, created_at__lt=cutoff).order_by("pk"):
            # Its close queues the logging for the task worker; no request waits here: logged now.
            services.record_pending(services.finish(live=live))
            ended += 1
        self.stdout.write(f"{ended} rondas terminadas")
