"""What a teacher reads when a built position cannot be read or cannot happen, in English (the ids of
engine/messages/es/custom.py)."""

CATALOGUE: dict[str, str] = {
    "custom.only_families": "A built position can only be used for {families}.",
    "custom.never_legal": (
        "The baza cannot have been played like that: {card:the} ({who:subj}) was not a legal play with any "
        "possible hand."
    ),
    "custom.not_enough_cards": (
        "The baza cannot have been played like that: there are not enough cards for all of its cards to have "
        "been legal at once."
    ),
    "custom.not_legal": "The baza cannot have been played like that: {card:the} was not legal.",
    "custom.trick_too_long": "The baza can hold at most 3 cards before your turn, and it holds {n}.",
    "custom.hand_size": "The hand must hold from 1 to 10 cards, and it holds {n}.",
    "custom.trick_and_hand": "the baza and the hand",
    "custom.not_an_object": "A {fmt} object with the fields {fields} is expected.",
    "custom.unknown_field": "Unknown field: {fields}.",
    "custom.missing_field": "Missing field: {fields}.",
    "custom.trump_type": "'{key}' must be a suit: o, c, e, b or oros, copas, espadas, bastos.",
    "custom.cards_type": "'{key}' must be a list of cards written like '12c' or 'rey de copas'.",
}
