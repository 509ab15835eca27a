from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "tutor.accounts"
    label = "accounts"

    def ready(self) -> None:
        from tutor.accounts import display, language  # noqa: F401 - connect the login receivers
