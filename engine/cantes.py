"""Cantes (veinte, cuarenta, tute) and the score of a hand: pure helpers that quizzes, the hand and the referee share.

A pair is an index: 0 is pair A (seats 0 and 2), 1 is pair B (seats 1 and 3); ``pair_index`` also takes 'A'/'B'.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.cards import CARDS, Card, Suit, as_mask, card
from engine.messages import Message, Text, Texts
from engine.rules import GUIA, TableRules

PAIRS = "AB"
REY = tuple(card(12, s) for s in Suit)
CABALLO = tuple(card(11, s) for s in Suit)
# CANTE_MASK[s]: rey and caballo of suit s (R-CANTE-1).
CANTE_MASK = tuple((1 << REY[s]) | (1 << CABALLO[s]) for s in Suit)
TUTE_MASK = {"reyes": sum(1 << c for c in REY), "caballos": sum(1 << c for c in CABALLO)}
TUTE_KINDS = ("reyes", "caballos")
KINDS = ("tute", "cuarenta", "veinte")  # R-CANTE-4: priority order


class CanteError(ValueError):
    """A cante that names no suit or tute, or an unknown tute kind."""


def pair_index(pair: int | str) -> int:
    """0 for pair A (seats 0, 2), 1 for pair B (seats 1, 3)."""
    if pair in (0, 1) and not isinstance(pair, bool):
        return int(pair)
    if pair in ("A", "B"):
        return "AB".index(pair)
    raise ValueError(f"pareja no válida: {pair!r} (usa 'A' o 'B')")


def cante_points(suit: int, trump: int) -> int:
    """40 for the trump suit (las cuarenta), 20 for any other (las veinte): R-CANTE-1."""
    return 40 if suit == trump else 20


@dataclass(frozen=True, slots=True)
class CanteOption:
    """Something a player could sing: las veinte or las cuarenta in a suit, or a tute of reyes or caballos."""

    kind: str  # "tute", "cuarenta" or "veinte"
    suit: Suit | None
    tute: str | None  # "reyes" or "caballos" for a tute
    points: int  # 0 for a tute: it wins the hand instead (R-TUTE-3)
    cards: tuple[Card, ...]  # the cards shown (R-CANTE-3)

    @property
    def label(self) -> Message:
        """'las cuarenta en oros', 'las veinte en espadas', 'tute de reyes' (a message: it prints in the
        language in force)."""
        if self.tute:
            return Message(f"cantes.tute.{self.tute}")
        return Message(f"cantes.{self.kind}", {"suit": int(self.suit)})

    @property
    def priority(self) -> int:
        return KINDS.index(self.kind)


def option(trump: int, suit: int | str | None = None, tute: str | None = None) -> CanteOption:
    """The CanteOption for singing ``suit`` (veinte/cuarenta) or a ``tute`` of 'reyes'/'caballos'."""
    if tute is not None:
        if tute not in TUTE_KINDS:
            raise CanteError(f"tute no válido: {tute!r} (usa 'reyes' o 'caballos')")
        if suit is not None:
            raise CanteError("un cante es de un palo o un tute, no las dos cosas")
        shown = REY if tute == "reyes" else CABALLO
        return CanteOption("tute", None, tute, 0, tuple(shown))
    if suit is None:
        raise CanteError("un cante debe indicar el palo o el tute")
    s = Suit.parse(suit)
    points = cante_points(s, trump)
    return CanteOption("cuarenta" if points == 40 else "veinte", s, None, points, (REY[s], CABALLO[s]))


@dataclass(frozen=True, slots=True)
class CanteCheck:
    """Whether one declared cante is valid at this moment, and why (a message: 'Vale: …' / 'No vale: …')."""

    option: CanteOption
    valid: bool
    reason: Text
    rule_ids: tuple[str, ...]

    @property
    def points(self) -> int:
        return self.option.points if self.valid else 0


@dataclass(frozen=True, slots=True)
class CanteOptions:
    """What a player may sing now (``allowed``) and what they hold but may not sing, with why."""

    allowed: tuple[CanteOption, ...]
    blocked: tuple[CanteCheck, ...]
    explanation: Text


# Every option by (trump, suit), and the two tutes, built once for the fast path.
_OPTIONS = tuple(tuple(option(t, s) for s in Suit) for t in Suit)
_TUTE_OPTIONS = {kind: option(0, tute=kind) for kind in TUTE_KINDS}


def allowed_cantes(
    hand: int,
    trump: int,
    *,
    pair_won: bool = True,
    first_win: bool = False,
    sung: int = 0,
    already_sang: bool = False,
    rules: TableRules = GUIA,
) -> tuple[CanteOption, ...]:
    """What a hand (a mask) may sing now, after priority: the fast path; agrees with ``cante_options``."""
    if not pair_won or already_sang:  # R-CANTE-2
        return ()
    if first_win or rules.tute_cualquier_baza:  # R-TUTE-2; a tute comes first (R-CANTE-4)
        tutes = tuple(_TUTE_OPTIONS[k] for k in TUTE_KINDS if hand & TUTE_MASK[k] == TUTE_MASK[k])
        if tutes:
            return tutes
    if hand & CANTE_MASK[trump] == CANTE_MASK[trump] and not sung >> trump & 1:  # R-CANTE-4: cuarenta first
        return (_OPTIONS[trump][trump],)
    return tuple(  # R-CANTE-3: a suit is sung once
        _OPTIONS[trump][s]
        for s in range(4)
        if s != trump and hand & CANTE_MASK[s] == CANTE_MASK[s] and not sung >> s & 1
    )


def _missing(c: int, hand: int, played: int, partner_hand: int) -> Message | None:
    if hand >> c & 1:
        return None
    if played >> c & 1:
        return Message("cantes.missing.played", {"card": int(c)})
    if partner_hand >> c & 1:
        return Message("cantes.missing.partner", {"card": int(c)})
    return Message("cantes.missing.absent", {"card": int(c)})


def joined(clauses: Sequence[Message], joint: str) -> Message:
    """Clauses one after another as one clause: ``cantes.join.<joint>`` nests them two by two."""
    out = clauses[-1]
    for clause in reversed(clauses[:-1]):
        out = Message(f"cantes.join.{joint}", {"first": clause, "rest": out})
    return out


def _available(hand: int, trump: int, sung: int, first_win: bool, rules: TableRules) -> list[CanteOption]:
    """Options the hand could sing at a moment its pair won, before the priority rule."""
    out: list[CanteOption] = []
    if first_win or rules.tute_cualquier_baza:
        for kind in TUTE_KINDS:
            if hand & TUTE_MASK[kind] == TUTE_MASK[kind]:
                out.append(option(trump, tute=kind))
    for s in Suit:
        if hand & CANTE_MASK[s] == CANTE_MASK[s] and not sung >> s & 1:
            out.append(option(trump, s))
    out.sort(key=lambda o: o.priority)
    return out


def check_cante(
    hand: int | Iterable[int],
    trump: int,
    declared: CanteOption,
    *,
    pair_won: bool = True,
    first_win: bool = False,
    sung: int | Iterable[int] = 0,
    already_sang: bool = False,
    played: int | Iterable[int] = 0,
    partner_hand: int | Iterable[int] = 0,
    rules: TableRules = GUIA,
) -> CanteCheck:
    """Is ``declared`` valid for a player holding ``hand`` right after a trick (R-CANTE-1..4, R-TUTE-1..2)?

    ``pair_won``: the trick just collected was won by the player's pair; ``first_win``: it is that pair's
    first trick; ``sung``: suits already sung this hand (a 4-bit mask or suits); ``already_sang``: this player
    already sang at this moment; ``played``/``partner_hand``: only to say why a missing card is missing.
    """
    hand_m, played_m, partner_m = as_mask(hand), as_mask(played), as_mask(partner_hand)
    sung_m = sung if isinstance(sung, int) else sum(1 << int(s) for s in sung)

    def no(reason: str, *ids: str, **facts) -> CanteCheck:
        return CanteCheck(declared, False, Message(f"cantes.no.{reason}", facts), ids)

    if not pair_won:
        return no("pair_won", "R-CANTE-2")
    if already_sang:
        return no("already_sang", "R-CANTE-2")
    if declared.tute:
        if not (first_win or rules.tute_cualquier_baza):
            return no("tute_first_baza", "R-TUTE-2")
        missing = [m for c in declared.cards if (m := _missing(c, hand_m, played_m, partner_m))]
        if missing:
            return no("tute_missing", "R-TUTE-1", option=declared.label, missing=joined(missing, "semicolon"))
        return CanteCheck(
            declared,
            True,
            Message("cantes.ok.tute", {"four": Message(f"cantes.four.{declared.tute}")}),
            ("R-TUTE-1", "R-TUTE-2", "R-TUTE-3"),
        )
    s = declared.suit
    if sung_m >> s & 1:
        return no("suit_sung", "R-CANTE-3", suit=int(s))
    for c in declared.cards:
        why = _missing(c, hand_m, played_m, partner_m)
        if why:
            rule_id = "R-CANTE-3" if played_m >> c & 1 else "R-CANTE-1"
            return no("missing", rule_id, option=declared.label, suit=int(s), missing=why)
    better = [
        o for o in _available(hand_m, trump, sung_m, first_win, rules) if o.priority < declared.priority
    ]
    if better:
        return no("priority", "R-CANTE-4", better=better[0].label)
    return CanteCheck(
        declared,
        True,
        Message("cantes.ok", {"suit": int(s), "option": declared.label, "points": declared.points}),
        ("R-CANTE-1", "R-CANTE-2"),
    )


def cante_options(
    hand: int | Iterable[int],
    trump: int,
    *,
    pair_won: bool = True,
    first_win: bool = False,
    sung: int | Iterable[int] = 0,
    already_sang: bool = False,
    played: int | Iterable[int] = 0,
    partner_hand: int | Iterable[int] = 0,
    rules: TableRules = GUIA,
) -> CanteOptions:
    """What a player holding ``hand`` may sing right now, and what they may not and why (same arguments as check_cante)."""
    hand_m = as_mask(hand)
    kwargs = dict(
        pair_won=pair_won,
        first_win=first_win,
        sung=sung,
        already_sang=already_sang,
        played=played,
        partner_hand=partner_hand,
        rules=rules,
    )
    candidates: list[CanteOption] = []
    for kind in TUTE_KINDS:
        if hand_m & TUTE_MASK[kind] == TUTE_MASK[kind]:
            candidates.append(option(trump, tute=kind))
    for s in Suit:
        if hand_m & CANTE_MASK[s]:  # holds the rey, the caballo or both
            candidates.append(option(trump, s))
    candidates.sort(key=lambda o: o.priority)
    checks = [check_cante(hand_m, trump, o, **kwargs) for o in candidates]
    allowed = tuple(c.option for c in checks if c.valid)
    blocked = tuple(c for c in checks if not c.valid)
    if allowed:
        explanation = Message("cantes.can", {"options": joined([o.label for o in allowed], "or")})
    elif not candidates:
        explanation = Message("cantes.cannot.none")
    else:
        explanation = Texts([Message("cantes.cannot"), *(c.reason for c in blocked)])
    return CanteOptions(allowed, blocked, explanation)


@dataclass(frozen=True, slots=True)
class HandScore:
    """A hand's score with its breakdown (R-SCORE-1..3); pairs are indexed 0 (A) and 1 (B)."""

    tantos: tuple[int, int]
    cantes: tuple[int, int]
    ultimas: int | None  # the pair that won the last trick, None when the hand ended early
    totals: tuple[int, int]
    winner: int
    reason: str  # "tantos", "empate-ultimas", "tute" or "renuncio"
    explanation: Text  # a message (``cantes.score.*``): prints in the language in force
    rule_ids: tuple[str, ...]

    def to_dict(self) -> dict:
        """The JSON form: pairs as 'A'/'B'."""
        return {
            "tantos": {"A": self.tantos[0], "B": self.tantos[1]},
            "cantes_points": {"A": self.cantes[0], "B": self.cantes[1]},
            "ultimas": None if self.ultimas is None else PAIRS[self.ultimas],
            "totals": {"A": self.totals[0], "B": self.totals[1]},
            "winner": PAIRS[self.winner],
            "reason": self.reason,
        }


def _totals(tantos: Sequence[int], cantes: Sequence[int], ultimas: int | None) -> tuple[int, int]:
    # R-SCORE-1: tantos of the cards won + valid cantes + 10 de últimas.
    return tuple(tantos[p] + cantes[p] + (10 if ultimas == p else 0) for p in (0, 1))  # type: ignore[return-value]


def _breakdown(
    p: int, tantos: Sequence[int], cantes: Sequence[int], ultimas: int | None, total: int
) -> Message:
    """'la pareja A suma 70 (56 en cartas + 4 de cantes + 10 de últimas)' as a clause."""
    extra = ("none", "ultimas", "cantes", "both")[(2 if cantes[p] else 0) + (1 if ultimas == p else 0)]
    return Message(
        "cantes.sum",
        {
            "pair": PAIRS[p],
            "total": total,
            "tantos": tantos[p],
            "extra": Message(f"cantes.sum.{extra}", {"cantes": cantes[p]} if cantes[p] else {}),
        },
    )


def _check_pairs(name: str, values: Sequence[int]) -> tuple[int, int]:
    if len(values) != 2 or any(not isinstance(v, int) or isinstance(v, bool) or v < 0 for v in values):
        raise ValueError(f"{name}: se esperan dos números no negativos (pareja A, pareja B)")
    return (values[0], values[1])


def score_hand(tantos: Sequence[int], cantes: Sequence[int], last_trick: int | str) -> HandScore:
    """Score a hand played to the end from card tantos and cante points per pair and the last trick's pair."""
    tantos, cantes = _check_pairs("tantos", tantos), _check_pairs("cantes", cantes)
    last = pair_index(last_trick)
    totals = _totals(tantos, cantes, last)
    sums = {
        "a": _breakdown(0, tantos, cantes, last, totals[0]),
        "b": _breakdown(1, tantos, cantes, last, totals[1]),
    }
    if totals[0] != totals[1]:
        winner = 0 if totals[0] > totals[1] else 1
        explanation = Message(
            "cantes.score.win",
            {**sums, "winner": PAIRS[winner], "high": totals[winner], "low": totals[1 - winner]},
        )
        return HandScore(
            tantos, cantes, last, totals, winner, "tantos", explanation, ("R-SCORE-1", "R-SCORE-2")
        )
    # R-SCORE-3: a tie goes to the pair that won the last trick.
    explanation = Message("cantes.score.tie", {**sums, "total": totals[0], "winner": PAIRS[last]})
    return HandScore(
        tantos, cantes, last, totals, last, "empate-ultimas", explanation, ("R-SCORE-1", "R-SCORE-3")
    )


def score_tute(tantos: Sequence[int], cantes: Sequence[int], tute_pair: int | str) -> HandScore:
    """Score a hand ended by a valid tute: the declarer's pair wins whatever the tantos (R-TUTE-3)."""
    tantos, cantes = _check_pairs("tantos", tantos), _check_pairs("cantes", cantes)
    winner = pair_index(tute_pair)
    totals = _totals(tantos, cantes, None)
    explanation = Message("cantes.score.tute", {"winner": PAIRS[winner]})
    return HandScore(tantos, cantes, None, totals, winner, "tute", explanation, ("R-TUTE-3",))


def score_renuncio(
    tantos: Sequence[int], cantes: Sequence[int], ultimas: int | str | None, offender: int | str, penalty: str
) -> HandScore:
    """Score a hand with a renuncio: the offending pair loses (R-RENUNCIO-1; ``penalty`` is the table's switch)."""
    tantos, cantes = _check_pairs("tantos", tantos), _check_pairs("cantes", cantes)
    last = None if ultimas is None else pair_index(ultimas)
    bad = pair_index(offender)
    totals = _totals(tantos, cantes, last)
    what = "partida" if penalty == "pierde_partida" else "mano"
    explanation = Message(f"cantes.score.renuncio.{what}", {"bad": PAIRS[bad], "winner": PAIRS[1 - bad]})
    return HandScore(
        tantos, cantes, last, totals, 1 - bad, "renuncio", explanation, ("R-OBL-RENUNCIO", "R-RENUNCIO-1")
    )


def hand_tantos(cards: Iterable[int]) -> int:
    """Tantos of some cards (R-DECK-4)."""
    return sum(CARDS[c].tantos for c in cards)
