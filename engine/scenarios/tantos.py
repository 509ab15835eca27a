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


def moments(tricks: dict[str, int], last: str) -> dict[str, int]:
    """Moments each pair had to sing: its tricks but the tenth, after which nobody leads again (R-CANTE-2)."""
    return {p: tricks[p] - (1 if last == p else 0) for p in "AB"}


def _sang(cantes: list[dict], seat: int) -> int:
    return sum(1 for x in cantes if x["seat"] == seat)


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " y " + items[-1] if items else ""


def _bazas(n: int) -> str:
    return "1 baza" if n == 1 else f"{n} bazas"


def _cante_plans(trump: int, tricks: dict[str, int]):
    """Every way the four suits may have been sung: each once at most, by a pair that had a moment to sing
    them, at most one cante per player and moment (R-CANTE-2)."""
    for owners in product((None, "A", "B"), repeat=4):
        if sum(o is not None for o in owners) > 2:
            continue
        for last in "AB":
            if tricks[last] == 0:
                continue
            free = moments(tricks, last)
            if all(owners.count(p) <= 2 * free[p] for p in "AB"):
                yield owners, last


def _position(rng, trump, a, b, owners, last) -> dict:
    cantes: dict[str, list] = {"A": [], "B": []}
    free = moments({"A": len(a) // 4, "B": len(b) // 4}, last)
    for suit, owner in enumerate(owners):
        if owner is not None:
            seats = [s for s in ((0, 2) if owner == "A" else (1, 3)) if _sang(cantes[owner], s) < free[owner]]
            seat = rng.choice(seats)
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
        # Aimed at the total below level 3, no cantes: the lessons count las diez de últimas (unit 14)
        # before they teach the cantes (unit 15).
        no_cantes = target == "R-SCORE-1" and difficulty < 3
        sung = [] if no_cantes else rng.sample(range(4), rng.randint(0, 2))
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
    sung_txt = _and([cante_name(Suit.parse(x["suit"]), trump) for x in position["cantes"]["A"]])
    cantes_txt = f"ha cantado {sung_txt}" if sung_txt else "no ha cantado"
    last_txt = "ha ganado" if last == "A" else "no ha ganado"
    question = (
        f"{trump_text(trump)} La pareja A ha ganado {_bazas(tricks_a)} con las cartas que ves, {cantes_txt} "
        f"y {last_txt} la última baza. ¿Cuántos tantos suma en total?"
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
    tricks_a = 5 if target == "R-SCORE-2" or rng.random() < 0.35 else rng.randint(1, 9)
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
        if target == "R-SCORE-2" and (any(owners) or diff == 0):
            continue  # five tricks each, no cantes: the lessons teach R-SCORE-2 (unit 13) before them
        if abs(diff) <= 20 or target == "R-SCORE-2":
            plans.append((owners, last))
    if not plans:  # no close finish possible: any plan, and the question still stands
        plans = list(_cante_plans(trump, tricks))
    owners, last = rng.choice(plans)
    position = _position(rng, trump, a, b, owners, last)

    def cantes_of(p):
        return _and([cante_name(Suit.parse(x["suit"]), trump) for x in position["cantes"][p]]) or "nada"

    question = (
        f"{trump_text(trump)} Al acabar la mano, la pareja A tiene {_bazas(tricks['A'])} y la B, "
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
