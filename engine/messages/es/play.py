"""Play obligations in Spanish (engine.obligations.ruling)."""

# Play obligations (engine.obligations.ruling). Facts: who (the player about to play), led, trump, top (the
# strongest trump in the trick), target (the led-suit card to beat), cards (the cards that meet it),
# partner_card, lead, card (the card judged); clauses: beat (play.target.*: the card to beat, named as
# the strongest of its suit when the trick holds several), variant (play.montar.variant at a table that
# asks for montar on a cut trick, else play.montar.default, nothing), nothing (play.nothing*).
CATALOGUE: dict[str, str] = {
    "play.salida.ok": "Sí: {who:s}{who:v:es} mano y {who:v:puede} salir con cualquier carta.",
    "play.salida": "{who:s}{who:v:es} mano: {who:v:puede} salir con cualquier carta de {who:mano}.",
    "play.situation.cut": "Sale {lead:the} y la baza ya está cortada con {top:the}.",
    "play.situation.trump_lead": "Sale {lead:the}: la salida es de triunfo ({trump}).",
    "play.situation.plain": "Sale {lead:the} y nadie ha echado triunfo.",
    "play.partner_no_excuse": "Que {who:pos1} compañero vaya ganando no {who:te} libra de la obligación.",
    "play.cortada.ok": (
        "Sí: es de {led} y la baza ya está cortada con {top:the}, así que no hace falta montar."
    ),
    "play.cortada.trump": (
        "No: {who:v:tiene} {led}; aunque la baza esté cortada, {who:v:debe} asistir y no {who:v:puede} "
        "echar triunfo."
    ),
    "play.must_follow": "No: {who:v:tiene} {led}; {who:v:debe} asistir.",
    "play.cortada": (
        "{who:s}{who:v:tiene} {led}, así que {who:v:debe} asistir; como la baza ya está cortada, no "
        "{who:v:tiene} que montar: vale cualquiera de {who:pos} {led}."
    ),
    "play.montar.ok": "Sí: es de {led} y supera {target:to_the}; {who:v:asiste} y {who:v:monta}{variant}.",
    "play.montar.low": (
        "No: {who:v:tiene} {led} y {cards:the_or} supera{cards:n} {target:to_the}; {who:v:debe} montar"
        "{variant}."
    ),
    "play.montar.trump": "No: {who:v:tiene} {led}; {who:v:debe} asistir y montar, no echar triunfo.",
    "play.montar.other": "No: {who:v:tiene} {led}; {who:v:debe} asistir y montar.",
    "play.montar": (
        "{who:s}{who:v:tiene} {led}, así que {who:v:debe} asistir, y como {who:v:puede} superar "
        "{beat}, {who:v:debe} montar{variant}: solo vale{cards:n} {cards:the_or}."
    ),
    "play.montar.variant": " (en esta mesa hay que montar aunque la baza esté cortada)",
    "play.montar.default": "",
    "play.target.card": "{target:the}",
    "play.target.strongest": "la carta de {led} más fuerte de la baza ({target:the})",
    "play.asistir.ok": (
        "Sí: es de {led}; ninguna de {who:pos} cartas de {led} supera {target:to_the}, así que basta con "
        "asistir."
    ),
    "play.asistir.ok.one": (
        "Sí: es {who:pos1} única carta de {led} y no supera {target:to_the}, así que basta con asistir."
    ),
    "play.asistir.trump": "No: {who:v:tiene} {led}; {who:v:debe} asistir, no echar triunfo.",
    "play.asistir": (
        "{who:s}{who:v:tiene} {led}, así que {who:v:debe} asistir; ninguna supera {target:to_the}, así "
        "que no {who:v:puede} montar y vale cualquiera de {who:pos} cartas de {led}."
    ),
    "play.cortada.one": (
        "{who:s}{who:v:tiene} {led}, así que {who:v:debe} asistir con la única que {who:v:tiene}, "
        "{cards:the_or}; como la baza ya está cortada, no hace falta montar."
    ),
    "play.asistir.one": (
        "{who:s}{who:v:tiene} {led}, así que {who:v:debe} asistir: solo {who:v:tiene} {cards:the_or}, que "
        "no supera {target:to_the}."
    ),
    "play.fallar.one": (
        "Como {who:s}no {who:v:tiene} {led} y solo {who:v:tiene} un triunfo, {cards:the_or}, {who:v:debe} "
        "fallar con él."
    ),
    "play.libre.none.ok": "Sí: {nothing}; {who:v:puede} jugar cualquier carta.",
    "play.libre.none": "{nothing}, así que no {who:v:puede} asistir ni fallar: {who:v:puede} jugar cualquier carta.",
    "play.nothing.trump_lead": "no {who:v:tiene} triunfo ({trump})",
    "play.nothing": "no {who:v:tiene} {led} ni triunfo",
    "play.fallar.ok": "Sí: no {who:v:tiene} {led} y es triunfo; {who:v:falla}.",
    "play.fallar.no": "No: no {who:v:tiene} {led} pero {who:v:tiene} triunfo ({trump}); {who:v:debe} fallar.",
    "play.fallar": (
        "Como {who:s}no {who:v:tiene} {led} y {who:v:tiene} triunfo, {who:v:debe} fallar: vale cualquiera "
        "de {who:pos} {trump}."
    ),
    "play.pisar.ok": "Sí: {card:the} supera {top:to_the}; {who:v:pisa}.",
    "play.pisar.low": (
        "No: {card:the} no supera {top:to_the} y {who:v:tiene} un triunfo que sí ({cards:the_or}); "
        "{who:v:debe} pisar."
    ),
    "play.pisar.other": "No: no {who:v:tiene} {led} y {who:v:tiene} un triunfo que supera {top:to_the}; {who:v:debe} pisar.",
    "play.pisar": (
        "Como {who:s}no {who:v:tiene} {led} y {who:v:puede} superar {top:to_the} con triunfo, {who:v:debe} "
        "pisar: solo vale{cards:n} {cards:the_or}."
    ),
    "play.fallar_sin_pisar.ok": (
        "Sí: no {who:v:puede} pisar {top:to_the}, pero en esta mesa hay que echar triunfo aunque sea menor."
    ),
    "play.fallar_sin_pisar.no": (
        "No: no {who:v:tiene} {led} y {who:v:tiene} triunfo; en esta mesa {who:v:debe} echarlo aunque no "
        "pise."
    ),
    "play.fallar_sin_pisar": (
        "{who:s}no {who:v:tiene} {led} y ningún triunfo {who:tuyo} supera {top:to_the}; en esta mesa "
        "(fallar sin pisar) aun así {who:v:debe} echar un triunfo."
    ),
    "play.libre_menor.ok": (
        "Sí: no {who:v:tiene} {led} y ningún triunfo {who:tuyo} supera {top:to_the}; {who:v:puede} jugar "
        "cualquier carta."
    ),
    "play.libre_menor": (
        "{who:s}no {who:v:tiene} {led} y no {who:v:puede} pisar {top:to_the}: no {who:v:está} obligado a "
        "fallar y {who:v:puede} jugar cualquier carta, también un triunfo menor."
    ),
    "play.companero.ok": "Sí: {who:pos1} compañero va ganando con {partner_card:the}; en esta mesa basta con asistir.",
    "play.companero.no": (
        "No: {who:v:tiene} {led}; aunque {who:pos1} compañero va ganando con {partner_card:the}, {who:v:debe} "
        "asistir."
    ),
    "play.companero": (
        "{who:pos1} compañero va ganando con {partner_card:the}: en esta mesa (excepción del compañero) basta "
        "con asistir, sin montar."
    ),
    "play.companero.free.ok": (
        "Sí: {who:pos1} compañero va ganando con {partner_card:the} y no {who:v:tiene} {led}; en esta mesa "
        "{who:v:puede} jugar cualquier carta."
    ),
    "play.companero.free": (
        "{who:pos1} compañero va ganando con {partner_card:the} y no {who:v:tiene} {led}: en esta mesa "
        "(excepción del compañero) no {who:v:tiene} que fallar ni pisar."
    ),
}
