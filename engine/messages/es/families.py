"""What every play family shares in Spanish: family names, the trump line, the trick so far, players,
card options, the obligations' labels and the notes on a `jugada`, `validas` or `obligacion` answer."""

# Facts: trump / led (suits), card (a card), player (a nested ``families.player``), plays (a list of
# ``families.played``), first / more (nested plays), n, pair, cards (lists of cards), given / right (nested
# labels).
CATALOGUE: dict[str, str] = {
    "families.label.jugada": "¿Cuál puedes jugar?",
    "families.label.validas": "Marca todas las cartas válidas",
    "families.label.obligacion": "¿Qué obligación tienes?",
    "families.label.ganador": "¿Quién gana la baza?",
    "families.label.tantos": "Cuenta los tantos",
    "families.label.cante": "¿Puedes cantar?",
    "families.label.renuncio": "¿Quién ha renunciado?",
    "families.label.mesa": "La mesa y el reparto",
    "families.trump": "Triunfo: {trump}.",
    "families.player": "jugador {n} (pareja {pair})",
    "families.player.flat": "jugador {n}, pareja {pair}",  # inside brackets of its own: never nested
    "families.card": "{card:name}",
    "families.played": "{card:the} ({who:subj})",
    "families.trick.one": "Sale {first}.",
    "families.trick.more": "Sale {first}; después, {more}.",
    "families.you_lead": "Eres mano: sales tú.",
    "families.ask.jugada": "¿Qué carta puedes jugar?",
    "families.ask.validas": "Marca todas las cartas que puedes jugar.",
    "families.ask.obligacion": "¿Qué obligación tienes?",
    "families.obligation.montar": "Montar: asistir con una carta que supere",
    "families.obligation.asistir": "Asistir: seguir el palo de salida",
    "families.obligation.fallar": "Fallar: echar triunfo",
    "families.obligation.pisar": "Pisar: echar un triunfo mayor",
    "families.obligation.libre": "Libre: cualquier carta",
    "families.validas.missing": "Te has dejado {cards:the_and}, que también se puede{cards:n} jugar.",
    "families.validas.extra": "Has marcado {cards:the_and}, que no se puede{cards:n} jugar.",
    "families.obligacion.note": "Has elegido «{given}», pero aquí la obligación es «{right}».",
    # Each option's line: why the obligation applies, or the fact of this trick that rules the option out.
    "families.obligacion.yes.montar": "Sí: tienes {led} y puedes superar {card:to_the}.",
    "families.obligacion.yes.asistir": "Sí: tienes {led}, pero ninguna de esas cartas supera {card:to_the}.",
    "families.obligacion.yes.asistir_cut": "Sí: tienes {led} y la baza ya está cortada con {top:the}: basta con asistir.",
    "families.obligacion.yes.asistir_partner": "Sí: tienes {led} y tu compañero va ganando: en esta mesa basta con asistir.",
    "families.obligacion.yes.fallar": "Sí: no tienes {led} y tienes triunfo.",
    "families.obligacion.yes.fallar_low": "Sí: no tienes {led} y tienes triunfo: en esta mesa debes echarlo aunque no pises.",
    "families.obligacion.yes.pisar": "Sí: no tienes {led}, la baza tiene triunfo ({top:the}) y tienes uno mayor.",
    "families.obligacion.yes.libre": "Sí: no tienes {led} ni triunfo.",
    "families.obligacion.yes.libre_low": "Sí: no tienes {led} y ningún triunfo tuyo supera {top:to_the}.",
    "families.obligacion.yes.libre_partner": "Sí: no tienes {led} y tu compañero va ganando: en esta mesa puedes jugar cualquier carta.",
    "families.obligacion.no.has_led": "No: tienes {led}, así que debes asistir.",
    "families.obligacion.no.trump_led": "No: sale triunfo y tienes: echar triunfo aquí es asistir.",
    "families.obligacion.no.lacks_led": "No: no tienes {led}, así que no puedes asistir.",
    "families.obligacion.no.cannot_beat": "No: ninguna de tus cartas de {led} supera {card:to_the}.",
    "families.obligacion.no.cut": "No: la baza ya está cortada con {top:the}: basta con asistir.",
    "families.obligacion.no.partner": "No: tu compañero va ganando: en esta mesa basta con asistir.",
    "families.obligacion.no.can_beat": "No: puedes superar {card:to_the}: además de asistir, debes montar.",
    "families.obligacion.no.no_trump": "No: no tienes triunfo.",
    "families.obligacion.no.nothing_to_beat": "No: nadie ha echado triunfo: no hay triunfo que pisar.",
    "families.obligacion.no.must_overtrump": "No: la baza ya tiene triunfo ({top:the}) y tienes uno mayor: debes pisar.",
    "families.obligacion.no.cannot_overtrump": "No: ningún triunfo tuyo supera {top:to_the}.",
    "families.obligacion.no.must_trump": "No: no tienes {led} y tienes triunfo: debes fallar.",
    "families.obligacion.no.must_trump_low": "No: no tienes {led} y tienes triunfo: en esta mesa debes echarlo aunque no pises.",
    "families.obligacion.no.partner_free": "No: tu compañero va ganando: en esta mesa, sin {led}, puedes jugar cualquier carta.",
    "families.misconception.no": "No: {why}",
}

# An answer that cannot be read (engine.scenarios.grading.parse_answer): facts token / value / text (what
# the learner typed), card, n, most (the largest number), kind.
CATALOGUE |= {
    "families.answer.one": "Elige una sola respuesta.",
    "families.answer.invalid": "Respuesta no válida.",
    "families.answer.card": "No entiendo la carta «{token}»: se escribe como 12c o «rey de copas».",
    "families.answer.not_in_hand": "{card:the} no está entre tus cartas.",
    "families.answer.mark_cards": "Respuesta no válida: marca las cartas.",
    "families.answer.option": "Opción desconocida: «{value}». Elige una de las opciones.",
    "families.answer.not_a_number": "«{text}» no es un número: escribe los tantos con cifras, por ejemplo 42.",
    "families.answer.out_of_range": (
        "{n} no es un número de tantos posible: escribe un número entre 0 y {most}."
    ),
    "families.answer.kind": "Tipo de respuesta desconocido: {kind}.",
}
