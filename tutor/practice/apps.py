from django.apps import AppConfig


class PracticeConfig(AppConfig):
    name = "tutor.practice"
    verbose_name = "Práctica"

    def ready(self) -> None:
        # identity connects the login merge receiver; origins registers practice's own kinds.
        from tutor.practice import identity, origins  # noqa: F401
