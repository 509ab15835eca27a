"""Hand records (engine.records) in English (the ids and facts of engine/messages/es/records.py)."""

CATALOGUE: dict[str, str] = {
    "records.error.line": "Line {line}: {detail}",
    "records.error.text": "{detail}",
    "records.error.too_big": "the record is too long (the limit is {limit} KB).",
    "records.error.not_text": "this is not text: a written record is expected.",
    "records.error.hostile": "there is an invisible or control character ({code}), which is not accepted.",
    "records.error.code": "“{code}” is not a deal code (13 letters, digits, - or _).",
    "records.error.code_mismatch": "the deal code does not match the dealer or the trump card.",
    "records.error.header": "unknown header: “{key}”.",
    "records.error.header_late": "the header “{key}” goes before the bazas.",
    "records.error.header_twice": "“{key}” was already written on line {first}.",
    "records.error.missing": "the line “{key}:” is missing.",
    "records.error.value": "“{key}” needs a text.",
    "records.error.rules": "invalid table: “{text}” (use {presets} and, if needed, options such as {example}).",
    "records.error.preset": "unknown table: “{text}” (use {presets}).",
    "records.error.seat": "invalid player: “{value}” (the players are 1, 2, 3 and 4).",
    "records.error.trump": "invalid trump: “{text}” (write the card turned up, such as 2e).",
    "records.error.no_trump_card": "the trump card is missing: only the first hand at a Ludoteka table is played without one.",
    "records.error.ludoteka_trump": "no card is turned up in the first hand at a Ludoteka table: oros is trump.",
    "records.error.who_has_dos": "in the Ludoteka first hand the holder of the two of oros leads: write their hand.",
    "records.error.four_hands": "a record has four hands.",
    "records.error.hand_size": "player {seat}'s hand has {n} cards and must have 10 (write - for each card not known).",
    "records.error.card": "“{token}” is not a card.",
    "records.error.not_a_card": "{value} is not a card.",
    "records.error.twice": "{card:the} is there twice.",
    "records.error.played_twice": "{card:the} has already been played.",
    "records.error.held_by_other": "{card:the} is player {seat}'s, not player {by}'s.",
    "records.error.eleven": "player {seat} would have eleven cards with {card:the}.",
    "records.error.forty_one": "all 40 cards have been played already: a hand has 10 bazas.",
    "records.error.five": "baza {n} would have {k} cards: each baza has 4.",
    "records.error.trick_number": "baza {expected} was expected, not baza {n}.",
    "records.error.trick_incomplete": "baza {n} only has {k} cards.",
    "records.error.empty_trick": "the baza has no cards.",
    "records.error.out_of_turn": "{card:the} is not player {seat}'s to play: it is player {turn}'s turn.",
    "records.error.annotation": "“{token}”: only !, ?, !!, ??, !? or ?! may follow a card.",
    "records.error.brace": "a brace left open: comments go between {{ and }}.",
    "records.error.comment_place": "a comment in braces goes right after a card.",
    "records.error.cante_text": "invalid cante: “{text}” (write, for example, {example}).",
    "records.error.cante_kind": "las {kind} are not in {suit}: trump is {trump}.",
    "records.error.cante_what": "a cante is las veinte or las cuarenta in a suit, or a tute.",
    "records.error.cante_played": "player {seat} sings with {card:the}, which has already been played.",
    "records.error.after_tute": "the tute has already ended the hand.",
    "records.error.claim": "invalid renuncio: “{text}” (write, for example, {example}).",
    "records.error.event": "this is not a play, a cante, a renuncio or a note.",
    "records.plays": "Cards played: {n}; within the obligations: {legal}.",
    "records.play.legal": "Baza {n}: {who:subj} plays {card:the}, within the rules.",
    "records.play.renuncio": "Baza {n}: renuncio by {who:subj}, who plays {card:the}: {verdict:bare}",
    "records.play.undecidable": (
        "Baza {n}: it cannot be decided whether {who:subj} could play {card:the}: their hand is not all "
        "known and nothing the record shows says whether they could {obligation}."
    ),
    "records.obligation.asistir": "asistir",
    "records.obligation.montar": "montar",
    "records.obligation.fallar": "fallar",
    "records.obligation.pisar": "pisar",
    "records.obligation.salida": "lead the two of oros",
    "records.obligation.libre": "play another card",
    "records.evidence.play": "{who:subj} held {card:the}, which they played at baza {n}.",
    "records.evidence.cante": "{who:subj} held {card:the}, which they showed when singing after baza {n}.",
    "records.evidence.trump": "{who:subj} held {card:the}: it is the trump card turned up when dealing.",
    "records.evidence.hand": "{who:subj} held {card:the}, according to their hand in the record.",
    "records.evidence.code": "{who:subj} held {card:the}, according to the deal code.",
    "records.evidence.rest": "{who:subj} held {card:the}: it is one of the cards nobody else holds.",
    "records.when.after": "after baza {n}",
    "records.when.start": "before the first baza",
    "records.when.during": "during baza {n}",
    "records.cante.valid": "{when}, {who:subj} sings {option}: valid ({points} tantos).",
    "records.cante.valid.tute": "{when}, {who:subj} sings {option}: valid, and the tute ends the hand.",
    "records.cante.invalid": "{when}, {who:subj} sings {option}: not valid, {reason}.",
    "records.cante.undecidable": (
        "{when}, {who:subj} sings {option}: it cannot be decided whether it is valid; their hand is not "
        "all known, and whoever can sing {better} sings it first."
    ),
    "records.cante.why.pair_won": "one only sings right after a baza won by one's pair",
    "records.cante.why.already_sang": "they have already sung after this baza and each player sings once per baza",
    "records.cante.why.tute_first_baza": "the tute is sung when the pair wins its first baza, and this is not it",
    "records.cante.why.suit_sung": "{suit} has already been sung this hand",
    "records.cante.why.priority": "they had to sing {better} first",
    "records.cante.why.missing": "they do not hold the cards of the cante",
    "records.cante.why.after_tute": "the hand already ended with the tute",
    "records.cante.why.after_last_baza": "nobody sings after the last baza",
    "records.who.subj": "{who:subj}",
    "records.who.a": "{who:obj}",
    "records.claim.upheld": (
        "{who:subj} calls renuncio against {against}: upheld; at baza {n}, {culprit} played {card:the} when they could not."
    ),
    "records.claim.false": (
        "{who:subj} calls renuncio against {against}: there was none, all their cards until then are within the rules."
    ),
    "records.claim.undecidable": (
        "{who:subj} calls renuncio against {against}: it cannot be decided, not enough of their hand is known."
    ),
    "records.score.cards": "Cards: pair A {a}, pair B {b}.",
    "records.score.cantes": "Cantes: pair A {a}, pair B {b}.",
    "records.score.ultimas": "Last baza: pair {pair}, 10 de últimas (ten tantos for the last baza).",
    "records.score.total": "Total: pair A {a}, pair B {b}.",
    "records.score.total_so_far": (
        "Total up to baza {n} (the hand was not played to the end): pair A {a}, pair B {b}."
    ),
    "records.score.check": "Check: {a} + {b} in cards + 10 for the last baza = {sum}.",
    "records.score.incomplete": (
        "The hand is not complete (bazas played: {n}) and no tute or renuncio ends it: there is no result."
    ),
    "records.score.renuncio": "The renuncio that decides is the one at baza {n}, by {who:subj}.",
    "records.score.undecided": (
        "This result holds if the cards that cannot be decided ({n}) were within the rules, and it counts "
        "only the cantes known to be valid ({cantes} left undecided)."
    ),
}
