"""What a player may play: the legal cards, the obligation that applies, and why for every card.

``legal_mask`` is the hot path (bit masks only); ``ruling`` builds the full explanation on top of it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import CARDS, NAME_OF, SUIT_MASKS, Card, Suit
from engine.messages import Message, Text, Texts, Who, msg
from engine.rules import GUIA, TableRules

# ABOVE[c]: the cards of c's suit that beat c (R-DECK-3).
ABOVE = tuple(SUIT_MASKS[c // 10] & ~((2 << c) - 1) for c in range(40))

OBLIGATIONS = ("salida", "montar", "asistir", "fallar", "pisar", "libre")


def trick_state(trick: Sequence[int], trump: int) -> tuple[int, int, int, int]:
    """(led suit, strongest led-suit card, strongest trump or -1, index of the winning card)."""
    lead = trick[0]
    led = lead // 10
    high_led = lead
    high_trump = lead if led == trump else -1
    winner = 0
    for i in range(1, len(trick)):
        c = trick[i]
        suit = c // 10
        if suit == trump:
            if c > high_trump:
                high_trump = c
                winner = i
                if led == trump:
                    high_led = c  # R-OBL-TRIUNFO-SALIDA: beat the strongest trump, not just the lead
        elif suit == led and c > high_led:
            high_led = c
            if high_trump < 0:
                winner = i
    return led, high_led, high_trump, winner


def legal_mask(hand: int, trick: Sequence[int], trump: int, rules: TableRules = GUIA) -> int:
    """Mask of the cards of ``hand`` (a mask) that may be played on ``trick`` (cards in play order)."""
    if not trick:
        return hand
    led, high_led, high_trump, winner = trick_state(trick, trump)
    return legal_after(hand, len(trick), led, high_led, high_trump, winner, trump, rules)


def legal_after(
    hand: int, n: int, led: int, high_led: int, high_trump: int, winner: int, trump: int, rules: TableRules
) -> int:
    """``legal_mask`` from a trick's state (``trick_state`` of its ``n`` > 0 cards), for searches that keep
    the state as they play instead of working it out again for every card."""
    if rules.excepcion_companero and n >= 2 and winner == n - 2:
        # Variant excepcion_companero: partner's card is winning; following suit is enough.
        return hand & SUIT_MASKS[led] or hand
    have_led = hand & SUIT_MASKS[led]
    if have_led:
        if high_trump >= 0 and led != trump and not rules.montar_tras_fallo:
            return have_led  # R-OBL-CORTADA
        return have_led & ABOVE[high_led] or have_led  # R-OBL-MONTAR / R-OBL-TRIUNFO-SALIDA
    have_trump = hand & SUIT_MASKS[trump]
    if not have_trump:
        return hand  # R-OBL-LIBRE
    if high_trump < 0:
        return have_trump  # R-OBL-FALLAR
    over = have_trump & ABOVE[high_trump]
    if over:
        return over  # R-OBL-PISAR
    return have_trump if rules.fallar_sin_pisar else hand  # R-OBL-LIBRE (or variant)


def legal_cards(
    hand: Sequence[int], trick: Sequence[int], trump: int, rules: TableRules = GUIA
) -> list[Card]:
    """The legal cards of ``hand``, in hand order."""
    mask = 0
    for c in hand:
        mask |= 1 << c
    legal = legal_mask(mask, trick, trump, rules)
    return [CARDS[c] for c in hand if legal >> c & 1]


@dataclass(frozen=True, slots=True)
class CardVerdict:
    card: Card
    legal: bool
    why: Text  # 'Sí: …' / 'No: …': a Message (or a plain string), printed in the language in force
    message: Message | None = None  # ``why`` as data when it is a Message (engine.messages)


@dataclass(frozen=True, slots=True)
class Ruling:
    """The full ruling for one player about to play: legal cards, obligation, rule ids, a verdict per card."""

    legal: tuple[Card, ...]
    obligation: str
    rule_ids: tuple[str, ...]
    verdicts: tuple[CardVerdict, ...]
    explanation: Text  # the sentences of ``messages`` one after another (``str()`` prints them)
    variants: tuple[str, ...]  # section-9 switches that decided this ruling
    winning_index: int | None  # index in the trick of the card winning so far
    partner_winning: bool
    messages: tuple[Message, ...] = ()  # what ``explanation`` says, sentence by sentence

    def verdict(self, c: int) -> CardVerdict:
        for v in self.verdicts:
            if v.card == c:
                return v
        raise KeyError(c)


def the(c: int) -> str:
    """'el rey de copas' / 'la sota de copas'."""
    return ("la " if c % 10 == 5 else "el ") + NAME_OF[c]


def to_the(c: int) -> str:
    """'al rey de copas' / 'a la sota de copas'."""
    return ("a la " if c % 10 == 5 else "al ") + NAME_OF[c]


def ruling(
    hand: Sequence[int], trick: Sequence[int], trump: int, rules: TableRules = GUIA, who: Who | None = None
) -> Ruling:
    """Rule on every card of ``hand`` given the ``trick`` so far, the trump suit and the table's rules;
    the sentences speak to ``who`` (the learner by default, or a player seen from outside)."""
    trump = Suit(trump)
    who = who or Who.you()
    hand = [CARDS[c] for c in hand]
    hand_mask = 0
    for c in hand:
        hand_mask |= 1 << c
    legal = legal_mask(hand_mask, trick, trump, rules)
    legal_list = tuple(c for c in hand if legal >> c & 1)
    if not trick:
        why = msg("play.salida.ok", who=who)
        explanation = (msg("play.salida", who=who),)
        return Ruling(
            legal_list,
            "salida",
            ("R-TRICK-1",),
            tuple(CardVerdict(c, True, why, why) for c in hand),
            Texts(explanation),
            (),
            None,
            False,
            explanation,
        )
    builder = _Explainer(hand, hand_mask, legal, trick, trump, rules, who)
    return builder.build(legal_list)


class _Explainer:
    def __init__(self, hand, hand_mask, legal, trick, trump, rules, who):
        self.hand = hand
        self.legal = legal
        self.trick = trick
        self.trump = trump
        self.rules = rules
        led, high_led, high_trump, winner = trick_state(trick, trump)
        self.led = Suit(led)
        self.high_led = high_led
        self.high_trump = high_trump
        self.winner = winner
        self.partner_winning = len(trick) >= 2 and winner == len(trick) - 2
        self.have_led = hand_mask & SUIT_MASKS[led]
        self.have_trump = hand_mask & SUIT_MASKS[trump]
        self.lead = trick[0]
        self.facts = {"who": who, "led": int(self.led), "trump": int(trump), "lead": self.lead}
        if high_trump >= 0:
            self.facts["top"] = high_trump

    def m(self, message_id: str, **facts) -> Message:
        return Message(message_id, {**self.facts, **facts})

    def build(self, legal_list: tuple[Card, ...]) -> Ruling:
        led, trump = self.led, self.trump
        if self.high_trump >= 0 and led != trump:
            self.situation = self.m("play.situation.cut")
        elif led == trump:
            self.situation = self.m("play.situation.trump_lead")
        else:
            self.situation = self.m("play.situation.plain")
        if self.rules.excepcion_companero and self.partner_winning:
            return self._companero(legal_list)
        if self.have_led:
            return self._follow(legal_list)
        return self._no_led(legal_list)

    def _verdicts(self, why_for) -> list[CardVerdict]:
        out = []
        for c in self.hand:
            message = why_for(c, bool(self.legal >> c & 1))
            out.append(CardVerdict(c, bool(self.legal >> c & 1), message, message))
        return out

    def _ruling(self, legal_list, obligation, ids, verdicts, explanation, variants=()):
        messages = [self.situation, explanation]
        if self.partner_winning and obligation in ("montar", "fallar", "pisar"):
            ids = (*ids, "R-OBL-PAREJA")
            messages.append(self.m("play.partner_no_excuse"))
        return Ruling(
            legal_list,
            obligation,
            ids,
            tuple(verdicts),
            Texts(messages),
            tuple(variants),
            self.winner,
            self.partner_winning,
            tuple(messages),
        )

    def _any_of(self, message_id: str, legal_list, **facts) -> Message:
        """«Vale cualquiera de tus …» when several cards will do; the one card named when it is alone."""
        if len(legal_list) == 1:
            return self.m(message_id + ".one", cards=tuple(legal_list), **facts)
        return self.m(message_id, **facts)

    def _follow(self, legal_list):
        led, trump = self.led, self.trump
        cut = self.high_trump >= 0 and led != trump
        if cut and not self.rules.montar_tras_fallo:

            def why(c, ok):
                if ok:
                    return self.m("play.cortada.ok")
                return self.m("play.cortada.trump" if c // 10 == trump else "play.must_follow")

            return self._ruling(
                legal_list,
                "asistir",
                ("R-OBL-ASISTIR", "R-OBL-CORTADA"),
                self._verdicts(why),
                self._any_of("play.cortada", legal_list),
            )
        if led == trump:
            ids = ("R-OBL-ASISTIR", "R-OBL-TRIUNFO-SALIDA")
        elif cut:  # montar_tras_fallo: R-OBL-MONTAR speaks of a trick nobody has cut
            ids = ("R-OBL-ASISTIR", "R-VAR-MONTAR-TRAS-FALLO")
        else:
            ids = ("R-OBL-ASISTIR", "R-OBL-MONTAR")
        variants = ("montar_tras_fallo",) if cut else ()
        beaters = [c for c in self.hand if self.legal >> c & 1 and c > self.high_led]
        target = self.high_led
        # A nested clause: the variant that makes this table ask for montar, or nothing.
        variant = Message("play.montar.variant" if cut else "play.montar.default")
        if beaters:

            def why(c, ok):
                if ok:
                    return self.m("play.montar.ok", target=target, variant=variant)
                if c // 10 == led:
                    return self.m("play.montar.low", target=target, cards=beaters, variant=variant)
                return self.m("play.montar.trump" if c // 10 == trump else "play.montar.other")

            several = sum(1 for c in self.trick if c // 10 == led) > 1
            beat = Message(
                "play.target.strongest" if several else "play.target.card",
                {"led": int(led), "target": target},
            )
            explanation = self.m("play.montar", beat=beat, cards=beaters, variant=variant)
            return self._ruling(legal_list, "montar", ids, self._verdicts(why), explanation, variants)

        # With a single card of the suit, the verdict speaks of that card, not of «ninguna de tus cartas».
        ok_id = "play.asistir.ok.one" if len(legal_list) == 1 else "play.asistir.ok"

        def why(c, ok):
            if ok:
                return self.m(ok_id, target=target)
            return self.m("play.asistir.trump" if c // 10 == trump else "play.must_follow")

        explanation = self._any_of("play.asistir", legal_list, target=target)
        if ids[1] == "R-OBL-MONTAR" and not any(c // 10 == led and c > self.trick[0] for c in self.hand):
            ids = ids[:1]  # not even the lead is beaten: montar asks for nothing, asistir alone decides
        return self._ruling(legal_list, "asistir", ids, self._verdicts(why), explanation, variants)

    def _no_led(self, legal_list):
        led, trump = self.led, self.trump
        if not self.have_trump:
            nothing = self.m("play.nothing.trump_lead" if led == trump else "play.nothing")
            first = (
                "R-OBL-TRIUNFO-SALIDA"
                if led == trump
                else ("R-OBL-PISAR" if self.high_trump >= 0 else "R-OBL-FALLAR")
            )
            return self._ruling(
                legal_list,
                "libre",
                (first, "R-OBL-LIBRE"),
                self._verdicts(lambda c, ok: self.m("play.libre.none.ok", nothing=nothing)),
                self.m("play.libre.none", nothing=nothing),
            )
        if self.high_trump < 0:
            return self._ruling(
                legal_list,
                "fallar",
                ("R-OBL-FALLAR",),
                self._verdicts(lambda c, ok: self.m("play.fallar.ok" if ok else "play.fallar.no")),
                self._any_of("play.fallar", legal_list),
            )
        top = self.high_trump
        overs = [c for c in self.hand if c // 10 == trump and c > top]
        if overs:

            def why(c, ok):
                if ok:
                    return self.m("play.pisar.ok", card=c)
                if c // 10 == trump:
                    return self.m("play.pisar.low", card=c, cards=overs)
                return self.m("play.pisar.other")

            return self._ruling(
                legal_list, "pisar", ("R-OBL-PISAR",), self._verdicts(why), self.m("play.pisar", cards=overs)
            )
        if self.rules.fallar_sin_pisar:
            return self._ruling(
                legal_list,
                "fallar",
                ("R-OBL-PISAR", "R-VAR-FALLAR-SIN-PISAR"),
                self._verdicts(
                    lambda c, ok: self.m("play.fallar_sin_pisar.ok" if ok else "play.fallar_sin_pisar.no")
                ),
                self.m("play.fallar_sin_pisar"),
                ("fallar_sin_pisar",),
            )
        return self._ruling(
            legal_list,
            "libre",
            ("R-OBL-PISAR", "R-OBL-LIBRE"),
            self._verdicts(lambda c, ok: self.m("play.libre_menor.ok")),
            self.m("play.libre_menor"),
        )

    def _companero(self, legal_list):
        partner = self.trick[self.winner]
        variants = ("excepcion_companero",)
        if self.have_led:
            return self._ruling(
                legal_list,
                "asistir",
                ("R-OBL-ASISTIR", "R-VAR-COMPANERO"),
                self._verdicts(
                    lambda c, ok: self.m(
                        "play.companero.ok" if ok else "play.companero.no", partner_card=partner
                    )
                ),
                self.m("play.companero", partner_card=partner),
                variants,
            )
        return self._ruling(
            legal_list,
            "libre",
            ("R-VAR-COMPANERO",),
            self._verdicts(lambda c, ok: self.m("play.companero.free.ok", partner_card=partner)),
            self.m("play.companero.free", partner_card=partner),
            variants,
        )
