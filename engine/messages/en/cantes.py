"""Cantes and the score of a hand in English (engine.cantes); the same ids and facts as es/cantes.py.

The cantes keep their Spanish names (las veinte, las cuarenta, tute, las diez de últimas).
"""

CATALOGUE: dict[str, str] = {
    "cantes.veinte": "las veinte in {suit}",
    "cantes.cuarenta": "las cuarenta in {suit}",
    "cantes.tute.reyes": "tute of kings",
    "cantes.tute.caballos": "tute of knights",
    "cantes.four.reyes": "all four kings",
    "cantes.four.caballos": "all four knights",
    "cantes.join.or": "{first} or {rest}",
    "cantes.join.semicolon": "{first}; {rest}",
    "cantes.missing.played": "you have already played {card:the}",
    "cantes.missing.partner": "your partner holds {card:the}, and a cante split between the two of you does not count",
    "cantes.missing.absent": "you do not have {card:the}",
    "cantes.no.pair_won": "Not valid: you may only sing right after a baza your pair has won.",
    "cantes.no.already_sang": "Not valid: you have already sung after this baza; each player sings once per baza.",
    "cantes.no.tute_first_baza": (
        "Not valid: a tute is sung when the pair wins its first baza, and this is not that one."
    ),
    "cantes.no.tute_missing": "Not valid: a {option} needs all four in your hand, and {missing}.",
    "cantes.no.suit_sung": "Not valid: {suit} has already been sung this hand; each suit is sung once.",
    "cantes.no.missing": "Not valid: {option} needs the king and the knight of {suit} in your hand, and {missing}.",
    "cantes.no.priority": (
        "Not valid: you must sing {better} first: the tute comes first, then las cuarenta, then las veinte."
    ),
    "cantes.ok.tute": "Valid: you hold {four}; the tute ends the hand and your pair wins it.",
    "cantes.ok": "Valid: you hold the king and the knight of {suit}; you sing {option} ({points} tantos).",
    "cantes.can": "You may sing {options}.",
    "cantes.cannot.none": "You cannot sing: you have no king and knight of the same suit, and no tute.",
    "cantes.cannot": "You cannot sing now.",
    "cantes.sum": "pair {pair} scores {total} ({tantos} in cards{extra})",
    "cantes.sum.none": "",
    "cantes.sum.cantes": " + {cantes} in cantes",
    "cantes.sum.ultimas": " + 10 for the last baza",
    "cantes.sum.both": " + {cantes} in cantes + 10 for the last baza",
    "cantes.score.win": "{a} and {b}: pair {winner} wins, {high} to {low}.",
    "cantes.score.tie": "{a} and {b}: a tie at {total}, and pair {winner} wins it for winning the last baza.",
    "cantes.score.tute": "Pair {winner} sings the tute: the hand ends and pair {winner} wins it.",
    "cantes.score.renuncio.partida": "Pair {bad} commits renuncio and loses the match: pair {winner} wins.",
    "cantes.score.renuncio.mano": "Pair {bad} commits renuncio and loses the hand: pair {winner} wins.",
}
