from django.apps import AppConfig


class ProgressConfig(AppConfig):
    name = "tutor.progress"
    verbose_name = "Progreso"

    def ready(self) -> None:
        from tutor.progress import receivers  # noqa: F401  (listens to practice's signals)
