from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "tutor.accounts"
    label = "accounts"

    def ready(self) -> None:
        from django.db.models.signals import post_migrate

        from tutor.accounts import display, language, stamps  # noqa: F401 - connect the login receivers

        post_migrate.connect(stamps.install, sender=self, dispatch_uid="tutor.accounts.stamps.install")
