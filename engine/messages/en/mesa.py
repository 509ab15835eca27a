"""The table and the deal in English (engine.scenarios.mesa); the facts are those of the Spanish
catalogue (engine/messages/es/mesa.py)."""

CATALOGUE: dict[str, str] = {
    # Pieces of sentences and option labels.
    "mesa.who": "{who:subj}",
    "mesa.deals": "{who:subj} {who:v:deals}",
    "mesa.semi": "{first}; {rest}",
    "mesa.card": "{card:the}",
    "mesa.card_name": "{card:name}",
    "mesa.suit": "{suit}",
    "mesa.fake_card.8": "the eight of {suit}",
    "mesa.fake_card.9": "the nine of {suit}",
    "mesa.french.0": "hearts",
    "mesa.french.1": "spades",
    "mesa.french.2": "clubs",
    "mesa.french.3": "diamonds",
    "mesa.n_cards": "{n} cards",
    "mesa.numbers": "{a}, {b} and {c}",
    "mesa.players": "players {a} and {b}",
    "mesa.rank.as": " (ace)",
    "mesa.rank.sota": " (jack)",
    "mesa.rank.caballo": " (knight)",
    "mesa.rank.rey": " (king)",
    "mesa.rank.none": "",
    "mesa.in_hand": "in {who:mano}",
    "mesa.pair.yours": "your pair",
    "mesa.pair.rival": "the opposing pair",
    "mesa.pair.rival_short": "the opposing pair",
    "mesa.points.one": "{n} point",
    "mesa.points.many": "{n} points",
    "mesa.hands.one": "{n} hand",
    "mesa.hands.many": "{n} hands",
    "mesa.missing.one": "you need {n} more",
    "mesa.missing.many": "you need {n} more",
    "mesa.verdict.yes": "Yes:",
    "mesa.why.real_card": "{card:the} is one of the 40 cards of the deck.",
    "mesa.why.deck_size": "the tute deck has 40 cards, not {n}.",
    "mesa.why.suit_size": "each suit has 10 cards, not {n}.",
    "mesa.why.real_suit": "{suit} is one of the four suits of the Spanish deck.",
    "mesa.why.figures": "{a}, {b} and {c} are not the jack, the knight and the king: they are 10, 11 and 12.",
    "mesa.why.code_of": "{card:the} is written {code}.",
    "mesa.why.card_of": "{code} is {card:the}.",
    "mesa.why.not_dealer": "the card that marks the triunfo is the dealer's last card, and it stays in the dealer's hand.",
    "mesa.why.shown_suit": "the card shown is {card:the}: {suit} are triunfo, not {other}.",
    "mesa.why.first_trump": "in the first hand of a match at this table oros are triunfo, not {other}.",
    "mesa.why.first_leader": "in the first hand of a match at this table the player holding the two of oros leads.",
    "mesa.why.dealt_each": "all 40 cards are dealt, ten to each player, not {n}.",
    "mesa.why.dealt_all": "all 40 cards are dealt, not {n}: no stock is left.",
    "mesa.why.winner_leads": "the player who won the previous baza leads.",
    "mesa.verdict.no": "No:",
    # The deck and its notation (R-DECK-1, R-DECK-2).
    "mesa.q.no_existe": "Which of these cards does not exist in the 40-card Spanish deck that tute is played with?",
    "mesa.q.cuantas": "How many cards are there in the deck that tute is played with?",
    "mesa.q.por_palo": "How many cards are there in each suit of the tute deck?",
    "mesa.q.palo_falso": "Which of these is not a suit of the Spanish deck?",
    "mesa.q.figuras": "Which numbers do the jack, the knight and the king carry in the tute deck?",
    "mesa.q.leer": (
        "In the app, cards are written with their number and the letter of their suit. Which card is “{code}”?"
    ),
    "mesa.q.escribir": "How is {card:the} written with its number and the letter of its suit?",
    "mesa.no_existe.expl": (
        "The Spanish deck for tute has 40 cards: in each suit, the ace to the seven, then the jack (10), the "
        "knight (11) and the king (12). There are no eights, nines or jokers."
    ),
    "mesa.cuantas.expl": "Tute is played with the 40-card Spanish deck: four suits of ten cards.",
    "mesa.por_palo.expl": (
        "Each suit has ten cards: 1, 2, 3, 4, 5, 6, 7, jack (10), knight (11) and king (12); 4 suits × 10 = 40 "
        "cards."
    ),
    "mesa.palo_falso.expl": (
        "The four suits of the Spanish deck are oros, copas, espadas and bastos; hearts, spades, clubs and "
        "diamonds belong to the French deck."
    ),
    "mesa.figuras.expl": (
        "After the seven come the jack (10), the knight (11) and the king (12): there are no eights or nines, so "
        "each suit has ten cards."
    ),
    "mesa.notation.expl": (
        "A card is written with its number and the letter of its suit (o oros, c copas, e espadas, b bastos): "
        "“{code}” is the {rank}{fig} of {suit}, {card:the}."
    ),
    # The seats (R-SEAT-1).
    "mesa.q.despues_de_ti": (
        "Four of you are playing, in pairs. You have just played your card. Who plays right after you?"
    ),
    "mesa.q.despues_de": (
        "Four of you are playing, in pairs, and {who:subj} {who:v:has} just played. Who plays right after?"
    ),
    "mesa.q.companero": "Four of you are playing, in pairs. Where does your partner sit?",
    "mesa.q.pareja": (
        "The players are numbered 1 to 4 in the order of play, and you are player {n}. Which players make up "
        "your pair?"
    ),
    "mesa.despues_de.expl": (
        "Play goes counterclockwise: after {who:obj} comes whoever sits on {who:pos} right, {next}."
    ),
    "mesa.companero.enfrente": "Opposite you",
    "mesa.companero.derecha": "On your right",
    "mesa.companero.izquierda": "On your left",
    "mesa.companero.expl": (
        "Partners sit opposite each other; the opponents sit on your right and on your left."
    ),
    "mesa.pareja.expl": (
        "Partners sit opposite each other: player {n} plays with player {partner}. Pair A is players 1 and 3, "
        "and pair B, players 2 and 4."
    ),
    # The deal (R-DEAL-1..4).
    "mesa.q.cartas_cada_uno": "In tute for four players in pairs, how many cards does each player get in the deal?",
    "mesa.q.total": "In tute for four players in pairs, how many cards of the deck are dealt?",
    "mesa.q.mazo": "After the deal, is there a stock to draw from during the hand?",
    "mesa.reparto.expl": (
        "All 40 cards are dealt, ten to each player: no stock is left and nobody draws during the hand."
    ),
    "mesa.total.all": "all 40, and none is left in the stock",
    "mesa.total.some": "{n}, and the rest stay in the stock",
    "mesa.mazo.no": "No: they are all dealt and nobody draws",
    "mesa.mazo.robar": "Yes: after each baza every player draws a card",
    "mesa.mazo.ultima": "Yes: a few cards stay face down for the end",
    "mesa.mazo.101": "Yes: players draw until a pair reaches 101",
    "mesa.q.not_first_hand": "This is not the first hand of the match.",
    "mesa.q.first_hand_ludoteka": "This is the first hand of the match, and this table plays Ludoteka's first hand.",
    "mesa.q.palo_triunfo": (
        "{who:subj} {who:v:deals} and {who:v:shows} {who:pos} last card: {card:the}. Which suit is triunfo in "
        "this hand?"
    ),
    "mesa.q.quien_la_tiene": (
        "{who:subj} {who:v:deals} and {who:v:shows} {who:pos} last card, {card:the}, to mark the triunfo. Where "
        "does that card stay during the hand?"
    ),
    "mesa.q.primera_triunfo": "{who:subj} {who:v:deals} and {who:pos} last card is {card:the}. Which suit is triunfo?",
    "mesa.holds_dos_de_oros": "{who:subj} {who:v:holds} the two of oros",
    "mesa.q.primera_dos_de_oros": "{deals} and {holds}. Who leads the first baza?",
    "mesa.palo_triunfo.expl": (
        "The dealer's last card, {card:the}, is shown to mark the triunfo: {suit} are triunfo for the whole hand."
    ),
    "mesa.quien.mesa": "Nobody: it stays face up on the table",
    "mesa.quien.cambio": "The player with the seven of triunfo, who swaps it for that seven",
    "mesa.quien_la_tiene.expl": (
        "The card that marks the triunfo is the dealer's last card ({who:subj}): it is shown, it stays in "
        "{who:pos} hand and {who:subj} {who:v:plays} it like any other. It is not swapped for the seven."
    ),
    "mesa.primera_triunfo.expl": (
        "At this table (Ludoteka's first hand) the first hand of the match is always played with oros as "
        "triunfo, without showing a card; in the later hands the dealer's last card marks the triunfo."
    ),
    "mesa.primera_dos_de_oros.expl": (
        "In the first hand of the match at this table oros are triunfo and whoever holds the two of oros "
        "({who:subj}) leads with it; in the other hands the player on the dealer's right leads."
    ),
    "mesa.q.primera_salida": "{who:subj} {who:v:deals}. Who leads the first baza?",
    "mesa.trick_won": "{who:subj} {who:v:wins} baza {i}",
    "mesa.q.siguiente_salida": "{deals}. Bazas played: {done}. Who leads baza {n}?",
    "mesa.primera_salida.expl": (
        "{who:subj} {who:v:deals}: the first baza is led by the player on {who:pos} right, {next}."
    ),
    "mesa.siguiente_salida.expl": (
        "Each baza is led by whoever won the one before: {who:subj} won the last one and so {who:v:leads} "
        "this one."
    ),
    "mesa.q.siguiente_reparto": "In this hand {who:subj} {who:v:has} dealt. Who deals the next hand?",
    "mesa.q.reparto_lejano": "In the first hand of the match {who:subj} dealt. Who deals hand {n}?",
    "mesa.siguiente_reparto.expl": "The deal passes to the right: after {who:obj}, {next}.",
    "mesa.reparto_lejano.expl": (
        "The deal passes once to the right in each hand: {n} hands after {who:obj}, {next}."
    ),
    # The match (R-MATCH-1, R-VAR-PARTIDA-LUDOTEKA).
    "mesa.q.ludoteka": "This table plays the Ludoteka match (6 points win it).",
    "mesa.q.score.points": "The match stands at {a} to {b} (points: your pair {a}, the opposing pair {b}).",
    "mesa.q.score.hands": "The match stands at {a} to {b} (hands won: your pair {a}, the opposing pair {b}).",
    "mesa.q.faltan": "What does your pair still need to win the match?",
    "mesa.q.how.tute": "by singing a tute",
    "mesa.q.how.tantos": "with {total} tantos in all (cards, cantes and las diez de últimas)",
    "mesa.q.marcador": "{pair} wins this hand {how}. How does the match stand now?",
    "mesa.faltan.101": "Reaching 101 tantos",
    "mesa.faltan.tantos": "Adding up {n} more tantos over all the hands",
    "mesa.faltan.expl.ludoteka": (
        "At this table (the Ludoteka match) the first pair to reach 6 points wins; you are at {a} to {b}, so "
        "{missing}. The tantos of each hand do not carry over."
    ),
    "mesa.faltan.expl": (
        "Each hand won is a point and the match goes to whoever wins three hands: you are at {a} to {b}, so "
        "{missing}. Tantos do not carry over, and there is no 101."
    ),
    "mesa.score": "your pair {a}, the opposing pair {b}",
    "mesa.score.we_win": "your pair {a}, the opposing pair {b}: your pair wins the match",
    "mesa.score.they_win": "your pair {a}, the opposing pair {b}: the opposing pair wins the match",
    "mesa.marcador.101": "with {total} tantos, {pair} passes 100 and wins the match",
    "mesa.marcador.tantos": "the hand's {total} tantos go onto the match's scoreboard",
    "mesa.marcador.tute_tantos": "the tute puts the deck's 120 tantos on the match's scoreboard",
    "mesa.why.tute": "a tute is worth 2 points",
    "mesa.why.over_100": "a hand won with {total} tantos passes 100 and is worth 2 points",
    "mesa.why.under_100": "a hand won with {total} tantos does not pass 100 and is worth 1 point",
    "mesa.how.tute": "with a tute",
    "mesa.how.tantos": "with {total} tantos",
    "mesa.marcador.expl.ludoteka": (
        "At this table (the Ludoteka match) {why}, and 6 points win the match. You are at {a} to {b} and {pair} "
        "wins: it stands at {x} to {y}."
    ),
    "mesa.marcador.expl": (
        "Each hand won is worth one point, a hand won with a tute too, and the match goes to the pair that wins "
        "three hands; tantos are not added to the scoreboard and there is no 101. You are at {a} to {b} and "
        "{pair} wins {how}: it stands at {x} to {y}."
    ),
    "mesa.match_won": "{pair} wins the match.",
}
