from django.apps import AppConfig


class PlayConfig(AppConfig):
    name = "tutor.play"
    label = "play"
    verbose_name = "Jugar"

    def ready(self) -> None:
        from tutor.play import receivers  # noqa: F401
