"""What the engine decided, as data: a message id and its facts; one catalogue per language renders it.

``Message("play.follow.must_beat", {"who": Who.you(), "suit": 1, "cards": (12,), "target": 15})`` is what
a ruling says; ``render(message, lang)`` turns it into a sentence of ``lang`` (``engine.messages.es``,
``engine.messages.en``), with the person, number and articles right for who is playing.

Each language is a package: its ``__init__`` holds the grammar (how a player, a card or a list of cards
is written in each form a template asks for) and each of its modules one area's ``CATALOGUE`` of
templates (``play``, ``mesa``…); the package merges them, and every language has the same ids.

A *text* is what the engine hands a page: a plain string (stored before a sentence became data, or
words that need no grammar), a ``Message``, or a sequence of texts read one after another.
``to_data`` / ``from_data`` carry a text through JSON (a stored scenario or grade) unchanged.
"""

from __future__ import annotations

import pkgutil
import string
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

LANGUAGES = ("es", "en")
DEFAULT_LANGUAGE = "es"


@dataclass(frozen=True, slots=True)
class Who:
    """A player as the sentence sees them: the learner (``you``), a seat named from the learner's seat
    (``relative`` 1 right rival, 2 partner, 3 left rival), or a player seen from outside (``number`` 1-4)."""

    relative: int | None = 0
    number: int | None = None
    name: str | None = None  # a player seen from outside may have a name: «Ana (pareja A)»
    # The same player named again in the sentence that holds this one (a ruling's verdict inside the
    # sentence that names them): a pronoun or a dropped subject, «…renuncio de Ana (pareja A), que juega el
    # dos de oros: tiene copas», «…by Ana (pair A), who plays the two of oros: they have copas».
    again: bool = False

    @classmethod
    def you(cls) -> Who:
        return _YOU

    @classmethod
    def seat(cls, seat: int, viewer: int | None) -> Who:
        """Seat ``seat`` named from ``viewer``'s seat, or as 'el jugador N' when nobody is seated."""
        if viewer is None:
            return cls(None, seat + 1)
        return cls((seat - viewer) % 4)

    @property
    def is_you(self) -> bool:
        return self.relative == 0

    @property
    def anaphoric(self) -> bool:
        """Named again in the same sentence (never the learner, who is 'you' anyway)."""
        return self.again and self.relative != 0


_YOU = Who(0)
# The forms of a player (the languages' ``_Who.__format__``) that begin with the player's name.
_NAME_FIRST_FORMS = frozenset({"", "subj", "obj", "s", "poss"})
_ARTICLES = ("el ", "la ", "los ", "las ")


@dataclass(frozen=True, slots=True)
class Message:
    id: str
    facts: Mapping[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        """The sentence in the language in force (see ``set_language_source``): what a page prints."""
        return render(self, _language_source())

    def inside(self) -> str:
        """The words in the language in force as they stand inside another sentence: the template's first
        letter kept («beto canta las veinte en bastos», not «…canta Las veinte…»)."""
        return _language(_language_source())._RENDERER.fill(self)


class Texts(tuple):
    """Sentences read one after another (an explanation of several steps); prints like one text."""

    def __str__(self) -> str:
        return render(self, _language_source())


Text = str | Message | Sequence["Text"]


class MessageError(ValueError):
    """An error whose words are a text: ``str(exc)`` is the sentence in the language in force (a page
    shows it in the reader's language), ``exc.text`` the message itself (``render(exc.text, lang)``)."""

    def __init__(self, text: Text):
        super().__init__(text)
        self.text = text

    def __str__(self) -> str:
        return render(self.text, _language_source())


def _default_language() -> str:
    return DEFAULT_LANGUAGE


_language_source = _default_language


def set_language_source(source) -> None:
    """Let the application say which language ``str(message)`` speaks (the web app passes the request's
    language); the engine itself knows no request and defaults to Spanish."""
    global _language_source
    _language_source = source or _default_language


def msg(message_id: str, **facts: Any) -> Message:
    return Message(message_id, facts)


def render(text: Text | None, lang: str = DEFAULT_LANGUAGE) -> str:
    """The words of ``text`` in ``lang``: a string as it is, a message through that language's catalogue,
    a sequence as its sentences one after another. A KeyError names an id the catalogue lacks."""
    if text.__class__ is Message:
        return _language(lang).render(text)
    if text is None:
        return ""
    if isinstance(text, str):
        return text
    if isinstance(text, Message):
        return _language(lang).render(text)
    return " ".join([part for part in [render(t, lang) for t in text] if part])


_LANGUAGE_MODULES: dict[str, Any] = {}


def _language(lang: str):
    try:
        return _LANGUAGE_MODULES[lang]
    except (KeyError, TypeError):
        if lang not in LANGUAGES:
            raise ValueError(f"idioma desconocido: {lang!r}") from None
        module = _LANGUAGE_MODULES[lang] = import_module(f"engine.messages.{lang}")
        return module


def catalogue_of(package: str) -> dict[str, str]:
    """Every template of a language package, merged from its area modules; an id defined twice is an error."""
    merged: dict[str, str] = {}
    for info in pkgutil.iter_modules(import_module(package).__path__):
        area = import_module(f"{package}.{info.name}")
        for key, template in getattr(area, "CATALOGUE", {}).items():
            if key in merged:
                raise ValueError(f"{package}: el mensaje {key!r} está definido dos veces")
            merged[key] = template
    return merged


# JSON: a message is {"msg": id, "facts": {...}}; ``Texts`` are {"texts": [...]}; a Who inside facts is
# {"who": [relative, number]} (with its name last when it has one, then true when it is ``again``); a nested
# message stays a message; tuples become lists (and come back as tuples).


def to_data(text: Any) -> Any:
    """A JSON-safe copy of a text (or of any fact value) that ``from_data`` turns back into an equal one."""
    if isinstance(text, Message):
        return {"msg": text.id, "facts": {k: to_data(v) for k, v in text.facts.items()}}
    if isinstance(text, Who):
        tail = [text.name, True] if text.again else [text.name] if text.name is not None else []
        return {"who": [text.relative, text.number] + tail}
    if isinstance(text, Texts):
        return {"texts": [to_data(t) for t in text]}
    if isinstance(text, (list, tuple)):
        return [to_data(t) for t in text]
    if isinstance(text, Mapping):
        return {str(k): to_data(v) for k, v in text.items()}
    if isinstance(text, bool) or text is None or isinstance(text, (str, float)):
        return text
    if isinstance(text, int):
        return int(text)  # Card, Suit and other int subclasses as plain numbers
    raise TypeError(f"un mensaje no puede llevar {type(text).__name__}")


def from_data(data: Any) -> Any:
    if isinstance(data, list):
        return tuple(from_data(d) for d in data)
    if isinstance(data, Mapping):
        if set(data) == {"msg", "facts"}:
            return Message(str(data["msg"]), {k: from_data(v) for k, v in dict(data["facts"]).items()})
        if set(data) == {"texts"} and isinstance(data["texts"], list):
            return Texts(from_data(d) for d in data["texts"])
        if set(data) == {"who"} and isinstance(data["who"], list) and len(data["who"]) in (2, 3, 4):
            return Who(*data["who"])
        return {k: from_data(v) for k, v in data.items()}
    return data


def _each_who(text: Any, change) -> Any:
    """``text`` with each player in it, at any depth, replaced by ``change(who)``."""
    if isinstance(text, Who):
        return change(text)
    if isinstance(text, Message):
        return Message(text.id, {k: _each_who(v, change) for k, v in text.facts.items()})
    if isinstance(text, Texts):
        return Texts(_each_who(t, change) for t in text)
    if isinstance(text, tuple):
        return tuple(_each_who(t, change) for t in text)
    return text


def again(text: Any, who: Who) -> Any:
    """``text`` with each mention of ``who`` made anaphoric (``Who.again``): a sentence embedded in one that
    has already named the player («renuncio by Ana (pair A), who plays…: they have copas»)."""
    return _each_who(text, lambda w: Who(w.relative, w.number, w.name, True) if w == who else w)


def named(text: Any, names: Mapping[int, str]) -> Any:
    """``text`` with each player seen from outside (``Who`` with ``number`` n) given ``names[n]``, when it has
    one: a table whose players have names says «Ana (pareja A)» where a record's referee said «el jugador 1
    (pareja A)»."""

    def name(w: Who) -> Who:
        given = names.get(w.number) if w.number is not None and w.name is None else None
        return Who(w.relative, w.number, given, w.again) if given else w

    return _each_who(text, name)


class Verdict:
    """A ruling's verdict inside another sentence: ``{verdict:bare}`` drops its leading 'Yes: ' / 'No: '
    (the language gives its own words)."""

    def __init__(self, text: str, prefixes: tuple[str, ...]):
        self.text, self.prefixes = text, prefixes

    def __format__(self, spec: str) -> str:
        if spec == "bare":
            for prefix in self.prefixes:
                if self.text.startswith(prefix):
                    return self.text.removeprefix(prefix)
        return self.text


class Clauses:
    """Several clauses in one sentence: ``{x}`` 'a, b, c', ``{x:and}`` 'a, b and c', ``{x:or}``,
    ``{x:semi}`` 'a; b; c' (the language gives its 'and' and 'or')."""

    def __init__(self, parts: list[str], and_word: str, or_word: str):
        self.parts, self.joints = parts, {"and": and_word, "or": or_word}

    def __format__(self, spec: str) -> str:
        p = self.parts
        if spec == "":
            return ", ".join(p)
        if spec == "semi":
            return "; ".join(p)
        if spec in self.joints:
            return p[0] if len(p) == 1 else ", ".join(p[:-1]) + self.joints[spec] + p[-1] if p else ""
        raise ValueError(f"unknown form for clauses: {spec!r}")


class Renderer:
    """A language's templates compiled once, the first time each id is rendered: the literal pieces and,
    for each field, a function from the fact to its words. The words are exactly what
    ``template.format(**{key: wrap(key, value)})`` prints (``wrap`` is the language's grammar); the
    functions only remember the words of values met before (a card, a player, a suit, a few cards) in
    small tables, and fall back to ``wrap`` and ``format`` for anything else (a nested message, clauses).

    ``fast(name, spec)`` may give a table-backed formatter for a field, or None for the general one."""

    _CACHE_LIMIT = 4096

    def __init__(self, catalogue: Mapping[str, str], wrap, fast):
        self.catalogue, self.wrap, self.fast = catalogue, wrap, fast
        self.compiled: dict[str, Any] = {}
        self.fields: dict[tuple[str, str, str | None], Any] = {}  # shared by every template using the field
        self.leading: dict[str, str | None] = {}  # message id → the field its sentence begins with, if any

    def fill(self, message: Message) -> str:
        """The message's sentence as the template writes it (first letter untouched)."""
        try:
            return self.compiled[message.id](message.facts)
        except KeyError:
            if message.id in self.compiled:
                raise  # a fact the template asks for is missing
            self.compiled[message.id] = self._compile(message.id)
        return self.compiled[message.id](message.facts)

    def render(self, message: Message) -> str:
        text = self.fill(message)
        if self._leads_with_a_name(message):
            return text  # a person's name as they wrote it: «ana acusa…», never «Ana» beside «ana»
        return text[:1].upper() + text[1:]

    def _leads_with_a_name(self, message: Message) -> bool:
        """Whether the sentence begins with a player's own name: its first field a named ``Who`` in a form
        that starts with the name («ana (pareja A) acusa…», «ana (pair A)'s hand»)."""
        try:
            first = self.leading[message.id]
        except KeyError:
            template = self.catalogue.get(message.id, "")
            parsed = (
                next(iter(string.Formatter().parse(template)), None) if template.startswith("{") else None
            )
            named = parsed is not None and not parsed[0] and (parsed[2] or "") in _NAME_FIRST_FORMS
            first = self.leading[message.id] = parsed[1] if named else None
        if first is None:
            return False
        who = message.facts.get(first)
        if not (isinstance(who, Who) and who.number is not None and who.name):
            return False
        # «el Chino» begins with an article, grammar the sentence capitalises («El Chino (pareja B) tenía…»),
        # as it contracts it after a preposition («del Chino»)
        return not who.name.startswith(_ARTICLES)

    def _compile(self, message_id: str):
        """A function from the facts to the words: the template's literals and fields joined by ``+``."""
        template = self.catalogue[message_id]  # a KeyError names an id the catalogue lacks
        pieces, functions = [], {}
        for literal, name, spec, conv in string.Formatter().parse(template):
            if literal:
                pieces.append(repr(literal))
            if name is None:
                continue
            if not name.isidentifier() or conv not in (None, "r", "s", "a") or "{" in (spec or ""):
                return self._whole(template)  # a field str.format reads in its own ways
            key = (name, spec or "", conv)
            if key not in self.fields:
                self.fields[key] = self._field(*key)
            f = f"f{len(functions)}"
            functions[f] = self.fields[key]
            pieces.append(f"{f}(facts[{name!r}])")
        source = f"def words(facts):\n    return {' + '.join(pieces) or repr('')}\n"
        namespace = dict(functions)
        exec(compile(source, f"<message {message_id}>", "exec"), namespace)
        return namespace["words"]

    def _whole(self, template: str):
        wrap = self.wrap

        def whole(facts: Mapping[str, Any]) -> str:
            return template.format(**{key: wrap(key, value) for key, value in facts.items()})

        return whole

    def _field(self, name: str, spec: str, conv: str | None):
        wrap = self.wrap
        convert = {None: None, "r": repr, "s": str, "a": ascii}[conv]

        def general(value) -> str:
            value = wrap(name, value)
            return format(value if convert is None else convert(value), spec)

        if conv is not None:
            return general
        fast = self.fast(name, spec)
        if fast is not None:
            return fast(general)
        if spec:
            return general

        fill = self.fill

        def plain(value) -> str:
            if value.__class__ is str:
                return value
            if value.__class__ is Message and name != "verdict":  # a clause: its words as they are
                return fill(value)
            return general(value)

        return plain

    @staticmethod
    def by_seat(general):
        """A player's words when only their seat from the learner's says who they are (a ``Who`` with no
        number: its name is not printed), kept per seat; any other value asks ``general``."""
        seats: dict = {}

        def seat_words(value) -> str:
            if value.__class__ is Who and value.number is None and not value.again:
                try:
                    return seats[value.relative]
                except KeyError:
                    words = seats[value.relative] = general(value)
                    return words
            return general(value)

        return seat_words

    @classmethod
    def remembering(cls, general, cacheable=None):
        """A formatter that keeps the words of each value of a hashable kind (``cacheable`` types, or
        any value a table already holds) and asks ``general`` for the rest."""
        memo: dict = {}
        limit = cls._CACHE_LIMIT

        def remembered(value) -> str:
            try:
                return memo[value]
            except KeyError:
                words = general(value)
                if cacheable is not None and value.__class__ in cacheable:
                    if len(memo) >= limit:
                        memo.clear()
                    memo[value] = words
                return words
            except TypeError:  # an unhashable value: a list, a message
                return general(value)

        return remembered


def remembered_fields(card_facts: set[str]):
    """The fields whose words depend only on a hashable value, for a language whose grammar writes a card
    fact, a suit, some cards and a player the way ``engine.messages.es`` does: a card or a suit by its
    number, cards by their numbers, a player seen from the learner's seat by that seat alone."""

    def fast(name: str, spec: str):
        if name in card_facts or name in ("suit", "trump", "led"):
            return lambda general: Renderer.remembering(general, (int,))
        if name == "who":
            return Renderer.by_seat
        if name in ("cards", "others"):
            return lambda general: Renderer.remembering(general, (tuple,))
        return None

    return fast
