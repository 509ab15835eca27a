"""Hand records (engine.records) in Spanish: why a record cannot be read.

Facts: ``line`` the line's number; ``detail`` what is wrong (a ``records.error.*`` message); ``card`` a
card; ``seat``, ``by``, ``turn``, ``first`` numbers of players (1 to 4) or lines; ``n``, ``k``,
``expected``, ``limit`` numbers; ``token``, ``text``, ``key``, ``value``, ``code`` what was written;
``suit``, ``trump`` suits; ``kind`` 20 or 40.
"""

CATALOGUE: dict[str, str] = {
    "records.error.line": "Línea {line}: {detail}",
    "records.error.text": "{detail}",
    "records.error.too_big": "el registro es demasiado largo (el límite es {limit} KB).",
    "records.error.not_text": "esto no es un texto: se espera un registro escrito.",
    "records.error.hostile": "hay un carácter invisible o de control ({code}) que no se admite.",
    "records.error.code": "«{code}» no es un código de reparto (son 13 letras, cifras, - o _).",
    "records.error.code_mismatch": "el código de reparto no coincide con el repartidor o la carta de triunfo.",
    "records.error.header": "cabecera desconocida: «{key}».",
    "records.error.header_late": "la cabecera «{key}» va antes de las bazas.",
    "records.error.header_twice": "«{key}» ya se ha escrito en la línea {first}.",
    "records.error.missing": "falta la línea «{key}:».",
    "records.error.value": "«{key}» necesita un texto.",
    "records.error.rules": "mesa no válida: «{text}» (usa {presets} y, si hace falta, opciones como {example}).",
    "records.error.preset": "mesa desconocida: «{text}» (usa {presets}).",
    "records.error.seat": "jugador no válido: «{value}» (los jugadores son 1, 2, 3 y 4).",
    "records.error.trump": "triunfo no válido: «{text}» (escribe la carta que se vuelve, como 2e).",
    "records.error.no_trump_card": "falta la carta de triunfo: sin ella solo se juega la primera mano de una mesa Ludoteka.",
    "records.error.ludoteka_trump": "en la primera mano de una mesa Ludoteka no se vuelve carta: el triunfo es oros.",
    "records.error.who_has_dos": "en la primera mano Ludoteka sale quien tiene el dos de oros: escribe su mano.",
    "records.error.four_hands": "un registro tiene cuatro manos.",
    "records.error.hand_size": "la mano del jugador {seat} tiene {n} cartas y debe tener 10 (escribe - por cada carta que no se sepa).",
    "records.error.card": "«{token}» no es una carta.",
    "records.error.not_a_card": "{value} no es una carta.",
    "records.error.twice": "{card:the} está dos veces.",
    "records.error.played_twice": "{card:the} ya se ha jugado.",
    "records.error.held_by_other": "{card:the} la tiene el jugador {seat}, no el jugador {by}.",
    "records.error.eleven": "el jugador {seat} tendría once cartas con {card:the}.",
    "records.error.forty_one": "ya se han jugado las 40 cartas: una mano tiene 10 bazas.",
    "records.error.five": "la baza {n} tendría {k} cartas: cada baza tiene 4.",
    "records.error.trick_number": "se esperaba la baza {expected}, no la {n}.",
    "records.error.trick_incomplete": "la baza {n} solo tiene {k} cartas.",
    "records.error.empty_trick": "la baza no tiene cartas.",
    "records.error.out_of_turn": "{card:the} no la juega el jugador {seat}: le toca al jugador {turn}.",
    "records.error.annotation": "«{token}»: tras una carta solo se admite !, ?, !!, ??, !? o ?!.",
    "records.error.brace": "una llave sin cerrar: los comentarios van entre {{ y }}.",
    "records.error.comment_place": "un comentario entre llaves va justo después de una carta.",
    "records.error.cante_text": "cante no válido: «{text}» (escribe, por ejemplo, {example}).",
    "records.error.cante_kind": "las {kind} no son en {suit}: el triunfo es {trump}.",
    "records.error.cante_what": "un cante es de un palo o un tute de reyes o de caballos.",
    "records.error.cante_played": "el jugador {seat} canta con {card:the}, que ya se ha jugado.",
    "records.error.after_tute": "el tute ya terminó la mano.",
    "records.error.claim": "renuncio no válido: «{text}» (escribe, por ejemplo, {example}).",
    "records.error.event": "esto no es una jugada, un cante, un renuncio ni una nota.",
    "records.plays": "Cartas jugadas: {n}; cumplen las obligaciones: {legal}.",
    "records.play.legal": "Baza {n}: {who:subj} juega {card:the} y cumple.",
    "records.play.renuncio": "Baza {n}: renuncio {who:de}, que juega {card:the}: {verdict:bare}",
    "records.play.undecidable": (
        "Baza {n}: no se puede decidir si {who:subj} podía jugar {card:the}: no se conoce toda su mano "
        "y nada de lo que muestra el registro dice si podía {obligation}."
    ),
    "records.obligation.asistir": "asistir",
    "records.obligation.montar": "montar",
    "records.obligation.fallar": "fallar",
    "records.obligation.pisar": "pisar",
    "records.obligation.salida": "salir con el dos de oros",
    "records.obligation.libre": "jugar otra carta",
    "records.evidence.play": "{who:subj} tenía {card:the}, que jugó en la baza {n}.",
    "records.evidence.cante": "{who:subj} tenía {card:the}, que enseñó al cantar tras la baza {n}.",
    "records.evidence.trump": "{who:subj} tenía {card:the}: es la carta de triunfo que volvió al repartir.",
    "records.evidence.hand": "{who:subj} tenía {card:the}, según su mano en el registro.",
    "records.evidence.code": "{who:subj} tenía {card:the}, según el código de reparto.",
    "records.evidence.rest": "{who:subj} tenía {card:the}: es de las cartas que no tiene nadie más.",
    "records.when.after": "tras la baza {n}",
    "records.when.start": "antes de la primera baza",
    "records.when.during": "durante la baza {n}",
    "records.cante.valid": "{when}, {who:subj} canta {option}: vale ({points} tantos).",
    "records.cante.valid.tute": "{when}, {who:subj} canta {option}: vale, y el tute termina la mano.",
    "records.cante.invalid": "{when}, {who:subj} canta {option}: no vale, {reason}.",
    "records.cante.undecidable": (
        "{when}, {who:subj} canta {option}: no se puede decidir si vale; no se conoce toda su mano, "
        "y quien puede cantar {better} lo canta antes."
    ),
    "records.cante.why.pair_won": "solo se canta justo después de una baza que gana su pareja",
    "records.cante.why.already_sang": "ya ha cantado tras esta baza y cada jugador canta una vez por baza",
    "records.cante.why.tute_first_baza": "el tute se canta cuando la pareja gana su primera baza, y esta no lo es",
    "records.cante.why.suit_sung": "ya se cantó en {suit} en esta mano",
    "records.cante.why.priority": "antes tenía que cantar {better}",
    "records.cante.why.missing": "no tiene las cartas del cante",
    "records.cante.why.after_tute": "la mano ya terminó con el tute",
    "records.cante.why.after_last_baza": "después de la última baza ya no se canta",
    "records.who.subj": "{who:subj}",
    "records.who.a": "{who:a}",
    "records.claim.upheld": (
        "{who:subj} acusa de renuncio {against}: tiene razón; en la baza {n}, {culprit} jugó {card:the} cuando no podía."
    ),
    "records.claim.false": (
        "{who:subj} acusa de renuncio {against}: no lo hubo, todas sus cartas hasta entonces cumplen."
    ),
    "records.claim.undecidable": (
        "{who:subj} acusa de renuncio {against}: no se puede decidir, no se conoce bastante de su mano."
    ),
    "records.score.cards": "Cartas: pareja A {a}, pareja B {b}.",
    "records.score.cantes": "Cantes: pareja A {a}, pareja B {b}.",
    "records.score.ultimas": "Última baza: pareja {pair}, 10 de últimas.",
    "records.score.total": "Total: pareja A {a}, pareja B {b}.",
    "records.score.total_so_far": (
        "Total hasta la baza {n} (la mano no se jugó entera): pareja A {a}, pareja B {b}."
    ),
    "records.score.check": "Comprobación: {a} + {b} en cartas + 10 de últimas = {sum}.",
    "records.score.incomplete": (
        "La mano no está completa (bazas jugadas: {n}) y no la termina un tute ni un renuncio: no hay resultado."
    ),
    "records.score.renuncio": "El renuncio que decide es el de la baza {n}, {who:de}.",
    "records.score.undecided": (
        "Este resultado vale si cumplían las cartas que no se pueden decidir ({n}) y cuenta solo los "
        "cantes que se sabe que valen (quedan {cantes} por decidir)."
    ),
}
