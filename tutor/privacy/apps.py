from django.apps import AppConfig


class PrivacyConfig(AppConfig):
    name = "tutor.privacy"
    verbose_name = "Privacidad"

    def ready(self) -> None:
        # Each app's part of the archive and of an erasure (tutor/lib/personal_data.py).
        from django.utils.module_loading import autodiscover_modules

        autodiscover_modules("personal_data")
