"""A match (engine.match) and the referee's own cante verdicts (engine.referee) in Spanish.

Facts: a, b (each pair's points), goal (points to win), played, hands (hands of a series), winner (a
pair's letter), high, low (points).
"""

CATALOGUE: dict[str, str] = {
    "match.playing": "Partida en juego: pareja A {a}, pareja B {b} (se gana con {goal} puntos).",
    "match.series.playing": "Manos jugadas: {played} de {hands}. Pareja A {a}, pareja B {b}.",
    "match.series.tied": "Manos jugadas: {played} de {hands}; empate a {a}.",
    "match.series.won": "Manos jugadas: {played} de {hands}; gana la pareja {winner}, {high} a {low}.",
    "match.won.renuncio": "Gana la partida la pareja {winner}, {high} a {low}, porque la pareja contraria cometió renuncio.",
    "match.won": "Gana la partida la pareja {winner}, {high} a {low}.",
    "referee.after_tute": "No vale: la mano ya terminó con el tute.",
    "referee.after_last_baza": "No vale: después de la última baza ya no se canta.",
}
