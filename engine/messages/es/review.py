"""The graded review of a hand (engine.analysis), in Spanish: why a card was worse than the best one, the
names of the labels and of the play themes, a rule error.

Facts: ``who`` the player whose card is judged (seen from the reader's seat); ``card`` the card played;
``best`` a best card; ``n`` / ``m`` tantos; ``win`` a difference in hands won, in percent; ``points`` a
difference in points; ``suit`` a suit; ``trick`` a baza's number; ``done`` / ``total`` bazas analysed.
"""

CATALOGUE: dict[str, str] = {
    "review.label.la_mejor": "la mejor",
    "review.label.buena": "buena",
    "review.label.imprecision": "imprecisión",
    "review.label.error": "error",
    "review.label.error_grave": "error grave",
    "review.too_close": "la diferencia con la mejor es demasiado pequeña para afirmarla",
    "review.theme.cargar": "cargar la baza del compañero",
    "review.theme.no_entregar": "no entregar tantos a los rivales",
    "review.theme.guardar_triunfo": "guardar triunfo para pisar",
    "review.theme.ultimas": "las diez de últimas",
    "review.theme.cantar": "cantar a tiempo",
    "review.theme.fallo_companero": "salir de un palo fallado por el compañero",
    "review.reason.no_entregar": "{who:s}{who:v:entregaba} {n} tantos a la baza de los rivales",
    "review.reason.no_entregar.less": (
        "{who:s}{who:v:entregaba} {n} tantos a la baza de los rivales; con {best:the} eran {m}"
    ),
    "review.reason.cargar": "{who:compañero} ya {who:cv:ganaba}: cargar {best:the} {who:cte} daba {n} tantos más",
    "review.reason.ultimas": "{who:s}{who:v:perdía} las diez de últimas: {card:the} habría ganado la última baza si se hubiera guardado para el final",
    "review.reason.guardar_triunfo": (
        "{who:s}{who:v:gastaba} el triunfo que luego hizo falta para pisar en la baza {trick}"
    ),
    "review.reason.cantar.20": "{who:s}{who:v:rompía} las veinte en {suit}",
    "review.reason.cantar.40": "{who:s}{who:v:rompía} las cuarenta en {suit}",
    "review.reason.fallo_companero": (
        "{who:compañero} no {who:cv:tiene} {suit}: salir de {suit} con {best:the} {who:cte} dejaba fallar"
    ),
    "review.reason.both": (
        "con {best:the}, {who:pareja} pareja ganaba la mano {win} de cada 100 veces más y acababa con {points} "
        "tantos más de media"
    ),
    "review.reason.win": "con {best:the}, {who:pareja} pareja ganaba la mano {win} de cada 100 veces más",
    "review.reason.points": "con {best:the}, {who:pareja} pareja acababa la mano con {points} tantos más de media",
    "review.rule_error": "Renuncio en la baza {trick}: {who:s}{who:v:jugó} {card:the} y {who:v:debía} {obligation}",
    "review.obligation.asistir": "asistir",
    "review.obligation.montar": "montar",
    "review.obligation.asistir_montar": "asistir y montar",
    "review.obligation.fallar": "fallar",
    "review.obligation.pisar": "pisar",
    "review.obligation.salida": "salir con el dos de oros",
    "review.obligation.libre": "jugar una carta permitida",
    "review.progress": "analizando… {done} de {total} bazas",
}
