"""The table and the deal in Spanish (engine.scenarios.mesa).

Facts: ``who`` a seat seen from the learner's; ``next`` / ``deals`` / ``holds`` a clause about a second
seat; ``card`` a card; ``suit`` a suit; ``code`` a card code ('11b'); ``a``, ``b``, ``c``, ``n``,
``x``, ``y``, ``total`` numbers; ``pair`` a pair ('tu pareja'); ``missing``, ``why``, ``how``, ``fig``,
``done`` clauses. Ids ending ``.one`` / ``.many`` are the same words for one and for several.
"""

CATALOGUE: dict[str, str] = {
    # Pieces of sentences and option labels.
    "mesa.who": "{who:subj}",
    "mesa.deals": "{who:v:reparte} {who:subj}",
    "mesa.semi": "{first}; {rest}",
    "mesa.card": "{card:the}",
    "mesa.card_name": "{card:name}",
    "mesa.suit": "{suit}",
    "mesa.fake_card.8": "el ocho de {suit}",
    "mesa.fake_card.9": "el nueve de {suit}",
    "mesa.french.0": "corazones",
    "mesa.french.1": "picas",
    "mesa.french.2": "tréboles",
    "mesa.french.3": "diamantes",
    "mesa.n_cards": "{n} cartas",
    "mesa.numbers": "{a}, {b} y {c}",
    "mesa.players": "los jugadores {a} y {b}",
    "mesa.rank.as": " (as)",
    "mesa.rank.sota": " (sota)",
    "mesa.rank.caballo": " (caballo)",
    "mesa.rank.rey": " (rey)",
    "mesa.rank.none": "",
    "mesa.in_hand": "en {who:mano}",
    "mesa.pair.yours": "tu pareja",
    "mesa.pair.rival": "la pareja rival",
    "mesa.pair.rival_short": "la rival",
    "mesa.points.one": "{n} punto",
    "mesa.points.many": "{n} puntos",
    "mesa.hands.one": "{n} mano",
    "mesa.hands.many": "{n} manos",
    "mesa.missing.one": "os falta {n}",
    "mesa.missing.many": "os faltan {n}",
    "mesa.verdict.yes": "Sí:",
    # A wrong option's own fact, where several wrong options would otherwise share one belief.
    "mesa.why.real_card": "{card:the} es una de las 40 cartas de la baraja.",
    "mesa.why.deck_size": "la baraja del tute tiene 40 cartas, no {n}.",
    "mesa.why.suit_size": "cada palo tiene 10 cartas, no {n}.",
    "mesa.why.real_suit": "{suit:the} son uno de los cuatro palos de la baraja española.",
    "mesa.why.figures": "{a}, {b} y {c} no son la sota, el caballo y el rey: son el 10, el 11 y el 12.",
    "mesa.why.code_of": "{card:the} se escribe {code}.",
    "mesa.why.card_of": "{code} es {card:the}.",
    "mesa.why.not_dealer": "la carta que marca el triunfo es la última del repartidor, y se queda en su mano.",
    "mesa.why.shown_suit": "la carta enseñada es {card:the}: triunfan {suit:the}, no {other:the}.",
    "mesa.why.first_trump": "en la primera mano de la partida de esta mesa triunfan los oros, no {other:the}.",
    "mesa.why.first_leader": "en la primera mano de la partida de esta mesa sale quien tiene el dos de oros.",
    "mesa.why.dealt_each": "se reparten las 40 cartas, diez a cada jugador, no {n}.",
    "mesa.why.dealt_all": "se reparten las 40 cartas, no {n}: no queda mazo.",
    "mesa.why.winner_leads": "sale quien ganó la baza anterior.",
    "mesa.verdict.no": "No:",
    # The deck and its notation (R-DECK-1, R-DECK-2).
    "mesa.q.no_existe": (
        "¿Cuál de estas cartas no existe en la baraja española de 40 cartas con la que se juega al tute?"
    ),
    "mesa.q.cuantas": "¿Cuántas cartas tiene la baraja con la que se juega al tute por parejas?",
    "mesa.q.por_palo": "¿Cuántas cartas tiene cada palo de la baraja del tute?",
    "mesa.q.palo_falso": "¿Cuál de estos no es un palo de la baraja española?",
    "mesa.q.figuras": "¿Qué números llevan la sota, el caballo y el rey en la baraja del tute?",
    "mesa.q.leer": "En la app las cartas se escriben con número y letra del palo. ¿Qué carta es «{code}»?",
    "mesa.q.escribir": "¿Cómo se escribe {card:the} con número y letra del palo?",
    "mesa.no_existe.expl": (
        "La baraja española del tute tiene 40 cartas: en cada palo, del as al siete y la sota (10), el caballo "
        "(11) y el rey (12). No hay ochos, nueves ni comodines."
    ),
    "mesa.cuantas.expl": "Se juega con la baraja española de 40 cartas: cuatro palos de diez cartas.",
    "mesa.por_palo.expl": (
        "Cada palo tiene diez cartas: 1, 2, 3, 4, 5, 6, 7, sota (10), caballo (11) y rey (12); 4 palos × 10 = "
        "40 cartas."
    ),
    "mesa.palo_falso.expl": (
        "Los cuatro palos de la baraja española son oros, copas, espadas y bastos; corazones, picas, tréboles y "
        "diamantes son de la baraja francesa."
    ),
    "mesa.figuras.expl": (
        "Después del siete vienen la sota (10), el caballo (11) y el rey (12): no hay ni ochos ni nueves, y así "
        "cada palo tiene diez cartas."
    ),
    "mesa.notation.expl": (
        "Una carta se escribe con su número y la letra de su palo (o oros, c copas, e espadas, b bastos): "
        "«{code}» es {rank}{fig} de {suit}, {card:the}."
    ),
    # The seats (R-SEAT-1).
    "mesa.q.despues_de_ti": (
        "Jugáis cuatro, por parejas. Acabas de jugar tu carta. ¿Quién juega justo después de ti?"
    ),
    "mesa.q.despues_de": "Jugáis cuatro, por parejas. Acaba de jugar {who:subj}. ¿Quién juega justo después?",
    "mesa.q.companero": "Jugáis cuatro, por parejas. ¿Dónde se sienta tu compañero?",
    "mesa.q.pareja": (
        "Los jugadores se numeran del 1 al 4 en el orden en que se juega, y tú eres el jugador {n}. ¿Qué "
        "jugadores forman tu pareja?"
    ),
    "mesa.despues_de.expl": (
        "Se juega en sentido contrario a las agujas del reloj: después {who:de} juega quien está a {who:pos1} "
        "derecha, {next}."
    ),
    "mesa.companero.enfrente": "Enfrente de ti",
    "mesa.companero.derecha": "A tu derecha",
    "mesa.companero.izquierda": "A tu izquierda",
    "mesa.companero.expl": (
        "Los compañeros se sientan enfrente; a tu derecha y a tu izquierda están los rivales."
    ),
    "mesa.pareja.expl": (
        "Los compañeros se sientan enfrente: el jugador {n} juega con el {partner}. La pareja A son los "
        "jugadores 1 y 3, y la pareja B, el 2 y el 4."
    ),
    # The deal (R-DEAL-1..4).
    "mesa.q.cartas_cada_uno": "En el tute por parejas, ¿cuántas cartas recibe cada jugador al repartir?",
    "mesa.q.total": "En el tute por parejas, ¿cuántas cartas de la baraja se reparten?",
    "mesa.q.mazo": "Después de repartir, ¿queda un mazo del que se roba durante la mano?",
    "mesa.reparto.expl": (
        "Se reparten las 40 cartas, diez a cada jugador: no queda mazo y no se roba durante la mano."
    ),
    "mesa.total.all": "las 40, y no queda ninguna en el mazo",
    "mesa.total.some": "{n}, y el resto queda en el mazo",
    "mesa.mazo.no": "No: se reparten todas y nadie roba",
    "mesa.mazo.robar": "Sí: tras cada baza cada jugador roba una carta",
    "mesa.mazo.ultima": "Sí: quedan unas cartas boca abajo para el final",
    "mesa.mazo.101": "Sí: se roba hasta que una pareja llega a 101",
    "mesa.q.not_first_hand": "No es la primera mano de la partida.",
    "mesa.q.palo_triunfo": (
        "{who:v:reparte} {who:subj} y {who:v:enseña} {who:pos1} última carta: {card:the}. ¿Qué palo es "
        "triunfo en esta mano?"
    ),
    "mesa.q.quien_la_tiene": (
        "{who:v:reparte} {who:subj} y {who:v:enseña} {who:pos1} última carta, {card:the}, para marcar el "
        "triunfo. ¿Dónde queda esa carta durante la mano?"
    ),
    "mesa.q.first_hand_ludoteka": (
        "Es la primera mano de la partida y en esta mesa se juega la primera mano de Ludoteka."
    ),
    "mesa.q.primera_triunfo": "{who:v:reparte} {who:subj} y {who:pos1} última carta es {card:the}. ¿Qué palo es triunfo?",
    "mesa.holds_dos_de_oros": "el dos de oros lo {who:v:tiene} {who:subj}",
    "mesa.q.primera_dos_de_oros": "{deals} y {holds}. ¿Quién sale en la primera baza?",
    "mesa.palo_triunfo.expl": (
        "La última carta del repartidor, {card:the}, se enseña para marcar el triunfo: triunfan {suit:the} toda "
        "la mano."
    ),
    "mesa.quien.mesa": "Nadie: se queda boca arriba en la mesa",
    "mesa.quien.cambio": "Quien tenga el siete de triunfo, que la cambia",
    "mesa.quien_la_tiene.expl": (
        "La carta que marca el triunfo es la última del repartidor ({who:subj}): se enseña, se queda en "
        "{who:v:su} mano y {who:subj} la {who:v:jugará} como cualquier otra. No se cambia por el siete."
    ),
    "mesa.primera_triunfo.expl": (
        "En esta mesa (primera mano de Ludoteka) la primera mano de la partida se juega siempre con triunfo de "
        "oros, sin enseñar carta; en las siguientes marca el triunfo la última carta del repartidor."
    ),
    "mesa.primera_dos_de_oros.expl": (
        "En la primera mano de la partida de esta mesa triunfan los oros y sale quien tiene el dos de oros "
        "({who:subj}), saliendo con él; en las demás manos sale el jugador a la derecha del repartidor."
    ),
    "mesa.q.primera_salida": "{who:v:reparte} {who:subj}. ¿Quién sale en la primera baza?",
    "mesa.trick_won": "la {i}.ª la {who:v:gana} {who:subj}",
    "mesa.q.siguiente_salida": "{deals}. Bazas jugadas: {done}. ¿Quién sale en la baza {n}?",
    "mesa.primera_salida.expl": (
        "{who:v:reparte} {who:subj}: la primera baza la abre el jugador a {who:pos1} derecha, {next}."
    ),
    "mesa.siguiente_salida.expl": (
        "Cada baza la abre quien ganó la anterior: la última la {who:v:ganó} {who:subj}, así que {who:v:sale} "
        "{who:v:él}."
    ),
    "mesa.q.siguiente_reparto": "En esta mano {who:v:ha} repartido {who:subj}. ¿Quién reparte la mano siguiente?",
    "mesa.q.reparto_lejano": (
        "En la primera mano de la partida {who:v:reparte} {who:subj}. ¿Quién reparte la mano {n}?"
    ),
    "mesa.siguiente_reparto.expl": "El reparto pasa a la derecha: tras {who:obj} {next}.",
    "mesa.reparto_lejano.expl": (
        "El reparto pasa una vez a la derecha en cada mano: {n} manos después {who:de} {next}."
    ),
    # The match (R-MATCH-1, R-VAR-PARTIDA-LUDOTEKA).
    "mesa.q.ludoteka": "En esta mesa se juega la partida de Ludoteka (se gana con 6 puntos).",
    "mesa.q.score.points": "La partida va {a} a {b} (puntos: tu pareja {a}, la rival {b}).",
    "mesa.q.score.hands": "La partida va {a} a {b} (manos ganadas: tu pareja {a}, la rival {b}).",
    "mesa.q.faltan": "¿Qué le falta a tu pareja para ganar la partida?",
    "mesa.q.how.tute": "cantando un tute",
    "mesa.q.how.tantos": "con {total} tantos en total (cartas, cantes y últimas)",
    "mesa.q.marcador": "Esta mano la gana {pair} {how}. ¿Cómo queda la partida?",
    "mesa.faltan.101": "Llegar a 101 tantos",
    "mesa.faltan.tantos": "Sumar {n} tantos más entre todas las manos",
    "mesa.faltan.expl.ludoteka": (
        "En esta mesa (partida de Ludoteka) gana la primera pareja que llega a 6 puntos; vais {a} a {b}, así "
        "que {missing}. Los tantos de cada mano no se acumulan."
    ),
    "mesa.faltan.expl": (
        "Cada mano ganada es un punto y gana la partida quien gana tres manos: vais {a} a {b}, así que "
        "{missing}. Los tantos no se acumulan ni hay 101."
    ),
    "mesa.score": "tu pareja {a}, la rival {b}",
    "mesa.score.we_win": "tu pareja {a}, la rival {b}: tu pareja gana la partida",
    "mesa.score.they_win": "tu pareja {a}, la rival {b}: la rival gana la partida",
    "mesa.marcador.101": "con {total} tantos, {pair} pasa de 100 y gana la partida",
    "mesa.marcador.tantos": "se apuntan los {total} tantos de la mano en el marcador de la partida",
    "mesa.marcador.tute_tantos": "el tute da los 120 tantos de la baraja al marcador de la partida",
    "mesa.why.tute": "un tute vale 2 puntos",
    "mesa.why.over_100": "una mano ganada con {total} tantos pasa de 100 y vale 2 puntos",
    "mesa.why.under_100": "una mano ganada con {total} tantos no pasa de 100 y vale 1 punto",
    "mesa.how.tute": "con un tute",
    "mesa.how.tantos": "con {total} tantos",
    "mesa.marcador.expl.ludoteka": (
        "En esta mesa (partida de Ludoteka) {why}, y se gana con 6 puntos. Vais {a} a {b} y gana {pair}: queda "
        "{x} a {y}."
    ),
    "mesa.marcador.expl": (
        "Cada mano ganada vale un punto, también la ganada con un tute, y gana la partida la pareja que gana "
        "tres manos; los tantos no se suman al marcador ni hay 101. Vais {a} a {b} y gana {pair} {how}: queda "
        "{x} a {y}."
    ),
    "mesa.match_won": "{pair} gana la partida.",
}
