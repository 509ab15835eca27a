"""Why a bot chose its card or cante (engine.bots, the «Pista» hint), in English; facts as in es/bots.py."""

CATALOGUE: dict[str, str] = {
    "bots.suggest": "The normal bot would play {card:the}: {reason}.",
    "bots.aleatoria": "it plays a legal card at random (beginner level)",
    "bots.unica": "it is the only legal card",
    "bots.salida_obligada": "in the first Ludoteka hand the lead is the two of oros",
    "bots.ganar_barato": "it wins the baza with the cheapest card that beats {top:the}",
    "bots.ganar_seguro": "it wins the baza with a card nobody can beat any more",
    "bots.cargar": "the partner has the baza won with {top:the}, so it gives them tantos",
    "bots.companero_gana": "the partner is winning the baza with {top:the}: no need to spend a high card",
    "bots.montar_companero": "it has to beat the partner, and does so with the lowest card it can",
    "bots.descartar": "it cannot beat {top:the}: it throws the card worth least",
    "bots.salir_mandona": "it leads a card nobody can beat any more in its suit",
    "bots.arrastrar": "it leads triunfo to draw the opponents' triunfos (arrastre)",
    "bots.guardar_ultimas": "it keeps its highest triunfo for the last baza (las diez de últimas)",
    "bots.salir_baja": (
        "it leads a low card of the suit played most so far and keeps its triunfos, its cantes and its cards "
        "worth tantos"
    ),
    "bots.salir_al_fallo": "it leads the suit its partner lacks, so that the partner wins the baza with a triunfo",
    "bots.hacer_fallar": "it leads a low card of a suit an opponent lacks, so that the opponent spends a triunfo on it",
    "bots.mejor_estimacion": (
        "it is the card that wins the most hands when the hand is played many times, with the unseen cards "
        "dealt in many ways that fit what has been played"
    ),
    "bots.contar": (
        "it is the card with which its pair wins the hand most often when it counts the cards left, dealing "
        "the unseen ones in several ways that fit the play and playing the last bazas without a mistake"
    ),
    "bots.tute": "it sings the tute: the hand ends and its pair wins it",
    "bots.cuarenta": "it sings las cuarenta, which come before las veinte",
    "bots.veinte": "it sings las veinte",
}
