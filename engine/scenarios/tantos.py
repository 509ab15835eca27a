"""Counting: the `tantos` family (R-DECK-4, R-SCORE-1..3, R-CANTE-5).

Level 1 counts a pile of won cards, level 2 a pair's total with cantes and las diez de últimas,
level 3 asks which pair wins the hand, with near-ties and ties decided by the last trick.
"""

from __future__ import annotations

import random
from itertools import product

from engine.cantes import CABALLO, REY, HandScore, score_hand
from engine.cards import CODE_OF, TANTOS_OF, Suit
from engine.rules import TableRules
from engine.scenarios.common import CODE_INDEX, cante_name, sorted_codes, trump_text
from engine.scenarios.model import Option, Scenario

TARGETS = ("R-DECK-4", "R-SCORE-1", "R-CANTE-5", "R-SCORE-2", "R-SCORE-3")
TARGET_LEVEL = {"R-DECK-4": 1, "R-SCORE-1": 2, "R-CANTE-5": 2, "R-SCORE-2": 3, "R-SCORE-3": 3}
PAIR_LABELS = {"A": "Pareja A (jugadores 1 y 3)", "B": "Pareja B (jugadores 2 y 4)"}
HAND_OPTIONS = (Option("A", "Gana la pareja A"), Option("B", "Gana la pareja B"), Option("empate", "Empate"))


def pile_tantos(codes_: list[str]) -> int:
    return sum(TANTOS_OF[CODE_INDEX[c]] for c in codes_)


def score(position: dict) -> HandScore:
    """The hand's score by the engine's scorer (R-SCORE-1..3)."""
    return score_hand(
        (pile_tantos(position["piles"]["A"]), pile_tantos(position["piles"]["B"])),
        (
            sum(x["points"] for x in position["cantes"]["A"]),
            sum(x["points"] for x in position["cantes"]["B"]),
        ),
        position["last_trick"],
    )


def totals(position: dict) -> dict[str, int]:
    """Each pair's total: card tantos + cantes + 10 de últimas (R-SCORE-1)."""
    t = score(position).totals
    return {"A": t[0], "B": t[1]}


def hand_winner(position: dict) -> str:
    """'A' or 'B': the higher total, a tie going to the pair that won the last trick (R-SCORE-2, R-SCORE-3)."""
    return "AB"[score(position).winner]


def _split(rng: random.Random, tricks_a: int) -> tuple[list[int], list[int]]:
    deck = list(range(40))
    rng.shuffle(deck)
    return deck[: 4 * tricks_a], deck[4 * tricks_a :]


def _shift(rng: random.Random, a: list[int], b: list[int], want: int) -> bool:
    """Swap one card between the piles so that pile a gains ``want`` tantos; False if no swap does it."""
    pairs = [
        (i, j) for i in range(len(a)) for j in range(len(b)) if TANTOS_OF[b[j]] - TANTOS_OF[a[i]] == want
    ]
    if not pairs:
        return False
    i, j = rng.choice(pairs)
    a[i], b[j] = b[j], a[i]
    return True


def _cante_plans(trump: int, tricks: dict[str, int]):
    """Every way the four suits may have been sung (each once at most, by a pair that won a trick)."""
    for owners in product((None, "A", "B"), repeat=4):
        if any(o is not None and tricks[o] == 0 for o in owners):
            continue
        if sum(o is not None for o in owners) > 2:
            continue
        for last in "AB":
            if tricks[last] == 0:
                continue
            yield owners, last


def _position(rng, trump, a, b, owners, last) -> dict:
    cantes: dict[str, list] = {"A": [], "B": []}
    for suit, owner in enumerate(owners):
        if owner is not None:
            seat = rng.choice((0, 2) if owner == "A" else (1, 3))
            cantes[owner].append(
                {"seat": seat, "suit": Suit(suit).letter, "points": 40 if suit == trump else 20}
            )
    return {
        "trump": Suit(trump).letter,
        "piles": {"A": sorted_codes(a), "B": sorted_codes(b)},
        "tricks": {"A": len(a) // 4, "B": len(b) // 4},
        "cantes": cantes,
        "last_trick": last,
        "viewer": None,
    }


def generate_tantos(seed: int, difficulty: int, rules: TableRules, target: str | None) -> Scenario:
    rng = random.Random(f"tantos:{seed}:{difficulty}")
    if target is not None:
        difficulty_used = TARGET_LEVEL[target]
    else:
        difficulty_used = difficulty
    trump = rng.randrange(4)
    if difficulty_used == 1:
        n = rng.randint(2, 6)
        pile = rng.sample(range(40), 4 * n)
        position = {"trump": Suit(trump).letter, "pile": sorted_codes(pile), "tricks": n, "viewer": None}
        question = (
            f"Tu pareja ha ganado {n} bazas con estas cartas. ¿Cuántos tantos suman las cartas? "
            f"(Sin cantes ni últimas.)"
        )
        return Scenario(
            "tantos",
            difficulty,
            seed,
            rules,
            ("R-DECK-4",),
            question,
            "number",
            (),
            position,
            pile_tantos(position["pile"]),
        )
    if difficulty_used == 2:
        return _level2(rng, seed, difficulty, rules, trump, target)
    return _level3(rng, seed, difficulty, rules, trump, target)


def _level2(rng, seed, difficulty, rules, trump, target) -> Scenario:
    while True:
        tricks_a = rng.randint(2, 8)
        a, b = _split(rng, tricks_a)
        sung = rng.sample(range(4), rng.randint(0, 2))
        if target == "R-CANTE-5":
            if not sung:
                continue
            if not any(c in a for s in sung for c in (REY[s], CABALLO[s])):
                continue
        break
    owners = tuple("A" if s in sung else None for s in range(4))
    last = rng.choice("AB")
    position = _position(rng, trump, a, b, owners, last)
    position["pair"] = "A"
    cantes_txt = (
        ", ".join(cante_name(Suit.parse(x["suit"]), trump) for x in position["cantes"]["A"]) or "ningún cante"
    )
    last_txt = "ha ganado" if last == "A" else "no ha ganado"
    question = (
        f"{trump_text(trump)} La pareja A ha ganado {tricks_a} bazas con las cartas que ves, ha cantado "
        f"{cantes_txt} y {last_txt} la última baza. ¿Cuántos tantos suma en total?"
    )
    ids = ["R-SCORE-1", "R-DECK-4"]
    if any(CODE_OF[c] in position["piles"]["A"] for s in sung for c in (REY[s], CABALLO[s])):
        ids.append("R-CANTE-5")
    if target:
        ids = [target] + [i for i in ids if i != target]
    return Scenario(
        "tantos", difficulty, seed, rules, tuple(ids), question, "number", (), position, totals(position)["A"]
    )


def _level3(rng, seed, difficulty, rules, trump, target) -> Scenario:
    tricks_a = 5 if rng.random() < 0.35 else rng.randint(1, 9)
    a, b = _split(rng, tricks_a)
    tie = target == "R-SCORE-3" or (target is None and rng.random() < 0.3)
    if tie:
        # A tie needs A's card tantos to end in 5 (R-SCORE-3 examples: 75-75, 65+...); move cards until it does.
        need = (5 - sum(TANTOS_OF[c] for c in a)) % 10
        if need and not _shift(rng, a, b, need) and not _shift(rng, a, b, need - 10):
            _shift(rng, a, b, 2) and _shift(rng, a, b, need - 2)
    card_a = sum(TANTOS_OF[c] for c in a)
    tricks = {"A": tricks_a, "B": 10 - tricks_a}
    plans = []
    for owners, last in _cante_plans(trump, tricks):
        ca = sum(40 if s == trump else 20 for s, o in enumerate(owners) if o == "A")
        cb = sum(40 if s == trump else 20 for s, o in enumerate(owners) if o == "B")
        diff = (card_a + ca + (10 if last == "A" else 0)) - (120 - card_a + cb + (10 if last == "B" else 0))
        if tie and diff != 0:
            continue
        if target == "R-SCORE-2" and not (diff != 0 and (card_a > 60) != (diff > 0)):
            continue
        if abs(diff) <= 20:
            plans.append((owners, last))
    if not plans:  # no close finish possible: any plan, and the question still stands
        plans = list(_cante_plans(trump, tricks))
    owners, last = rng.choice(plans)
    position = _position(rng, trump, a, b, owners, last)

    def cantes_of(p):
        return ", ".join(cante_name(Suit.parse(x["suit"]), trump) for x in position["cantes"][p]) or "nada"

    question = (
        f"{trump_text(trump)} Al acabar la mano, la pareja A tiene {tricks['A']} bazas y la B, "
        f"{tricks['B']}, con las cartas que ves. Cantes: pareja A, {cantes_of('A')}; pareja B, "
        f"{cantes_of('B')}. La última baza la ganó la pareja {last}. ¿Quién gana la mano?"
    )
    t = totals(position)
    ids = ["R-SCORE-2", "R-SCORE-1"] + (["R-SCORE-3"] if t["A"] == t["B"] else [])
    if target:
        ids = [target] + [i for i in ids if i != target]
    return Scenario(
        "tantos",
        difficulty,
        seed,
        rules,
        tuple(ids),
        question,
        "choice",
        HAND_OPTIONS,
        position,
        hand_winner(position),
    )
