from django.core.management.base import BaseCommand

from tutor.tables import services


class Command(BaseCommand):
    help = (
        "Cierra las mesas con personas en las que no ha pasado nada en TABLES_IDLE_HOURS horas "
        "(6 por defecto); sus manos terminadas siguen en «Mis manos». Para cron, cada hora o así."
    )

    def handle(self, *args, **options):
        closed = services.close_idle()
        self.stdout.write(f"{closed} mesas cerradas.")
