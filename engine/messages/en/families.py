"""What every play family shares, in English (the ids of engine/messages/es/families.py)."""

CATALOGUE: dict[str, str] = {
    "families.label.jugada": "Which card can you play?",
    "families.label.validas": "Mark every valid card",
    "families.label.obligacion": "What must you do?",
    "families.label.ganador": "Who wins the baza?",
    "families.label.tantos": "Count the tantos",
    "families.label.cante": "Can you sing a cante?",
    "families.label.renuncio": "Who has reneged?",
    "families.label.mesa": "The table and the deal",
    "families.trump": "Triunfo: {trump}.",
    "families.player": "player {n} (pair {pair})",
    "families.player.flat": "player {n}, pair {pair}",
    "families.card": "{card:name}",
    "families.played": "{card:the} ({who:subj})",
    "families.trick.one": "{first} is led.",
    "families.trick.more": "{first} is led; then {more:and}.",
    "families.you_lead": "You are mano: you lead.",
    "families.ask.jugada": "Which card can you play?",
    "families.ask.validas": "Mark every card you can play.",
    "families.ask.obligacion": "What must you do?",
    "families.obligation.montar": "Montar: follow suit with a card that beats it",
    "families.obligation.asistir": "Asistir: follow the led suit",
    "families.obligation.fallar": "Fallar: play a triunfo",
    "families.obligation.pisar": "Pisar: play a higher triunfo",
    "families.obligation.libre": "Free: any card",
    "families.validas.missing": "You left out {cards:the_and}, which can also be played.",
    "families.validas.extra": "You marked {cards:the_and}, which cannot be played.",
    "families.obligacion.note": "You chose “{given}”, but the obligation here is “{right}”.",
    "families.obligacion.yes.montar": "Yes: you have {led} and can beat {card:the}.",
    "families.obligacion.yes.asistir": "Yes: you have {led}, but none of those cards beats {card:the}.",
    "families.obligacion.yes.asistir_cut": (
        "Yes: you have {led} and the baza is already cut with {top:the}: following suit is enough."
    ),
    "families.obligacion.yes.asistir_partner": (
        "Yes: you have {led} and your partner is winning: at this table following suit is enough."
    ),
    "families.obligacion.yes.fallar": "Yes: you have no {led} and you have a triunfo.",
    "families.obligacion.yes.fallar_low": (
        "Yes: you have no {led} and you have a triunfo: at this table you must play it even if it does not "
        "beat the one in the baza."
    ),
    "families.obligacion.yes.pisar": (
        "Yes: you have no {led}, the baza has a triunfo ({top:the}) and you have a higher one."
    ),
    "families.obligacion.yes.libre": "Yes: you have neither {led} nor a triunfo.",
    "families.obligacion.yes.libre_low": "Yes: you have no {led} and none of your triunfos beats {top:the}.",
    "families.obligacion.yes.libre_partner": (
        "Yes: you have no {led} and your partner is winning: at this table you may play any card."
    ),
    "families.obligacion.no.has_led": "No: you have {led}, so you must follow suit (asistir).",
    "families.obligacion.no.trump_led": "No: triunfo is led and you have one: playing a triunfo here is asistir.",
    "families.obligacion.no.lacks_led": "No: you have no {led}, so you cannot follow suit.",
    "families.obligacion.no.cannot_beat": "No: none of your cards of {led} beats {card:the}.",
    "families.obligacion.no.cut": "No: the baza is already cut with {top:the}: following suit is enough.",
    "families.obligacion.no.partner": "No: your partner is winning: at this table following suit is enough.",
    "families.obligacion.no.can_beat": "No: you can beat {card:the}: besides following suit, you must montar.",
    "families.obligacion.no.no_trump": "No: you have no triunfo.",
    "families.obligacion.no.nothing_to_beat": "No: nobody has played a triunfo: there is no triunfo to beat.",
    "families.obligacion.no.must_overtrump": (
        "No: the baza already has a triunfo ({top:the}) and you have a higher one: you must pisar."
    ),
    "families.obligacion.no.cannot_overtrump": "No: none of your triunfos beats {top:the}.",
    "families.obligacion.no.must_trump": "No: you have no {led} and you have a triunfo: you must fallar.",
    "families.obligacion.no.must_trump_low": (
        "No: you have no {led} and you have a triunfo: at this table you must play it even if it does not "
        "beat the one in the baza."
    ),
    "families.obligacion.no.partner_free": (
        "No: your partner is winning: at this table, without {led}, you may play any card."
    ),
    "families.misconception.no": "No: {why}",
}

CATALOGUE |= {
    "families.answer.one": "Choose only one answer.",
    "families.answer.invalid": "That answer is not valid.",
    "families.answer.card": "I do not understand the card “{token}”: write it as 12c or “rey de copas”.",
    "families.answer.not_in_hand": "{card:the} is not among your cards.",
    "families.answer.mark_cards": "That answer is not valid: mark the cards.",
    "families.answer.option": "Unknown option: “{value}”. Choose one of the options.",
    "families.answer.not_a_number": "“{text}” is not a number: write the tantos in figures, for example 42.",
    "families.answer.out_of_range": "{n} is not a possible number of tantos: write a number from 0 to {most}.",
    "families.answer.kind": "Unknown kind of answer: {kind}.",
}
