"""What a teacher reads when a position built by hand cannot be read or cannot happen
(engine.scenarios.custom), in Spanish.

Facts: card (a card of the trick), who (its player, seen from the learner's seat), n (a number of cards),
families / fields / key / fmt (the contract's own names: family codes, JSON field names, the format).
"""

CATALOGUE: dict[str, str] = {
    "custom.only_families": "Una posición construida solo sirve para {families}.",
    "custom.never_legal": (
        "La baza no puede haberse jugado así: {card:the} ({who:subj}) no era una jugada legal con ninguna "
        "mano posible."
    ),
    "custom.not_enough_cards": (
        "La baza no puede haberse jugado así: no hay cartas suficientes para que todas sus cartas fueran "
        "legales a la vez."
    ),
    "custom.not_legal": "La baza no puede haberse jugado así: {card:the} no era legal.",
    "custom.trick_too_long": "La baza puede tener como mucho 3 cartas antes de tu turno y tiene {n}.",
    "custom.hand_size": "La mano debe tener de 1 a 10 cartas y tiene {n}.",
    "custom.trick_and_hand": "la baza y la mano",
    "custom.not_an_object": "Se espera un objeto {fmt} con los campos {fields}.",
    "custom.unknown_field": "Campo desconocido: {fields}.",
    "custom.missing_field": "Falta el campo: {fields}.",
    "custom.trump_type": "'{key}' debe ser un palo: o, c, e, b u oros, copas, espadas, bastos.",
    "custom.cards_type": "'{key}' debe ser una lista de cartas escritas como '12c' o 'rey de copas'.",
}
