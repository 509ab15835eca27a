"""Who reneged, in English (engine.scenarios.renuncio and its grading); the facts are those of the
Spanish catalogue (engine/messages/es/renuncio.py)."""

CATALOGUE: dict[str, str] = {
    "renuncio.player": "{who:subj}",
    "renuncio.play": "{who:subj}, {card:the}",
    "renuncio.question": (
        "Triunfo: {trump}. These were the hands before baza {n}, and this is how it was played: {p1}; {p2}; "
        "{p3}; {p4}. Did anyone renege?"
    ),
    "renuncio.nobody": "Nobody: everyone kept the rules",
    "renuncio.nobody.short": "Nobody",
    "renuncio.nobody.yes": "Yes, nobody reneged.",
    "renuncio.nobody.no": "No: there was a renuncio.",
    "renuncio.note": "Plays {card:the}: {verdict:bare}",
    "renuncio.expl": "Renuncio by {who:subj}. {note}",
    "renuncio.expl.nobody": "Nobody reneged: every card played met the obligations of the player who played it.",
}
