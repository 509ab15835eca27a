"""Why a bot chose its card or cante (engine.bots, the «Pista» hint), in Spanish.

Facts (engine.bots.policy.Reason.message): card (the card the bot chose), top (the card winning the
trick, only where the trick has cards: the codes after a lead), points (the trick's tantos so far);
the hint's sentence (bots.suggest): card, reason (a clause: one of the bots.<code> messages).
"""

CATALOGUE: dict[str, str] = {
    "bots.suggest": "El bot normal jugaría {card:the}: {reason}.",
    "bots.aleatoria": "juega una carta permitida al azar (nivel principiante)",
    "bots.unica": "es la única carta permitida",
    "bots.salida_obligada": "en la primera mano Ludoteka se sale con el dos de oros",
    "bots.ganar_barato": "gana la baza con la carta más barata que supera {top:to_the}",
    "bots.ganar_seguro": "gana la baza con una carta que ya nadie puede superar",
    "bots.cargar": "el compañero tiene la baza ganada con {top:the}, así que le da tantos",
    "bots.companero_gana": (
        "el compañero va ganando la baza con {top:the}: no hace falta gastar una carta alta"
    ),
    "bots.montar_companero": "hay que superar al compañero y se hace con la carta más baja posible",
    "bots.descartar": "no se puede superar {top:to_the}: se echa la carta que menos vale",
    "bots.salir_mandona": "sale con una carta que ya nadie puede superar en su palo",
    "bots.arrastrar": "sale de triunfo para quitar los triunfos a los rivales",
    "bots.guardar_ultimas": "guarda el triunfo más alto para la última baza (las diez de últimas)",
    "bots.salir_baja": (
        "sale con una carta baja del palo que más ha corrido y guarda los triunfos, los cantes y las cartas "
        "de tantos"
    ),
    "bots.salir_al_fallo": "sale por el palo que le falta al compañero, para que gane la baza con un triunfo",
    "bots.hacer_fallar": (
        "sale con una carta baja del palo que le falta a un rival, para que gaste un triunfo en ella"
    ),
    "bots.mejor_estimacion": (
        "es la carta que más manos gana al jugar la mano muchas veces, con las cartas que no se ven "
        "repartidas de muchas maneras que encajan con lo jugado"
    ),
    "bots.contar": (
        "es la carta con la que su pareja gana la mano más veces cuando cuenta las cartas que quedan, "
        "repartiendo de varias maneras las que no ve según lo jugado y jugando sin error las últimas bazas"
    ),
    "bots.tute": "canta el tute: la mano termina y la gana su pareja",
    "bots.cuarenta": "canta las cuarenta, que van antes que las veinte",
    "bots.veinte": "canta las veinte",
}
