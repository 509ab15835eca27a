from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "tutor.core"
    label = "core"

    def ready(self) -> None:
        from engine.messages import set_language_source
        from tutor.lib.i18n import engine_language

        set_language_source(engine_language)
