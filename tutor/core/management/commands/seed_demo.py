from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from tutor.accounts.models import User

# Logins printed in the README; never create them on a production site.
DEMO_USERS = [
    ("alumna", "baraja-de-oros", User.Role.LEARNER, "Alumna de demostración"),
    ("profesora", "baraja-de-copas", User.Role.TEACHER, "Profesora de demostración"),
]


class Command(BaseCommand):
    help = "Crea (o restablece) las cuentas de demostración: una alumna y una profesora."

    def add_arguments(self, parser):
        parser.add_argument(
            "--force", action="store_true", help="Crear las cuentas aunque DEBUG esté apagado."
        )

    def handle(self, *args, force: bool = False, **options):
        if not settings.DEBUG and not force:
            raise CommandError(
                "seed_demo crea contraseñas conocidas: úsalo solo con DJANGO_DEBUG=1 o --force."
            )
        for username, password, role, first_name in DEMO_USERS:
            user, created = User.objects.get_or_create(username=username)
            user.role = role
            user.first_name = first_name
            user.set_password(password)
            user.save()
            verb = "creada" if created else "restablecida"
            self.stdout.write(f"Cuenta {verb}: {username} / {password} ({user.get_role_display()})")
