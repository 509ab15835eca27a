"""The English catalogue: one template per message id (the same ids as Spanish), and its grammar.

Templates are ``str.format`` strings over the message's facts, wrapped so that a format spec asks for a
grammatical form:

- a player (``who``): ``{who:subj}`` 'you' / 'your partner' / 'the opponent on your right' / 'player 3
  (pair A)'; ``{who:v:has}`` the verb written in the third person, 'have' for the learner and 'has' for
  anyone else; ``{who:obj}`` 'you' / 'your partner'; ``{who:poss}`` 'your' / "your partner's";
  ``{who:pos}`` 'your' / 'their'; ``{who:mano}`` 'your hand' / "your partner's hand" / 'the hand of
  player 3 (pair A)'; ``{who:partner}`` 'your partner' / 'you' (the reader's partner's partner) / 'the
  partner of player 3 (pair A)', with ``{who:pv:was}`` and ``{who:pobj}`` the verb and the object for
  that partner; ``{who:pair}`` 'your' / 'their' before «pair» ('your' for the reader's partner too);
- a card (``card``, ``top``, ``target``, ``lead``, ``partner_card``): ``{card:the}`` 'the king of
  copas', ``{card:a}`` 'a king of copas', ``{card:name}`` 'king of copas';
- cards (``cards``, ``others``): ``{cards:the_or}`` / ``{cards:the_and}`` 'the three or the king of
  copas', ``{cards:s}`` 's' when there is one card (for a verb in the third person: 'beats' / 'beat');
- a suit (``suit``, ``trump``, ``led``): its Spanish name, a word of the game ('copas');
- a card's verdict inside another sentence (``verdict``, a message): ``{verdict:bare}`` without its
  leading 'Yes: ' / 'No: '.

The game's own words stay Spanish in English sentences (asistir, montar, fallar, pisar, baza, cante,
triunfo…). The sentence's first letter is made upper case.
"""

from __future__ import annotations

from typing import Any

from engine.cards import Suit, card_name
from engine.messages import Clauses, Message, Renderer, Verdict, Who, catalogue_of, remembered_fields

NAME_OF = tuple(card_name(i, "en") for i in range(40))  # "king of copas" (engine.cards)

# Third person singular -> the learner's form, where it is not just the -s dropped.
_YOU = {"has": "have", "is": "are", "was": "were", "does": "do", "goes": "go", "wins": "win"}
_RELATIVE = ("you", "the opponent on your right", "your partner", "the opponent on your left")


def _you_form(verb: str) -> str:
    if verb in _YOU:
        return _YOU[verb]
    if verb.endswith(("ches", "shes", "sses", "xes", "zes")):
        return verb[:-2]
    if verb.endswith("ies"):
        return verb[:-3] + "y"
    if verb.endswith("s") and not verb.endswith("ss"):
        return verb[:-1]
    return verb  # must, can, may…


def _possessive(phrase: str) -> str:
    return phrase + "'" if phrase.endswith("s") else phrase + "'s"


class _Who:
    def __init__(self, who: Who):
        self.who = who

    def subject(self) -> str:
        w = self.who
        if w.number is not None:
            if w.name:
                return f"{w.name} (pair {'AB'[(w.number - 1) % 2]})"
            return f"player {w.number} (pair {'AB'[(w.number - 1) % 2]})"
        return _RELATIVE[w.relative]

    def __format__(self, spec: str) -> str:
        if self.who.anaphoric:
            return self._again(spec)
        you = self.who.is_you
        if spec.startswith("v:"):
            verb = spec[2:]
            return _you_form(verb) if you else verb
        if spec in ("", "subj", "obj"):
            return self.subject()
        if spec == "poss":
            return "your" if you else _possessive(self.subject())
        if spec == "pos":
            return "your" if you else "their"
        if spec == "mano":
            return "your hand" if you else self._of("hand")
        if spec == "partner":  # 'your partner', 'the partner of player 1 (pair A)'; your partner's is you
            if you:
                return "your partner"
            return "you" if self.who.relative == 2 and self.who.number is None else self._of("partner")
        # This player's pair and partner as the reader knows them: the reader's partner's pair is the
        # reader's own ('your pair'), and the reader's partner's partner is the reader ('you').
        partner_is_you = self.who.relative == 2 and self.who.number is None
        if spec == "pair":
            return "your" if you or partner_is_you else "their"
        if spec.startswith("pv:"):  # a verb whose subject is this player's partner ({who:partner})
            verb = spec[3:]
            return _you_form(verb) if partner_is_you else verb
        if spec == "pobj":  # this player's partner as an object
            return "you" if partner_is_you else "them"
        raise ValueError(f"unknown form for a player: {spec!r}")

    @staticmethod
    def _again(spec: str) -> str:
        """The player named again in the same sentence: 'they' (the verb as for 'they': 'they have')."""
        if spec.startswith("v:"):
            return _you_form(spec[2:])
        if spec in ("", "subj"):
            return "they"
        if spec == "obj":
            return "them"
        if spec in ("poss", "pos", "pair"):
            return "their"
        if spec.startswith("pv:"):
            return spec[3:]
        if spec == "pobj":
            return "them"
        if spec == "mano":
            return "their hand"
        if spec == "partner":
            return "their partner"
        raise ValueError(f"unknown form for a player: {spec!r}")

    def _of(self, noun: str) -> str:
        """'your partner's hand'; a player named with their pair in brackets, 'the hand of player 1 (pair
        A)' (never «player 1 (pair A)'s hand»)."""
        subject = self.subject()
        if subject.endswith(")"):
            return f"the {noun} of {subject}"
        return f"{_possessive(subject)} {noun}"


def phrase(who: Who, form: str = "subj") -> str:
    """One player in one grammatical form: phrase(Who.you(), "v:deals") is 'deal'."""
    return format(_Who(who), form)


def the(c: int) -> str:
    """'the king of copas'."""
    return "the " + NAME_OF[c]


class _Card:
    def __init__(self, c: int):
        self.c = int(c)

    def __format__(self, spec: str) -> str:
        if spec in ("", "the"):
            return the(self.c)
        if spec == "a":
            name = NAME_OF[self.c]
            return ("an " if name[0] in "aeiou" else "a ") + name
        if spec == "name":
            return NAME_OF[self.c]
        raise ValueError(f"unknown form for a card: {spec!r}")


class _Cards:
    def __init__(self, cards):
        self.cards = [int(c) for c in cards]

    def __format__(self, spec: str) -> str:
        names = [the(c) for c in self.cards]
        if spec == "s":
            return "s" if len(names) == 1 else ""
        if spec in ("the_or", "the_and"):
            joint = " or " if spec == "the_or" else " and "
            return names[0] if len(names) == 1 else ", ".join(names[:-1]) + joint + names[-1]
        raise ValueError(f"unknown form for cards: {spec!r}")


class _Suit:
    def __init__(self, s: int):
        self.s = Suit(s)

    def __format__(self, spec: str) -> str:
        return self.s.label


_WRAP = {
    "who": _Who,
    "suit": _Suit,
    "trump": _Suit,
    "led": _Suit,
    "other": _Suit,  # a suit set beside ``suit`` (mesa.why.shown_suit)
    "cards": _Cards,
    "others": _Cards,
}
_CARD_FACTS = {"card", "top", "target", "lead", "partner_card", "best"}


def _wrap(key: str, value: Any) -> Any:
    if key == "verdict" and isinstance(value, Message):
        return Verdict(_fill(value), ("Yes: ", "No: "))
    if isinstance(value, Message):  # a clause inside a sentence, in the same language
        return _fill(value)
    if isinstance(value, (list, tuple)) and value and all(isinstance(v, Message) for v in value):
        return Clauses([_fill(v) for v in value], " and ", " or ")
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
