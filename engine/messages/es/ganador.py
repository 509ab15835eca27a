"""Who wins the trick (the `ganador` family) in Spanish.

Facts: plays (a list of ``ganador.listed``), player (a nested ``families.player``), card (the card a
sentence speaks of: the winner, the strongest), lead (the card led), top (the highest trump), trump / led
(suits).
"""

CATALOGUE: dict[str, str] = {
    "ganador.listed": "{player}: {card:name}",
    "ganador.option": "{card:name} ({player})",
    "ganador.question.complete": "Baza: {plays:semi}. ¿Qué carta gana la baza?",
    "ganador.question.partial": "Baza: {plays:semi}. ¿Qué carta va ganando la baza?",
    "ganador.question.strength": "Estas cartas son todas del mismo palo: {plays:semi}. ¿Cuál es la más fuerte?",
    "ganador.why.wins_trump": "Sí: es el triunfo más alto de la baza ({trump}).",
    "ganador.why.wins_led": "Sí: nadie ha echado triunfo y es la carta de {led} más fuerte.",
    "ganador.why.higher_trump": "No: {card:the} es un triunfo más fuerte.",
    "ganador.why.cut": "No: la baza está cortada con {top:the}; el triunfo gana al palo de salida.",
    "ganador.why.stronger": "No: {card:the} es más fuerte (as, tres, rey, caballo, sota, siete...).",
    "ganador.why.other_suit": "No: no es del palo de salida ni de triunfo, así que no puede ganar.",
    "ganador.explanation.cut": (
        "Sale {lead:the}. La baza tiene triunfo ({trump}), así que gana el triunfo más alto: {card:the}."
    ),
    "ganador.explanation.trump_lead": "Sale triunfo: gana el triunfo más alto, {card:the}.",
    "ganador.explanation.plain": (
        "Sale {lead:the} y nadie echa triunfo: gana la carta de {led} más fuerte, {card:the}; las de otros "
        "palos no cuentan. Recuerda el orden: as, tres, rey, caballo, sota, siete, "
        "seis, cinco, cuatro y dos, así que nada supera {card:to_the} en esta baza."
    ),
    "ganador.explanation.cut.partial": (
        "Sale {lead:the}. La baza tiene triunfo ({trump}), así que de momento va ganando el triunfo más alto: "
        "{card:the}. Aún faltan jugadores por echar carta."
    ),
    "ganador.explanation.trump_lead.partial": (
        "Sale triunfo: de momento va ganando el triunfo más alto, {card:the}. Aún faltan jugadores por echar "
        "carta."
    ),
    "ganador.explanation.plain.partial": (
        "Sale {lead:the} y hasta ahora nadie ha echado triunfo: va ganando la carta de {led} más fuerte, "
        "{card:the}; las de otros palos no cuentan. Recuerda el orden: as, tres, rey, caballo, sota, siete, "
        "seis, cinco, cuatro y dos: de lo jugado, nada supera {card:to_the}, pero aún faltan jugadores por "
        "echar carta."
    ),
    "ganador.strength.yes": "Sí: es la más fuerte de estas cartas.",
    "ganador.strength.no": "No: {card:the} es más fuerte.",
    "ganador.strength.explanation": (
        "Dentro de un palo manda el orden de fuerza, no el número: as, tres, rey, caballo, sota, siete, "
        "seis, cinco, cuatro y dos. La más fuerte es {card:the}."
    ),
    "ganador.candidates.explanation": (
        "Sale {lead:the} y el triunfo es {trump}: gana una carta de {led} más fuerte o cualquier triunfo; "
        "las de otros palos nunca ganan."
    ),
}
