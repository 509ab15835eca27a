"""A match (engine.match) and the referee's own cante verdicts (engine.referee) in Spanish.

Facts: a, b (each pair's points), target (points to win), winner (a pair's letter), high, low (points).
"""

CATALOGUE: dict[str, str] = {
    "match.playing": "Partida en juego: pareja A {a}, pareja B {b} (se gana con {target}).",
    "match.won.renuncio": "Gana la partida la pareja {winner}: la pareja contraria cometió renuncio.",
    "match.won": "Gana la partida la pareja {winner}, {high} a {low}.",
    "referee.after_tute": "No vale: la mano ya terminó con el tute.",
    "referee.after_last_baza": "No vale: después de la última baza ya no se canta.",
}
