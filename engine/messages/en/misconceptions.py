"""The mistaken beliefs a wrong answer reveals (engine.scenarios.misconceptions), in English."""

CATALOGUE: dict[str, str] = {
    "misconceptions.triunfo_teniendo_palo": (
        "Playing a triunfo while holding cards of the led suit: you must asistir first."
    ),
    "misconceptions.triunfo_de_salida": (
        "Calling it fallar or pisar to play a triunfo when triunfo is led: if triunfo is led and you have one, "
        "you asistir (and montar if you can)."
    ),
    "misconceptions.otro_palo_teniendo_palo": (
        "Playing another suit while holding cards of the led suit: you must asistir."
    ),
    "misconceptions.no_monto": (
        "Not going over (montar) when you can: if you asistir and nobody has played a triunfo, you must "
        "beat the strongest card of the led suit (montar)."
    ),
    "misconceptions.monto_solo_salida": (
        "Beating only the card that was led: you must beat the strongest card of the led suit in the baza."
    ),
    "misconceptions.monto_baza_cortada": (
        "Thinking you must montar when the baza is already cut with a triunfo: following suit is enough."
    ),
    "misconceptions.no_fallo": (
        "Not playing a triunfo when you lack the led suit: if you hold a triunfo, you must fallar."
    ),
    "misconceptions.no_piso": (
        "Not overtrumping when you can: if there is already a triunfo in the baza and you hold a higher "
        "one, you must play it (pisar)."
    ),
    "misconceptions.fallo_sin_poder_pisar": (
        "Thinking you must play a lower triunfo when you cannot pisar: you may play any card."
    ),
    "misconceptions.excusa_companero": (
        "Thinking that your partner winning the baza frees you from the obligations: they apply all the same."
    ),
    "misconceptions.ignora_variante": (
        "Applying the general rule without taking into account the variant played at this table."
    ),
    "misconceptions.ignora_montar_tras_fallo": (
        "Forgetting this table's rule: even when the baza is already cut with a triunfo, if you asistir you "
        "must beat the strongest card of the led suit if you can."
    ),
    "misconceptions.ignora_fallar_sin_pisar": (
        "Forgetting this table's rule: even if you cannot pisar, when you lack the led suit you must play a "
        "lower triunfo."
    ),
    "misconceptions.ignora_excepcion_companero": (
        "Forgetting this table's exception: while your partner is winning the baza, following suit is "
        "enough, and without the led suit you may play any card."
    ),
    "misconceptions.ignora_primera_mano": (
        "Forgetting this table's first hand: in the first hand of the match the triunfo is oros and whoever "
        "holds the two of oros leads."
    ),
    "misconceptions.ignora_partida_ludoteka": (
        "Forgetting this table's scoring system: a hand is worth 2 points if its total is over 100 "
        "(otherwise 1), a tute is worth 2 and the match is won with 6."
    ),
    "misconceptions.libertad_brisca": (
        "Playing with the freedom of brisca: in tute you must asistir, montar, fallar and pisar."
    ),
    "misconceptions.obligacion_inventada": (
        "Seeing an obligation that is not there: that card also follows the rules of this baza."
    ),
    "misconceptions.renuncio_inventado": (
        "Seeing a renuncio that is not there: the card that player played met their obligations."
    ),
    "misconceptions.tres_bajo_rey": (
        "Putting the three below the king: the three beats the king and is worth 10 tantos (the king, 4)."
    ),
    "misconceptions.tres_por_numero": (
        "Ranking the three by its number: the three is the second strongest card of its suit, and only the "
        "ace beats it."
    ),
    "misconceptions.orden_fuerza": (
        "Getting the order of strength wrong: ace, three, king, knight, jack, seven, six, five, four and two."
    ),
    "misconceptions.gana_la_salida": (
        "Thinking the card led wins because it was played first: the highest card of the led suit or the "
        "highest triunfo wins."
    ),
    "misconceptions.ganador_ignora_triunfo": (
        "Forgetting the triunfo: any triunfo beats the cards of the other suits."
    ),
    "misconceptions.ganador_otro_palo": (
        "Giving the baza to a high card of another suit: only the led suit or a triunfo can win."
    ),
    "misconceptions.tantos_mal_contados": (
        "Counting the tantos wrong: ace 11, three 10, king 4, knight 3, jack 2 and the rest 0."
    ),
    "misconceptions.olvido_ultimas": (
        "Forgetting las diez de últimas: the pair that wins the last baza adds 10 tantos."
    ),
    "misconceptions.olvido_cantes": "Forgetting to add the cantes (20 or 40) to the pair's total.",
    "misconceptions.cante_descuenta_cartas": (
        "Thinking the king and knight of a cante no longer count as cards: they are still worth 4 and 3."
    ),
    "misconceptions.cinco_bazas_empate": (
        "Thinking five bazas each is a tie: the tantos, the cantes and the last baza decide."
    ),
    "misconceptions.empate_sin_ultimas": (
        "Thinking a tie in tantos stays a tie: the pair that won the last baza wins it."
    ),
    "misconceptions.empate_a_la_otra_pareja": (
        "Giving a tie to the pair that did not win the last baza: with equal totals, the pair that won the "
        "last baza wins."
    ),
    "misconceptions.mas_cartas_gana": (
        "Comparing only the tantos of the cards without adding the cantes or las diez de últimas."
    ),
    "misconceptions.cante_repartido": (
        "Singing with the king and the knight split between two partners: one player must hold both."
    ),
    "misconceptions.cante_carta_jugada": (
        "Singing after playing the king or the knight: that suit can no longer be sung."
    ),
    "misconceptions.cante_sin_baza": (
        "Singing when your pair has not won the baza: you sing only after a baza won by your pair."
    ),
    "misconceptions.palo_ya_cantado": (
        "Singing a suit that was already sung: each suit is sung only once per hand."
    ),
    "misconceptions.dos_cantes": (
        "Singing twice at the same moment: each player sings at most once after each baza."
    ),
    "misconceptions.prioridad_cante": (
        "Getting the order of the cantes wrong: first the tute, then las cuarenta and then las veinte."
    ),
    "misconceptions.tute_fuera_de_tiempo": (
        "Singing the tute at the wrong moment: it is sung when the pair wins its first baza."
    ),
    "misconceptions.no_ve_cante": (
        "Missing a valid cante: the king and knight of one suit in your hand after a baza won by your pair."
    ),
    "misconceptions.cante_otro_palo": (
        "Singing the wrong suit: the cante is of the suit whose king and knight you hold."
    ),
    "misconceptions.cante_sin_pareja": (
        "Singing without the king and the knight of that suit: to sing, you must hold both."
    ),
    "misconceptions.tute_sin_cartas": (
        "Singing a tute you do not have: you need the four kings or the four knights in your hand."
    ),
    "misconceptions.ocho_y_nueve": (
        "Mixing up the deck: tute is played with the 40-card Spanish deck (oros, copas, espadas and bastos; "
        "ace to seven, jack 10, knight 11 and king 12), with no eights, nines or jokers."
    ),
    "misconceptions.lee_mal_la_notacion": (
        "Misreading the notation: a number and the suit's letter (o oros, c copas, e espadas, b bastos); 10 "
        "is the jack, 11 the knight and 12 the king."
    ),
    "misconceptions.companero_al_lado": (
        "Thinking your partner sits beside you: your partner sits opposite, and the opponents are on either "
        "side."
    ),
    "misconceptions.orden_horario": ("Going clockwise: in tute play goes to the right, counterclockwise."),
    "misconceptions.sale_el_repartidor": (
        "Thinking the dealer leads: the player on the dealer's right leads the first baza."
    ),
    "misconceptions.salida_por_turno": (
        "Thinking the lead passes round in turn: whoever won the previous baza leads the next."
    ),
    "misconceptions.roba_del_mazo": (
        "Mixing it up with two-player tute or brisca: in four-player tute all 40 cards are dealt, ten each, "
        "and nobody draws."
    ),
    "misconceptions.triunfo_no_se_queda": (
        "Thinking the card that shows the triunfo stays on the table or is exchanged: it is the dealer's "
        "last card and stays in the dealer's hand."
    ),
    "misconceptions.triunfo_otro_palo": (
        "Getting the triunfo wrong: it is the suit of the card the dealer shows."
    ),
    "misconceptions.reparto_a_la_izquierda": (
        "Passing the deal to the left: each hand is dealt by the player on the previous dealer's right."
    ),
    "misconceptions.repite_repartidor": (
        "Thinking the same player always deals: the deal passes to the right every hand."
    ),
    "misconceptions.suma_puntos_a_tantos": (
        "Adding the hand's tantos to the match score: they only decide who wins the hand."
    ),
    "misconceptions.suma_puntos_a_tantos_ludoteka": (
        "Adding the hand's tantos to the match score: at this table they only decide who wins the hand "
        "and whether it is worth 2 points (when its total passes 100) or 1."
    ),
    "misconceptions.cree_101_ludoteka": (
        "Mixing it up with two-player tute: four-player tute is not played to 101; at this table each hand "
        "won is worth 1 or 2 points and the match is won with 6."
    ),
    "misconceptions.cree_101": (
        "Mixing it up with two-player tute: four-player tute is not played to 101; the match counts hands won."
    ),
    "misconceptions.mezcla_sistemas": (
        "Mixing up the scoring systems: at this table each hand won (also with a tute) is worth one point "
        "and the match is won with three; the Ludoteka system (2 points, to 6) is another variant."
    ),
    "misconceptions.tute_no_cuenta": (
        "Thinking a tute gives no point: a tute wins the hand and counts as a hand won."
    ),
}
