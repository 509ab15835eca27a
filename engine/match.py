"""A match (partida) of hands: dealer rotation (R-DEAL-4), the match system (R-MATCH-1 or ludoteka), renuncio penalty.

A false «¡Renuncio!» (a call the referee finds unfounded, at a table that plays renuncio as at a real
table) is not in the rules (rules.md gives no figure): what it costs is the table's setting. When a
table makes it cost points, each false call gives ``FALSE_CALL_POINTS`` match points to the caller's
rivals, counted when the hand ends and before the hand's own point (the call came first).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from engine.cantes import PAIRS, HandScore
from engine.deal import Deal, deal
from engine.hand import Hand, random_hand
from engine.messages import Message
from engine.rules import GUIA, TableRules


class MatchOver(ValueError):
    """A hand recorded or dealt after the match has a winner."""


@dataclass(frozen=True, slots=True)
class HandResult:
    """One hand of the match as the scoreboard sees it."""

    dealer: int
    score: HandScore
    points: int  # match points the hand's winner scored
    penalties: tuple[int, int] = (0, 0)  # match points each pair won from its rivals' false calls


# Match points a false «¡Renuncio!» gives the caller's rivals, at a table where a false call costs points.
FALSE_CALL_POINTS = 1


def false_call_points(false_calls: tuple[int, ...]) -> tuple[int, int]:
    """Match points each pair wins from the false calls of the pairs in ``false_calls`` (one per call)."""
    return (
        FALSE_CALL_POINTS * sum(1 for pair in false_calls if pair == 1),
        FALSE_CALL_POINTS * sum(1 for pair in false_calls if pair == 0),
    )


@dataclass(frozen=True, slots=True)
class Match:
    """The state of a match; ``record`` returns the next state."""

    rules: TableRules = GUIA
    first_dealer: int = 0
    points: tuple[int, int] = (0, 0)
    results: tuple[HandResult, ...] = ()
    winner: int | None = None  # pair index once the match is over
    reason: str | None = None  # "puntos", "renuncio" or "manos"
    # A series of a fixed number of hands (a class's «jugar N manos»): each hand is scored as the table
    # says, nobody wins before the last hand (a renuncio loses its hand, not the series), and then the
    # pair with more points wins (equal points: nobody).
    fixed_hands: int | None = None

    @property
    def over(self) -> bool:
        if self.fixed_hands is not None:
            return len(self.results) >= self.fixed_hands
        return self.winner is not None

    @property
    def hand_rules(self) -> TableRules:
        """The rules each hand is played and scored under: the table's, but in a series of fixed hands a
        renuncio loses its hand (the series goes on), so a table where it loses the match scores it so."""
        if self.fixed_hands is not None and self.rules.renuncio == "pierde_partida":
            return replace(self.rules, renuncio="pierde_mano")
        return self.rules

    @property
    def dealer(self) -> int:
        """Who deals the next hand: the deal passes to the right each hand (R-DEAL-4)."""
        return (self.first_dealer + len(self.results)) % 4

    @property
    def target(self) -> int:
        """Points to win: 3 hands (R-MATCH-1) or 6 points (ludoteka)."""
        return 6 if self.rules.partida == "ludoteka" else 3

    @property
    def most_hand_points(self) -> int:
        """The most match points one hand can give: 2 at ludoteka (a tute, or a total past 100), else 1."""
        return 2 if self.rules.partida == "ludoteka" else 1

    def can_end_at(self, a: int, b: int) -> bool:
        """Whether a match of this table can end with the pairs at ``a`` and ``b`` points (without false
        calls): the winner at the target or no further past it than its last hand could carry it, the
        loser below it (a renuncio that loses the match gives the winners the target: ``record``)."""
        low, high = sorted((a, b))
        return low < self.target <= high <= self.target - 1 + self.most_hand_points

    def hand_points(self, score: HandScore) -> int:
        """Match points for the winner of a hand with this score."""
        if self.rules.partida != "ludoteka":
            return 1  # R-MATCH-1: a hand won, a tute included, is one point
        if score.reason == "tute":
            return 2  # ludoteka: a tute is worth 2
        return 2 if score.totals[score.winner] > 100 else 1  # ludoteka: 2 when the total passes 100

    def deal(self, seed: int | random.Random) -> Deal:
        """Deal the next hand (the match's first one follows ``primera_mano``)."""
        if self.over:
            raise MatchOver("la partida ha terminado")
        return deal(seed, self.dealer, self.rules, first_hand=not self.results)

    def new_hand(self, seed: int | random.Random) -> Hand:
        return Hand.from_deal(self.deal(seed), self.hand_rules)

    def record(self, score: HandScore, false_calls: tuple[int, ...] = ()) -> Match:
        """The match after a hand with ``score``; a renuncio under ``pierde_partida`` ends it (R-RENUNCIO-1).

        ``false_calls``: the pair of each false «¡Renuncio!» called in the hand, at a table where a false
        call costs points; each gives the caller's rivals FALSE_CALL_POINTS before the hand's point, so a
        pair that reaches the target by them wins the match even if it lost the hand."""
        if self.over:
            raise MatchOver("la partida ha terminado")
        penalties = false_call_points(false_calls)
        points = [self.points[0] + penalties[0], self.points[1] + penalties[1]]
        if self.fixed_hands is not None:
            return self._record_fixed(score, points, penalties)
        if (by_calls := self._reached(points)) is not None:
            result = HandResult(self.dealer, score, 0, penalties)
            return replace(
                self,
                points=(points[0], points[1]),
                results=(*self.results, result),
                winner=by_calls,
                reason="puntos",
            )
        if score.reason == "renuncio" and self.rules.renuncio == "pierde_partida":
            # R-RENUNCIO-1: the offenders lose the match; on the scoreboard the winners are given the
            # points still missing to the target (the losers keep theirs), so the score says who won.
            pts = max(0, self.target - points[score.winner])
            points[score.winner] += pts
            result = HandResult(self.dealer, score, pts, penalties)
            return replace(
                self,
                points=(points[0], points[1]),
                results=(*self.results, result),
                winner=score.winner,
                reason="renuncio",
            )
        pts = self.hand_points(score)
        points[score.winner] += pts
        result = HandResult(self.dealer, score, pts, penalties)
        winner = score.winner if points[score.winner] >= self.target else None
        return replace(
            self,
            points=(points[0], points[1]),
            results=(*self.results, result),
            winner=winner,
            reason="puntos" if winner is not None else None,
        )

    def _reached(self, points: list[int]) -> int | None:
        """The pair at the target (the one further past it; None when neither, or both equally)."""
        if max(points) < self.target or points[0] == points[1]:
            return None
        return 0 if points[0] > points[1] else 1

    def _record_fixed(self, score: HandScore, points: list[int], penalties: tuple[int, int]) -> Match:
        pts = self.hand_points(score)
        points[score.winner] += pts
        results = (*self.results, HandResult(self.dealer, score, pts, penalties))
        winner = None
        if len(results) >= self.fixed_hands and points[0] != points[1]:
            winner = 0 if points[0] > points[1] else 1
        return replace(
            self,
            points=(points[0], points[1]),
            results=results,
            winner=winner,
            reason="manos" if len(results) >= self.fixed_hands else None,
        )

    def summary(self) -> Message:
        """One line: the score, or who won and why (a message: it prints in the language in force)."""
        a, b = self.points
        if self.fixed_hands is not None:
            facts = {"a": a, "b": b, "played": len(self.results), "hands": self.fixed_hands}
            if not self.over:
                return Message("match.series.playing", facts)
            if self.winner is None:
                return Message("match.series.tied", facts)
            return Message(
                "match.series.won",
                {**facts, "winner": PAIRS[self.winner], "high": max(a, b), "low": min(a, b)},
            )
        if self.winner is None:
            return Message("match.playing", {"a": a, "b": b, "goal": self.target})
        if self.reason == "renuncio":
            return Message(
                "match.won.renuncio", {"winner": PAIRS[self.winner], "high": max(a, b), "low": min(a, b)}
            )
        return Message("match.won", {"winner": PAIRS[self.winner], "high": max(a, b), "low": min(a, b)})


def random_match(
    seed: int | random.Random, rules: TableRules = GUIA, first_dealer: int = 0, *, renuncio: float = 0.0
) -> Match:
    """Play a whole match of random legal hands (with renuncios at rate ``renuncio``)."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    m = Match(rules, first_dealer)
    while not m.over:
        hand = random_hand(rng, m.dealer, rules, first_hand=not m.results, renuncio=renuncio)
        m = m.record(hand.score())
    return m
