"""Counting (the `tantos` family) in Spanish.

Facts: n / total / won (card tantos) / cantes / last (numbers), bazas (a nested ``tantos.bazas.*``), pair ('A' or
'B'), first / second (player numbers, or names of the fixed examples), sang (a nested ``tantos.sang*``),
sung (a list of ``tantos.cante.*``), label (a nested ``tantos.pair``), a / b (nested lists of cantes or
``tantos.none``).
"""

CATALOGUE: dict[str, str] = {
    "tantos.bazas.one": "{n} baza",
    "tantos.bazas.many": "{n} bazas",
    "tantos.cante.cuarenta": "las cuarenta",
    "tantos.cante.veinte": "las veinte en {suit}",
    "tantos.none": "nada",
    "tantos.pair": "pareja {pair} (jugadores {first} y {second})",
    "tantos.names": "{first} y {second}",
    "tantos.wins": "gana la pareja {pair}",
    "tantos.win_names": "ganan {first} y {second}",
    "tantos.tie": "empate",
    "tantos.q1": (
        "Tu pareja ha ganado {bazas} con estas cartas. ¿Cuántos tantos suman las cartas? (Sin cantes ni "
        "últimas.)"
    ),
    "tantos.sang": "ha cantado {sung:and}",
    "tantos.sang.none": "no ha cantado",
    "tantos.q2.last": (
        "La pareja A ha ganado {bazas} con las cartas que ves, {sang} y ha ganado la última baza. ¿Cuántos "
        "tantos suma en total?"
    ),
    "tantos.q2.not_last": (
        "La pareja A ha ganado {bazas} con las cartas que ves, {sang} y no ha ganado la última baza. "
        "¿Cuántos tantos suma en total?"
    ),
    "tantos.q3": (
        "Al acabar la mano, la pareja A tiene {bazas} y la B, {n}, con las cartas que ves. Cantes: pareja A, "
        "{a:and}; pareja B, {b:and}. La última baza la ganó la pareja {pair}. ¿Quién gana la mano?"
    ),
    "tantos.card_tantos": "{n} tantos",
    "tantos.pile.explanation": (
        "As 11, tres 10, rey 4, caballo 3, sota 2 y las demás 0: estas cartas suman {n} tantos."
    ),
    "tantos.row": "{label}: {won} de cartas + {cantes} de cantes + {last} de últimas = {total}.",
    "tantos.total.explanation": "Total = cartas + cantes + diez de últimas.",
    "tantos.row.note": "cartas {won}, cantes {cantes}, últimas {last}: total {total}",
    "tantos.tie.explanation": ("Empate a {total}: gana la pareja que hizo la última baza, la {pair}."),
    "tantos.tie.explanation.names": "Empate a {total}: gana la pareja que hizo la última baza, {names}.",
    "tantos.more.explanation": "Gana la pareja con más total.",
    "tantos.tie.note": (
        "Los totales empatan a {total}, pero la mano no queda en empate: la gana la pareja que hizo la "
        "última baza."
    ),
    "tantos.no_tie.note": "Los totales no empatan: {a} a {b}.",
    "tantos.total": "total {total}",
}
