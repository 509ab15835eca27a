"""May you sing now, and what, in Spanish (engine.scenarios.cante and its grading).

Facts: ``trump`` / ``suit`` suits; ``card`` a card, ``cards`` cards; ``n`` a trick's number; ``cante`` a
cante's name (``cante.name.…``); ``sung`` / ``suits`` / ``first`` / ``rest`` clauses.
"""

CATALOGUE: dict[str, str] = {
    "cante.name.cuarenta": "las cuarenta",
    "cante.name.veinte": "las veinte en {suit}",
    "cante.suit": "{suit}",
    "cante.comma": "{first}, {rest}",
    "cante.and_of": "{first} y de {rest}",
    # The options.
    "cante.option.cuarenta": "Las cuarenta (rey y caballo de {trump}, el triunfo)",
    "cante.option.veinte": "Las veinte en {suit}",
    "cante.option.tute_reyes": "Tute de reyes",
    "cante.option.tute_caballos": "Tute de caballos",
    "cante.option.nada": "No puedo cantar",
    # The question.
    "cante.q.trump": "Triunfo: {trump}.",
    "cante.q.collected": "Se acaba de recoger la baza {n}.",
    "cante.q.won.you": "Has ganado tú.",
    "cante.q.won.partner": "Ha ganado tu compañero.",
    "cante.q.won.rivals": "La ha ganado la pareja rival.",
    "cante.q.sung": "Ya se ha cantado: {sung}.",
    "cante.sung.you": "{cante} (tú, tras la baza {n})",
    "cante.sung.partner": "{cante} (tu compañero, tras la baza {n})",
    "cante.sung.rival": "{cante} (un rival, tras la baza {n})",
    "cante.q.sang_now": "En este momento ya has cantado {sung}.",
    "cante.q.partner_shows": "Tu compañero te enseña {cards:the_and}.",
    "cante.q.ask": "Mira tu mano y las bazas jugadas: ¿qué puedes cantar ahora?",
    # The explanation.
    "cante.expl.rival_won": (
        "Solo se canta justo después de una baza ganada por tu pareja, y esta la ha ganado la rival."
    ),
    "cante.expl.sang_now": (
        "Cada jugador canta como mucho una vez en cada momento; ya has cantado tras esta baza."
    ),
    "cante.expl.tute_reyes": (
        "Tienes los cuatro reyes y tu pareja acaba de ganar una baza en la que se puede declarar: canta el "
        "tute, que va antes que las cuarenta y gana la mano."
    ),
    "cante.expl.tute_caballos": (
        "Tienes los cuatro caballos y tu pareja acaba de ganar una baza en la que se puede declarar: canta el "
        "tute, que va antes que las cuarenta y gana la mano."
    ),
    "cante.note.tute_passed": (
        "El tute solo se declara cuando la pareja gana su primera baza, y ese momento ya pasó."
    ),
    "cante.note.sung": "{cante} ya se cantaron: cada palo una vez.",
    "cante.note.played": "De {suit} ya se jugó {card:the}: ese palo ya no se puede cantar.",
    "cante.note.split": (
        "El rey y el caballo de {suit} están repartidos entre tú y tu compañero: no es cante."
    ),
    "cante.head.nada": "No tienes ningún cante válido ahora.",
    "cante.head.cuarenta": "Tienes rey y caballo de triunfo: cantas las cuarenta.",
    "cante.head.cuarenta.first": (
        "Tienes rey y caballo de triunfo: cantas las cuarenta, que van antes que las veinte."
    ),
    "cante.head.veinte": "Tienes rey y caballo de {suits}: puedes cantar las veinte.",
    # The verdict on each option.
    "cante.verdict.yes.cuarenta": "Sí: tienes el rey y el caballo de triunfo y tu pareja acaba de ganar la baza.",
    "cante.verdict.yes.veinte": "Sí: tienes el rey y el caballo de {suit} y tu pareja acaba de ganar la baza.",
    "cante.verdict.yes.tute_reyes": "Sí: tienes los cuatro reyes y tu pareja acaba de ganar la baza.",
    "cante.verdict.yes.tute_caballos": "Sí: tienes los cuatro caballos y tu pareja acaba de ganar la baza.",
    "cante.verdict.yes.nothing": "Sí: no tienes en la mano el rey y el caballo de ningún palo que se pueda cantar ahora.",
    "cante.verdict.rival_won": "{yes}: la baza la ha ganado la pareja rival, y ahora no se canta.",
    "cante.verdict.sang_now": "{yes}: ya has cantado tras esta baza, y no se canta dos veces en un momento.",
    "cante.verdict.word.yes": "Sí",
    "cante.verdict.word.no": "No",
    "cante.verdict.no": "No:",
    "cante.verdict.no_now": "No: no vale ahora.",
}
