"""Counting (the `tantos` family) in English (the ids of engine/messages/es/tantos.py)."""

CATALOGUE: dict[str, str] = {
    "tantos.bazas.one": "{n} baza",
    "tantos.bazas.many": "{n} bazas",
    "tantos.cante.cuarenta": "las cuarenta",
    "tantos.cante.veinte": "las veinte in {suit}",
    "tantos.none": "nothing",
    "tantos.pair": "pair {pair} (players {first} and {second})",
    "tantos.names": "{first} and {second}",
    "tantos.wins": "pair {pair} wins",
    "tantos.win_names": "{first} and {second} win",
    "tantos.tie": "tie",
    "tantos.q1": (
        "Your pair has won {bazas} with these cards. How many tantos are the cards worth? (No cantes and no "
        "últimas.)"
    ),
    "tantos.sang": "has sung {sung:and}",
    "tantos.sang.none": "has not sung",
    "tantos.q2.last": (
        "Pair A has won {bazas} with the cards you see, {sang} and has won the last baza. How many tantos "
        "does it score in total?"
    ),
    "tantos.q2.not_last": (
        "Pair A has won {bazas} with the cards you see, {sang} and has not won the last baza. How many "
        "tantos does it score in total?"
    ),
    "tantos.q3": (
        "At the end of the hand, pair A has {bazas} and pair B {n}, with the cards you see. Cantes: pair A, "
        "{a:and}; pair B, {b:and}. Pair {pair} won the last baza. Who wins the hand?"
    ),
    "tantos.card_tantos": "{n} tantos",
    "tantos.pile.explanation": (
        "Ace 11, three 10, king 4, knight 3, jack 2 and the rest 0: these cards are worth {n} tantos."
    ),
    "tantos.row": "{label}: {won} for cards + {cantes} for cantes + {last} for últimas = {total}.",
    "tantos.total.explanation": "Total = cards + cantes + las diez de últimas.",
    "tantos.row.note": "cards {won}, cantes {cantes}, últimas {last}: total {total}",
    "tantos.tie.explanation": ("A tie at {total}: the pair that won the last baza wins, pair {pair}."),
    "tantos.tie.explanation.names": "A tie at {total}: the pair that won the last baza wins, {names}.",
    "tantos.more.explanation": "The pair with the higher total wins.",
    "tantos.tie.note": (
        "The totals are tied at {total}, but the hand is not a tie: the pair that won the last baza wins it."
    ),
    "tantos.no_tie.note": "The totals are not tied: {a} to {b}.",
    "tantos.total": "total {total}",
}
