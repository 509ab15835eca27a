"""Cantes and the score of a hand in Spanish (engine.cantes).

Facts: suit; card (a card that is missing); points; pair, winner, bad (a pair's letter, 'A' or 'B'); total,
tantos, cantes, high, low (numbers). Clauses: option, better (a cante's name, cantes.veinte…), missing
(cantes.missing.*, or several joined by cantes.join.*), four (cantes.four.*), options (cante names joined),
extra (cantes.sum.*: what a pair adds to its cards), a, b (cantes.sum: each pair's total).
"""

CATALOGUE: dict[str, str] = {
    "cantes.veinte": "las veinte en {suit}",
    "cantes.cuarenta": "las cuarenta en {suit}",
    "cantes.tute.reyes": "tute de reyes",
    "cantes.tute.caballos": "tute de caballos",
    "cantes.four.reyes": "los cuatro reyes",
    "cantes.four.caballos": "los cuatro caballos",
    "cantes.join.or": "{first} o {rest}",
    "cantes.join.semicolon": "{first}; {rest}",
    "cantes.missing.played": "ya has jugado {card:the}",
    "cantes.missing.partner": "{card:the} lo tiene tu compañero y no vale repartido entre los dos",
    "cantes.missing.absent": "no tienes {card:the}",
    "cantes.no.pair_won": "No vale: solo se canta justo después de una baza ganada por tu pareja.",
    "cantes.no.already_sang": "No vale: ya has cantado tras esta baza; cada jugador canta una vez por baza.",
    "cantes.no.tute_first_baza": (
        "No vale: el tute se canta cuando la pareja gana su primera baza, y esta no lo es."
    ),
    "cantes.no.tute_missing": "No vale: para el {option} hacen falta los cuatro en tu mano y {missing}.",
    "cantes.no.suit_sung": "No vale: ya se cantó en {suit} en esta mano; cada palo se canta una vez.",
    "cantes.no.missing": "No vale: {option} piden el rey y el caballo de {suit} en tu mano y {missing}.",
    "cantes.no.priority": (
        "No vale: antes tienes que cantar {better}: primero el tute, luego las cuarenta, luego las veinte."
    ),
    "cantes.ok.tute": "Vale: tienes {four}; el tute termina la mano y la gana tu pareja.",
    "cantes.ok": "Vale: tienes el rey y el caballo de {suit}; cantas {option} ({points} tantos).",
    "cantes.can": "Puedes cantar {options}.",
    "cantes.cannot.none": "No puedes cantar: no tienes rey y caballo del mismo palo ni un tute.",
    "cantes.cannot": "No puedes cantar ahora.",
    "cantes.sum": "la pareja {pair} suma {total} ({tantos} en cartas{extra})",
    "cantes.sum.none": "",
    "cantes.sum.cantes": " + {cantes} de cantes",
    "cantes.sum.ultimas": " + 10 de últimas",
    "cantes.sum.both": " + {cantes} de cantes + 10 de últimas",
    "cantes.score.win": "{a} y {b}: gana la pareja {winner}, {high} a {low}.",
    "cantes.score.tie": (
        "{a} y {b}: empate a {total}, y lo gana la pareja {winner} porque ganó la última baza."
    ),
    "cantes.score.tute": "La pareja {winner} canta el tute: la mano termina y la gana ella.",
    "cantes.score.renuncio.partida": (
        "La pareja {bad} comete renuncio y pierde la partida: gana la pareja {winner}."
    ),
    "cantes.score.renuncio.mano": "La pareja {bad} comete renuncio y pierde la mano: gana la pareja {winner}.",
}
