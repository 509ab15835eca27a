"""A hand among people and bots: no rule here.

The engine's ``Hand`` decides what is legal, who wins a trick, what may be sung and the score; the
engine's referee (``engine.record_referee``) decides a called «¡Renuncio!» from the record so far. This
module only says who must act now, and asks the bots (engine/bots, from their seat's view only) for the
seats a bot plays: the empty ones and those whose player is away.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from django.utils.translation import gettext as _

from engine.bots import decision_rng, normal_seats
from engine.cards import CARDS, parse_card
from engine.deal import deal
from engine.hand import Hand, IllegalPlay
from engine.messages import msg, to_data
from engine.record_referee import referee_on_record
from engine.records import Play, RenuncioClaim, from_hand
from engine.rules import TableRules
from tutor.play import bots
from tutor.play.table import BY_CODE, CANTE, CARD, PASS, PlayRefused, Step, cante_option, cante_value

CALL = "call"


class AlreadyCalled(Exception):
    """A «¡Renuncio!» that was already called: the same call with no card played since, or a call the
    referee upholds with the very renuncio an earlier call in the hand was upheld with."""


@dataclass
class Game:
    hand: Hand
    seed: int
    level: str
    bots: frozenset[int]  # the seats a bot plays now
    examen: frozenset[int]  # the people in examen mode (no reason with a refusal, no «Pista»)
    renuncio_real: bool  # any card goes, a rival may call «¡Renuncio!»
    steps: list[Step] = field(default_factory=list)
    decided: dict[int, int] = field(default_factory=dict)  # seat -> tricks when it sang or let pass
    calls: list[tuple[int, int, int]] = field(default_factory=list)  # (cards played before, by, against)

    @classmethod
    def rebuild(
        cls,
        *,
        seed: int,
        dealer: int,
        rules: TableRules,
        first_hand: bool,
        level: str,
        bots: frozenset[int],
        examen: frozenset[int],
        renuncio_real: bool,
        steps: list[Step],
    ) -> Game:
        """The hand after replaying ``steps`` (a stored log, trusted: it was checked when written)."""
        hand = Hand.from_deal(deal(seed, dealer, rules, first_hand=first_hand), rules)
        game = cls(hand, seed, level, frozenset(bots), frozenset(examen), renuncio_real)
        for step in steps:
            game._apply(step)
        return game

    # -- who acts now ----------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.hand.over

    @property
    def moment(self) -> bool:
        """A trick has just been collected and nobody has led since (the moment to sing)."""
        h = self.hand
        return bool(h.tricks) and not h.trick and h.turn is not None

    @property
    def cards_played(self) -> int:
        return 4 * len(self.hand.tricks) + len(self.hand.trick)

    def cantes_of(self, seat: int):
        """What ``seat`` may sing now, when it is the moment and it has not decided yet."""
        if not self.moment or self.decided.get(seat) == len(self.hand.tricks):
            return ()
        return self.hand.allowed_cantes(seat)

    def deciding(self) -> list[int]:
        """The people other than the one to lead who may still sing at this moment: the lead waits for them."""
        turn = self.hand.turn
        return [s for s in range(4) if s != turn and s not in self.bots and self.cantes_of(s)]

    def waiting_for(self) -> list[int]:
        if self.over:
            return []
        return self.deciding() or [self.hand.turn]

    # -- moves -----------------------------------------------------------------------------------
    def _apply(self, step: Step) -> int | None:
        h = self.hand
        self.steps.append(step)
        if step.kind == CARD:
            if self.moment:
                self.decided[step.seat] = len(h.tricks)
            return h.play(BY_CODE[step.value], allow_renuncio=not step.legal)
        if step.kind == CANTE:
            self.decided[step.seat] = len(h.tricks)
            opt = cante_option(h.trump, step.value)
            h.declare(step.seat, opt.suit, opt.tute)
        elif step.kind == PASS:
            self.decided[step.seat] = len(h.tricks)
        elif step.kind == CALL:
            self.calls.append((self.cards_played, step.seat, int(step.value)))
        return None

    def play(self, seat: int, code: str) -> Step:
        """``seat`` plays ``code``: an illegal card is refused (with the engine's reason for an aprendiz),
        or at a real table goes, as a renuncio the rivals may call."""
        h = self.hand
        if self.over:
            raise PlayRefused(msg("hand.refused.not_your_turn"))
        if h.turn != seat:
            raise PlayRefused(msg("hand.refused.not_your_turn"))
        if self.deciding():
            raise PlayRefused(_("Espera: alguien de la pareja que ganó la baza decide si canta."))
        try:
            c = parse_card(code)
        except ValueError:
            raise PlayRefused(msg("hand.refused.no_such_card")) from None
        if not h.hands[seat] >> c & 1:
            raise PlayRefused(msg("hand.refused.not_held", card=int(c)))
        r = h.ruling()
        legal = r.verdict(c).legal
        if not legal and not self.renuncio_real:
            if seat in self.examen:
                raise PlayRefused(_("Esa carta no se puede jugar ahora."))
            raise PlayRefused(IllegalPlay(seat, CARDS[c], r).text, r)
        grade = {"graded": bool(h.trick), "legal": legal, "rule_ids": list(r.rule_ids)}
        step = Step(seat, CARD, CARDS[c].code, legal, grade)
        self._after(step)
        return step

    def sing(self, seat: int, value: str) -> Step:
        allowed = {cante_value(o) for o in self.cantes_of(seat)}
        try:
            value = cante_value(cante_option(self.hand.trump, value))
        except ValueError:
            raise PlayRefused(msg("hand.refused.no_such_cante")) from None
        if value not in allowed:
            raise PlayRefused(msg("hand.refused.cannot_sing"))
        step = Step(seat, CANTE, value)
        self._after(step)
        return step

    def let_pass(self, seat: int) -> Step:
        if not self.cantes_of(seat):
            raise PlayRefused(msg("hand.refused.nothing_to_sing"))
        step = Step(seat, PASS)
        self._after(step)
        return step

    def record(self, players=(None, None, None, None), extra_call: tuple[int, int] | None = None):
        """The hand so far as an engine record, with each «¡Renuncio!» where it was called."""
        record = from_hand(self.hand, players=players)
        # In the order they were called: by the cards played when each was called, and at one moment in the
        # order made (a stable sort: a seat's number must not put its call before an earlier one's, whose
        # verdict it would then be read as).
        made = [*self.calls, *([(self.cards_played, *extra_call)] if extra_call else [])]
        pending = sorted(made, key=lambda call: call[0])
        if not pending:
            return record
        events, played = [], 0
        for e in record.events:
            events.append(e)
            if isinstance(e, Play):
                played += 1
                while pending and pending[0][0] <= played:
                    _, by, against = pending.pop(0)
                    events.append(RenuncioClaim(by, against))
        events += [RenuncioClaim(by, against) for _, by, against in pending]
        return replace(record, events=tuple(events))

    def call(self, by: int, against: int) -> Step:
        """``by`` calls «¡Renuncio!» on ``against``: the referee decides at once, from the record so far."""
        if self.renuncio_real is False:
            raise PlayRefused(
                _("En esta mesa las cartas que no valen se rehúsan: no hay renuncios que cantar.")
            )
        if not 0 <= against <= 3 or (by - against) % 2 == 0:
            raise PlayRefused(_("Solo se canta renuncio a un rival."))
        if not self.cards_played:
            raise PlayRefused(_("Todavía no se ha jugado ninguna carta."))
        if (self.cards_played, by, against) in self.calls:
            raise AlreadyCalled()
        report = referee_on_record(self.record(extra_call=(by, against)))
        verdict = report.claims[-1]
        if verdict.renuncio is not None and any(
            c.renuncio is not None and c.renuncio.card == verdict.renuncio.card for c in report.claims[:-1]
        ):
            raise AlreadyCalled()
        grade = {"verdict": verdict.verdict, "message": to_data(verdict.message)}
        step = Step(by, CALL, str(against), True, grade)
        self._apply(step)
        return step

    def _after(self, step: Step) -> None:
        self._apply(step)
        self.run_bots()

    def run_bots(self) -> list[Step]:
        """Let the bots act (sing at their moment, play their turn) until a person must act."""
        h = self.hand
        start = len(self.steps)
        reads = normal_seats([self.level if s in self.bots else None for s in range(4)])
        while not h.over:
            if self.moment:
                for seat in sorted(self.bots):
                    if self.cantes_of(seat):
                        rng = decision_rng(self.seed, len(self.steps), seat)
                        opt = bots.choose_cante(h, seat, self.level, rng)
                        self._apply(Step(seat, CANTE, cante_value(opt)) if opt else Step(seat, PASS))
            seat = h.turn
            if seat not in self.bots or self.deciding():
                break
            rng = decision_rng(self.seed, len(self.steps), seat)
            c = bots.choose_card(h, seat, self.level, rng, reads)
            self._apply(Step(seat, CARD, CARDS[c].code))
        return self.steps[start:]
