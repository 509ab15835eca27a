"""May you sing now, and what, in English (engine.scenarios.cante and its grading); the facts are those
of the Spanish catalogue (engine/messages/es/cante.py). To sing (cantar) a cante is to announce it; the English always says sing."""

CATALOGUE: dict[str, str] = {
    "cante.name.cuarenta": "las cuarenta",
    "cante.name.veinte": "las veinte in {suit}",
    "cante.suit": "{suit}",
    "cante.comma": "{first}, {rest}",
    "cante.and_of": "{first} and of {rest}",
    # The options.
    "cante.option.cuarenta": "Las cuarenta (king and knight of {trump}, the triunfo)",
    "cante.option.veinte": "Las veinte in {suit}",
    "cante.option.tute_reyes": "Tute of kings",
    "cante.option.tute_caballos": "Tute of knights",
    "cante.option.nada": "I cannot sing anything",
    # The question.
    "cante.q.trump": "Triunfo: {trump}.",
    "cante.q.collected": "Baza {n} has just been collected.",
    "cante.q.won.you": "You won it.",
    "cante.q.won.partner": "Your partner won it.",
    "cante.q.won.rivals": "The opposing pair won it.",
    "cante.q.sung": "Already sung: {sung}.",
    "cante.sung.you": "{cante} (you, after baza {n})",
    "cante.sung.partner": "{cante} (your partner, after baza {n})",
    "cante.sung.rival": "{cante} (an opponent, after baza {n})",
    "cante.q.sang_now": "You have already sung {sung} at this moment.",
    "cante.q.partner_shows": "Your partner shows you {cards:the_and}.",
    "cante.q.ask": "Look at your hand and the bazas played: what can you sing now?",
    # The explanation.
    "cante.expl.rival_won": (
        "You only sing right after a baza won by your pair, and this one went to the opposing pair."
    ),
    "cante.expl.sang_now": (
        "Each player sings at most once at each moment; you have already sung after this baza."
    ),
    "cante.expl.tute_reyes": (
        "You hold all four kings and your pair has just won a baza at which it may be sung: sing the tute, "
        "which comes before las cuarenta and wins the hand."
    ),
    "cante.expl.tute_caballos": (
        "You hold all four knights and your pair has just won a baza at which it may be sung: sing the "
        "tute, which comes before las cuarenta and wins the hand."
    ),
    "cante.note.tute_passed": (
        "The tute is only sung when the pair wins its first baza, and that moment has passed."
    ),
    "cante.note.sung": "{cante} have already been sung: each suit only once.",
    "cante.note.played": "{card:the} has already been played: {suit} can no longer be sung.",
    "cante.note.split": (
        "The king and the knight of {suit} are split between you and your partner: that is no cante."
    ),
    "cante.head.nada": "You have no valid cante now.",
    "cante.head.cuarenta": "You hold the king and knight of triunfo: you sing las cuarenta.",
    "cante.head.cuarenta.first": (
        "You hold the king and knight of triunfo: you sing las cuarenta, which come before las veinte."
    ),
    "cante.head.veinte": "You hold the king and knight of {suits}: you can sing las veinte.",
    # The verdict on each option.
    "cante.verdict.yes.cuarenta": "Yes: you hold the king and the knight of triunfo and your pair has just won the baza.",
    "cante.verdict.yes.veinte": "Yes: you hold the king and the knight of {suit} and your pair has just won the baza.",
    "cante.verdict.yes.tute_reyes": "Yes: you hold the four kings and your pair has just won the baza.",
    "cante.verdict.yes.tute_caballos": "Yes: you hold the four knights and your pair has just won the baza.",
    "cante.verdict.yes.nothing": "Yes: you do not hold the king and the knight of any suit that can be sung now.",
    "cante.verdict.rival_won": "{yes}: the opposing pair won the baza, and nobody sings now.",
    "cante.verdict.sang_now": "{yes}: you have already sung after this baza, and nobody sings twice at one moment.",
    "cante.verdict.word.yes": "Yes",
    "cante.verdict.word.no": "No",
    "cante.verdict.no": "No:",
    "cante.verdict.no_now": "No: it is not valid now.",
}
