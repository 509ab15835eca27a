from django.conf import settings
from django.core.management.base import BaseCommand

from tutor.privacy import services


class Command(BaseCommand):
    help = (
        "Borra lo que guardamos de los visitantes sin cuenta (práctica, partidas, lecciones, rondas) tras "
        "--days días sin actividad (ANONYMOUS_DATA_DAYS por defecto), las sesiones caducadas y los "
        "archivos de «Mis datos» más antiguos que EXPORT_KEPT_DAYS. Para cron, cada día."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--days",
            type=int,
            default=settings.ANONYMOUS_DATA_DAYS,
            help="Días sin actividad tras los que se borra lo de un visitante sin cuenta.",
        )

    def handle(self, *args, days: int, **options):
        if days < 1:
            self.stderr.write("--days tiene que ser 1 o más.")
            raise SystemExit(2)
        gone = services.expire_anonymous(days)
        self.stdout.write(
            f"{gone['visitors']} visitantes sin cuenta ({gone['rows']} filas), {gone['sessions']} sesiones "
            f"y {gone['archives']} archivos borrados."
        )
