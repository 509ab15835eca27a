from django.apps import AppConfig


class PracticeConfig(AppConfig):
    name = "tutor.practice"
    verbose_name = "Práctica"

    def ready(self) -> None:
        from tutor.practice import identity  # noqa: F401  (connects the login merge receiver)
