"""The table in plain Python: a hand rebuilt from its deal and its log, and the bots' turns.

No Django here, and no rule: the engine's ``Hand`` decides what is legal, who wins a trick, what may be
sung and the score; this module only says whose move it is and asks the bots (engine/bots) for theirs.
The learner sits at seat 0; the partner bot at seat 2, the rival bots at seats 1 and 3.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from engine.bots import decision_rng
from engine.cantes import HandScore, option
from engine.cards import CARDS, Suit, parse_card
from engine.deal import Deal, deal, given
from engine.hand import Hand, IllegalPlay
from engine.match import Match
from engine.messages import Text, from_data, msg, to_data
from engine.obligations import Ruling
from engine.records import Cante, Play, deal_from_code
from engine.rules import TableRules
from tutor.play import bots

LEARNER = 0
# Stored logs hold card codes: looked up directly (parse_card also reads Spanish names, more slowly).
BY_CODE = {c.code: c for c in CARDS}
CARD, CANTE, PASS = "card", "cante", "pass"


class PlayRefused(Exception):
    """A move the table does not take now; ``message`` says why, in the language in force when it is
    raised (an engine text rendered then; nothing is recorded)."""

    def __init__(self, message: Text, ruling: Ruling | None = None) -> None:
        self.message = str(message)
        super().__init__(self.message)
        self.ruling = ruling


@dataclass(frozen=True, slots=True)
class Step:
    """One event of a hand's log: a card (code), a cante ("o" or "tute:reyes") or a pass."""

    seat: int
    kind: str
    value: str = ""
    legal: bool = True
    grade: dict | None = None


def cante_value(opt) -> str:
    return f"tute:{opt.tute}" if opt.tute else opt.suit.letter


def canonical_cante(value: str) -> str:
    """A cante as the log writes it ("o", "tute:reyes") from any spelling the table takes ("oros", "O");
    ValueError for anything else."""
    return cante_value(cante_option(0, value))  # the trump changes a cante's points, not its name


def cante_option(trump: int, value: str):
    if value.startswith("tute:"):
        return option(trump, tute=value.removeprefix("tute:"))
    return option(trump, Suit.parse(value))


def dealt_by_code(code: str) -> Deal:
    """A deal stored by its code (``engine.records.deal_code``): a hand dealt card by card, not from a seed."""
    return given(*deal_from_code(code))


def first_dealer_of(match_seed: int) -> int:
    return random.Random(f"{match_seed}:repartidor").randrange(4)


def hand_seed(match_seed: int, number: int) -> int:
    return random.Random(f"{match_seed}:mano:{number}").randrange(2**31)


@dataclass
class Table:
    """A hand being played: the engine's state plus what the log says about the current moment."""

    hand: Hand
    seed: int
    level: str
    examen: bool
    steps: list[Step] = field(default_factory=list)
    learner_decided: int = -1  # trick count at which the learner last sang or let a cante pass
    missed: list = field(default_factory=list)  # (after_trick, options) the learner could sing and did not
    dealt: Deal | None = None  # the deal when it was given card by card (else the seed's)

    @classmethod
    def deal(
        cls,
        *,
        seed: int,
        dealer: int,
        rules: TableRules,
        first_hand: bool,
        level: str,
        examen: bool,
        dealt: Deal | None = None,
    ) -> Table:
        """The hand dealt from ``seed`` (which also seeds the bots' decisions), or ``dealt`` when given."""
        d = deal(seed, dealer, rules, first_hand=first_hand) if dealt is None else dealt
        return cls(Hand.from_deal(d, rules), seed, level, examen, dealt=dealt)

    @classmethod
    def rebuild(cls, *, steps: list[Step], **dealing) -> Table:
        """The table after replaying ``steps`` (a stored log, trusted: it was checked when written), dealt
        as ``Table.deal`` deals with ``dealing``."""
        table = cls.deal(**dealing)
        for step in steps:
            table._apply(step)
        return table

    def fresh(self) -> Table:
        """The same hand as dealt, before any play (to replay the log step by step)."""
        h = self.hand
        return Table.deal(
            seed=self.seed,
            dealer=h.dealer,
            rules=h.rules,
            first_hand=h.first_card is not None,
            level=self.level,
            examen=self.examen,
            dealt=self.dealt,
        )

    def follow(self, events) -> list[Step]:
        """A record's plays and cantes (``engine.record_replay.ReplayStart.events``: seats as this table's,
        the learner at 0, each valid where it comes) made this table's log: the learner's cards graded as
        when played here, a renuncio kept as one. The steps added."""
        start = len(self.steps)
        for event in events:
            if isinstance(event, Play):
                code = CARDS[event.card].code
                if event.seat == LEARNER:
                    self._apply(learner_card(self.hand, event.card))
                else:
                    legal = bool(self.hand.legal_mask() >> event.card & 1)
                    self._apply(Step(event.seat, CARD, code, legal))
            elif isinstance(event, Cante):
                value = f"tute:{event.tute}" if event.tute else event.suit.letter
                self._apply(Step(event.seat, CANTE, value))
        return self.steps[start:]

    # -- what happens now ------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.hand.over

    @property
    def moment(self) -> bool:
        """A trick has just been collected and nobody has led since (the moment to sing, R-CANTE-2)."""
        h = self.hand
        return bool(h.tricks) and not h.trick and h.turn is not None

    def learner_cantes(self):
        """What the learner may sing now, when it is their moment and they have not decided yet."""
        if not self.moment or self.learner_decided == len(self.hand.tricks):
            return ()
        return self.hand.allowed_cantes(LEARNER)

    @property
    def waiting_for_learner(self) -> bool:
        return not self.over and (self.hand.turn == LEARNER or bool(self.learner_cantes()))

    # -- moves -----------------------------------------------------------------------------------
    def _apply(self, step: Step) -> int | None:
        h = self.hand
        if step.seat == LEARNER and step.kind != CANTE:
            could = self.learner_cantes()
            if could:
                self.missed.append((len(h.tricks), could))
        self.steps.append(step)
        if step.kind == CARD:
            if self.moment and step.seat == LEARNER:
                self.learner_decided = len(h.tricks)
            return h.play(BY_CODE[step.value], allow_renuncio=not step.legal)
        if step.kind == CANTE:
            if step.seat == LEARNER:
                self.learner_decided = len(h.tricks)
            opt = cante_option(h.trump, step.value)
            h.declare(step.seat, opt.suit, opt.tute)
        elif step.kind == PASS:
            self.learner_decided = len(h.tricks)
        return None

    def play_learner_card(self, code: str) -> Step:
        """The learner plays ``code``: refused when illegal in aprendiz mode, a renuncio in examen."""
        h = self.hand
        if h.turn != LEARNER:
            raise PlayRefused(msg("hand.refused.not_your_turn"))
        try:
            c = parse_card(code)
        except ValueError:
            raise PlayRefused(msg("hand.refused.no_such_card")) from None
        if not h.hands[LEARNER] >> c & 1:
            raise PlayRefused(msg("hand.refused.not_held", card=int(c)))
        step = learner_card(h, c)
        if not step.legal and not self.examen:
            r = h.ruling()
            raise PlayRefused(IllegalPlay(LEARNER, CARDS[c], r).text, r)
        self._after(step)
        return step

    def sing(self, value: str) -> Step:
        """The learner sings ``value`` (a suit, "o" or "oros", or "tute:reyes") at this moment."""
        allowed = {cante_value(o) for o in self.learner_cantes()}
        if value not in allowed:
            deciding = self.moment and self.learner_decided != len(self.hand.tricks)
            try:
                opt = cante_option(self.hand.trump, value)
            except ValueError:
                if deciding:
                    raise PlayRefused(msg("hand.refused.no_such_cante")) from None
                raise PlayRefused(msg("hand.refused.cannot_sing")) from None
            value = cante_value(opt)  # the same cante, spelt another way ("copas", "C")
            if value not in allowed:
                check = self.hand.check(LEARNER, opt.suit, opt.tute)
                if deciding and not check.valid:
                    raise PlayRefused(check.reason)
                raise PlayRefused(msg("hand.refused.cannot_sing"))
        step = Step(LEARNER, CANTE, value)
        self._after(step)
        return step

    def missed_cantes(self) -> list[tuple[int, tuple]]:
        """The cantes the learner could have sung and never did this hand, each at the first moment it
        could (``(after_trick, options)`` in order): a cante let pass at one moment and sung at a later one
        was not missed, and one let pass at several moments is missed once."""
        sung = {d.option for d in self.hand.cantes if d.seat == LEARNER}
        seen: set = set()
        out = []
        for after, options in self.missed:
            new = tuple(o for o in options if o not in sung and o not in seen)
            seen.update(new)
            if new:
                out.append((after, new))
        return out

    def let_pass(self) -> Step:
        """The learner does not sing at this moment."""
        if not self.learner_cantes():
            raise PlayRefused(msg("hand.refused.nothing_to_sing"))
        step = Step(LEARNER, PASS)
        self._after(step)
        return step

    def _after(self, step: Step) -> None:
        winner = self._apply(step)
        if winner is not None:
            self._bots_sing()
        self._run_bots()

    def _bots_sing(self) -> None:
        """Right after a trick: the bots of the winning pair sing if they want (winner first)."""
        h = self.hand
        if h.over:
            return
        winner = h.winners[-1]
        for seat in (winner, (winner + 2) & 3):
            if seat == LEARNER or h.over:
                continue
            if not h.allowed_cantes(seat):
                continue
            opt = bots.choose_cante(h, seat, self.level, decision_rng(self.seed, len(self.steps), seat))
            if opt is not None:
                self._apply(Step(seat, CANTE, cante_value(opt)))

    def _run_bots(self) -> None:
        h = self.hand
        while not h.over and not self.waiting_for_learner:
            seat = h.turn
            rng = decision_rng(self.seed, len(self.steps), seat)
            c = bots.choose_card(h, seat, self.level, rng, bots.table_reads(LEARNER, self.level))
            if self._apply(Step(seat, CARD, CARDS[c].code)) is not None:
                self._bots_sing()

    def start(self) -> list[Step]:
        """Let the bots play until the learner's first move (a freshly dealt hand)."""
        self._run_bots()
        return self.steps


def learner_card(h: Hand, c: int) -> Step:
    """The learner's card ``c`` (held, their turn) as the log keeps it: legal or a renuncio, with the
    engine's ruling as its grade."""
    r = h.ruling()
    verdict = r.verdict(c)
    grade = {
        "graded": bool(h.trick),  # a lead obeys no obligation (but the Ludoteka first card)
        "legal": verdict.legal,
        "obligation": r.obligation,
        "rule_ids": list(r.rule_ids),
        "why": to_data(verdict.why),  # stored as JSON: a message as data
        "legal_cards": [x.code for x in r.legal],
        "trick_no": h.trick_no,
    }
    return Step(LEARNER, CARD, CARDS[c].code, verdict.legal, grade)


def score_from_dict(data: dict) -> HandScore:
    """The engine's HandScore stored as ``store_score`` wrote it."""
    pair = "AB".index
    return HandScore(
        (data["tantos"]["A"], data["tantos"]["B"]),
        (data["cantes_points"]["A"], data["cantes_points"]["B"]),
        None if data["ultimas"] is None else pair(data["ultimas"]),
        (data["totals"]["A"], data["totals"]["B"]),
        pair(data["winner"]),
        data["reason"],
        from_data(data.get("explanation", "")),
        tuple(data.get("rule_ids", ())),
    )


def store_score(score: HandScore) -> dict:
    return {**score.to_dict(), "explanation": to_data(score.explanation), "rule_ids": list(score.rule_ids)}


def match_state(
    rules: TableRules,
    first_dealer: int,
    scores: list[dict],
    fixed_hands: int | None = None,
    false_calls: list[tuple[int, ...]] | None = None,
) -> Match:
    """The engine's Match after the hands with these stored scores (``fixed_hands``: a series of that many
    hands, a class's «jugar N manos»; ``false_calls``: each hand's false «¡Renuncio!» calls, by pair, at a
    table where they cost points)."""
    m = Match(rules, first_dealer, fixed_hands=fixed_hands)
    for i, s in enumerate(scores):
        m = m.record(score_from_dict(s), false_calls=false_calls[i] if false_calls else ())
    return m
