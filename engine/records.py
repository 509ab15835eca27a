"""Hand records: one hand of Tute written as plain text a person can read and write (the notation of
engine/README.md), read back, built from a hand played here, and a short code for a deal.

``write(record)`` gives the canonical text, ``read(text)`` the record (``read(write(r)) == r``); a
malformed text raises ``RecordSyntaxError`` with the line and a message in the reader's language.
``analyse(record)`` is what the referee on records stands on (``engine.record_referee``): who played each
card, the tricks and their winners, and every card each seat is known to have held, with where it shows.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from math import comb

from engine import messages as _messages
from engine.cantes import CABALLO, REY
from engine.cards import CARDS, Card, CardError, Suit, parse_card
from engine.cards import write as write_card
from engine.deal import DOS_DE_OROS
from engine.messages import Message, MessageError, render
from engine.rules import _CHOICES, PRESETS, RulesError, TableRules
from engine.tricks import trick_winner

MAX_BYTES = 20_000  # a hand's record is about 1 KB; anything past this is refused whole
ANNOTATIONS = ("!", "?", "!!", "??", "!?", "?!")
TUTE_KINDS = ("reyes", "caballos")
FULL = (1 << 40) - 1


class RecordSyntaxError(MessageError):
    """A record that cannot be read: ``line`` (1-based; 0 when the whole text is at fault) and ``message``
    (an engine ``Message``: «Línea 12: …»); ``str(exc)`` prints it in the reader's language."""

    def __init__(self, line: int, detail: Message, lang: str | None = None):
        self.line = line
        self.detail = detail
        self.message = Message(
            "records.error.line" if line else "records.error.text", {"line": line, "detail": detail}
        )
        self.lang = lang
        super().__init__(self.message)

    def __str__(self) -> str:
        return render(self.message, self.lang or _messages._language_source())


class _Problem(Exception):
    """Raised inside the checks: ``where`` is a place in the record (mapped to a line by the caller)."""

    def __init__(self, where: tuple, message_id: str, **facts):
        super().__init__(message_id)
        self.where = where
        self.detail = Message(message_id, facts)


# -- the record ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Play:
    """A card played; ``seat`` follows from the rules (the trick's leader, then counter-clockwise)."""

    seat: int
    card: Card
    comment: str | None = None
    annotation: str | None = None  # one of ANNOTATIONS: '!' good, '?' a mistake…


@dataclass(frozen=True, slots=True)
class Cante:
    """A cante sung at its moment: las veinte/cuarenta in ``suit`` or a tute of ``tute`` ('reyes', 'caballos')."""

    seat: int
    suit: Suit | None = None
    tute: str | None = None


@dataclass(frozen=True, slots=True)
class RenuncioClaim:
    """A renuncio called at the table: ``by`` says ``against`` reneged."""

    by: int
    against: int
    comment: str | None = None


@dataclass(frozen=True, slots=True)
class Comment:
    text: str


RecordEvent = Play | Cante | RenuncioClaim | Comment
Hands = tuple[tuple[Card | None, ...], ...]
UNKNOWN_HANDS: Hands = ((None,) * 10,) * 4


@dataclass(frozen=True, slots=True)
class HandRecord:
    rules: TableRules
    dealer: int
    trump_card: Card | None  # None only in a Ludoteka first hand (oros is trump)
    first_hand: bool = False
    players: tuple[str | None, str | None, str | None, str | None] = (None, None, None, None)
    hands: Hands = UNKNOWN_HANDS  # by seat, 10 entries each; None is a card not known
    events: tuple[RecordEvent, ...] = ()
    title: str | None = None
    date: str | None = None
    event: str | None = None
    deal_code: str | None = None

    @property
    def trump(self) -> Suit:
        return Suit.OROS if self.trump_card is None else Suit(self.trump_card // 10)

    @property
    def plays(self) -> tuple[Play, ...]:
        return tuple(e for e in self.events if isinstance(e, Play))


# -- deal codes ---------------------------------------------------------------------------------------

_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_B64_INDEX = {ch: i for i, ch in enumerate(_B64)}
CODE_LENGTH = (
    13  # 78 bits: the deal (72), the dealer (2) and which of the dealer's cards is turned up (11 values)
)
_SPLITS = (comb(40, 10), comb(30, 10), comb(20, 10))
DEALS = _SPLITS[0] * _SPLITS[1] * _SPLITS[2]  # 40! / (10!)^4, just under 2^72


def _subset_rank(chosen: int, remaining: list[int]) -> int:
    rank, k = 0, 0
    for pos, c in enumerate(remaining):
        if chosen >> c & 1:
            k += 1
            rank += comb(pos, k)
    return rank


def _subset_unrank(rank: int, remaining: list[int]) -> int:
    mask = 0
    for k in range(10, 0, -1):
        pos = k - 1
        while comb(pos + 1, k) <= rank:
            pos += 1
        rank -= comb(pos, k)
        mask |= 1 << remaining[pos]
    return mask


def _masks(hands) -> list[int]:
    masks, seen = [], 0
    if len(hands) != 4:
        raise ValueError("a deal has four hands")
    for h in hands:
        m = 0
        for c in h:
            if c is None:
                raise ValueError("a deal code needs every card")
            m |= 1 << CARDS[c]
        if m.bit_count() != 10 or m & seen:
            raise ValueError("a deal is four hands of ten different cards")
        seen |= m
        masks.append(m)
    return masks


def deal_code(hands, dealer: int, trump_card: int | None) -> str:
    """A 13-character code (Base64url) of a whole deal, its dealer and its turned-up card (None: a
    Ludoteka first hand); ``deal_from_code`` gives them back."""
    masks = _masks(hands)
    if dealer not in (0, 1, 2, 3):
        raise ValueError("the dealer is a seat 0..3")
    remaining = list(range(40))
    rank, scale = 0, 1
    for s in range(3):
        rank += scale * _subset_rank(masks[s], remaining)
        scale *= _SPLITS[s]
        remaining = [c for c in remaining if not masks[s] >> c & 1]
    if trump_card is None:
        turned = 10
    else:
        dealt = [c for c in range(40) if masks[dealer] >> c & 1]
        if trump_card not in dealt:
            raise ValueError("the turned-up card is the dealer's")
        turned = dealt.index(trump_card)
    value = (rank * 4 + dealer) * 11 + turned
    return "".join(_B64[value >> (6 * i) & 63] for i in range(CODE_LENGTH - 1, -1, -1))


@lru_cache(maxsize=4096)
def deal_from_code(code: str) -> tuple[tuple[tuple[Card, ...], ...], int, Card | None]:
    """(hands by seat, each sorted; the dealer; the turned-up card or None) of a ``deal_code``; a code that
    is not one raises RecordSyntaxError (line 0) naming it."""
    text = code.strip() if isinstance(code, str) else ""
    if len(text) != CODE_LENGTH or any(ch not in _B64_INDEX for ch in text):
        raise RecordSyntaxError(0, Message("records.error.code", {"code": _cut(str(code))}))
    value = 0
    for ch in text:
        value = value * 64 + _B64_INDEX[ch]
    turned, value = value % 11, value // 11
    dealer, rank = value % 4, value // 4
    if rank >= DEALS:
        raise RecordSyntaxError(0, Message("records.error.code", {"code": text}))
    remaining = list(range(40))
    masks = []
    for s in range(3):
        rank, sub = divmod(rank, _SPLITS[s])
        m = _subset_unrank(sub, remaining)
        masks.append(m)
        remaining = [c for c in remaining if not m >> c & 1]
    masks.append(sum(1 << c for c in remaining))
    hands = tuple(tuple(CARDS[c] for c in range(40) if m >> c & 1) for m in masks)
    trump = None if turned == 10 else hands[dealer][turned]
    return hands, dealer, trump


# -- analysis: who played what, and what each seat is known to have held ------------------------------


@dataclass(slots=True)
class Source:
    """Where a card shows in a seat's hand: 'hand' (the record's hand line), 'code' (the deal code),
    'trump' (the dealer's turned-up card), 'play' (played at ``trick``) or 'cante' (shown after ``trick``)."""

    kind: str
    trick: int | None = None
    event: int | None = None


@dataclass(slots=True)
class Analysis:
    trump: Suit
    leader: int  # of the first trick
    seats: list[int]  # per play, in order
    play_events: list[int]  # event index of each play
    tricks: list[list[int]]  # cards per trick in play order (the last may be partial)
    leaders: list[int]
    winners: list[int]  # of complete tricks
    moments: list[tuple[int, bool]]  # per event: (complete tricks before it, a trick is under way)
    held: list[int]  # per seat: mask of every card known to have been in the hand when dealt
    sources: dict[int, Source] = field(default_factory=dict)
    tute_event: int | None = None  # the event of a valid tute (the hand ends there)
    first_card: int | None = None
    turn: int | None = None  # the seat to play next; None when the hand is over (40 cards or a tute)

    def unknown_slots(self, seat: int) -> int:
        return 10 - self.held[seat].bit_count()

    @property
    def pool(self) -> int:
        """Cards no seat is known to hold."""
        return FULL & ~(self.held[0] | self.held[1] | self.held[2] | self.held[3])


class _Holdings:
    """Every card known to be in a seat's hand as dealt, with where it shows first."""

    __slots__ = ("held", "owner", "sources")

    def __init__(self):
        self.held = [0, 0, 0, 0]
        self.owner = [-1] * 40
        self.sources: dict[int, Source] = {}

    def claim(
        self, c: int, seat: int, where: tuple, kind: str, trick: int | None = None, event: int | None = None
    ):
        o = self.owner[c]
        if o == seat:
            return
        if o >= 0:
            raise _Problem(where, "records.error.held_by_other", card=int(c), seat=o + 1, by=seat + 1)
        if self.held[seat].bit_count() >= 10:
            raise _Problem(where, "records.error.eleven", seat=seat + 1, card=int(c))
        self.owner[c] = seat
        self.held[seat] |= 1 << c
        self.sources[c] = Source(kind, trick, event)


def _as_card(c, where: tuple) -> Card:
    if isinstance(c, int) and not isinstance(c, bool) and 0 <= c < 40:
        return CARDS[c]
    raise _Problem(where, "records.error.not_a_card", value=_cut(repr(c)))


def _walk(record: HandRecord, play_seats_given: bool = True) -> Analysis:
    """Check a record's consistency and rebuild the play; ``_Problem`` names the faulty place."""
    rules = record.rules
    if record.dealer not in (0, 1, 2, 3):
        raise _Problem(("header", "reparte"), "records.error.seat", value=str(record.dealer))
    first_card = None
    if record.trump_card is None:
        if not (record.first_hand and rules.primera_mano == "ludoteka"):
            raise _Problem(("header", "triunfo"), "records.error.no_trump_card")
    if record.first_hand and rules.primera_mano == "ludoteka":
        if record.trump_card is not None:
            raise _Problem(("header", "triunfo"), "records.error.ludoteka_trump")
        first_card = DOS_DE_OROS
    trump = record.trump
    h = _Holdings()
    held, owner = h.held, h.owner
    if record.trump_card is not None:
        h.claim(record.trump_card, record.dealer, ("header", "triunfo"), "trump")
    if record.deal_code is not None:
        try:
            code_hands, code_dealer, code_trump = deal_from_code(record.deal_code)
        except RecordSyntaxError as err:
            raise _Problem(("header", "codigo"), err.detail.id, **err.detail.facts) from None
        if code_dealer != record.dealer or code_trump != record.trump_card:
            raise _Problem(("header", "codigo"), "records.error.code_mismatch")
        for seat in range(4):
            for c in code_hands[seat]:
                h.claim(c, seat, ("header", "codigo"), "code")
    if len(record.hands) != 4:
        raise _Problem(("header", "mano"), "records.error.four_hands")
    for seat, hand in enumerate(record.hands):
        if len(hand) != 10:
            raise _Problem(("hand", seat), "records.error.hand_size", seat=seat + 1, n=len(hand))
        seen = 0
        for c in hand:
            if c is None:
                continue
            if c.__class__ is not Card:
                c = _as_card(c, ("hand", seat))
            if seen >> c & 1:
                raise _Problem(("hand", seat), "records.error.twice", card=int(c))
            seen |= 1 << c
            h.claim(c, seat, ("hand", seat), "hand")
    if first_card is not None:
        leader = next((s for s in range(4) if held[s] >> first_card & 1), None)
        if leader is None:
            raise _Problem(("header", "triunfo"), "records.error.who_has_dos")
    else:
        leader = (record.dealer + 1) % 4
    seats: list[int] = []
    play_events: list[int] = []
    tricks: list[list[int]] = [[]]
    leaders = [leader]
    winners: list[int] = []
    moments: list[tuple[int, bool]] = []
    played = 0
    played_by = [0, 0, 0, 0]
    won = [0, 0]
    tute_event = None
    turn = leader
    for i, e in enumerate(record.events):
        where = ("event", i)
        trick = tricks[-1]
        moments.append((len(winners), bool(trick)))
        if isinstance(e, Play):
            if tute_event is not None:
                raise _Problem(where, "records.error.after_tute")
            if len(winners) == 10:
                raise _Problem(where, "records.error.forty_one")
            c = e.card
            if c.__class__ is not Card:
                c = _as_card(c, where)
            if play_seats_given and e.seat != turn:
                raise _Problem(
                    where, "records.error.out_of_turn", card=int(c), seat=e.seat + 1, turn=turn + 1
                )
            if played >> c & 1:
                raise _Problem(where, "records.error.played_twice", card=int(c))
            if owner[c] != turn:
                h.claim(c, turn, where, "play", len(winners) + 1, i)
            played |= 1 << c
            played_by[turn] |= 1 << c
            seats.append(turn)
            play_events.append(i)
            trick.append(c)
            if len(trick) < 4:
                turn = (turn + 1) % 4
                continue
            winner = (leaders[-1] + trick_winner(trick, trump)) % 4
            winners.append(winner)
            won[winner & 1] += 1
            turn = winner
            if len(winners) < 10:
                tricks.append([])
                leaders.append(winner)
        elif isinstance(e, Cante):
            if e.seat not in (0, 1, 2, 3):
                raise _Problem(where, "records.error.seat", value=str(e.seat))
            if (e.suit is None) == (e.tute is None) or (e.tute is not None and e.tute not in TUTE_KINDS):
                raise _Problem(where, "records.error.cante_what")
            if tute_event is not None:
                raise _Problem(where, "records.error.after_tute")
            shown = (REY if e.tute == "reyes" else CABALLO) if e.tute else (REY[e.suit], CABALLO[e.suit])
            for c in shown:
                if played >> c & 1:
                    raise _Problem(where, "records.error.cante_played", card=int(c), seat=e.seat + 1)
                h.claim(c, e.seat, where, "cante", len(winners), i)
            n = len(winners)
            if (
                e.tute
                and not trick
                and 1 <= n <= 9
                and winners[-1] & 1 == e.seat & 1
                and (won[e.seat & 1] == 1 or rules.tute_cualquier_baza)
            ):
                tute_event = i
        elif isinstance(e, RenuncioClaim):
            if e.by not in (0, 1, 2, 3) or e.against not in (0, 1, 2, 3):
                raise _Problem(where, "records.error.seat", value=f"{e.by}, {e.against}")
        elif not isinstance(e, Comment):
            raise _Problem(where, "records.error.event")
    if not tricks[-1] and len(tricks) > len(winners):
        tricks.pop()
        leaders.pop()
    # A seat whose ten cards are all known leaves the rest to the others: when three are, so is the fourth.
    full = [s for s in range(4) if held[s].bit_count() == 10]
    if len(full) == 3:
        last = next(s for s in range(4) if s not in full)
        rest = FULL & ~(held[0] | held[1] | held[2] | held[3])
        held[last] |= rest
        for c in range(40):
            if rest >> c & 1:
                h.sources[c] = Source("rest")
    return Analysis(
        trump,
        leader,
        seats,
        play_events,
        tricks,
        leaders,
        winners,
        moments,
        held,
        h.sources,
        tute_event,
        first_card,
        None if tute_event is not None or len(winners) == 10 else turn,
    )


# -- writing ------------------------------------------------------------------------------------------


def _yes_no(value) -> str:
    if isinstance(value, bool):
        return "sí" if value else "no"
    return str(value)


def _rules_text(rules: TableRules) -> str:
    name = rules.preset_name
    if name is not None:
        return name
    base = min(
        PRESETS, key=lambda p: len([k for k in _CHOICES if getattr(rules, k) != getattr(PRESETS[p], k)])
    )
    diffs = [
        f"{k}={_yes_no(getattr(rules, k))}"
        for k in _CHOICES
        if getattr(rules, k) != getattr(PRESETS[base], k)
    ]
    return ", ".join([base, *diffs])


def _clean(text: str, what: str, *, in_braces: bool = False) -> str:
    """A text as a record writes it: one trimmed line, no hostile character (and no brace inside braces)."""
    if (
        not isinstance(text, str)
        or not text
        or text != " ".join(text.split())
        or (in_braces and ("{" in text or "}" in text))
        or _CONTROL.search(text)
        or (not text.isascii() and any(unicodedata.category(ch) in _HOSTILE for ch in text))
    ):
        raise ValueError(f"{what}: {text!r} cannot be written in a record (one trimmed line of text)")
    return text


def _cante_text(e: Cante, trump: Suit) -> str:
    if e.tute:
        return f"tute de {e.tute}"
    return f"las {'cuarenta' if e.suit == trump else 'veinte'} en {Suit(e.suit).label}"


def _lines(record: HandRecord) -> tuple[list[str], dict[tuple, int]]:
    """The canonical lines and the line number (1-based) of each place of the record."""
    out: list[str] = []
    where: dict[tuple, int] = {}

    def add(place, text):
        out.append(text)
        if place is not None:
            where.setdefault(place, len(out))

    add(("header", "mesa"), f"mesa: {_rules_text(record.rules)}")
    add(("header", "reparte"), f"reparte: {record.dealer + 1}")
    trump = record.trump_card
    add(("header", "triunfo"), f"triunfo: {'oros' if trump is None else write_card(trump)}")
    if record.first_hand:
        add(("header", "primera mano"), "primera mano: sí")
    for seat, name in enumerate(record.players):
        if name is not None:
            add(("header", f"jugador {seat + 1}"), f"jugador {seat + 1}: {_clean(name, 'name')}")
    for key, value in (("titulo", record.title), ("fecha", record.date), ("torneo", record.event)):
        if value is not None:
            add(("header", key), f"{key}: {_clean(value, key)}")
    if record.deal_code is not None:
        add(("header", "codigo"), f"codigo: {_clean(record.deal_code, 'codigo')}")
    for seat, hand in enumerate(record.hands):
        text = (
            "-"
            if all(c is None for c in hand)
            else " ".join("-" if c is None else write_card(c) for c in hand)
        )
        add(("hand", seat), f"mano {seat + 1}: {text}")
    out.append("")
    plays = 0
    current: list[str] = []
    current_places: list[tuple] = []

    def flush():
        if current:
            n = (plays - 1) // 4 + 1
            out.append(f"{n}: {' '.join(current)}")
            for place in current_places:
                where.setdefault(place, len(out))
            current.clear()
            current_places.clear()

    for i, e in enumerate(record.events):
        if isinstance(e, Play):
            if plays % 4 == 0:
                flush()
            plays += 1
            token = write_card(e.card)
            if e.annotation is not None:
                if e.annotation not in ANNOTATIONS:
                    raise ValueError(f"annotation {e.annotation!r}: use one of {ANNOTATIONS}")
                token += e.annotation
            if e.comment is not None:
                token += " {" + _clean(e.comment, "comment", in_braces=True) + "}"
            current.append(token)
            current_places.append(("event", i))
            continue
        flush()
        if isinstance(e, Cante):
            add(("event", i), f"canta {e.seat + 1}: {_cante_text(e, record.trump)}")
        elif isinstance(e, RenuncioClaim):
            tail = "" if e.comment is None else " {" + _clean(e.comment, "comment", in_braces=True) + "}"
            add(("event", i), f"renuncio: {e.by + 1} acusa a {e.against + 1}{tail}")
        else:
            add(("event", i), f"nota: {_clean(e.text, 'nota')}")
    flush()
    return out, where


def write(record: HandRecord) -> str:
    """The record's canonical text (Spanish card codes; see engine/README.md «Registro de una mano»)."""
    return "\n".join(_lines(record)[0]) + "\n"


# -- reading ------------------------------------------------------------------------------------------

_CODES = {c.code: c for c in CARDS}
_CANTE_EXAMPLE = "canta 2: las veinte en copas, canta 1: tute de reyes"
_ACCUSES = re.compile(r"\s+acusa\s+", re.IGNORECASE)
_TO = re.compile(r"^(a|al)\s+", re.IGNORECASE)
_PRESET_LIST = ", ".join(PRESETS)
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_NON_ASCII = re.compile(r"[^\x00-\x7f]")
_HOSTILE = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
_KEY = re.compile(r"[^\W_][\w ]{0,30}")
_TOKEN = re.compile(r"\{[^{}]*\}|[^\s,;{}]+|[{}]")
_YES = {"si": True, "true": True, "1": True, "no": False, "false": False, "0": False}


def _fold(text: str) -> str:
    if text.isascii():
        return " ".join(text.lower().split())
    decomposed = unicodedata.normalize("NFKD", text.strip().lower())
    return " ".join("".join(ch for ch in decomposed if not unicodedata.combining(ch)).split())


def _as_text(data: str | bytes, lang: str | None = None) -> str:
    if isinstance(data, (bytes, bytearray)):
        if len(data) > MAX_BYTES:
            raise RecordSyntaxError(0, Message("records.error.too_big", {"limit": MAX_BYTES // 1000}), lang)
        try:
            data = bytes(data).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise RecordSyntaxError(0, Message("records.error.not_text"), lang) from None
    if not isinstance(data, str):
        raise RecordSyntaxError(0, Message("records.error.not_text"), lang)
    if len(data) > MAX_BYTES or len(data.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise RecordSyntaxError(0, Message("records.error.too_big", {"limit": MAX_BYTES // 1000}), lang)
    if data.startswith("\ufeff"):
        data = data[1:]
    if "\x00" in data:
        raise RecordSyntaxError(0, Message("records.error.not_text"), lang)
    bad = _CONTROL.search(data)
    if bad is None and not data.isascii():
        bad = next(
            (m for m in _NON_ASCII.finditer(data) if unicodedata.category(m.group()) in _HOSTILE), None
        )
    if bad is not None:
        ch = bad.group()
        line = data.count("\n", 0, bad.start()) + 1
        raise RecordSyntaxError(line, Message("records.error.hostile", {"code": f"U+{ord(ch):04X}"}), lang)
    return data


class _Reader:
    def __init__(self):
        self.headers: dict[str, tuple[str, int]] = {}
        self.places: dict[tuple, int] = {}
        self.events: list[RecordEvent] = []
        self.plays = 0
        self.hands: list[tuple[Card | None, ...] | None] = [None] * 4
        self.players: list[str | None] = [None] * 4
        self.first_event_line: int | None = None

    # headers
    def header(self, key: str, value: str, line: int) -> None:
        if self.first_event_line is not None:
            raise _Problem(("line", line), "records.error.header_late", key=key)
        if key in self.headers:
            raise _Problem(("line", line), "records.error.header_twice", key=key, first=self.headers[key][1])
        self.headers[key] = (value, line)
        self.places[("header", key)] = line

    def hand(self, seat: int, value: str, line: int) -> None:
        self.header(f"mano {seat + 1}", value, line)
        self.places[("hand", seat)] = line
        v = value.strip()
        if v in ("-", ""):
            self.hands[seat] = (None,) * 10
            return
        entries: list[Card | None] = []
        for tok in self.card_words(v, line):
            if tok == "-":
                entries.append(None)
            else:
                entries.append(self.card(tok, line))
        if len(entries) != 10:
            raise _Problem(("line", line), "records.error.hand_size", seat=seat + 1, n=len(entries))
        self.hands[seat] = tuple(entries)

    def card(self, token: str, line: int) -> Card:
        found = _CODES.get(token)
        if found is not None:
            return found
        try:
            return parse_card(token)
        except CardError:
            raise _Problem(("line", line), "records.error.card", token=_cut(token)) from None

    def card_words(self, text: str, line: int) -> list[str]:
        """Words of a line of cards, a Spanish name ('rey de copas') as one word."""
        words = text.replace(",", " ").replace(";", " ").split()
        if not any(len(w) == 2 and w[0] in "dD" for w in words):
            return words
        out, i = [], 0
        while i < len(words):
            if i + 2 < len(words) and len(words[i + 1]) == 2 and _fold(words[i + 1]) == "de":
                out.append(" ".join(words[i : i + 3]))
                i += 3
            else:
                out.append(words[i])
                i += 1
        return out

    # events
    def event(self, e: RecordEvent, line: int) -> None:
        if self.first_event_line is None:
            self.first_event_line = line
        self.places[("event", len(self.events))] = line
        self.events.append(e)

    def trick(self, number: int | None, text: str, line: int) -> None:
        items: list[tuple[str, str | None]] = []  # (card token, comment)
        pending: list[str] = []
        if "{" not in text and "}" not in text:
            tokens = []
            items = [(w, None) for w in self.card_words(text, line)]
        else:
            tokens = _TOKEN.findall(text)
        for tok in tokens:
            if tok in ("{", "}"):
                raise _Problem(("line", line), "records.error.brace")
            if tok.startswith("{"):
                if pending:
                    items.extend((w, None) for w in self.card_words(" ".join(pending), line))
                    pending = []
                if not items or items[-1][1] is not None:
                    raise _Problem(("line", line), "records.error.comment_place")
                comment = " ".join(tok[1:-1].split())
                if not comment:
                    raise _Problem(("line", line), "records.error.comment_place")
                items[-1] = (items[-1][0], comment)
            else:
                pending.append(tok)
        if pending:
            items.extend((w, None) for w in self.card_words(" ".join(pending), line))
        if not items:
            raise _Problem(("line", line), "records.error.empty_trick")
        partial = self.plays % 4
        current = self.plays // 4 + 1  # the trick under way or the next one
        if number is not None and number != current:
            if partial and number > current:
                raise _Problem(("line", line), "records.error.trick_incomplete", n=current, k=partial)
            raise _Problem(("line", line), "records.error.trick_number", n=number, expected=current)
        if self.plays + len(items) > 40:
            raise _Problem(("line", line), "records.error.forty_one")
        if partial + len(items) > 4:
            raise _Problem(("line", line), "records.error.five", n=current, k=partial + len(items))
        for token, comment in items:
            found = _CODES.get(token)
            if found is not None:
                self.event(Play(-1, found, comment), line)
                self.plays += 1
                continue
            annotation = None
            stripped = token.rstrip("!?")
            if stripped != token:
                annotation = token[len(stripped) :]
                if annotation not in ANNOTATIONS:
                    raise _Problem(("line", line), "records.error.annotation", token=_cut(token))
            c = self.card(stripped, line)
            self.event(Play(-1, c, comment, annotation), line)
            self.plays += 1

    def cante(self, seat: int, value: str, line: int, trump: Suit | None) -> None:
        words = _fold(value).replace(",", " ").split()
        words = [w for w in words if w not in ("las", "los", "en", "de", "el", "la")]
        if not words:
            raise _Problem(
                ("line", line), "records.error.cante_text", example=_CANTE_EXAMPLE, text=_cut(value)
            )
        if words[0] == "tute":
            kind = words[1] if len(words) == 2 else None
            if kind not in TUTE_KINDS:
                raise _Problem(
                    ("line", line), "records.error.cante_text", example=_CANTE_EXAMPLE, text=_cut(value)
                )
            self.event(Cante(seat, None, kind), line)
            return
        kind = None
        if words[0] in ("veinte", "20", "cuarenta", "40"):
            kind = 40 if words[0] in ("cuarenta", "40") else 20
            words = words[1:]
        if not words:
            if kind == 40 and trump is not None:
                self.event(Cante(seat, trump), line)
                return
            raise _Problem(
                ("line", line), "records.error.cante_text", example=_CANTE_EXAMPLE, text=_cut(value)
            )
        if len(words) != 1:
            raise _Problem(
                ("line", line), "records.error.cante_text", example=_CANTE_EXAMPLE, text=_cut(value)
            )
        try:
            suit = Suit.parse(words[0])
        except CardError:
            raise _Problem(
                ("line", line), "records.error.cante_text", example=_CANTE_EXAMPLE, text=_cut(value)
            ) from None
        if kind is not None and trump is not None and (kind == 40) != (suit == trump):
            raise _Problem(
                ("line", line), "records.error.cante_kind", kind=kind, suit=int(suit), trump=int(trump)
            )
        self.event(Cante(seat, suit), line)

    def claim(self, value: str, line: int) -> None:
        comment = None
        m = re.search(r"\{([^{}]*)\}\s*$", value)
        if m:
            comment = " ".join(m.group(1).split()) or None
            value = value[: m.start()]
        if "{" in value or "}" in value:
            raise _Problem(("line", line), "records.error.brace")
        parts = _ACCUSES.split(f" {value} ")
        if len(parts) != 2:
            raise _Problem(
                ("line", line), "records.error.claim", example="renuncio: 2 acusa a 3", text=_cut(value)
            )
        by, against = parts[0], _TO.sub("", parts[1].strip())
        self.event(RenuncioClaim(self.seat_ref(by, line), self.seat_ref(against, line), comment), line)

    def seat_ref(self, text: str, line: int) -> int:
        """A player as a line names them: 1 to 4, «jugador 2», or a name of the «jugador N:» lines."""
        key = _bare(text)
        number = key.removeprefix("jugador ").strip()
        if len(number) == 1 and number in "1234":
            return int(number) - 1
        names = [_bare(p) if p else None for p in self.players]
        if key and names.count(key) == 1:
            return names.index(key)
        raise _Problem(("line", line), "records.error.seat", value=_cut(text.strip()))

    # the record
    def rules(self) -> TableRules:
        if "mesa" not in self.headers:
            raise _Problem(("line", 1), "records.error.missing", key="mesa")
        value, line = self.headers["mesa"]
        parts = [p.strip() for p in value.split(",") if p.strip()]
        if not parts:
            raise _rules_problem(line, _cut(value))
        spec: dict = {}
        if "=" not in parts[0]:
            spec["preset"] = _fold(parts.pop(0))
            if spec["preset"] not in PRESETS:
                raise _Problem(
                    ("line", line),
                    "records.error.preset",
                    presets=_PRESET_LIST,
                    text=_cut(value),
                )
        for part in parts:
            key, eq, raw = part.partition("=")
            key, raw = _fold(key).replace(" ", "_"), _fold(raw)
            if not eq or key not in _CHOICES or key in spec:
                raise _rules_problem(line, _cut(part))
            choices = _CHOICES[key]
            if isinstance(choices[0], bool):
                if raw not in _YES:
                    raise _rules_problem(line, _cut(part))
                spec[key] = _YES[raw]
            elif raw in choices:
                spec[key] = raw
            else:
                raise _rules_problem(line, _cut(part))
        try:
            return TableRules.from_spec(spec)
        except RulesError:
            raise _rules_problem(line, _cut(value)) from None

    def text_header(self, key: str) -> str | None:
        if key not in self.headers:
            return None
        value, line = self.headers[key]
        value = " ".join(value.split())
        if not value:
            raise _Problem(("line", line), "records.error.value", key=key)
        return value


def _bare(name: str) -> str:
    """A name as a seat's reference compares it: folded, without a leading article («al Chino» is «el Chino»)."""
    key = _fold(name)
    for article in ("el ", "la ", "los ", "las "):
        key = key.removeprefix(article)
    return key


def _cut(text: str, n: int = 40) -> str:
    """Text quoted in a refusal: whole, or its first ``n`` characters and «…» (never cut silently)."""
    return text if len(text) <= n else text[:n] + "…"


def _rules_problem(line: int, text: str) -> _Problem:
    example = "fallar_sin_pisar=sí"
    return _Problem(("line", line), "records.error.rules", presets=_PRESET_LIST, example=example, text=text)


def _line_kind(key: str) -> tuple[str, int | None]:
    """('trick', n) / ('mano', seat) / ('jugador', seat) / ('canta', seat) / (header, None)."""
    if key.isdigit():
        return "trick", int(key)  # a key is 31 characters at most (_KEY)
    parts = key.split()
    if len(parts) == 2 and parts[1].isdigit():
        word, n = parts[0], int(parts[1])
        if word == "baza":
            return "trick", n
        if word in ("mano", "jugador", "canta", "cante", "canto"):
            return ("canta" if word.startswith("cant") else word), n
    return key, None


_HEADERS = {"mesa", "reparte", "triunfo", "primera mano", "titulo", "fecha", "torneo", "codigo"}


def read(text: str | bytes, lang: str | None = None) -> HandRecord:
    """A record from its text (lenient: Spanish card names, any case or accents, blank lines, '#' comment
    lines); anything malformed raises RecordSyntaxError naming the line, in ``lang`` (or the language in
    force)."""
    data = _as_text(text, lang)
    r = _Reader()
    trump_suit: Suit | None = None
    try:
        for no, raw in enumerate(data.split("\n"), 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            colon = line.find(":", 0, 33)
            if colon < 0 or not _KEY.fullmatch(line, 0, colon):
                r.trick(None, line, no)
                continue
            key, value = _fold(line[:colon]), line[colon + 1 :].strip()
            kind, n = _line_kind(key)
            if kind == "trick":
                r.trick(n, value, no)
            elif kind in ("mano", "jugador", "canta"):
                if n is None or not 1 <= n <= 4:
                    raise _Problem(("line", no), "records.error.seat", value=key)
                if kind == "mano":
                    r.hand(n - 1, value, no)
                elif kind == "jugador":
                    r.header(f"jugador {n}", value, no)
                    r.players[n - 1] = r.text_header(f"jugador {n}")
                else:
                    r.cante(n - 1, value, no, trump_suit)
            elif kind == "renuncio":
                r.claim(value, no)
            elif kind == "nota":
                comment = " ".join(value.split())
                if not comment:
                    raise _Problem(("line", no), "records.error.value", key="nota")
                r.event(Comment(comment), no)
            elif kind in _HEADERS:
                r.header(kind, value, no)
                if kind == "triunfo":
                    trump_suit = _trump_suit(value)
            else:
                raise _Problem(("line", no), "records.error.header", key=_cut(key))
        record = _build(r)
        analysis = _walk(record, play_seats_given=False)
    except _Problem as p:
        raise RecordSyntaxError(_line_of(p.where, r.places), p.detail, lang) from None
    events = list(record.events)
    for seat, i in zip(analysis.seats, analysis.play_events, strict=True):
        e = events[i]
        events[i] = Play(seat, e.card, e.comment, e.annotation)
    result = _replace_events(record, tuple(events))
    global _LAST
    _LAST = (result, analysis)
    return result


# The analysis of the record ``read`` returned last: the referee usually asks for it right away.
_LAST: tuple[HandRecord | None, Analysis | None] = (None, None)


def _replace_events(record: HandRecord, events: tuple) -> HandRecord:
    return HandRecord(
        record.rules,
        record.dealer,
        record.trump_card,
        record.first_hand,
        record.players,
        record.hands,
        events,
        record.title,
        record.date,
        record.event,
        record.deal_code,
    )


def _trump_suit(value: str) -> Suit | None:
    try:
        return parse_card(value).suit
    except CardError:
        try:
            return Suit.parse(value)
        except CardError:
            return None


def _line_of(where: tuple, places: dict[tuple, int]) -> int:
    if where[0] == "line":
        return where[1]
    if where in places:
        return places[where]
    if where[0] == "hand":
        return places.get(("header", "triunfo"), 1)
    return places.get(("header", "triunfo"), 1) if where[0] == "header" else 0


def _build(r: _Reader) -> HandRecord:
    rules = r.rules()
    for key in ("reparte", "triunfo"):
        if key not in r.headers:
            raise _Problem(("line", 1), "records.error.missing", key=key)
    value, line = r.headers["reparte"]
    dealer = r.seat_ref(value, line)
    value, line = r.headers["triunfo"]
    first_hand = False
    if "primera mano" in r.headers:
        v, first_line = r.headers["primera mano"]
        if _fold(v) not in _YES:
            raise _Problem(("line", first_line), "records.error.value", key="primera mano")
        first_hand = _YES[_fold(v)]
    trump_card: Card | None
    try:
        trump_card = parse_card(value)
    except CardError:
        if _fold(value) != "oros":
            raise _Problem(("line", line), "records.error.trump", text=_cut(value)) from None
        trump_card = None
    code = None
    if "codigo" in r.headers:
        code = r.text_header("codigo")
    return HandRecord(
        rules,
        dealer,
        trump_card,
        first_hand,
        tuple(r.players),  # type: ignore[arg-type]
        tuple(h if h is not None else (None,) * 10 for h in r.hands),
        tuple(r.events),
        r.text_header("titulo"),
        r.text_header("fecha"),
        r.text_header("torneo"),
        code,
    )


def analyse(record: HandRecord) -> Analysis:
    """Check a record built in code as ``read`` checks a text: a RecordSyntaxError names the line of the
    record's canonical text (``write``)."""
    last, analysis = _LAST
    if last is record and analysis is not None:
        return analysis
    try:
        return _walk(record)
    except _Problem as p:
        try:
            places = _lines(record)[1]
        except (ValueError, TypeError, AttributeError, KeyError):
            places = {}
        raise RecordSyntaxError(places.get(p.where, 0), p.detail) from None


def _tidy(text: str | None, *, braces: bool = True) -> str | None:
    """A name or comment as one trimmed line without hostile characters (braces made parentheses in a
    comment that goes between braces); None when nothing is left."""
    if text is None:
        return None
    kept = "".join(
        ch if ch.isspace() or unicodedata.category(ch) not in _HOSTILE else " " for ch in str(text)
    )
    if not braces:
        kept = kept.replace("{", "(").replace("}", ")")
    return " ".join(kept.split()) or None


# -- a hand entered card by card ---------------------------------------------------------------------


def turn(record: HandRecord) -> int | None:
    """The seat whose card comes next (None when the hand is over); RecordSyntaxError when the record is
    not consistent."""
    return analyse(record).turn


def possible_cards(record: HandRecord) -> tuple[Card, ...]:
    """The cards the seat to play may hold, by what the record shows (its known cards not yet played and,
    while its hand is not all known, every card nobody is known to hold): what a page offers to click.
    Empty when the hand is over."""
    a = analyse(record)
    if a.turn is None:
        return ()
    played = 0
    for cards in a.tricks:
        for c in cards:
            played |= 1 << c
    mask = a.held[a.turn] | (a.pool if a.unknown_slots(a.turn) else 0)
    return tuple(CARDS[c] for c in range(40) if (mask & ~played) >> c & 1)


def append(record: HandRecord, event: RecordEvent) -> HandRecord:
    """The record with one more event, checked like a whole record. A ``Play`` whose seat is None (or -1)
    is played by whoever's turn it is: entering a trick is four cards. A wrong event raises
    RecordSyntaxError naming the line it would have in ``write``'s text."""
    if isinstance(event, Play) and (event.seat is None or event.seat < 0):
        a = analyse(record)
        seat = a.turn
        if seat is None:
            over = "records.error.after_tute" if a.tute_event is not None else "records.error.forty_one"
            raise RecordSyntaxError(0, Message(over))
        event = Play(seat, event.card, event.comment, event.annotation)
    longer = _replace_events(record, (*record.events, event))
    analyse(longer)
    return longer


# -- a hand played here -------------------------------------------------------------------------------


def from_hand(hand, *, players=None, comments=None) -> HandRecord:
    """The record of an ``engine.hand.Hand`` played here (every card known). ``players``: four names or
    None by seat; ``comments``: {play number (1 = the first card of the hand): text}."""
    comments = {k: t for k, v in (comments or {}).items() if (t := _tidy(v, braces=False))}
    events: list[RecordEvent] = []
    n = 0
    by_trick: dict[int, list] = {}
    for d in hand.cantes:
        by_trick.setdefault(d.after_trick, []).append(d)
    for k, (leader, cards) in enumerate(zip(hand.leaders, hand.tricks, strict=True), 1):
        for j, c in enumerate(cards):
            n += 1
            events.append(Play((leader + j) % 4, CARDS[c], comments.get(n)))
        for d in by_trick.get(k, ()):
            opt = d.check.option
            events.append(Cante(d.seat, opt.suit, opt.tute))
    for j, c in enumerate(hand.trick):
        n += 1
        events.append(Play((hand.leader + j) % 4, CARDS[c], comments.get(n)))
    hands = tuple(tuple(CARDS[c] for c in range(40) if m >> c & 1) for m in hand.start)
    first_hand = hand.first_card is not None
    trump_card = None if hand.trump_card is None else CARDS[hand.trump_card]
    code = deal_code(hands, hand.dealer, trump_card)
    return HandRecord(
        hand.rules,
        hand.dealer,
        trump_card,
        first_hand,
        tuple(_tidy(p) for p in players) if players is not None else (None, None, None, None),
        hands,
        tuple(events),
        deal_code=code,
    )
