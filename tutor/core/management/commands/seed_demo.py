from datetime import timedelta

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils import timezone

from tutor.accounts.models import User
from tutor.classroom import services as classroom_services
from tutor.classroom.models import Classroom, Membership, SetItem

# Logins printed in the README; never create them on a production site.
DEMO_USERS = [
    ("alumna", "baraja-de-oros", User.Role.LEARNER, "Alumna de demostración"),
    ("profesora", "baraja-de-copas", User.Role.TEACHER, "Profesora de demostración"),
]
DEMO_CLASS = "Clase de demostración"


class Command(BaseCommand):
    help = (
        "Crea (o restablece) las cuentas de demostración (una alumna y una profesora) y una clase con la "
        "alumna y una tarea publicada."
    )

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
        self._demo_class()

    @transaction.atomic
    def _demo_class(self) -> None:
        teacher = User.objects.get(username="profesora")
        learner = User.objects.get(username="alumna")
        if Classroom.objects.filter(teachers=teacher, name=DEMO_CLASS).exists():
            return
        classroom = classroom_services.create_classroom(teacher=teacher, name=DEMO_CLASS, rules="guia")
        Membership.objects.create(classroom=classroom, student=learner, real_name="Alumna de demostración")
        classroom_services.save_set(
            classroom=classroom,
            teacher=teacher,
            fields={
                "title": "Asistir, montar y pisar",
                "instructions": "Cinco jugadas de «¿Cuál puedes jugar?» y tres posiciones de pisar.",
                "due_at": timezone.now() + timedelta(days=7),
            },
            items=[
                {"kind": SetItem.Kind.FAMILY, "family": "jugada", "count": 5, "difficulty": 1},
                {"kind": SetItem.Kind.SKILL, "rule_id": "R-OBL-PISAR", "count": 3, "difficulty": 2},
            ],
            students=[],
            publish=True,
        )
        self.stdout.write(
            f"Clase creada: «{DEMO_CLASS}» (código {classroom.join_code}) con una tarea publicada"
        )
