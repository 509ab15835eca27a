"""Positions where one player is about to play: the `jugada`, `validas` and `obligacion` families.

A position is drawn from a real hand (random deal, random legal play) at a decision point that fits the
situation asked for; when a few hands offer none, it is built on the first trick from a template.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import CODE_OF, SUIT_MASKS, Suit, cards_of, pick
from engine.obligations import ABOVE, legal_mask, ruling
from engine.rules import GUIA, TableRules, switched_off
from engine.scenarios.common import (
    card_options,
    describe_trick,
    sorted_codes,
    trick_state,
    trump_text,
)
from engine.scenarios.model import Option, Scenario, ScenarioError
from engine.scenarios.sim import play_hand

# Situation tags of a decision point (bit flags).
SALIDA, ILLEGAL, VARIANT, PARTNER, EXCEPTION, CUT, FOLLOW, TRUMP_LEAD = (1 << i for i in range(8))
CUT_BEATER, STRONG_NOT_LEAD, LOW_TRUMP, PAREJA_CITED = (1 << i for i in range(8, 12))
O_MONTAR, O_ASISTIR, O_FALLAR, O_PISAR, O_LIBRE = (1 << i for i in range(12, 17))

# kind -> (tags that must all be present, tags that must all be absent)
KINDS: dict[str, tuple[int, int]] = {
    "salida": (SALIDA, 0),
    "asistir": (O_ASISTIR | ILLEGAL, CUT | TRUMP_LEAD | EXCEPTION | STRONG_NOT_LEAD),
    "montar": (O_MONTAR | ILLEGAL, CUT | TRUMP_LEAD | STRONG_NOT_LEAD | EXCEPTION),
    "fallar": (O_FALLAR | ILLEGAL, CUT | EXCEPTION),
    "cortada": (CUT | FOLLOW | ILLEGAL, EXCEPTION),
    "pareja": (PAREJA_CITED | ILLEGAL, 0),
    "pisar": (O_PISAR | ILLEGAL, EXCEPTION),
    "libre": (O_LIBRE, LOW_TRUMP | EXCEPTION | TRUMP_LEAD),
    "cortada_montar": (CUT | FOLLOW | CUT_BEATER | ILLEGAL, EXCEPTION),
    "montar_fuerte": (STRONG_NOT_LEAD | ILLEGAL, EXCEPTION),
    "triunfo_salida": (TRUMP_LEAD | FOLLOW | ILLEGAL, EXCEPTION),
    "libre_menor": (LOW_TRUMP, EXCEPTION),
    "variante": (VARIANT, 0),
}
LEVEL_KINDS = {
    1: ("asistir", "montar", "fallar"),
    2: ("cortada", "pareja", "pisar", "montar", "fallar", "asistir"),
    3: ("cortada_montar", "montar_fuerte", "triunfo_salida", "libre_menor", "variante"),
}
# Earliest trick (0-based) to draw from, by difficulty: level 1 uses short hands.
MIN_TRICK = {1: 5, 2: 1, 3: 0}

# target rule id -> kinds that exercise it, by difficulty (the others are tried after them).
TARGET_KINDS: dict[str, dict[int, tuple[str, ...]]] = {
    "R-TRICK-1": {1: ("salida",), 2: ("salida",), 3: ("salida",)},
    "R-OBL-ASISTIR": {1: ("asistir",), 2: ("cortada", "asistir"), 3: ("triunfo_salida", "montar_fuerte")},
    "R-OBL-MONTAR": {1: ("montar",), 2: ("montar",), 3: ("montar_fuerte", "cortada_montar")},
    "R-OBL-CORTADA": {1: ("cortada",), 2: ("cortada",), 3: ("cortada_montar",)},
    "R-OBL-TRIUNFO-SALIDA": {1: ("triunfo_salida",), 2: ("triunfo_salida",), 3: ("triunfo_salida",)},
    "R-OBL-FALLAR": {1: ("fallar",), 2: ("fallar",), 3: ("fallar", "libre_menor")},
    "R-OBL-PISAR": {1: ("pisar",), 2: ("pisar",), 3: ("libre_menor", "pisar")},
    # level 3: only the low trump that does not pisar (the lesson step on it checks every question)
    "R-OBL-LIBRE": {1: ("libre",), 2: ("libre",), 3: ("libre_menor",)},
    "R-OBL-PAREJA": {1: ("pareja",), 2: ("pareja",), 3: ("pareja",)},
    "R-VAR-MONTAR-TRAS-FALLO": {1: ("cortada_montar",), 2: ("cortada_montar",), 3: ("cortada_montar",)},
    "R-VAR-FALLAR-SIN-PISAR": {1: ("libre_menor",), 2: ("libre_menor",), 3: ("libre_menor",)},
    "R-VAR-COMPANERO": {1: ("pareja",), 2: ("pareja",), 3: ("pareja",)},
}
# Aimed at a rule, a position brings in no partner winning the trick (the ruling would add R-OBL-PAREJA)
# unless that is the target: the partner is the pareja kind's own point, taught after the obligations.
PAREJA_TARGETS = ("R-OBL-PAREJA", "R-VAR-COMPANERO")
PLAY_SWITCHES = ("montar_tras_fallo", "fallar_sin_pisar", "excepcion_companero")
VARIANT_KIND = {
    "montar_tras_fallo": "cortada_montar",
    "fallar_sin_pisar": "libre_menor",
    "excepcion_companero": "pareja",
}

OBLIGATION_LABELS = {
    "montar": "Montar: asistir con una carta que supere",
    "asistir": "Asistir: seguir el palo de salida",
    "fallar": "Fallar: echar triunfo",
    "pisar": "Pisar: echar un triunfo mayor",
    "libre": "Libre: cualquier carta",
}
MAIN_ID = {
    "salida": "R-TRICK-1",
    "montar": "R-OBL-MONTAR",
    "asistir": "R-OBL-ASISTIR",
    "fallar": "R-OBL-FALLAR",
    "pisar": "R-OBL-PISAR",
    "libre": "R-OBL-LIBRE",
}


def play_targets(family: str, rules: TableRules = GUIA) -> tuple[str, ...]:
    """Rule ids a play family can aim at under these table rules."""
    off = switched_off(rules)
    return tuple(
        t for t in TARGET_KINDS if t not in off and not (family == "obligacion" and t == "R-TRICK-1")
    )


def tags(hand: int, trick: Sequence[int], trump: int, rules: TableRules) -> int:
    """Situation tags of the player holding ``hand`` (a mask) about to play on ``trick``."""
    if not trick:
        return SALIDA
    legal = legal_mask(hand, trick, trump, rules)
    t = ILLEGAL if legal != hand else 0
    if rules != GUIA and legal != legal_mask(hand, trick, trump, GUIA):
        t |= VARIANT
    led, high_led, high_trump, winner = trick_state(trick, trump)
    partner_winning = len(trick) >= 2 and winner == len(trick) - 2
    exception = partner_winning and rules.excepcion_companero
    if partner_winning:
        t |= PARTNER
    if exception:
        t |= EXCEPTION | PAREJA_CITED
    cut = high_trump >= 0 and led != trump
    if cut:
        t |= CUT
    have_led = hand & SUIT_MASKS[led]
    if have_led:
        t |= FOLLOW
        if led == trump:
            t |= TRUMP_LEAD
        beaters = have_led & ABOVE[high_led]
        if cut and beaters:
            t |= CUT_BEATER
        if (
            not cut
            and led != trump
            and high_led != trick[0]
            and have_led & ABOVE[trick[0]] & ~ABOVE[high_led]
        ):
            t |= STRONG_NOT_LEAD
        if exception or (cut and not rules.montar_tras_fallo) or not beaters:
            t |= O_ASISTIR
        else:
            t |= O_MONTAR | (PAREJA_CITED if partner_winning else 0)
        return t
    have_trump = hand & SUIT_MASKS[trump]
    if exception or not have_trump:
        return t | O_LIBRE | (TRUMP_LEAD if led == trump else 0)
    if high_trump < 0:
        return t | O_FALLAR | (PAREJA_CITED if partner_winning else 0)
    if have_trump & ABOVE[high_trump]:
        return t | O_PISAR | (PAREJA_CITED if partner_winning else 0)
    t |= LOW_TRUMP
    if rules.fallar_sin_pisar:
        return t | O_FALLAR | (PAREJA_CITED if partner_winning else 0)
    return t | O_LIBRE


def fits(t: int, kind: str, avoid_also: int = 0) -> bool:
    need, avoid = KINDS[kind]
    return t & need == need and not t & (avoid | avoid_also)


def _aim_avoids(target: str | None) -> int:
    return PAREJA_CITED if target is not None and target not in PAREJA_TARGETS else 0


@dataclass(frozen=True, slots=True)
class Spot:
    """A decision point: the four hands now (masks), the trick so far and how the hand got here."""

    trump: int
    trump_card: int | None
    dealer: int
    leader: int
    viewer: int
    hands: tuple[int, int, int, int]
    trick: tuple[int, ...]
    history: tuple[tuple[int, tuple[int, ...], int], ...]  # (leader, cards, winner) of earlier tricks


def _kinds_for(difficulty: int, rules: TableRules, target: str | None, rng: random.Random) -> list[list[str]]:
    """Groups of kinds to try in turn: the difficulty's own first, then any other that hits the target."""
    if target is not None:
        first = list(TARGET_KINDS[target][difficulty])
        rest = [k for d in (1, 2, 3) for k in TARGET_KINDS[target][d] if k not in first]
        return [first, list(dict.fromkeys(rest))] if rest else [first]
    kinds = [k for k in LEVEL_KINDS[difficulty] if k != "variante" or _play_switches(rules)]
    return [[rng.choice(kinds)]]


def _play_switches(rules: TableRules) -> list[str]:
    return [s for s in PLAY_SWITCHES if getattr(rules, s)]


def _cites(spot: Spot, rules: TableRules, target: str | None) -> bool:
    if target is None:
        return True
    hand = cards_of(spot.hands[spot.viewer])
    return target in ruling(hand, spot.trick, spot.trump, rules).rule_ids


def find_spot(
    rng: random.Random, difficulty: int, rules: TableRules, target: str | None, tries: int = 3
) -> tuple[Spot, str]:
    """A decision point fitting the difficulty (and target): scan simulated hands, then build one."""
    groups = _kinds_for(difficulty, rules, target, rng)
    for kinds in groups:
        found = _scan(rng, difficulty, rules, target, kinds, tries)
        if found is not None:
            return found
        for kind in kinds:
            for _ in range(3):
                spot = construct(rng, rules, kind, avoid_also=_aim_avoids(target))
                if spot is not None and _cites(spot, rules, target):
                    return spot, kind
    raise ScenarioError(f"no se ha podido construir una posición para {target or groups[0][0]}")


def _scan(rng, difficulty, rules, target, kinds, tries):
    salida = kinds == ["salida"]
    avoid_also = _aim_avoids(target)
    for _ in range(tries):
        record = play_hand(rng, rules)
        trump = int(record.deal.trump)
        matches = []
        for t in range(0 if salida else MIN_TRICK[difficulty], len(record.tricks)):
            tr = record.tricks[t]
            for i in (0,) if salida else (1, 2, 3):
                seat = (tr.leader + i) % 4
                tg = tags(tr.hands_before[seat], tr.cards[:i], trump, rules)
                for n, kind in enumerate(kinds):
                    if fits(tg, kind, avoid_also):
                        matches.append((n, t, i))
                        break
        if not matches:
            continue
        best = min(m[0] for m in matches)
        pool = [m for m in matches if m[0] == best]
        rng.shuffle(pool)
        for _, t, i in pool[:4]:
            spot = _spot_from_record(record, t, i)
            if _cites(spot, rules, target):
                return spot, kinds[best]
    return None


def _spot_from_record(record, t: int, i: int) -> Spot:
    tr = record.tricks[t]
    hands = list(tr.hands_before)
    for j in range(i):
        seat = (tr.leader + j) % 4
        hands[seat] &= ~(1 << tr.cards[j])
    history = tuple((x.leader, x.cards, x.winner) for x in record.tricks[:t])
    d = record.deal
    return Spot(
        int(d.trump),
        d.trump_card,
        d.dealer,
        tr.leader,
        (tr.leader + i) % 4,
        tuple(hands),
        tr.cards[:i],
        history,
    )


# ---------------------------------------------------------------------------------------------
# Constructive fallback: the first trick of a hand, built to order and checked card by card.


class _Retry(Exception):
    pass


def _card(rng: random.Random, suit: int, lo: int, hi: int) -> int:
    lo, hi = max(lo, 0), min(hi, 9)
    if lo > hi:
        raise _Retry
    return suit * 10 + rng.randint(lo, hi)


def _template(rng: random.Random, kind: str, t: int, led: int, x: int, rules: TableRules):
    """(viewer index in the trick, trick cards, cards the viewer must hold, cards it must not hold)."""
    need: list[int] = []
    avoid = 0
    if kind == "variante":
        kind = VARIANT_KIND[rng.choice(_play_switches(rules))]
    if kind == "salida":
        return 0, [], need, avoid
    if kind in ("asistir", "montar", "fallar", "libre"):
        k = rng.randint(1, 2 if kind == "libre" else 3)
        lead = _card(rng, led, 5 if kind == "asistir" else 0, 9 if kind == "asistir" else 6)
        trick = [lead]
        for _ in range(k - 1):
            trick.append(
                _card(rng, led, 0, lead % 10 - 1) if lead % 10 and rng.random() < 0.6 else _card(rng, x, 0, 9)
            )
        if kind == "asistir":
            need = [_card(rng, led, 0, lead % 10 - 1)]
            avoid = ABOVE[lead]
        elif kind == "montar":
            need = [_card(rng, led, lead % 10 + 1, 9)]
        elif kind == "fallar":
            need = [_card(rng, t, 0, 9)]
            avoid = SUIT_MASKS[led]
        else:
            avoid = SUIT_MASKS[led] | SUIT_MASKS[t]
        return k, trick, need, avoid
    if kind in ("cortada", "cortada_montar", "pisar", "libre_menor"):
        k = rng.randint(2, 3)
        lead = _card(rng, led, 0, 8)
        low, high = (0, 6) if kind == "pisar" else (5, 9) if kind == "libre_menor" else (0, 9)
        trump_card = _card(rng, t, low, high)
        trick = (
            [lead, trump_card] if k == 2 or rng.random() < 0.5 else [lead, _card(rng, led, 0, 9), trump_card]
        )
        if len(trick) < k:
            trick.append(_card(rng, led, 0, 9) if rng.random() < 0.5 else _card(rng, x, 0, 9))
        high_led = max(c for c in trick if c // 10 == led)
        if kind == "cortada":
            need = [_card(rng, led, 0, 9)]
        elif kind == "cortada_montar":
            need = [_card(rng, led, high_led % 10 + 1, 9)]
        elif kind == "pisar":
            need = [_card(rng, t, trump_card % 10 + 1, 9)]
            avoid = SUIT_MASKS[led]
        else:
            need = [_card(rng, t, 0, trump_card % 10 - 1)]
            avoid = SUIT_MASKS[led] | ABOVE[trump_card]
        return k, trick, need, avoid
    if kind == "montar_fuerte":
        k = rng.randint(2, 3)
        lead = _card(rng, led, 0, 4)
        strong = _card(rng, led, lead % 10 + 2, 9)
        trick = [lead, strong] if k == 2 or rng.random() < 0.5 else [lead, _card(rng, x, 0, 9), strong]
        if len(trick) < k:
            trick.append(_card(rng, led, 0, strong % 10 - 1))
        need = [_card(rng, led, lead % 10 + 1, strong % 10 - 1)]
        return k, trick, need, avoid
    if kind == "triunfo_salida":
        k = rng.randint(1, 3)
        lead = _card(rng, t, 2, 7)
        trick = [lead] + [
            _card(rng, t, 0, 9) if rng.random() < 0.5 else _card(rng, x, 0, 9) for _ in range(k - 1)
        ]
        high = max(c for c in trick if c // 10 == t)
        need = [_card(rng, t, high % 10 + 1, 9)] if high % 10 < 9 else [_card(rng, t, 0, 9)]
        return k, trick, need, avoid
    if kind == "pareja":
        k = rng.randint(2, 3)
        if k == 2:  # the partner led and is winning
            lead = _card(rng, led, 2, 7)
            trick = [lead, _card(rng, led, 0, lead % 10 - 1) if rng.random() < 0.5 else _card(rng, x, 0, 9)]
        else:
            lead = _card(rng, led, 0, 3)
            partner = _card(rng, led, lead % 10 + 1, 7)
            trick = [
                lead,
                partner,
                _card(rng, led, 0, partner % 10 - 1) if rng.random() < 0.5 else _card(rng, x, 0, 9),
            ]
        high_led = max(c for c in trick if c // 10 == led)
        need = [_card(rng, led, high_led % 10 + 1, 9)]
        return k, trick, need, avoid
    raise ScenarioError(f"tipo de posición desconocido: {kind}")


def construct(
    rng: random.Random, rules: TableRules, kind: str, attempts: int = 60, avoid_also: int = 0
) -> Spot | None:
    """Build a first-trick position of this kind; None if the random attempts all failed."""
    for _ in range(attempts):
        t = rng.randrange(4)
        others = [s for s in range(4) if s != t]
        rng.shuffle(others)
        led, x = others[0], others[1]
        try:
            k, trick, need, avoid = _template(rng, kind, t, led, x, rules)
        except _Retry:
            continue
        spot = fill_spot(rng, rules, t, trick, need, avoid, rng.randrange(4))
        if spot is not None and fits(tags(spot.hands[spot.viewer], spot.trick, t, rules), kind, avoid_also):
            return spot
    return None


def fill_spot(
    rng: random.Random,
    rules: TableRules,
    t: int,
    trick: Sequence[int],
    need: Sequence[int],
    avoid: int,
    leader: int,
) -> Spot | None:
    """Deal the rest of the deck around a first trick so every card in it was legal (None if that failed)."""
    fixed = list(trick) + list(need)
    if len(set(fixed)) != len(fixed):
        return None
    used = 0
    for c in fixed:
        used |= 1 << c
    pool = [c for c in range(40) if not used >> c & 1]
    rng.shuffle(pool)
    k = len(trick)
    viewer = (leader + k) % 4
    hands = [0, 0, 0, 0]
    for i in range(1, k):  # players who already played: their card must have been legal
        seat = (leader + i) % 4
        h = 1 << trick[i]
        rest = []
        for c in pool:
            if h.bit_count() < 10 and legal_mask(h | 1 << c, trick[:i], t, rules) >> trick[i] & 1:
                h |= 1 << c
            else:
                rest.append(c)
        pool = rest
        if h.bit_count() < 10:
            return None
        hands[seat] = h
    h = 0
    for c in need:
        h |= 1 << c
    rest = []
    for c in pool:
        if h.bit_count() < 10 and not avoid >> c & 1:
            h |= 1 << c
        else:
            rest.append(c)
    if h.bit_count() < 10:
        return None
    hands[viewer] = h
    pool = rest
    for j in range(4):
        seat = (leader + j) % 4
        if seat == viewer:
            continue
        if j == 0:
            hands[seat] = 1 << trick[0]
        elif j < k:
            continue
        while hands[seat].bit_count() < 10:
            hands[seat] |= 1 << pool.pop()
    dealer = (leader + 3) % 4
    dealer_trumps = hands[dealer] & SUIT_MASKS[t]
    if not dealer_trumps:
        return None
    trump_card = pick(dealer_trumps, rng)  # R-DEAL-2: the shown card stays with the dealer
    for i, c in enumerate(trick):
        hands[(leader + i) % 4] &= ~(1 << c)
    return Spot(t, trump_card, dealer, leader, viewer, tuple(hands), tuple(trick), ())


# ---------------------------------------------------------------------------------------------


def spot_position(spot: Spot) -> dict:
    """The JSON-safe position of a decision point (layout documented in engine/scenarios/__init__.py)."""
    return {
        "trump": Suit(spot.trump).letter,
        "trump_card": CODE_OF[spot.trump_card] if spot.trump_card is not None else None,
        "dealer": spot.dealer,
        "leader": spot.leader,
        "viewer": spot.viewer,
        "hand": sorted_codes(spot.hands[spot.viewer]),
        "trick": [CODE_OF[c] for c in spot.trick],
        "trick_seats": [(spot.leader + i) % 4 for i in range(len(spot.trick))],
        "hands": [sorted_codes(h) for h in spot.hands],
        "history": [
            {"leader": ld, "cards": [CODE_OF[c] for c in cards], "winner": w} for ld, cards, w in spot.history
        ],
        "trick_number": len(spot.history) + 1,
    }


# The rule that decided a ruling, first: a variant rule or a nuance before the general obligation.
MAIN_FIRST = (
    "R-VAR-COMPANERO",
    "R-VAR-MONTAR-TRAS-FALLO",
    "R-VAR-FALLAR-SIN-PISAR",
    "R-OBL-CORTADA",
    "R-OBL-TRIUNFO-SALIDA",
)


def _ordered_ids(ids: Sequence[str], obligation: str, target: str | None) -> tuple[str, ...]:
    """The ruling's own ids (never one it did not cite), the target or the deciding rule first."""
    main = target if target in ids else next((i for i in MAIN_FIRST if i in ids), MAIN_ID[obligation])
    if main not in ids:
        return tuple(ids)
    return (main, *(i for i in ids if i != main))


def generate_play(family: str, seed: int, difficulty: int, rules: TableRules, target: str | None) -> Scenario:
    """A `jugada`, `validas` or `obligacion` scenario."""
    rng = random.Random(f"{family}:{seed}:{difficulty}")
    spot, _kind = find_spot(rng, difficulty, rules, target)
    return play_scenario(family, spot, seed, difficulty, rules, target)


def play_scenario(
    family: str,
    spot: Spot,
    seed: int,
    difficulty: int,
    rules: TableRules,
    target: str | None = None,
    fixed_id: str | None = None,
) -> Scenario:
    """Pose the question of ``family`` on a decision point."""
    position = spot_position(spot)
    hand = cards_of(spot.hands[spot.viewer])
    r = ruling(hand, spot.trick, spot.trump, rules)
    legal_codes = [c for c in position["hand"] if c in {CODE_OF[x] for x in r.legal}]
    situation = describe_trick(spot.trick, spot.leader, spot.viewer) if spot.trick else "Eres mano: sales tú."
    intro = f"{trump_text(spot.trump)} {situation}"
    if family == "jugada":
        question = f"{intro} ¿Qué carta puedes jugar?"
        kind, options, answer = "card", card_options(position["hand"]), legal_codes
    elif family == "validas":
        question = f"{intro} Marca todas las cartas que puedes jugar."
        kind, options, answer = "cards", card_options(position["hand"]), legal_codes
    else:
        question = f"{intro} ¿Qué obligación tienes?"
        kind = "choice"
        options = tuple(Option(v, label) for v, label in OBLIGATION_LABELS.items())
        answer = r.obligation
    return Scenario(
        family,
        difficulty,
        seed,
        rules,
        _ordered_ids(r.rule_ids, r.obligation, target),
        question,
        kind,
        options,
        position,
        answer,
        fixed_id,
    )
