"""What a teacher (or a caller of the command line) reads when a card, a suit or a table's rules cannot
be read (engine.cards, engine.rules), in Spanish.

Facts: ``token`` / ``text`` what was typed (a string, written with its quotes), ``value`` anything else
already written as Python writes it, ``n`` / ``rank`` numbers, ``what`` the list it came in (a field name
or ``cards.what``), ``key`` / ``keys`` switch names, ``allowed`` / ``presets`` the accepted values.
"""

CATALOGUE: dict[str, str] = {
    "cards.what": "las cartas",
    "cards.error.suit_number": "Palo desconocido: {n} (los palos van del 0 al 3).",
    "cards.error.suit": "Palo desconocido: {text!r} (usa o, c, e, b u oros, copas, espadas, bastos).",
    "cards.error.rank": "No existe el {rank} en la baraja española de 40 cartas.",
    "cards.error.not_text": "Carta no válida: {value} (se espera un texto como «12c» o «rey de copas»).",
    "cards.error.card_suit": "Carta no válida: {token!r} (palo desconocido).",
    "cards.error.eight_nine": "Carta no válida: {token!r} (no hay ochos ni nueves en la baraja de 40).",
    "cards.error.card": "Carta no válida: {token!r}.",
    "cards.error.text_not_list": "{what}: se espera una lista de cartas, no un texto.",
    "cards.error.not_list": "{what}: se espera una lista de cartas.",
    "cards.error.repeated": "{what}: carta repetida: {token!r}.",
    "rules.error.value": "Valor no válido para {key}: {value} (admite {allowed}).",
    "rules.error.spec": "Reglas no válidas: {value} (usa un nombre de mesa o un objeto de opciones).",
    "rules.error.switch": "Opción de mesa desconocida: {keys}.",
    "rules.error.preset": "Mesa desconocida: {value} (usa {presets}).",
}
