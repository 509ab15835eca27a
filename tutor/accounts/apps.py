from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "tutor.accounts"
    label = "accounts"
