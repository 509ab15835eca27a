"""Who reneged, in Spanish (engine.scenarios.renuncio and its grading).

Facts: ``who`` a player seen from outside ('el jugador 2 (pareja B)'); ``card`` a card; ``trump`` the
trump suit; ``n`` the trick's number; ``p1``…``p4`` the trick's plays (``renuncio.play``); ``verdict``
the ruling's verdict on the card played (a play message); ``note`` a ``renuncio.note``.
"""

CATALOGUE: dict[str, str] = {
    "renuncio.player": "{who:subj}",
    "renuncio.play": "{who:subj}, {card:the}",
    "renuncio.question": (
        "Triunfo: {trump}. Estas eran las manos antes de la baza {n}, y así se jugó: {p1}; {p2}; {p3}; {p4}. "
        "¿Alguien ha renunciado?"
    ),
    "renuncio.nobody": "Nadie: todos han cumplido",
    "renuncio.nobody.short": "Nadie",
    "renuncio.nobody.yes": "Sí, nadie renunció.",
    "renuncio.nobody.no": "No: hubo renuncio.",
    "renuncio.note": "Juega {card:the}: {verdict:bare}",
    "renuncio.expl": "Renuncio {who:de}. {note}",
    "renuncio.expl.nobody": "Nadie ha renunciado: cada carta jugada cumplía las obligaciones de su jugador.",
}
