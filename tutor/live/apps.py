from django.apps import AppConfig


class LiveConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tutor.live"
    verbose_name = "Ronda en directo"

    def ready(self) -> None:
        from tutor.live import origins, receivers  # noqa: F401 (connects the guest's merge)
        from tutor.practice.origins import register

        register(origins.LiveAnswerKind())
