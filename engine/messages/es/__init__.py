"""The Spanish catalogue: one template per message id, and the grammar that fills it in.

Templates are ``str.format`` strings over the message's facts, which are wrapped so that a format spec
asks for the grammatical form: ``{top:to_the}`` 'al rey de copas' / 'a la sota de copas',
``{cards:the_or}`` 'el rey o la sota de copas', ``{cards:n}`` 'n' when there are several (for a plural
verb), ``{who:subj}`` 'tú' / 'tu compañero' / 'el jugador 3 (pareja A)', ``{who:v:tiene}`` 'tienes' for
the learner and 'tiene' for anyone else, ``{who:pos}`` 'tus' / 'sus'; ``{who:pareja}`` 'tu' / 'su' before «pareja» ('tu' for the reader's partner
too), ``{who:compañero}`` 'tu compañero' / 'tú' (the reader's partner's partner) / 'su compañero', with
``{who:cv:ganaba}`` and ``{who:cte}`` the verb and the pronoun for that partner; a card's verdict inside another
sentence (``verdict``, a message) ``{verdict:bare}`` without its leading 'Sí: ' / 'No: '. The sentence's
first letter is made upper case.
"""

from __future__ import annotations

from typing import Any

from engine.cards import NAME_OF, Suit
from engine.messages import Clauses, Message, Renderer, Verdict, Who, catalogue_of, remembered_fields

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
    "jugará": "jugarás",
    "ha": "has",
    "sale": "sales",
    "reparte": "repartes",
    "asiste": "asistes",
    "monta": "montas",
    "falla": "fallas",
    "pisa": "pisas",
    "cantó": "cantaste",
    "canta": "cantas",
    "le": "te",
    "su": "tu",
    "sus": "tus",
    "él": "tú",
    "enseña": "enseñas",
    "acaba": "acabas",
    "abre": "abres",
    "entregaba": "entregabas",
    "perdía": "perdías",
    "gastaba": "gastabas",
    "rompía": "rompías",
    "jugó": "jugaste",
    "debía": "debías",
    "ganaba": "ganabas",
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
            if w.name:
                return f"{w.name} (pareja {'AB'[(w.number - 1) % 2]})"
            return f"el jugador {w.number} (pareja {'AB'[(w.number - 1) % 2]})"
        return _RELATIVE[w.relative]

    def __format__(self, spec: str) -> str:
        you = self.who.is_you
        if spec.startswith("v:"):
            verb = spec[2:]
            return _TU.get(verb, verb) if you else verb
        if spec in ("", "subj"):
            return self.subject()
        if spec == "s":  # an explicit subject, left out for the learner ('tienes copas') or when said before
            return "" if you or self.who.again else self.subject() + " "
        if spec == "obj":  # after a preposition: 'tras ti', 'para tu compañero'
            return "ti" if you else self.subject()
        if spec == "de":
            return "de ti" if you else _with_de(self.subject())
        if spec == "a":
            return "a ti" if you else _with_a(self.subject())
        if spec == "mano":
            if self.who.anaphoric:
                return "su mano"
            return "tu mano" if you else "la mano " + _with_de(self.subject())
        if spec == "pos":
            return "tus" if you else "sus"
        if spec == "pos1":
            return "tu" if you else "su"
        # This player's pair and partner as the reader knows them: the reader's partner's pair is the
        # reader's own ('tu pareja'), and the reader's partner's partner is the reader ('tú').
        partner_is_you = self.who.number is None and self.who.relative == 2
        if spec == "pareja":
            return "tu" if you or partner_is_you else "su"
        if spec == "compañero":
            return "tu compañero" if you else "tú" if partner_is_you else "su compañero"
        if spec.startswith("cv:"):  # a verb whose subject is this player's partner
            verb = spec[3:]
            return _TU.get(verb, verb) if partner_is_you else verb
        if spec == "cte":  # this player's partner as an indirect object
            return "te" if partner_is_you else "le"
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
        if spec == "the":  # «los oros», «las copas», «las espadas», «los bastos»
            return ("los ", "las ", "las ", "los ")[self.s] + self.s.label
        return self.s.label


# ``other``: a suit set beside ``suit`` (mesa.why.shown_suit: «triunfan las espadas, no los oros»).
_WRAP = {
    "who": _Who,
    "suit": _Suit,
    "trump": _Suit,
    "led": _Suit,
    "other": _Suit,
    "cards": _Cards,
    "others": _Cards,
}
_CARD_FACTS = {"card", "top", "target", "lead", "partner_card", "best"}


def _wrap(key: str, value: Any) -> Any:
    if key == "verdict" and isinstance(value, Message):
        return Verdict(_fill(value), ("Sí: ", "No: "))
    if isinstance(value, Message):  # a clause inside a sentence, in the same language
        return _fill(value)
    if isinstance(value, (list, tuple)) and value and all(isinstance(v, Message) for v in value):
        return Clauses([_fill(v) for v in value], " y ", " o ")
    if key in _CARD_FACTS:
        return _Card(value)
    if key in _WRAP:
        return _WRAP[key](value)
    return value


CATALOGUE: dict[str, str] = catalogue_of(__name__)


# Each template compiled the first time it is used; its words are those of
# ``CATALOGUE[id].format(**{key: _wrap(key, value)})`` (tests/engine/test_rendered_golden.py).
_RENDERER = Renderer(CATALOGUE, _wrap, remembered_fields(_CARD_FACTS))
_fill = _RENDERER.fill
render = _RENDERER.render
