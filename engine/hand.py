"""One hand as a state machine: whose turn, plays checked against the obligations, tricks, cantes, tute and score.

``Hand`` is mutable for speed and cheap to ``copy()``; hands are bit masks, so a play costs a few integer operations.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.cantes import (
    CanteCheck,
    CanteOption,
    CanteOptions,
    HandScore,
    allowed_cantes,
    cante_options,
    check_cante,
    option,
    score_hand,
    score_renuncio,
    score_tute,
)
from engine.cards import CARDS, TANTOS_OF, Card, Suit, cards_of, parse_card, pick
from engine.deal import DOS_DE_OROS, Deal, deal
from engine.messages import Message, Text, Texts
from engine.obligations import CardVerdict, Ruling, legal_mask, ruling, the
from engine.rules import GUIA, TableRules
from engine.tricks import trick_winner


class HandError(ValueError):
    """A move that makes no sense in this state: not your turn, a card you do not hold, the hand is over."""


class IllegalPlay(HandError):
    """A card the obligations forbid (R-OBL-RENUNCIO); ``ruling`` says which cards were legal and why."""

    def __init__(self, seat: int, card: Card, ruling: Ruling):
        self.seat = seat
        self.card = card
        self.ruling = ruling
        why = ruling.verdict(card).message
        #: What a player is told, in the language in force (``str(error)`` speaks Spanish).
        self.text = Message("hand.illegal_play", {"card": int(card), "verdict": why})
        super().__init__(self.text)

    def __str__(self) -> str:
        return str(self.text)


class InvalidCante(HandError):
    """A cante that is not valid at this moment; ``check`` carries the reason."""

    def __init__(self, seat: int, check: CanteCheck):
        self.seat = seat
        self.check = check
        self.text = check.reason
        super().__init__(check.reason)

    def __str__(self) -> str:
        return str(self.text)


@dataclass(frozen=True, slots=True)
class Renuncio:
    """A forbidden card played while a legal one was available (R-OBL-RENUNCIO, R-RENUNCIO-1)."""

    trick: int  # 1..10
    seat: int
    card: Card
    obligation: str
    legal: tuple[Card, ...]
    rule_ids: tuple[str, ...]
    explanation: Text  # the verdict on the card played (a Message: 'No: …')


@dataclass(frozen=True, slots=True)
class Declared:
    """A cante declared after trick ``after_trick`` (1..10) by ``seat``, with its verdict."""

    after_trick: int
    seat: int
    check: CanteCheck

    @property
    def option(self) -> CanteOption:
        return self.check.option


@dataclass(frozen=True, slots=True)
class Tute:
    seat: int
    kind: str  # "reyes" or "caballos"
    after_trick: int


def first_card_ruling(hand: Sequence[int], required: int) -> Ruling:
    """Ruling for the Ludoteka first lead: only the dos de oros (variant primera_mano=ludoteka)."""
    yes = Message("hand.first_lead.ok", {"card": int(required)})
    no = Message("hand.first_lead.no", {"card": int(required)})
    verdicts = tuple(
        CardVerdict(CARDS[c], c == required, yes if c == required else no, yes if c == required else no)
        for c in hand
    )
    explanation = Message("hand.first_lead", {"card": int(required)})
    return Ruling(
        (CARDS[required],),
        "salida",
        ("R-TRICK-1",),
        verdicts,
        Texts([explanation]),
        ("primera_mano",),
        None,
        False,
        (explanation,),
    )


class Hand:
    """The state of one hand; ``play`` and ``declare`` move it on, ``score`` closes it."""

    __slots__ = (
        "rules",
        "trump",
        "dealer",
        "trump_card",
        "start",
        "hands",
        "played",
        "trick",
        "leader",
        "turn",
        "tricks",
        "leaders",
        "winners",
        "tantos",
        "cantes",
        "cante_points",
        "sung",
        "sang_now",
        "tute",
        "renuncios",
        "first_card",
        "won",
        "_legal",
    )

    def __init__(
        self,
        hands: Sequence[Iterable[int]],
        trump: int | str,
        dealer: int = 0,
        rules: TableRules = GUIA,
        *,
        leader: int | None = None,
        trump_card: int | None = None,
        first_card: int | None = None,
    ):
        masks = []
        seen = 0
        for seat_cards in hands:
            m = 0
            for c in seat_cards:
                c = parse_card(c) if isinstance(c, str) else CARDS[c]
                if (seen | m) >> c & 1:
                    raise HandError(f"carta repetida en el reparto: {c.code}")
                m |= 1 << c
            seen |= m
            masks.append(m)
        if len(masks) != 4 or any(bin(m).count("1") != 10 for m in masks):
            raise HandError("una mano necesita cuatro jugadores con diez cartas cada uno (R-DEAL-1)")
        self.rules = rules
        self.trump = Suit.parse(trump)
        self.dealer = dealer
        self.trump_card = trump_card
        self.start = tuple(masks)
        self.hands = masks
        self.played = [0, 0, 0, 0]
        self.trick: list[int] = []
        self.leader = (dealer + 1) % 4 if leader is None else leader  # R-DEAL-3
        self.turn: int | None = self.leader
        self.tricks: list[tuple[int, ...]] = []
        self.leaders: list[int] = []
        self.winners: list[int] = []
        self.tantos = [0, 0]
        self.cantes: list[Declared] = []
        self.cante_points = [0, 0]
        self.sung = 0  # suits sung this hand, 4-bit mask (R-CANTE-3)
        self.sang_now = 0  # seats that sang at the current moment, 4-bit mask (R-CANTE-2)
        self.tute: Tute | None = None
        self.renuncios: list[Renuncio] = []
        self.first_card = first_card
        self.won = [0, 0]  # tricks won per pair
        self._legal = -1  # cached legal mask of the player to play, -1 when not computed

    @classmethod
    def from_deal(cls, d: Deal, rules: TableRules = GUIA) -> Hand:
        """A hand ready to play from a ``Deal`` (a Ludoteka first hand must open with the dos de oros)."""
        return cls(
            d.hands,
            d.trump,
            d.dealer,
            rules,
            leader=d.leader,
            trump_card=d.trump_card,
            first_card=DOS_DE_OROS if d.trump_card is None else None,
        )

    @classmethod
    def new(
        cls, seed: int | random.Random, dealer: int = 0, rules: TableRules = GUIA, *, first_hand: bool = False
    ) -> Hand:
        """Deal with ``seed`` and return the hand ready to play."""
        return cls.from_deal(deal(seed, dealer, rules, first_hand=first_hand), rules)

    def copy(self) -> Hand:
        """An independent copy (lists copied, immutable parts shared)."""
        other = Hand.__new__(Hand)
        for name in Hand.__slots__:
            setattr(other, name, getattr(self, name))
        other.hands = self.hands[:]
        other.played = self.played[:]
        other.trick = self.trick[:]
        other.tricks = self.tricks[:]
        other.leaders = self.leaders[:]
        other.winners = self.winners[:]
        other.tantos = self.tantos[:]
        other.cantes = self.cantes[:]
        other.cante_points = self.cante_points[:]
        other.renuncios = self.renuncios[:]
        other.won = self.won[:]
        return other

    # -- state ---------------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.turn is None

    @property
    def trick_no(self) -> int:
        """The number (1..10) of the trick being played."""
        return len(self.tricks) + 1

    def hand_of(self, seat: int) -> list[Card]:
        """The cards ``seat`` still holds."""
        return cards_of(self.hands[seat])

    def legal_mask(self) -> int:
        """Mask of the legal cards of the player to play (0 when the hand is over)."""
        if self.turn is None:
            return 0
        if self._legal >= 0:
            return self._legal
        hand = self.hands[self.turn]
        if self.trick:
            legal = legal_mask(hand, self.trick, self.trump, self.rules)
        elif self.first_card is not None and not self.tricks:
            legal = hand & (1 << self.first_card)
        else:
            legal = hand
        self._legal = legal
        return legal

    def legal(self) -> list[Card]:
        return cards_of(self.legal_mask())

    def ruling(self) -> Ruling:
        """The full explained ruling for the player to play."""
        if self.turn is None:
            raise HandError("la mano ha terminado")
        hand = cards_of(self.hands[self.turn])
        if self.first_card is not None and not self.tricks and not self.trick:
            return first_card_ruling(hand, self.first_card)
        return ruling(hand, self.trick, self.trump, self.rules)

    # -- playing -------------------------------------------------------------------------------------
    def play(self, c: int | str, *, allow_renuncio: bool = False) -> int | None:
        """Play ``c`` for the player whose turn it is; returns the trick's winning seat when it completes.

        An illegal card raises IllegalPlay, or with ``allow_renuncio`` is played and recorded as a renuncio.
        """
        seat = self.turn
        if seat is None:
            raise HandError("la mano ha terminado")
        if c.__class__ is str:
            c = parse_card(c)
        bit = 1 << c
        hand = self.hands[seat]
        if not hand & bit:
            raise HandError(f"el jugador {seat} no tiene {the(c)}")
        trick = self.trick
        legal = self._legal if self._legal >= 0 else self.legal_mask()
        if not legal & bit:
            r = self.ruling()
            if not allow_renuncio:
                raise IllegalPlay(seat, CARDS[c], r)
            self.renuncios.append(
                Renuncio(
                    len(self.tricks) + 1, seat, CARDS[c], r.obligation, r.legal, r.rule_ids, r.verdict(c).why
                )
            )
        self._legal = -1
        self.hands[seat] = hand ^ bit
        self.played[seat] |= bit
        trick.append(c)
        if len(trick) < 4:
            self.turn = (seat + 1) & 3
            return None
        # The trick is complete: collect it (R-TRICK-2, R-DEAL-3).
        winner = (self.leader + trick_winner(trick, self.trump)) & 3
        self.tricks.append(tuple(trick))
        self.leaders.append(self.leader)
        self.winners.append(winner)
        self.won[winner & 1] += 1
        self.tantos[winner & 1] += (
            TANTOS_OF[trick[0]] + TANTOS_OF[trick[1]] + TANTOS_OF[trick[2]] + TANTOS_OF[trick[3]]
        )
        self.trick = []
        self.leader = winner
        self.sang_now = 0
        self.turn = None if len(self.tricks) == 10 else winner
        return winner

    # -- cantes --------------------------------------------------------------------------------------
    def _moment(self, seat: int) -> tuple[bool, bool]:
        """(the seat's pair won the trick just collected and no card has been led since, it is their first)."""
        if not self.tricks or self.trick or self.turn is None:
            return False, False
        pair = seat & 1
        if self.winners[-1] & 1 != pair:
            return False, False
        return True, self.won[pair] == 1

    def allowed_cantes(self, seat: int) -> tuple[CanteOption, ...]:
        """What ``seat`` may sing now, after priority (fast path; agrees with ``cante_options``)."""
        if self.turn is None or self.trick or not self.tricks or (self.winners[-1] ^ seat) & 1:
            return ()
        return allowed_cantes(
            self.hands[seat],
            self.trump,
            first_win=self.won[seat & 1] == 1,
            sung=self.sung,
            already_sang=bool(self.sang_now >> seat & 1),
            rules=self.rules,
        )

    def _check_args(self, seat: int) -> dict:
        pair_won, first = self._moment(seat)
        return dict(
            pair_won=pair_won,
            first_win=first,
            sung=self.sung,
            already_sang=bool(self.sang_now >> seat & 1),
            played=self.played[seat],
            partner_hand=self.hands[(seat + 2) & 3],
            rules=self.rules,
        )

    def cante_options(self, seat: int) -> CanteOptions:
        """What ``seat`` may sing now and what not, with the reasons (R-CANTE-1..4, R-TUTE-1..2)."""
        return cante_options(self.hands[seat], self.trump, **self._check_args(seat))

    def check(self, seat: int, suit: int | str | None = None, tute: str | None = None) -> CanteCheck:
        """Would singing ``suit`` (or a ``tute``) be valid for ``seat`` now?"""
        return check_cante(
            self.hands[seat], self.trump, option(self.trump, suit, tute), **self._check_args(seat)
        )

    def declare(self, seat: int, suit: int | str | None = None, tute: str | None = None) -> CanteCheck:
        """Sing a cante for ``seat`` now; an invalid one raises InvalidCante. A valid tute ends the hand."""
        if self.turn is None:
            raise HandError("la mano ha terminado")
        result = self.check(seat, suit, tute)
        if not result.valid:
            raise InvalidCante(seat, result)
        self._record(seat, result)
        return result

    def _record(self, seat: int, result: CanteCheck) -> None:
        self.cantes.append(Declared(len(self.tricks), seat, result))
        self.sang_now |= 1 << seat
        if not result.valid:
            return
        opt = result.option
        if opt.tute:
            self.tute = Tute(seat, opt.tute, len(self.tricks))  # R-TUTE-3: the hand ends here
            self.turn = None
        else:
            self.sung |= 1 << opt.suit
            self.cante_points[seat & 1] += opt.points

    # -- the end -------------------------------------------------------------------------------------
    def score(self) -> HandScore:
        """The score of a finished hand with its breakdown (R-SCORE-1..3, R-TUTE-3, R-RENUNCIO-1)."""
        if self.turn is not None:
            raise HandError("la mano no ha terminado")
        ultimas = self.winners[-1] & 1 if len(self.tricks) == 10 else None
        if self.renuncios:
            return score_renuncio(
                self.tantos, self.cante_points, ultimas, self.renuncios[0].seat & 1, self.rules.renuncio
            )
        if self.tute is not None:
            return score_tute(self.tantos, self.cante_points, self.tute.seat & 1)
        return score_hand(self.tantos, self.cante_points, ultimas)

    def record(self) -> dict:
        """The hand as a referee record (the JSON of ``python -m engine referee``)."""
        out = {
            "rules": self.rules.to_dict(),
            "dealer": self.dealer,
            "trump": self.trump.letter,
            "tricks": [[CARDS[c].code for c in t] for t in self.tricks],
            "cantes": [
                {
                    "after_trick": d.after_trick,
                    "seat": d.seat,
                    **({"tute": d.option.tute} if d.option.tute else {"suit": d.option.suit.letter}),
                }
                for d in self.cantes
            ],
            "hands": {str(s): [c.code for c in cards_of(self.start[s])] for s in range(4)},
        }
        if self.first_card is not None:
            out["first_hand"] = True
        return out


def random_hand(
    seed: int | random.Random,
    dealer: int = 0,
    rules: TableRules = GUIA,
    *,
    first_hand: bool = False,
    sing: float = 1.0,
    renuncio: float = 0.0,
) -> Hand:
    """Play a whole hand with random legal cards; each allowed cante is sung with probability ``sing``.

    With ``renuncio`` > 0, each play is, with that probability, a random card of the hand (a renuncio when illegal).
    """
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    hand = Hand.new(rng, dealer, rules, first_hand=first_hand)
    while hand.turn is not None:
        seat = hand.turn
        if renuncio and rng.random() < renuncio:
            winner = hand.play(pick(hand.hands[seat], rng), allow_renuncio=True)
        else:
            winner = hand.play(pick(hand.legal_mask(), rng))
        if winner is not None and hand.turn is not None:
            for s in (winner, (winner + 2) & 3):
                options = hand.allowed_cantes(s)
                if options and rng.random() < sing:
                    opt = options[int(rng.random() * len(options))]
                    hand.declare(s, opt.suit, opt.tute)
                    if hand.turn is None:
                        break
    return hand
