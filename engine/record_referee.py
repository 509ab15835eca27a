"""The referee on a hand record (engine.records), known or partly known hands: every play checked under the
record's table, renuncios with the obligation broken and the evidence, cantes, claimed renuncios, the score
as the seed writes it (cartas / cantes / última baza / total, the 130 check) and who wins and why.

What the record does not show is not guessed: a play by a seat whose hand is partly unknown is
«undecidable» when a card it might have held would have obliged it to play another, and nothing in the
record (its hand line, a later play, a cante, the turned-up card) shows it held one. Whether a play is
legal only gets stricter as a hand holds more cards (tests/engine/test_records_referee.py checks this), so
the cards known to be in the hand decide a renuncio, and the known cards plus every card nobody is known
to hold decide that a play was legal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.cantes import HandScore, check_cante, option, score_hand, score_renuncio, score_tute
from engine.cards import CARDS, TANTOS_OF, Card, cards_of
from engine.hand import first_card_ruling
from engine.messages import Message, Who, again, render
from engine.obligations import legal_mask, ruling
from engine.records import Analysis, Cante, HandRecord, Play, RenuncioClaim, analyse

PAIRS = "AB"


def _who(seat: int, names) -> Who:
    """A player seen from outside: «Ana (pareja A)» when the record names them, else «el jugador 1 (pareja A)»."""
    return Who(None, seat + 1, names[seat])


@dataclass(frozen=True, slots=True)
class Evidence:
    """How the record shows ``seat`` held ``card``: 'play' (played at ``trick``), 'cante' (shown after
    ``trick``), 'trump' (the dealer's turned-up card), 'hand' (the record's hand line), 'code' (the deal
    code) or 'rest' (the cards left when the other three hands are known)."""

    seat: int
    card: Card
    kind: str
    trick: int | None
    names: tuple = (None, None, None, None)  # the players' names by seat, when the record has them

    @property
    def message(self) -> Message:
        facts = {"who": _who(self.seat, self.names), "card": int(self.card)}
        if self.trick is not None:
            facts["n"] = self.trick
        return Message(f"records.evidence.{self.kind}", facts)


@dataclass(frozen=True, slots=True)
class PlayVerdict:
    number: int  # 1..40, the card's place in the hand
    event: int  # index in record.events
    trick: int
    seat: int
    card: Card
    verdict: str  # "legal", "renuncio" or "undecidable"
    obligation: (
        str | None
    )  # for a renuncio: asistir, montar, fallar, pisar, salida; for an undecidable play, what it might have broken
    rule_ids: tuple[str, ...]
    legal: tuple[Card, ...]  # for a renuncio: the cards the seat is known to have held that were legal
    evidence: tuple[Evidence, ...]
    why: Message | None  # the ruling's verdict on the card (a renuncio)
    names: tuple = (None, None, None, None)  # the players' names by seat, when the record has them

    @property
    def message(self) -> Message:
        facts: dict[str, Any] = {"n": self.trick, "who": _who(self.seat, self.names), "card": int(self.card)}
        if self.verdict == "renuncio":
            # The verdict names the player the sentence has just named: «…renuncio by Ana (pair A), who
            # plays the two of oros: they have copas; they must asistir», not «Ana (pair A) has copas…».
            facts["verdict"] = again(self.why, facts["who"]) if self.why is not None else None
            return Message("records.play.renuncio", facts)
        if self.verdict == "undecidable":
            facts["obligation"] = Message(f"records.obligation.{self.obligation}")
            return Message("records.play.undecidable", facts)
        return Message("records.play.legal", facts)


@dataclass(frozen=True, slots=True)
class CanteVerdict:
    event: int
    seat: int
    after_trick: int  # complete tricks before it (0: before the first)
    during_trick: bool  # sung with a trick under way
    option: Any  # engine.cantes.CanteOption
    verdict: str  # "valid", "invalid" or "undecidable"
    points: int  # counted: only a valid cante
    rule_ids: tuple[str, ...]
    reason: Message | None  # why not (invalid) / what might have come first (undecidable)
    names: tuple = (None, None, None, None)  # the players' names by seat, when the record has them

    @property
    def message(self) -> Message:
        if self.during_trick:
            when = Message("records.when.during", {"n": self.after_trick + 1})
        elif self.after_trick == 0:
            when = Message("records.when.start")
        else:
            when = Message("records.when.after", {"n": self.after_trick})
        facts: dict[str, Any] = {
            "when": when,
            "who": _who(self.seat, self.names),
            "option": self.option.label,
        }
        if self.verdict == "valid":
            if self.option.tute:
                return Message("records.cante.valid.tute", facts)
            return Message("records.cante.valid", {**facts, "points": self.points})
        if self.verdict == "undecidable":
            return Message("records.cante.undecidable", {**facts, "better": self.reason.facts.get("better")})
        return Message("records.cante.invalid", {**facts, "reason": self.reason})


@dataclass(frozen=True, slots=True)
class ClaimVerdict:
    event: int
    by: int
    against: int
    verdict: str  # "upheld", "false" or "undecidable"
    renuncio: PlayVerdict | None  # the renuncio that upholds it
    names: tuple = (None, None, None, None)  # the players' names by seat, when the record has them

    @property
    def message(self) -> Message:
        facts: dict[str, Any] = {
            "who": _who(self.by, self.names),
            "against": Message("records.who.a", {"who": _who(self.against, self.names)}),
        }
        if self.renuncio is not None:
            facts["n"] = self.renuncio.trick
            facts["card"] = int(self.renuncio.card)
            facts["culprit"] = Message("records.who.subj", {"who": _who(self.against, self.names)})
        return Message(f"records.claim.{self.verdict}", facts)


@dataclass(frozen=True, slots=True)
class RecordReport:
    """What the referee found in a record; ``messages`` is the report sentence by sentence."""

    record: HandRecord
    plays: tuple[PlayVerdict, ...]
    renuncios: tuple[PlayVerdict, ...]
    undecidable: tuple[PlayVerdict, ...]
    cantes: tuple[CanteVerdict, ...]
    claims: tuple[ClaimVerdict, ...]
    winners: tuple[int, ...]  # seat winning each complete trick
    tantos: tuple[int, int]  # per pair (A, B), of the complete tricks
    cante_points: tuple[int, int]
    ultimas: int | None  # the pair of the tenth trick
    score: HandScore | None  # None when nothing ends the hand (fewer than 10 tricks, no tute, no renuncio)
    decided: bool  # False when plays or cantes that cannot be decided could change who wins
    check_130: int | None  # cartas A + cartas B + 10 de últimas of a complete hand (130)
    messages: tuple[Message, ...]

    @property
    def winner(self) -> int | None:
        return None if self.score is None else self.score.winner

    @property
    def totals(self) -> tuple[int, int] | None:
        return None if self.score is None else self.score.totals

    @property
    def reason(self) -> str | None:
        return None if self.score is None else self.score.reason

    def sentences(self, lang: str = "es") -> list[str]:
        return [render(m, lang) for m in self.messages]

    def to_dict(self, lang: str = "es") -> dict[str, Any]:
        """JSON-ready: seats 0..3, pairs 'A'/'B', cards as codes, sentences in ``lang``."""
        return {
            "players": list(self.record.players),
            "plays": [
                {
                    "trick": p.trick,
                    "seat": p.seat,
                    "card": p.card.code,
                    "verdict": p.verdict,
                    "obligation": p.obligation,
                    "rules": list(p.rule_ids),
                    "legal": [c.code for c in p.legal],
                    "evidence": [render(e.message, lang) for e in p.evidence],
                    "text": render(p.message, lang),
                }
                for p in self.plays
            ],
            "cantes": [
                {
                    "seat": c.seat,
                    "after_trick": c.after_trick,
                    "verdict": c.verdict,
                    "points": c.points,
                    "rules": list(c.rule_ids),
                    "text": render(c.message, lang),
                }
                for c in self.cantes
            ],
            "claims": [
                {"by": c.by, "against": c.against, "verdict": c.verdict, "text": render(c.message, lang)}
                for c in self.claims
            ],
            "winners": list(self.winners),
            "tantos": {"A": self.tantos[0], "B": self.tantos[1]},
            "cantes_points": {"A": self.cante_points[0], "B": self.cante_points[1]},
            "ultimas": None if self.ultimas is None else PAIRS[self.ultimas],
            "totals": None if self.totals is None else {"A": self.totals[0], "B": self.totals[1]},
            "winner": None if self.winner is None else PAIRS[self.winner],
            "reason": self.reason,
            "decided": self.decided,
            "check_130": self.check_130,
            "report": self.sentences(lang),
        }


_CANTE_REASONS = {
    "cantes.no.pair_won": "pair_won",
    "cantes.no.already_sang": "already_sang",
    "cantes.no.tute_first_baza": "tute_first_baza",
    "cantes.no.suit_sung": "suit_sung",
    "cantes.no.priority": "priority",
    "cantes.no.missing": "missing",
    "cantes.no.tute_missing": "missing",
    "referee.after_tute": "after_tute",
    "referee.after_last_baza": "after_last_baza",
}


def _reason(check) -> Message:
    """The check's reason said of a player seen from outside (the cantes' own reasons speak to «tú»)."""
    key = _CANTE_REASONS.get(getattr(check.reason, "id", ""), "pair_won")
    facts = dict(getattr(check.reason, "facts", {}))
    return Message(f"records.cante.why.{key}", {k: v for k, v in facts.items() if k in ("suit", "better")})


def _evidence(a: Analysis, seat: int, cards, names) -> tuple[Evidence, ...]:
    out = []
    for c in cards:
        src = a.sources.get(c)
        if src is not None:
            out.append(Evidence(seat, CARDS[c], src.kind, src.trick, names))
    return tuple(out)


def _witness(hand: int, pool: int, before, c: int, trump: int, rules) -> int:
    """The mildest card nobody is known to hold that would have made ``c`` illegal (a card of the led suit
    before a trump, the weakest first): the obligation an undecidable play might have broken."""
    led = CARDS[before[0]].suit

    def order(y: int) -> tuple:
        suit = y // 10
        return (suit != led, suit != trump, y % 10)

    for y in sorted(cards_of(pool), key=order):
        if not legal_mask(hand | 1 << y, before, trump, rules) >> c & 1:
            return 1 << y
    return pool


def referee_on_record(record: HandRecord) -> RecordReport:
    """Referee a record (see the module's docstring); a record that is not consistent raises
    engine.records.RecordSyntaxError naming the line of its canonical text."""
    a = analyse(record)
    rules, trump = record.rules, a.trump
    names = tuple(record.players)
    held = a.held
    pool = a.pool
    unknown = [a.unknown_slots(s) for s in range(4)]
    played_by = [0, 0, 0, 0]
    plays: list[PlayVerdict] = []
    cantes: list[CanteVerdict] = []
    claims: list[ClaimVerdict] = []
    sung = 0
    sang: set[tuple[int, int]] = set()
    tute_over = False
    won_before: list[list[int]] = [[0, 0]]  # tricks won per pair after each complete trick
    for w in a.winners:
        last = won_before[-1][:]
        last[w & 1] += 1
        won_before.append(last)
    number = 0
    for i, e in enumerate(record.events):
        n_done, mid = a.moments[i]
        if isinstance(e, Play):
            seat = a.seats[number]
            c = e.card
            trick_no = number // 4 + 1
            j = number % 4
            before = a.tricks[trick_no - 1][:j]
            number += 1
            hand = held[seat] & ~played_by[seat]
            played_by[seat] |= 1 << c
            first = a.first_card if trick_no == 1 and j == 0 else None
            if j == 0:
                low = hand & (1 << first) if first is not None else hand
                high = low
            else:
                low = legal_mask(hand, before, trump, rules)
                high = legal_mask(hand | pool, before, trump, rules) if unknown[seat] else low
            if not low >> c & 1:
                known = cards_of(hand)
                who = _who(seat, names)
                r = (
                    first_card_ruling(known, first)
                    if first is not None
                    else ruling(known, before, trump, rules, who)
                )
                plays.append(
                    PlayVerdict(
                        number,
                        i,
                        trick_no,
                        seat,
                        CARDS[c],
                        "renuncio",
                        r.obligation,
                        r.rule_ids,
                        r.legal,
                        _evidence(a, seat, r.legal, names),
                        r.verdict(c).message,
                        names,
                    )
                )
            elif not high >> c & 1:
                r = ruling(
                    cards_of(hand | _witness(hand, pool, before, c, trump, rules)), before, trump, rules
                )
                plays.append(
                    PlayVerdict(
                        number,
                        i,
                        trick_no,
                        seat,
                        CARDS[c],
                        "undecidable",
                        r.obligation,
                        r.rule_ids,
                        (),
                        (),
                        None,
                        names,
                    )
                )
            else:
                plays.append(
                    PlayVerdict(number, i, trick_no, seat, CARDS[c], "legal", None, (), (), (), None, names)
                )
        elif isinstance(e, Cante):
            seat = e.seat
            opt = option(trump, e.suit, e.tute)
            pair = seat & 1
            hand = held[seat] & ~played_by[seat]
            partner = (seat + 2) % 4
            kwargs = dict(
                pair_won=not mid and n_done > 0 and a.winners[n_done - 1] & 1 == pair,
                first_win=n_done > 0 and won_before[n_done][pair] == 1,
                sung=sung,
                already_sang=(n_done, seat) in sang,
                played=played_by[seat],
                partner_hand=held[partner] & ~played_by[partner],
                rules=rules,
            )
            if tute_over:
                verdict, reason, ids = "invalid", Message("records.cante.why.after_tute"), ("R-TUTE-3",)
            elif n_done == 10 and not mid:
                verdict, reason, ids = "invalid", Message("records.cante.why.after_last_baza"), ("R-CANTE-2",)
            else:
                check = check_cante(hand, trump, opt, **kwargs)
                ids = check.rule_ids
                if opt.tute and check.valid != (i == a.tute_event):
                    # engine.records decides whether a tute ends the hand; they agree (a player who could
                    # sing a tute could not have sung anything valid before it at that moment).
                    verdict, reason = "invalid", Message("records.cante.why.already_sang")
                elif not check.valid:
                    verdict, reason = "invalid", _reason(check)
                elif unknown[seat] and not (wide := check_cante(hand | pool, trump, opt, **kwargs)).valid:
                    verdict, reason, ids = "undecidable", _reason(wide), wide.rule_ids
                else:
                    verdict, reason = "valid", None
            points = opt.points if verdict == "valid" else 0
            if verdict == "valid":
                sang.add((n_done, seat))
                if opt.tute:
                    tute_over = True
                else:
                    sung |= 1 << opt.suit
            cantes.append(CanteVerdict(i, seat, n_done, mid, opt, verdict, points, ids, reason, names))
        elif isinstance(e, RenuncioClaim):
            theirs = [p for p in plays if p.seat == e.against]
            found = next((p for p in theirs if p.verdict == "renuncio"), None)
            if found is not None:
                verdict = "upheld"
            elif any(p.verdict == "undecidable" for p in theirs):
                verdict = "undecidable"
            else:
                verdict = "false"
            claims.append(ClaimVerdict(i, e.by, e.against, verdict, found, names))
    return _report(record, a, plays, cantes, claims)


def _report(record, a: Analysis, plays, cantes, claims) -> RecordReport:
    rules = record.rules
    tantos = [0, 0]
    for cards, w in zip(a.tricks, a.winners, strict=False):
        tantos[w & 1] += TANTOS_OF[cards[0]] + TANTOS_OF[cards[1]] + TANTOS_OF[cards[2]] + TANTOS_OF[cards[3]]
    cante_points = [0, 0]
    for c in cantes:
        cante_points[c.seat & 1] += c.points
    complete = len(a.winners) == 10
    ultimas = a.winners[-1] & 1 if complete else None
    renuncios = tuple(p for p in plays if p.verdict == "renuncio")
    undecidable = tuple(p for p in plays if p.verdict == "undecidable")
    tute = next((c for c in cantes if c.verdict == "valid" and c.option.tute), None)
    first = renuncios[0] if renuncios else None
    if first is not None:
        score = score_renuncio(tantos, cante_points, ultimas, first.seat & 1, rules.renuncio)
    elif tute is not None:
        score = score_tute(tantos, cante_points, tute.seat & 1)
    elif complete:
        score = score_hand(tantos, cante_points, ultimas)
    else:
        score = None
    # Plays that cannot be decided before the first renuncio (or anywhere, without one) could change who wins;
    # so could a cante that cannot be decided.
    doubtful = [p for p in undecidable if first is None or p.number < first.number]
    doubtful_cantes = [c for c in cantes if c.verdict == "undecidable"]
    decided = score is not None and not doubtful and not (doubtful_cantes and first is None and tute is None)
    check = tantos[0] + tantos[1] + 10 if complete else None
    messages: list[Message] = []
    legal = sum(1 for p in plays if p.verdict == "legal")
    if plays:
        messages.append(Message("records.plays", {"n": len(plays), "legal": legal}))
    for p in plays:
        if p.verdict != "legal":
            messages.append(p.message)
            shown = [ev for ev in p.evidence if ev.kind in ("play", "cante", "trump")]
            messages.extend(ev.message for ev in shown[:3])
    messages.extend(c.message for c in cantes)
    messages.extend(c.message for c in claims)
    if a.tricks and (complete or score is not None):
        messages.append(Message("records.score.cards", {"a": tantos[0], "b": tantos[1]}))
        messages.append(Message("records.score.cantes", {"a": cante_points[0], "b": cante_points[1]}))
        if ultimas is not None:
            messages.append(Message("records.score.ultimas", {"pair": PAIRS[ultimas]}))
        if score is not None:
            totals = {"a": score.totals[0], "b": score.totals[1]}
            if complete:
                messages.append(Message("records.score.total", totals))
            else:  # a tute or a renuncio ended the hand early: the points of the tricks played so far
                messages.append(Message("records.score.total_so_far", {**totals, "n": len(a.winners)}))
        if check is not None:
            messages.append(Message("records.score.check", {"a": tantos[0], "b": tantos[1], "sum": check}))
    if score is None:
        messages.append(Message("records.score.incomplete", {"n": len(a.winners)}))
    else:
        messages.append(score.explanation)
        if first is not None:
            messages.append(
                Message(
                    "records.score.renuncio",
                    {"n": first.trick, "who": _who(first.seat, record.players), "bad": PAIRS[first.seat & 1]},
                )
            )
    if score is not None and not decided:
        messages.append(
            Message("records.score.undecided", {"n": len(doubtful), "cantes": len(doubtful_cantes)})
        )
    return RecordReport(
        record,
        tuple(plays),
        renuncios,
        undecidable,
        tuple(cantes),
        tuple(claims),
        tuple(a.winners),
        (tantos[0], tantos[1]),
        (cante_points[0], cante_points[1]),
        ultimas,
        score,
        decided,
        check,
        tuple(messages),
    )
