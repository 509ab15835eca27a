"""The exact value of a card in one world (every seat sees every card): minimax with alpha-beta over the
remaining plays, for the pair of the seat that plays it.

The value is ``WIN * won + points``: whether our pair wins the hand, then the points our pair ends the
hand with as the table scores them (tantos of its bazas, its cantes, las diez de últimas; a tute ends the
hand with the points made so far). Our pair maximises it, the rivals minimise it: both sides play first to
win the hand, then for our pair's points. The plays are searched as ``engine.bots.endgame`` searches them
(the same moves, the same cantes sung as the bots sing them); the fuerte and normal bots' count, which only
asks «do we win?», stays there and is cheaper.
"""

from __future__ import annotations

from engine.bots.endgame import _Game
from engine.bots.policy import REYES_CABALLOS, best_cante
from engine.bots.view import SeatView
from engine.cantes import allowed_cantes
from engine.cards import TANTOS_OF
from engine.obligations import legal_after, trick_state

WIN = 1024  # more than any pair's points in a hand (130 tantos, 10 de últimas, 100 of cantes)
_INF = 1 << 30


def split(value: int) -> tuple[int, int]:
    """(won 0/1, points) of a value."""
    return value // WIN, value % WIN


class Valued(_Game):
    """One world's remaining plays valued for the pair of ``us`` (see the module's docstring)."""

    __slots__ = ("table",)

    def __init__(self, trump: int, rules, us: int) -> None:
        super().__init__(trump, rules, us)
        self.table: dict[tuple, tuple[int, int]] = {}

    def value(
        self,
        hands: list[int],
        seat: int,
        leader: int,
        n: int,
        state: tuple,
        pts: int,
        rest: tuple,
        alpha: int,
        beta: int,
    ) -> int:
        """The value with best play from here, where ``seat`` plays the ``n``-th card of the trick (fail-soft
        alpha-beta: exact inside (alpha, beta), a bound outside it). ``rest``: (ours, theirs, won, sung, done,
        left) — the points of each pair so far, tricks won per pair, suits sung, tricks completed, tantos
        still in the hands."""
        self.nodes += 1
        trump = self.trump
        ours = (seat & 1) == self.us
        mine = hands[seat]
        if n:
            led, high_led, high_trump, win = state
            legal = legal_after(mine, n, led, high_led, high_trump, win, trump, self.rules)
        else:
            legal = mine
        best = -_INF if ours else _INF
        for c in self.moves(hands, seat, legal):
            suit = c // 10
            if not n:
                nstate = (suit, c, c if suit == trump else -1, 0)
            elif suit == trump:
                nstate = (led, c if led == trump else high_led, c, n) if c > high_trump else state
            elif suit == led and c > high_led:
                nstate = (led, c, high_trump, n if high_trump < 0 else win)
            else:
                nstate = state
            hands[seat] = mine ^ (1 << c)
            if n == 3:
                v = self.after(hands, (leader + nstate[3]) & 3, pts + TANTOS_OF[c], rest, alpha, beta)
            else:
                v = self.value(
                    hands, (seat + 1) & 3, leader, n + 1, nstate, pts + TANTOS_OF[c], rest, alpha, beta
                )
            hands[seat] = mine
            if ours:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            elif v < best:
                best = v
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        return best

    def after(self, hands: list[int], winner: int, pts: int, rest: tuple, alpha: int, beta: int) -> int:
        """A trick was just completed, won by ``winner`` with ``pts`` tantos: score it, sing, go on."""
        ours, theirs, won, sung, done, left = rest
        pair = winner & 1
        mine = pair == self.us
        if mine:
            ours += pts
        else:
            theirs += pts
        left -= pts
        done += 1
        if done == 10:  # las diez de últimas (R-SCORE-2); a tie goes to the last trick (R-SCORE-3)
            if mine:
                ours += 10
            else:
                theirs += 10
            return (WIN if ours > theirs or (ours == theirs and mine) else 0) + ours
        won = (won[0] + (pair == 0), won[1] + (pair == 1))
        for s in (winner, (winner + 2) & 3):
            if (hands[s] & REYES_CABALLOS).bit_count() < 2:
                continue
            opt = best_cante(
                allowed_cantes(hands[s], self.trump, first_win=won[pair] == 1, sung=sung, rules=self.rules)
            )
            if opt is not None:
                if opt.tute:  # R-TUTE-3: the hand ends, won by the singer's pair, with the points made
                    return (WIN if mine else 0) + ours
                sung |= 1 << opt.suit
                if mine:
                    ours += opt.points
                else:
                    theirs += opt.points
        # Bounds from the points still to be made (none while a tute may still be sung).
        extra = self.cantes_left(hands, sung)
        if extra >= 0:
            extra += left + 10
            lo = ours + (WIN if ours - theirs > extra else 0)
            hi = ours + extra + (0 if theirs - ours > extra else WIN)
        else:
            lo, hi = ours, ours + WIN + 240
        key = (hands[0], hands[1], hands[2], hands[3], winner, ours, theirs, won, sung)
        known = self.table.get(key)
        if known is not None:
            lo, hi = max(lo, known[0]), min(hi, known[1])
        if lo >= hi:
            return lo
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        a, b = max(alpha, lo), min(beta, hi)
        v = self.value(hands, winner, winner, 0, (), 0, (ours, theirs, won, sung, done, left), a, b)
        if v <= a:
            hi = v
        elif v >= b:
            lo = v
        else:
            lo = hi = v
        self.table[key] = (lo, hi)
        return v


def card_values(view: SeatView, world: list[int], cards: list[int], game: Valued | None = None) -> list[int]:
    """For each of ``cards`` (the seat's, legal now): its exact value in ``world`` (four hands as masks, the
    seat's own among them), ``WIN * won + points`` for the seat's pair."""
    us, trick = view.pair, view.trick
    game = game or Valued(view.trump, view.rules, us)
    points = (view.tantos[0] + view.cante_points[0], view.tantos[1] + view.cante_points[1])
    everything = world[0] | world[1] | world[2] | world[3]
    left = sum(TANTOS_OF[c] for c in range(40) if everything >> c & 1) + sum(TANTOS_OF[c] for c in trick)
    rest = (points[us], points[1 - us], view.won, view.sung, len(view.tricks), left)
    out = []
    for c in cards:
        hands = world[:]
        seat = view.seat
        played = (*trick, c)
        hands[seat] ^= 1 << c
        state = trick_state(played, view.trump)
        pts = sum(TANTOS_OF[x] for x in played)
        if len(played) == 4:
            v = game.after(hands, (view.leader + state[3]) & 3, pts, rest, -_INF, _INF)
        else:
            v = game.value(hands, (seat + 1) & 3, view.leader, len(played), state, pts, rest, -_INF, _INF)
        out.append(v)
    return out
