"""What a teacher (or a caller of the command line) reads when a card, a suit or a table's rules cannot
be read, in English (the ids and facts of engine/messages/es/errors.py)."""

CATALOGUE: dict[str, str] = {
    "cards.what": "the cards",
    "cards.error.suit_number": "Unknown suit: {n} (the suits go from 0 to 3).",
    "cards.error.suit": "Unknown suit: {text!r} (use o, c, e, b or oros, copas, espadas, bastos).",
    "cards.error.rank": "There is no {rank} in the 40-card Spanish deck.",
    "cards.error.not_text": "Not a valid card: {value} (a text like “12c” or “rey de copas” is expected).",
    "cards.error.card_suit": "Not a valid card: {token!r} (unknown suit).",
    "cards.error.eight_nine": "Not a valid card: {token!r} (there are no eights or nines in the 40-card deck).",
    "cards.error.card": "Not a valid card: {token!r}.",
    "cards.error.text_not_list": "{what}: a list of cards is expected, not a text.",
    "cards.error.not_list": "{what}: a list of cards is expected.",
    "cards.error.repeated": "{what}: a card is repeated: {token!r}.",
    "rules.error.value": "Invalid value for {key}: {value} (it accepts {allowed}).",
    "rules.error.spec": "Invalid rules: {value} (use a table's name or an object of options).",
    "rules.error.switch": "Unknown table option: {keys}.",
    "rules.error.preset": "Unknown table: {value} (use {presets}).",
}
