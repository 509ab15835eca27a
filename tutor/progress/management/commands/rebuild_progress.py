from django.core.management.base import BaseCommand

from tutor.progress import services


class Command(BaseCommand):
    help = (
        "Recompute every progress cache (skill statistics, review queues, FSRS cards) from the Attempt "
        "log and the FSRS review log; attempts without a review log get one first."
    )

    def handle(self, *args, **options) -> None:
        owners = services.rebuild_all()
        self.stdout.write(f"Progreso recalculado para {owners} aprendices.")
