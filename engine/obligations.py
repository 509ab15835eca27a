"""What a player may play: the legal cards, the obligation that applies, and why for every card.

``legal_mask`` is the hot path (bit masks only); ``ruling`` builds the full explanation on top of it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import CARDS, NAME_OF, SUIT_MASKS, Card, Suit
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
    if rules.excepcion_companero and len(trick) >= 2 and winner == len(trick) - 2:
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
    why: str


@dataclass(frozen=True, slots=True)
class Ruling:
    """The full ruling for one player about to play: legal cards, obligation, rule ids, a verdict per card."""

    legal: tuple[Card, ...]
    obligation: str
    rule_ids: tuple[str, ...]
    verdicts: tuple[CardVerdict, ...]
    explanation: str
    variants: tuple[str, ...]  # section-9 switches that decided this ruling
    winning_index: int | None  # index in the trick of the card winning so far
    partner_winning: bool

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


def _list(cards: Sequence[int]) -> str:
    names = [the(c) for c in cards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " o " + names[-1]


def ruling(hand: Sequence[int], trick: Sequence[int], trump: int, rules: TableRules = GUIA) -> Ruling:
    """Rule on every card of ``hand`` given the ``trick`` so far, the trump suit and the table's rules."""
    trump = Suit(trump)
    hand = [CARDS[c] for c in hand]
    hand_mask = 0
    for c in hand:
        hand_mask |= 1 << c
    legal = legal_mask(hand_mask, trick, trump, rules)
    legal_list = tuple(c for c in hand if legal >> c & 1)
    if not trick:
        why = "Sí: eres mano y puedes salir con cualquier carta."
        return Ruling(
            legal_list,
            "salida",
            ("R-TRICK-1",),
            tuple(CardVerdict(c, True, why) for c in hand),
            "Eres mano: sales tú y puedes jugar cualquier carta de tu mano.",
            (),
            None,
            False,
        )
    builder = _Explainer(hand, hand_mask, legal, trick, trump, rules)
    return builder.build(legal_list)


class _Explainer:
    def __init__(self, hand, hand_mask, legal, trick, trump, rules):
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

    def build(self, legal_list: tuple[Card, ...]) -> Ruling:
        led, trump = self.led, self.trump
        lead_txt = f"Sale {the(self.lead)}"
        if self.high_trump >= 0 and led != trump:
            situation = f"{lead_txt} y la baza ya está cortada con {the(self.high_trump)}."
        elif led == trump:
            situation = f"{lead_txt}: la salida es de triunfo ({trump.label})."
        else:
            situation = f"{lead_txt} y nadie ha echado triunfo."
        if self.rules.excepcion_companero and self.partner_winning:
            return self._companero(legal_list, situation)
        if self.have_led:
            return self._follow(legal_list, situation)
        return self._no_led(legal_list, situation)

    def _ruling(self, legal_list, obligation, ids, verdicts, explanation, variants=()):
        if self.partner_winning and obligation in ("montar", "fallar", "pisar"):
            ids = (*ids, "R-OBL-PAREJA")
            explanation += " Que tu compañero vaya ganando no te libra de la obligación."
        return Ruling(
            legal_list,
            obligation,
            ids,
            tuple(verdicts),
            explanation,
            tuple(variants),
            self.winner,
            self.partner_winning,
        )

    def _follow(self, legal_list, situation):
        led, trump = self.led, self.trump
        cut = self.high_trump >= 0 and led != trump
        suit_txt = led.label
        if cut and not self.rules.montar_tras_fallo:
            verdicts = []
            for c in self.hand:
                if self.legal >> c & 1:
                    why = (
                        f"Sí: es de {suit_txt} y la baza ya está cortada con {the(self.high_trump)}, "
                        f"así que no hace falta montar."
                    )
                elif c // 10 == trump:
                    why = (
                        f"No: tienes {suit_txt}; aunque la baza esté cortada, debes asistir "
                        f"y no puedes echar triunfo."
                    )
                else:
                    why = f"No: tienes {suit_txt}; debes asistir."
                verdicts.append(CardVerdict(c, bool(self.legal >> c & 1), why))
            explanation = (
                f"{situation} Tienes {suit_txt}, así que debes asistir; como la baza ya está "
                f"cortada, no tienes que montar: vale cualquiera de tus {suit_txt}."
            )
            return self._ruling(
                legal_list, "asistir", ("R-OBL-ASISTIR", "R-OBL-CORTADA"), verdicts, explanation
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
        variant_txt = " (en esta mesa hay que montar aunque la baza esté cortada)" if cut else ""
        verdicts = []
        if beaters:
            for c in self.hand:
                if self.legal >> c & 1:
                    why = f"Sí: es de {suit_txt} y supera {to_the(target)}; asistes y montas{variant_txt}."
                elif c // 10 == led:
                    why = (
                        f"No: tienes {suit_txt} y {_list(beaters)} supera{'n' if len(beaters) > 1 else ''} "
                        f"{to_the(target)}; debes montar{variant_txt}."
                    )
                elif c // 10 == trump:
                    why = f"No: tienes {suit_txt}; debes asistir y montar, no echar triunfo."
                else:
                    why = f"No: tienes {suit_txt}; debes asistir y montar."
                verdicts.append(CardVerdict(c, bool(self.legal >> c & 1), why))
            several = sum(1 for c in self.trick if c // 10 == led) > 1
            target_txt = (
                f"la carta de {suit_txt} más fuerte de la baza ({the(target)})" if several else the(target)
            )
            explanation = (
                f"{situation} Tienes {suit_txt}, así que debes asistir, y como puedes superar "
                f"{target_txt}, debes montar{variant_txt}: "
                f"solo vale{'n' if len(beaters) > 1 else ''} {_list(beaters)}."
            )
            return self._ruling(legal_list, "montar", ids, verdicts, explanation, variants)
        for c in self.hand:
            if self.legal >> c & 1:
                why = (
                    f"Sí: es de {suit_txt}; ninguna de tus cartas de {suit_txt} supera {to_the(target)}, "
                    f"así que basta con asistir."
                )
            elif c // 10 == trump:
                why = f"No: tienes {suit_txt}; debes asistir, no echar triunfo."
            else:
                why = f"No: tienes {suit_txt}; debes asistir."
            verdicts.append(CardVerdict(c, bool(self.legal >> c & 1), why))
        explanation = (
            f"{situation} Tienes {suit_txt}, así que debes asistir; ninguna supera {to_the(target)}, "
            f"así que no puedes montar y vale cualquiera de tus cartas de {suit_txt}."
        )
        return self._ruling(legal_list, "asistir", ids, verdicts, explanation, variants)

    def _no_led(self, legal_list, situation):
        led, trump = self.led, self.trump
        no_led = f"no tienes {led.label}"
        if not self.have_trump:
            nothing = f"no tienes triunfo ({trump.label})" if led == trump else f"{no_led} ni triunfo"
            why_ok = f"Sí: {nothing}; puedes jugar cualquier carta."
            verdicts = [CardVerdict(c, True, why_ok) for c in self.hand]
            first = (
                "R-OBL-TRIUNFO-SALIDA"
                if led == trump
                else ("R-OBL-PISAR" if self.high_trump >= 0 else "R-OBL-FALLAR")
            )
            explanation = (
                f"{situation} {nothing.capitalize()}, así que no puedes asistir ni fallar: "
                f"puedes jugar cualquier carta."
            )
            return self._ruling(legal_list, "libre", (first, "R-OBL-LIBRE"), verdicts, explanation)
        if self.high_trump < 0:
            verdicts = []
            for c in self.hand:
                if self.legal >> c & 1:
                    why = f"Sí: {no_led} y es triunfo; fallas."
                else:
                    why = f"No: {no_led} pero tienes triunfo ({trump.label}); debes fallar."
                verdicts.append(CardVerdict(c, bool(self.legal >> c & 1), why))
            explanation = (
                f"{situation} Como {no_led} y tienes triunfo, debes fallar: vale cualquiera de "
                f"tus {trump.label}."
            )
            return self._ruling(legal_list, "fallar", ("R-OBL-FALLAR",), verdicts, explanation)
        top = self.high_trump
        overs = [c for c in self.hand if c // 10 == trump and c > top]
        if overs:
            verdicts = []
            for c in self.hand:
                if self.legal >> c & 1:
                    why = f"Sí: {the(c)} supera {to_the(top)}; pisas."
                elif c // 10 == trump:
                    why = (
                        f"No: {the(c)} no supera {to_the(top)} y tienes un triunfo que sí "
                        f"({_list(overs)}); debes pisar."
                    )
                else:
                    why = f"No: {no_led} y tienes un triunfo que supera {to_the(top)}; debes pisar."
                verdicts.append(CardVerdict(c, bool(self.legal >> c & 1), why))
            explanation = (
                f"{situation} Como {no_led} y puedes superar {to_the(top)} con triunfo, debes "
                f"pisar: solo vale{'n' if len(overs) > 1 else ''} {_list(overs)}."
            )
            return self._ruling(legal_list, "pisar", ("R-OBL-PISAR",), verdicts, explanation)
        if self.rules.fallar_sin_pisar:
            verdicts = []
            for c in self.hand:
                if self.legal >> c & 1:
                    why = (
                        f"Sí: no puedes pisar {to_the(top)}, pero en esta mesa hay que echar triunfo "
                        f"aunque sea menor."
                    )
                else:
                    why = f"No: {no_led} y tienes triunfo; en esta mesa debes echarlo aunque no pises."
                verdicts.append(CardVerdict(c, bool(self.legal >> c & 1), why))
            explanation = (
                f"{situation} {no_led.capitalize()} y ningún triunfo tuyo supera {to_the(top)}; en "
                f"esta mesa (fallar sin pisar) aun así debes echar un triunfo."
            )
            return self._ruling(
                legal_list,
                "fallar",
                ("R-OBL-PISAR", "R-VAR-FALLAR-SIN-PISAR"),
                verdicts,
                explanation,
                ("fallar_sin_pisar",),
            )
        why_ok = f"Sí: {no_led} y ningún triunfo tuyo supera {to_the(top)}; puedes jugar cualquier carta."
        verdicts = [CardVerdict(c, True, why_ok) for c in self.hand]
        explanation = (
            f"{situation} {no_led.capitalize()} y no puedes pisar {to_the(top)}: no estás obligado "
            f"a fallar y puedes jugar cualquier carta, también un triunfo menor."
        )
        return self._ruling(legal_list, "libre", ("R-OBL-PISAR", "R-OBL-LIBRE"), verdicts, explanation)

    def _companero(self, legal_list, situation):
        led = self.led
        partner_txt = f"tu compañero va ganando con {the(self.trick[self.winner])}"
        variants = ("excepcion_companero",)
        if self.have_led:
            verdicts = []
            for c in self.hand:
                if self.legal >> c & 1:
                    why = f"Sí: {partner_txt}; en esta mesa basta con asistir."
                else:
                    why = f"No: tienes {led.label}; aunque {partner_txt}, debes asistir."
                verdicts.append(CardVerdict(c, bool(self.legal >> c & 1), why))
            explanation = (
                f"{situation} {partner_txt.capitalize()}: en esta mesa (excepción del compañero) "
                f"basta con asistir, sin montar."
            )
            return self._ruling(
                legal_list, "asistir", ("R-OBL-ASISTIR", "R-VAR-COMPANERO"), verdicts, explanation, variants
            )
        why_ok = f"Sí: {partner_txt} y no tienes {led.label}; en esta mesa puedes jugar cualquier carta."
        verdicts = [CardVerdict(c, True, why_ok) for c in self.hand]
        explanation = (
            f"{situation} {partner_txt.capitalize()} y no tienes {led.label}: en esta mesa "
            f"(excepción del compañero) no tienes que fallar ni pisar."
        )
        return self._ruling(legal_list, "libre", ("R-VAR-COMPANERO",), verdicts, explanation, variants)
