"""A finished trick and the four hands before it: who reneged? The `renuncio` family (R-RENUNCIO-1).

Nobody at the trick is the learner: every player is named from outside ('el jugador 2 (pareja B)'), and
the feedback speaks of them in the third person (messages ``renuncio.…``, engine/messages/<lang>/)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine import referee
from engine.cards import CODE_OF, SUIT_MASKS, Suit, pick
from engine.deal import deal
from engine.messages import Message, Who, msg
from engine.obligations import ABOVE, legal_mask, ruling
from engine.rules import TableRules
from engine.scenarios.common import CODE_INDEX, sorted_codes, trick_state
from engine.scenarios.misconceptions import diagnose_card, ignored_switch
from engine.scenarios.model import Option, Scenario, ScenarioError
from engine.scenarios.play import CUT, LOW_TRUMP, PARTNER, VARIANT, tags
from engine.tricks import trick_winner

BROKEN_ID = {
    "asistir": "R-OBL-ASISTIR",
    "montar": "R-OBL-MONTAR",
    "fallar": "R-OBL-FALLAR",
    "pisar": "R-OBL-PISAR",
}
LEVEL_KINDS = {
    1: ("asistir", "nadie"),
    2: ("montar", "fallar", "pisar", "asistir"),
    3: ("montar_salida", "nadie_dudosa", "pisar", "nadie_dudosa"),
}
TARGET_KINDS = {
    "R-RENUNCIO-1": ("asistir", "montar", "fallar", "pisar"),
    "R-OBL-RENUNCIO": ("asistir", "montar", "fallar", "pisar"),
    "R-OBL-ASISTIR": ("asistir",),
    "R-OBL-MONTAR": ("montar", "montar_salida"),
    "R-OBL-FALLAR": ("fallar",),
    "R-OBL-PISAR": ("pisar",),
}
TARGETS = tuple(TARGET_KINDS)


def broken(hand: int, trick: Sequence[int], trump: int, c: int, rules: TableRules) -> str | None:
    """The obligation that playing ``c`` from ``hand`` (a mask holding c) on ``trick`` breaks, or None."""
    if not trick or legal_mask(hand, trick, trump, rules) >> c & 1:
        return None
    led, high_led, high_trump, _ = trick_state(trick, trump)
    if hand & SUIT_MASKS[led]:
        return "asistir" if c // 10 != led else "montar"
    if high_trump < 0:
        return "fallar"
    if hand & SUIT_MASKS[trump] & ABOVE[high_trump]:
        return "pisar"
    return "fallar"  # variant fallar_sin_pisar


def check_trick(
    hands_before: Sequence[int], leader: int, trick: Sequence[int], trump: int, rules: TableRules
) -> list[tuple[int, str]]:
    """(seat, broken obligation) for every renuncio in a finished trick, as the referee finds them."""
    found = referee.check_trick(hands_before, leader, trick, trump, rules)
    return [
        (r.seat, broken(hands_before[r.seat], trick[: (r.seat - leader) % 4], trump, int(r.card), rules))
        for r in found
    ]


def _offence(hand: int, prefix: list[int], trump: int, rules: TableRules, kind: str) -> int:
    """Mask of the cards that would commit this kind of renuncio here."""
    illegal = hand & ~legal_mask(hand, prefix, trump, rules)
    if not illegal:
        return 0
    led, high_led, high_trump, _ = trick_state(prefix, trump)
    if kind == "asistir":
        return illegal & ~SUIT_MASKS[led] if hand & SUIT_MASKS[led] else 0
    if kind in ("montar", "montar_salida"):
        if not hand & SUIT_MASKS[led]:
            return 0
        bad = illegal & SUIT_MASKS[led]
        if kind == "montar_salida":
            bad &= ABOVE[prefix[0]] if high_led != prefix[0] else 0
        return bad
    if kind == "fallar":
        return illegal if not hand & SUIT_MASKS[led] and high_trump < 0 else 0
    if kind == "pisar":
        return illegal if not hand & SUIT_MASKS[led] and high_trump >= 0 else 0
    return 0


def _dudosa(hand: int, prefix: list[int], c: int, trump: int, rules: TableRules) -> bool:
    """A legal play that looks like a renuncio: no montar on a cut trick, a free discard, a variant."""
    t = tags(hand, prefix, trump, rules)
    led, high_led, _, _ = trick_state(prefix, trump)
    if t & CUT and c // 10 == led and hand & ABOVE[high_led] & SUIT_MASKS[led] and c < high_led:
        return True
    if t & LOW_TRUMP and c // 10 != trump:
        return True
    if t & (VARIANT | PARTNER) and c // 10 != led and hand & SUIT_MASKS[trump] and c // 10 != trump:
        return True
    return c // 10 not in (led, trump)  # a free discard: no led suit and no trump to play


def _find(rng: random.Random, kind: str, rules: TableRules):
    d = deal(rng, rng.randrange(4), rules)
    trump = int(d.trump)
    hands = [sum(1 << c for c in h) for h in d.hands]
    leader = d.leader
    history = []
    for index in range(10):
        before = tuple(hands)
        trick: list[int] = []
        hit = False
        for i in range(4):
            seat = (leader + i) % 4
            legal = legal_mask(hands[seat], trick, trump, rules)
            c = -1
            if i and not hit and kind not in ("nadie", "nadie_dudosa"):
                bad = _offence(hands[seat], trick, trump, rules, kind)
                if bad and rng.random() < 0.7:
                    c = pick(bad, rng)
                    hit = True
            if c < 0 and i == 0 and kind in ("fallar", "pisar") and rng.random() < 0.8:
                c = _lead_into_voids(rng, hands, seat, trump)
            if c < 0:
                if kind == "nadie_dudosa" and i and not hit:
                    dud = [
                        x
                        for x in range(40)
                        if legal >> x & 1 and _dudosa(hands[seat], trick, x, trump, rules)
                    ]
                    if dud:
                        c = rng.choice(dud)
                        hit = True
                if c < 0:
                    c = pick(legal, rng)
            hands[seat] &= ~(1 << c)
            trick.append(c)
        winner = (leader + trick_winner(trick, trump)) % 4
        if hit or (kind == "nadie" and index >= 1 and rng.random() < 0.3):
            return d, leader, before, trick, history
        history.append({"leader": leader, "cards": [CODE_OF[c] for c in trick], "winner": winner})
        leader = winner
    return None


def _lead_into_voids(rng: random.Random, hands: list[int], leader: int, trump: int) -> int:
    """A lead from the side suit that most of the other players lack (so someone must fallar or pisar)."""
    best, best_n = [], -1
    for s in range(4):
        if s == trump or not hands[leader] & SUIT_MASKS[s]:
            continue
        n = sum(1 for j in range(1, 4) if not hands[(leader + j) % 4] & SUIT_MASKS[s])
        if n > best_n:
            best, best_n = [s], n
        elif n == best_n:
            best.append(s)
    if not best:
        return -1
    return pick(hands[leader] & SUIT_MASKS[rng.choice(best)], rng)


def generate_renuncio(seed: int, difficulty: int, rules: TableRules, target: str | None) -> Scenario:
    rng = random.Random(f"renuncio:{seed}:{difficulty}")
    kinds = TARGET_KINDS[target] if target else LEVEL_KINDS[difficulty]
    kind = rng.choice(kinds)
    for _ in range(40):
        found = _find(rng, kind, rules)
        if found is not None:
            break
    else:
        raise ScenarioError(f"no se ha encontrado una baza con renuncio del tipo {kind}")
    d, leader, before, trick, history = found
    trump = int(d.trump)
    seats = [(leader + i) % 4 for i in range(4)]
    position = {
        "trump": Suit(trump).letter,
        "trump_card": CODE_OF[d.trump_card] if d.trump_card is not None else None,
        "dealer": d.dealer,
        "leader": leader,
        "viewer": None,
        "hands_before": [sorted_codes(h) for h in before],
        "trick": [CODE_OF[c] for c in trick],
        "trick_seats": seats,
        "history": history,
        "trick_number": len(history) + 1,
    }
    offences = check_trick(before, leader, trick, trump, rules)
    answer = str(offences[0][0]) if offences else "nadie"
    # Who reneged is decided by R-OBL-RENUNCIO; the penalty (R-RENUNCIO-1) is cited unless aimed at that alone.
    ids = ["R-OBL-RENUNCIO"] if target == "R-OBL-RENUNCIO" else ["R-RENUNCIO-1", "R-OBL-RENUNCIO"]
    if offences:
        seat = offences[0][0]
        i = (seat - leader) % 4
        r = ruling(sorted(_cards(before[seat])), trick[:i], trump, rules)
        main = BROKEN_ID[offences[0][1]]
        # The ruling's own ids: a variant rule (R-VAR-…) where the table's switch made it a renuncio.
        ids = [main if main in r.rule_ids else r.rule_ids[-1], *ids]
    else:
        r = ruling(sorted(_cards(before[seats[1]])), trick[:1], trump, rules)
        ids += [i for i in r.rule_ids if i not in ids]
    if target:
        ids = [target] + [i for i in ids if i != target]
    plays = {
        f"p{i + 1}": msg("renuncio.play", who=Who.seat(s, None), card=c)
        for i, (s, c) in enumerate(zip(seats, trick, strict=True))
    }
    question = msg("renuncio.question", trump=trump, n=len(history) + 1, **plays)
    options = (Option("nadie", msg("renuncio.nobody")),) + tuple(
        Option(str(s), player_text(s)) for s in seats[1:]
    )
    return Scenario(
        "renuncio",
        difficulty,
        seed,
        rules,
        tuple(dict.fromkeys(ids)),
        question,
        "choice",
        options,
        position,
        answer,
    )


def _cards(mask: int) -> list[int]:
    return [c for c in range(40) if mask >> c & 1]


def renuncio_facts(position: dict) -> tuple[int, list[int], int, list[int]]:
    trump = int(Suit.parse(position["trump"]))
    hands = [sum(1 << CODE_INDEX[c] for c in h) for h in position["hands_before"]]
    trick = [CODE_INDEX[c] for c in position["trick"]]
    return trump, hands, position["leader"], trick


def player_text(seat: int) -> Message:
    """'el jugador 1 (pareja A)': a player of a trick seen from outside (nobody at it is the learner)."""
    return msg("renuncio.player", who=Who.seat(seat, None))


def renuncio_notes(position: dict, rules: TableRules) -> list[tuple[str, Message, bool, Message]]:
    """(option value, label, reneged, why) for each player who followed."""
    trump, hands, leader, trick = renuncio_facts(position)
    notes = []
    for i in range(1, 4):
        seat = (leader + i) % 4
        c = trick[i]
        # The ruling speaks of that player in the third person: nobody at this trick is "tú".
        r = ruling(_cards(hands[seat]), trick[:i], trump, rules, who=Who.seat(seat, None))
        b = broken(hands[seat], trick[:i], trump, c, rules)
        why = msg("renuncio.note", card=c, verdict=r.verdict(c).message)
        notes.append((str(seat), player_text(seat), b is not None, why))
    return notes


def diagnose_renuncio(position: dict, given: str, rules: TableRules) -> str | None:
    trump, hands, leader, trick = renuncio_facts(position)
    offences = check_trick(hands, leader, trick, trump, rules)
    if given != "nadie":
        seat = int(given)
        i = (seat - leader) % 4
        if not any(s == seat for s, _ in offences):
            h, prefix, c = hands[seat], trick[:i], trick[i]
            t = tags(h, prefix, trump, rules)
            led, high_led, _, _ = trick_state(prefix, trump)
            forgot = ignored_switch(rules, lambda r: not legal_mask(h, prefix, trump, r) >> c & 1)
            if forgot:
                return forgot
            if t & CUT and c // 10 == led and c < high_led and not rules.montar_tras_fallo:
                return "monto_baza_cortada"
            if t & LOW_TRUMP and not rules.fallar_sin_pisar:
                return "fallo_sin_poder_pisar"
            return "renuncio_inventado"
    if offences:
        seat, _ = offences[0]
        i = (seat - leader) % 4
        return diagnose_card(hands[seat] & ~(1 << trick[i]), trick[:i], trump, trick[i], rules)
    return None
