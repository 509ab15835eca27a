"""The Spanish catalogue: one template per message id, and the grammar that fills it in.

Templates are ``str.format`` strings over the message's facts, which are wrapped so that a format spec
asks for the grammatical form: ``{top:to_the}`` 'al rey de copas' / 'a la sota de copas',
``{cards:the_or}`` 'el rey o la sota de copas', ``{cards:n}`` 'n' when there are several (for a plural
verb), ``{who:subj}`` 'tú' / 'tu compañero' / 'el jugador 3 (pareja A)', ``{who:v:tiene}`` 'tienes' for
the learner and 'tiene' for anyone else, ``{who:pos}`` 'tus' / 'sus'. The sentence's first letter is
made upper case.
"""

from __future__ import annotations

from typing import Any

from engine.cards import NAME_OF, Suit
from engine.messages import Message, Who

# Third person singular -> second person singular (tú), for the verbs the catalogue uses.
_TU = {
    "es": "eres",
    "está": "estás",
    "tiene": "tienes",
    "debe": "debes",
    "puede": "puedes",
    "juega": "juegas",
    "gana": "ganas",
    "ganó": "ganaste",
    "ha": "has",
    "sale": "sales",
    "reparte": "repartes",
    "asiste": "asistes",
    "monta": "montas",
    "falla": "fallas",
    "pisa": "pisas",
    "cantó": "cantaste",
    "le": "te",
    "su": "tu",
    "sus": "tus",
    "él": "tú",
    "enseña": "enseñas",
    "acaba": "acabas",
    "abre": "abres",
}
_RELATIVE = ("tú", "el rival de tu derecha", "tu compañero", "el rival de tu izquierda")


def _with_de(phrase: str) -> str:
    return "del " + phrase[3:] if phrase.startswith("el ") else "de " + phrase


def _with_a(phrase: str) -> str:
    return "al " + phrase[3:] if phrase.startswith("el ") else "a " + phrase


class _Who:
    def __init__(self, who: Who):
        self.who = who

    def subject(self) -> str:
        w = self.who
        if w.number is not None:
            return f"el jugador {w.number} (pareja {'AB'[(w.number - 1) % 2]})"
        return _RELATIVE[w.relative]

    def __format__(self, spec: str) -> str:
        you = self.who.is_you
        if spec.startswith("v:"):
            verb = spec[2:]
            return _TU.get(verb, verb) if you else verb
        if spec in ("", "subj"):
            return self.subject()
        if spec == "s":  # an explicit subject, left out for the learner ('tienes copas')
            return "" if you else self.subject() + " "
        if spec == "obj":  # after a preposition: 'tras ti', 'para tu compañero'
            return "ti" if you else self.subject()
        if spec == "de":
            return "de ti" if you else _with_de(self.subject())
        if spec == "a":
            return "a ti" if you else _with_a(self.subject())
        if spec == "mano":
            return "tu mano" if you else "la mano " + _with_de(self.subject())
        if spec == "pos":
            return "tus" if you else "sus"
        if spec == "pos1":
            return "tu" if you else "su"
        if spec == "tuyo":
            return "tuyo" if you else "suyo"
        if spec == "te":
            return "te" if you else "le"
        raise ValueError(f"forma desconocida para un jugador: {spec!r}")


def phrase(who: Who, form: str = "subj") -> str:
    """One player in one grammatical form: phrase(Who.you(), "v:reparte") is 'repartes'."""
    return format(_Who(who), form)


def the(c: int) -> str:
    """'el rey de copas' / 'la sota de copas'."""
    return ("la " if c % 10 == 5 else "el ") + NAME_OF[c]


class _Card:
    def __init__(self, c: int):
        self.c = int(c)

    def __format__(self, spec: str) -> str:
        if spec in ("", "the"):
            return the(self.c)
        if spec == "to_the":
            return _with_a(the(self.c)) if self.c % 10 != 5 else "a " + the(self.c)
        if spec == "of_the":
            return _with_de(the(self.c)) if self.c % 10 != 5 else "de " + the(self.c)
        if spec == "name":
            return NAME_OF[self.c]
        raise ValueError(f"forma desconocida para una carta: {spec!r}")


class _Cards:
    def __init__(self, cards):
        self.cards = [int(c) for c in cards]

    def __format__(self, spec: str) -> str:
        names = [the(c) for c in self.cards]
        if spec == "n":
            return "n" if len(names) > 1 else ""
        if spec in ("the_or", "the_and"):
            joint = " o " if spec == "the_or" else " y "
            return names[0] if len(names) == 1 else ", ".join(names[:-1]) + joint + names[-1]
        raise ValueError(f"forma desconocida para unas cartas: {spec!r}")


class _Suit:
    def __init__(self, s: int):
        self.s = Suit(s)

    def __format__(self, spec: str) -> str:
        return self.s.label


_WRAP = {"who": _Who, "suit": _Suit, "trump": _Suit, "led": _Suit, "cards": _Cards, "others": _Cards}
_CARD_FACTS = {"card", "top", "target", "lead", "partner_card"}


def _wrap(key: str, value: Any) -> Any:
    if key in _CARD_FACTS:
        return _Card(value)
    if key in _WRAP:
        return _WRAP[key](value)
    return value


# Play obligations (engine.obligations.ruling). Facts: who (the player about to play), led, trump, top (the
# strongest trump in the trick), target (the led-suit card to beat), cards (the cards that meet it),
# partner_card, lead, card (the card judged).
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
        "{target_txt}, {who:v:debe} montar{variant}: solo vale{cards:n} {cards:the_or}."
    ),
    "play.montar.variant": " (en esta mesa hay que montar aunque la baza esté cortada)",
    "play.asistir.ok": (
        "Sí: es de {led}; ninguna de {who:pos} cartas de {led} supera {target:to_the}, así que basta con "
        "asistir."
    ),
    "play.asistir.trump": "No: {who:v:tiene} {led}; {who:v:debe} asistir, no echar triunfo.",
    "play.asistir": (
        "{who:s}{who:v:tiene} {led}, así que {who:v:debe} asistir; ninguna supera {target:to_the}, así "
        "que no {who:v:puede} montar y vale cualquiera de {who:pos} cartas de {led}."
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


def render(message: Message) -> str:
    facts = {key: _wrap(key, value) for key, value in message.facts.items()}
    text = CATALOGUE[message.id].format(**facts)
    return text[:1].upper() + text[1:]
