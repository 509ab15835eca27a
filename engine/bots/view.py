"""What one seat may know of a hand: its own cards and what the table has seen (plays, trump card, cantes).

``seat_view(hand, seat)`` copies only that out of an ``engine.hand.Hand``; every bot decides from a
``SeatView`` and nothing else, so a bot cannot read another seat's cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cantes import CanteOption, allowed_cantes
from engine.cards import FULL_DECK, SUIT_MASKS, Card, Suit, cards_of
from engine.hand import Hand
from engine.obligations import ABOVE, legal_mask, trick_state
from engine.rules import TableRules


@dataclass(frozen=True, slots=True)
class SungCante:
    """A valid cante the table heard: its cards were shown (R-CANTE-3)."""

    after_trick: int
    seat: int
    option: CanteOption


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat's knowledge of a hand. Masks are 40-bit card sets; pairs are indexed 0 (A) and 1 (B)."""

    seat: int
    rules: TableRules
    trump: Suit
    trump_card: Card | None  # the dealer's shown card (R-DEAL-2); None in a Ludoteka first hand
    dealer: int
    first_card: Card | None  # the card the first trick must open with (Ludoteka first hand), else None
    hand: int  # this seat's cards now
    tricks: tuple[tuple[int, ...], ...]  # completed tricks, cards in play order
    leaders: tuple[int, ...]  # who led each completed trick
    winners: tuple[int, ...]  # who won each completed trick
    trick: tuple[int, ...]  # the trick being played, in play order
    leader: int  # who leads (led) the trick being played
    turn: int | None  # whose turn it is; None when the hand is over
    cantes: tuple[SungCante, ...]
    sung: int  # suits sung this hand, 4-bit mask
    sang_now: int  # seats that sang at the current moment, 4-bit mask
    tantos: tuple[int, int]
    cante_points: tuple[int, int]
    won: tuple[int, int]  # tricks won per pair

    # -- derived -------------------------------------------------------------------------------------
    @property
    def partner(self) -> int:
        return (self.seat + 2) & 3

    @property
    def pair(self) -> int:
        return self.seat & 1

    @property
    def trick_no(self) -> int:
        return len(self.tricks) + 1

    def played_by(self, seat: int) -> int:
        """Mask of the cards ``seat`` has played (completed tricks and the current one)."""
        m = 0
        for t, lead in zip(self.tricks, self.leaders, strict=True):
            m |= 1 << t[(seat - lead) & 3]
        if (seat - self.leader) & 3 < len(self.trick):
            m |= 1 << self.trick[(seat - self.leader) & 3]
        return m

    @property
    def played(self) -> int:
        """Mask of every card played so far."""
        m = 0
        for t in self.tricks:
            for c in t:
                m |= 1 << c
        for c in self.trick:
            m |= 1 << c
        return m

    @property
    def unseen(self) -> int:
        """Cards in the other three hands (not ours, not played)."""
        return FULL_DECK & ~self.hand & ~self.played

    def hand_size(self, seat: int) -> int:
        return 10 - self.played_by(seat).bit_count()

    def hand_cards(self) -> list[Card]:
        return cards_of(self.hand)

    def legal_mask(self) -> int:
        """Our legal cards when it is our turn (the same rule as ``Hand.legal_mask``), else 0."""
        if self.turn != self.seat:
            return 0
        if self.trick:
            return legal_mask(self.hand, self.trick, self.trump, self.rules)
        if self.first_card is not None and not self.tricks:
            return self.hand & (1 << self.first_card)
        return self.hand

    def legal(self) -> list[Card]:
        return cards_of(self.legal_mask())

    def allowed_cantes(self) -> tuple[CanteOption, ...]:
        """What we may sing now, after priority (the same rule as ``Hand.allowed_cantes``)."""
        if self.turn is None or self.trick or not self.tricks or (self.winners[-1] ^ self.seat) & 1:
            return ()
        return allowed_cantes(
            self.hand,
            self.trump,
            first_win=self.won[self.pair] == 1,
            sung=self.sung,
            already_sang=bool(self.sang_now >> self.seat & 1),
            rules=self.rules,
        )

    def known(self) -> tuple[int, int, int, int]:
        """Per seat, the unseen cards it is known to hold: an unplayed shown cante card, the unplayed trump card."""
        out = [0, 0, 0, 0]
        out[self.seat] = self.hand
        unseen = self.unseen
        for sc in self.cantes:
            if sc.seat != self.seat:
                for c in sc.option.cards:
                    if unseen >> c & 1:
                        out[sc.seat] |= 1 << c
        if self.trump_card is not None and unseen >> self.trump_card & 1 and self.dealer != self.seat:
            out[self.dealer] |= 1 << self.trump_card
        return out[0], out[1], out[2], out[3]

    def exclusions(self) -> tuple[int, int, int, int]:
        """Per seat (ours too), the cards its plays showed it could not hold when it made them: what every
        seat at the table can infer alike."""
        out = [0, 0, 0, 0]
        rules, trump = self.rules, self.trump
        history = [*zip(self.tricks, self.leaders, strict=True), (self.trick, self.leader)]
        for t, lead in history:
            for j in range(1, len(t)):
                out[(lead + j) & 3] |= excluded(t[:j], t[j], trump, rules)
        return out[0], out[1], out[2], out[3]

    def possible(self) -> tuple[int, int, int, int]:
        """Per seat, the unseen cards it may hold given every play it made was legal (R-OBL-*).

        A card off the led suit shows a void; not beating when the rules made you beat shows you had
        nothing higher; not trumping shows no trump (or none higher). Our own entry is our hand.
        """
        allowed = [self.unseen] * 4
        allowed[self.seat] = self.hand
        rules, trump = self.rules, self.trump
        history = [(t, lead) for t, lead in zip(self.tricks, self.leaders, strict=True)]
        history.append((self.trick, self.leader))
        for t, lead in history:
            for j in range(1, len(t)):
                seat = (lead + j) & 3
                if seat == self.seat:
                    continue
                allowed[seat] &= ~excluded(t[:j], t[j], trump, rules)
        return allowed[0], allowed[1], allowed[2], allowed[3]


def excluded(before: tuple[int, ...], c: int, trump: int, rules: TableRules) -> int:
    """Cards a player cannot have held when they played ``c`` on ``before`` legally (mirrors legal_mask)."""
    return excluded_after(trick_state(before, trump), len(before), c, trump, rules)


def excluded_after(state: tuple[int, int, int, int], n: int, c: int, trump: int, rules: TableRules) -> int:
    """``excluded`` for a play on ``n`` cards whose ``trick_state`` is ``state``."""
    led, high_led, high_trump, winner = state
    suit = c // 10
    if rules.excepcion_companero and n >= 2 and winner == n - 2:
        return SUIT_MASKS[led] if suit != led else 0
    if suit == led:
        if high_trump >= 0 and led != trump and not rules.montar_tras_fallo:
            return 0  # R-OBL-CORTADA: any card of the suit would do
        return ABOVE[high_led] if c < high_led else 0  # R-OBL-MONTAR: nothing higher
    out = SUIT_MASKS[led]  # R-OBL-ASISTIR: void in the led suit
    if suit != trump:
        if high_trump < 0 or rules.fallar_sin_pisar:
            out |= SUIT_MASKS[trump]  # R-OBL-FALLAR: no trump at all
        else:
            out |= ABOVE[high_trump]  # R-OBL-PISAR: no trump that beats
    elif high_trump >= 0 and c < high_trump:
        out |= ABOVE[high_trump]  # a lower trump: could not pisar
    return out


def seat_view(hand: Hand, seat: int) -> SeatView:
    """What ``seat`` may know of ``hand``: its own cards and what was played or shown, nothing else."""
    first_card = hand.first_card if hand.first_card is not None and not hand.tricks else None
    return SeatView(
        seat=seat,
        rules=hand.rules,
        trump=hand.trump,
        trump_card=hand.trump_card if hand.trump_card is None else Card(hand.trump_card),
        dealer=hand.dealer,
        first_card=None if first_card is None else Card(first_card),
        hand=hand.hands[seat],
        tricks=tuple(hand.tricks),
        leaders=tuple(hand.leaders),
        winners=tuple(hand.winners),
        trick=tuple(hand.trick),
        leader=hand.leader,
        turn=hand.turn,
        cantes=tuple(SungCante(d.after_trick, d.seat, d.option) for d in hand.cantes if d.check.valid),
        sung=hand.sung,
        sang_now=hand.sang_now,
        tantos=(hand.tantos[0], hand.tantos[1]),
        cante_points=(hand.cante_points[0], hand.cante_points[1]),
        won=(hand.won[0], hand.won[1]),
    )
