from django.apps import AppConfig


class ProgressConfig(AppConfig):
    name = "tutor.progress"
    verbose_name = "Progreso"
