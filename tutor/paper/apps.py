from django.apps import AppConfig


class PaperConfig(AppConfig):
    name = "tutor.paper"
    label = "paper"
    verbose_name = "Papel"
