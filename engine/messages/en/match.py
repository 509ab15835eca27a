"""A match (engine.match) and the referee's own cante verdicts (engine.referee) in English."""

CATALOGUE: dict[str, str] = {
    "match.playing": "Match in progress: pair A {a}, pair B {b} (first to {goal} points wins).",
    "match.series.playing": "Hands played: {played} of {hands}. Pair A {a}, pair B {b}.",
    "match.series.tied": "Hands played: {played} of {hands}; a tie at {a}.",
    "match.series.won": "Hands played: {played} of {hands}; pair {winner} wins, {high} to {low}.",
    "match.won.renuncio": "Pair {winner} wins the match, {high} to {low}, because the other pair committed renuncio.",
    "match.won": "Pair {winner} wins the match, {high} to {low}.",
    "referee.after_tute": "Not valid: the hand had already ended with the tute.",
    "referee.after_last_baza": "Not valid: nobody sings after the last baza.",
}
