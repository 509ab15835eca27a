"""The rules in English (engine.rules): one line per rule id of the reference, the table names and their
switches. The game's words stay Spanish (asistir, montar, fallar, pisar, baza, cante, tute, renuncio…)."""

CATALOGUE: dict[str, str] = {
    "rule.R-DECK-1": (
        "Spanish deck of 40 cards: oros, copas, espadas and bastos; ace to seven, jack, knight and king."
    ),
    "rule.R-DECK-2": "Notation: number and suit letter (12c is the king of copas); the names work too.",
    "rule.R-DECK-3": (
        "Order of strength in each suit: ace, three, king, knight, jack, seven, six, five, four and two."
    ),
    "rule.R-DECK-4": (
        "Points (tantos): ace 11, three 10, king 4, knight 3, jack 2; the rest count nothing. The deck adds "
        "up to 120."
    ),
    "rule.R-SEAT-1": "Play goes counterclockwise; partners sit facing each other.",
    "rule.R-DEAL-1": "Ten cards per player; all 40 are dealt and nobody draws during the hand.",
    "rule.R-DEAL-2": "The dealer's last card is shown to mark the triunfo (trump) and stays in the dealer's hand.",
    "rule.R-DEAL-3": "The player on the dealer's right leads; after that, whoever won the previous baza.",
    "rule.R-DEAL-4": "The deal passes to the player on the right for the next hand.",
    "rule.R-TRICK-1": "The first card of the baza (trick) is the lead and its suit is the suit led.",
    "rule.R-TRICK-2": "The highest triunfo wins; with no triunfo, the highest card of the suit led.",
    "rule.R-OBL-ASISTIR": "If you have cards of the suit led, you must play one of them (asistir).",
    "rule.R-OBL-MONTAR": (
        "If you asistir and nobody has played a triunfo, you must beat the strongest card of the suit led "
        "if you can (montar)."
    ),
    "rule.R-OBL-CORTADA": "If the baza is already cut with a triunfo, asistir is enough: no need to montar.",
    "rule.R-OBL-TRIUNFO-SALIDA": "If triunfo is led, you must follow with triunfo and beat it if you can.",
    "rule.R-OBL-FALLAR": (
        "Without the suit led and with no triunfo in the baza, you must play a triunfo if you have one "
        "(fallar)."
    ),
    "rule.R-OBL-PISAR": (
        "Without the suit led and with a triunfo in the baza, you must play a higher triunfo if you have one "
        "(pisar)."
    ),
    "rule.R-OBL-LIBRE": "If you can neither asistir, nor fallar, nor pisar, you may play any card.",
    "rule.R-OBL-PAREJA": "The obligations hold even when your partner is winning the baza.",
    "rule.R-OBL-RENUNCIO": "Playing a forbidden card when you could play an allowed one is renuncio.",
    "rule.R-CANTE-1": (
        "Cante: the king and the knight of one suit in one player's hand; 40 in triunfo, 20 in another suit."
    ),
    "rule.R-CANTE-2": (
        "You sing right after a baza your pair won, before the next lead; one cante per person."
    ),
    "rule.R-CANTE-3": (
        "The cards are shown; each suit is sung once, and not after its king or its knight has been played."
    ),
    "rule.R-CANTE-4": (
        "Priority: tute, then las cuarenta, then las veinte; you choose before playing those cards."
    ),
    "rule.R-CANTE-5": "A cante is a bonus: the king and the knight still count 4 and 3 when won in a baza.",
    "rule.R-TUTE-1": "Tute: the four kings or the four knights in one player's hand.",
    "rule.R-TUTE-2": "A tute is sung when the pair wins its first baza, still holding the four cards.",
    "rule.R-TUTE-3": "A valid tute ends the hand, and the pair that sings it wins the hand.",
    "rule.R-SCORE-1": (
        "Each pair's total: the tantos of its bazas, plus its cantes, plus 10 for the last baza (las diez "
        "de últimas)."
    ),
    "rule.R-SCORE-2": "The pair with the higher total wins the hand; winning five bazas is not a tie.",
    "rule.R-SCORE-3": "With the totals tied, the pair that won the last baza wins.",
    "rule.R-MATCH-1": "Each hand won is worth one point, and the first pair to win three hands wins the match.",
    "rule.R-RENUNCIO-1": (
        "Whoever breaks an obligation they could have kept commits renuncio, and their pair loses the match."
    ),
    "rule.R-VAR-MONTAR-TRAS-FALLO": (
        "At this table you must montar even when the baza is already cut with a triunfo: if you asistir, beat "
        "the strongest card of the suit led if you can."
    ),
    "rule.R-VAR-FALLAR-SIN-PISAR": (
        "At this table, if you have neither the suit led nor a triunfo that can pisar, you must play a lower "
        "triunfo if you have one."
    ),
    "rule.R-VAR-COMPANERO": (
        "At this table, while your partner is winning the baza, asistir is enough; without the suit led you "
        "may play any card."
    ),
    "rule.R-VAR-TUTE-CUALQUIER-BAZA": (
        "At this table a tute may be sung after any baza the pair wins, not only the first."
    ),
    "rule.R-VAR-PARTIDA-LUDOTEKA": (
        "At this table a hand won is worth 2 points if its total is over 100 (otherwise 1), a tute is worth "
        "2, and the match is won with 6 points."
    ),
    "rule.R-VAR-PRIMERA-MANO-LUDOTEKA": (
        "At this table, in the first hand of the match the triunfo is oros and whoever holds the two of oros "
        "leads."
    ),
    "rule.R-VAR-RENUNCIO-MANO": (
        "Whoever breaks an obligation they could have kept commits renuncio; at this table their pair loses "
        "the hand."
    ),
    "preset.guia": "The guide's table (default rules)",
    "preset.estricta": "Strict table",
    "preset.ludoteka": "Ludoteka table",
    "preset.companero": "Table with the partner exception",
    "switch.montar_tras_fallo": "You must montar even when the baza is already cut",
    "switch.fallar_sin_pisar": "Unable to pisar, you must play a lower triunfo",
    "switch.excepcion_companero": "If your partner is winning, asistir is enough",
    "switch.tute_cualquier_baza": "A tute may be sung after any baza the pair wins",
    "switch.partida": "Match system",
    "switch.primera_mano": "First hand",
    "switch.renuncio": "Penalty for renuncio",
    "switch.partida.tres_manos": "first pair to win three hands",
    "switch.partida.ludoteka": "Ludoteka",
    "switch.primera_mano.carta_del_repartidor": "the dealer's card marks the triunfo",
    "switch.primera_mano.ludoteka": "Ludoteka",
    "switch.renuncio.pierde_partida": "loses the match",
    "switch.renuncio.pierde_mano": "loses the hand",
    "switch.setting": "{label}: {value}",
    "switch.yes": "yes",
    "switch.no": "no",
}
