"""One hand (engine.hand) in English: a card the obligations refuse, the Ludoteka first lead."""

CATALOGUE: dict[str, str] = {
    "hand.illegal_play": "You cannot play {card:the}: {verdict:bare}",
    "hand.first_lead.ok": "Yes: in the first hand at this table (Ludoteka), the first card is {card:the}.",
    "hand.first_lead.no": "No: in the first hand at this table (Ludoteka), the first card is {card:the}.",
    "hand.first_lead": (
        "First hand of the match at a Ludoteka table: whoever holds {card:the} leads with it."
    ),
    "hand.refused.not_your_turn": "It is not your turn.",
    "hand.refused.no_such_card": "That card does not exist.",
    "hand.refused.not_held": "You do not have {card:the}.",
    "hand.refused.no_such_cante": "That cante does not exist.",
    "hand.refused.cannot_sing": "You cannot sing now.",
    "hand.refused.nothing_to_sing": "There is nothing to sing now.",
}
