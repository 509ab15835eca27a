from django.apps import AppConfig


class DeckConfig(AppConfig):
    name = "tutor.deck"
    label = "deck"
