"""The questions of the seeds' fixed examples in English (the ids of engine/messages/es/fixed.py)."""

CATALOGUE: dict[str, str] = {
    "fixed.guia-tantos-98-72": (
        "Ana and Carla have won cards worth 58 tantos and have sung las cuarenta. Bruno and Diego have taken "
        "the other 62 tantos and the last baza. Who wins the hand?"
    ),
    "fixed.guia-empate-75": (
        "Ana and Carla have 75 tantos in cards. Bruno and Diego have 45 in cards, have sung las veinte in "
        "bastos and have won the last baza. Who wins the hand?"
    ),
    "fixed.guia-80-70": (
        "Ana and Carla have 70 tantos in cards and win the last baza. Bruno and Diego have 50 in cards and "
        "have sung las veinte in espadas. Who wins the hand?"
    ),
    "fixed.guia-70-80": (
        "Ana and Carla have 70 tantos in cards. Bruno and Diego have 50 in cards, have sung las veinte in "
        "espadas and win the last baza. Who wins the hand?"
    ),
    "fixed.salida-cinco-de-oros": (
        "{lead:the} is led. Which of these cards would win you the baza? Mark every one that wins."
    ),
}
