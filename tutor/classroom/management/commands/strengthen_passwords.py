from django.core.management.base import BaseCommand

from tutor.classroom import passwords


class Command(BaseCommand):
    help = (
        "Refuerza las contraseñas generadas para los alumnos que aún guardan el hash rápido (el PBKDF2 "
        "completo de Django sobre él, sin necesitar la contraseña). Para cron o un proceso aparte, "
        "cada minuto o así; nunca dentro del servidor web."
    )

    def add_arguments(self, parser):
        parser.add_argument("--limit", type=int, default=None, help="Como mucho tantas cuentas por pasada.")

    def handle(self, *args, limit: int | None = None, **options):
        changed = passwords.strengthen(limit)
        self.stdout.write(f"{changed} contraseñas reforzadas")
