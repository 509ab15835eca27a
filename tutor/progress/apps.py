from django.apps import AppConfig


class ProgressConfig(AppConfig):
    name = "tutor.progress"
    verbose_name = "Progreso"

    def ready(self) -> None:
        from tutor.practice.origins import register
        from tutor.progress import origins, receivers  # noqa: F401  (listens to practice's signals)

        register(origins.ReviewKind())
        register(origins.MixedKind())
