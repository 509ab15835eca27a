"""One hand (engine.hand) in Spanish: a card the obligations refuse, the Ludoteka first lead."""

# Facts: card (the card refused or the one the first lead requires); verdict (the card's
# verdict, a play.* message, whose answer the sentence drops: {verdict:bare}).
CATALOGUE: dict[str, str] = {
    "hand.illegal_play": "No puedes jugar {card:the}: {verdict:bare}",
    "hand.first_lead.ok": "Sí: en la primera mano de esta mesa (Ludoteka) se sale con {card:the}.",
    "hand.first_lead.no": "No: en la primera mano de esta mesa (Ludoteka) se sale con {card:the}.",
    "hand.first_lead": "Primera mano de la partida en una mesa Ludoteka: quien tiene {card:the} sale con él.",
    "hand.refused.not_your_turn": "No es tu turno.",
    "hand.refused.no_such_card": "Esa carta no existe.",
    "hand.refused.not_held": "No tienes {card:the}.",
    "hand.refused.no_such_cante": "Ese cante no existe.",
    "hand.refused.cannot_sing": "Ahora no puedes cantar.",
    "hand.refused.nothing_to_sing": "Ahora no hay nada que cantar.",
}
