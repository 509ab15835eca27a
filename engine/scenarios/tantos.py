"""Counting: the `tantos` family (R-DECK-4, R-SCORE-1..3, R-CANTE-5).

Level 1 counts a pile of won cards, level 2 a pair's total with cantes and las diez de últimas,
level 3 asks which pair wins the hand, with near-ties and ties decided by the last trick.

Every position is a hand played out through ``engine.hand.Hand`` (``engine.scenarios.sim``): the piles
are the tricks each pair won, the cantes were declared at moments the hand allowed, and the position
keeps the history that replays it.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.cantes import CANTE_MASK, HandScore, score_hand
from engine.cards import CODE_OF, TANTOS_OF, Suit, mask_of
from engine.hand import Hand, HandError, InvalidCante
from engine.messages import Message, Texts, msg
from engine.rules import TableRules
from engine.scenarios.common import CODE_INDEX, codes, sorted_codes, trump_text
from engine.scenarios.model import Option, Scenario
from engine.scenarios.sim import HandRecord, exchanged, play_hand, play_into, rotated

TARGETS = ("R-DECK-4", "R-SCORE-1", "R-CANTE-5", "R-SCORE-2", "R-SCORE-3")
TARGET_LEVEL = {"R-DECK-4": 1, "R-SCORE-1": 2, "R-CANTE-5": 2, "R-SCORE-2": 3, "R-SCORE-3": 3}
PAIR_LABELS = {
    "A": msg("tantos.pair", pair="A", first=1, second=3),
    "B": msg("tantos.pair", pair="B", first=2, second=4),
}


def pair_label(position: dict, pair: str) -> Message:
    """A pair as the question names it: «Ana y Carla» in the guide's examples, else «pareja A (jugadores 1
    y 3)»."""
    names = position.get("names", {}).get(pair)
    if names:
        first, _, second = names.partition(" y ")
        return msg("tantos.names", first=first, second=second)
    return PAIR_LABELS[pair]


HAND_OPTIONS = (
    Option("A", msg("tantos.wins", pair="A")),
    Option("B", msg("tantos.wins", pair="B")),
    Option("empate", msg("tantos.tie")),
)


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


def moments(tricks: dict[str, int], last: str) -> dict[str, int]:
    """Moments each pair had to sing: its tricks but the tenth, after which nobody leads again (R-CANTE-2)."""
    return {p: tricks[p] - (1 if last == p else 0) for p in "AB"}


# Close finishes (total A − total B) a level-3 question aims at when it is not a tie.
_CLOSE = tuple(d for d in range(-20, 21, 2) if d)


def _tie(d: int) -> bool:
    return d == 0


def _not_tie(d: int) -> bool:
    return d != 0


def _close(d: int) -> bool:
    return 0 < abs(d) <= 20


# Finishes the cards decide without las diez de últimas (more than 10 apart), the closest aimed at.
_CLEAR = tuple(d for d in _CLOSE if abs(d) > 10)


def _clear(d: int) -> bool:
    return abs(d) > 10


def _piles(record: HandRecord) -> list[int]:
    """The cards each pair won (masks, A then B)."""
    piles = [0, 0]
    for t in record.tricks:
        piles[t.winner & 1] |= mask_of(t.cards)
    return piles


def _won(record: HandRecord) -> list[int]:
    won = [0, 0]
    for t in record.tricks:
        won[t.winner & 1] += 1
    return won


def _diff(record: HandRecord) -> int:
    """Total A − total B of the played hand: card tantos, cantes and las diez de últimas (R-SCORE-1)."""
    diff = 10 if record.tricks[-1].winner & 1 == 0 else -10
    for t in record.tricks:
        n = TANTOS_OF[t.cards[0]] + TANTOS_OF[t.cards[1]] + TANTOS_OF[t.cards[2]] + TANTOS_OF[t.cards[3]]
        diff += -n if t.winner & 1 else n
    for x in record.cantes:
        diff += -x.points if x.seat & 1 else x.points
    return diff


# Two cards of one suit, the weaker first, whose tantos differ: (weaker, stronger, 2 × the difference,
# the cards of the suit between them in strength).
_EXCHANGES = tuple(
    (lo, hi, 2 * (TANTOS_OF[hi] - TANTOS_OF[lo]), (1 << hi) - (1 << (lo + 1)))
    for lo in range(40)
    for hi in range(lo + 1, lo - lo % 10 + 10)
    if TANTOS_OF[hi] != TANTOS_OF[lo]
)


def _moves(record: HandRecord) -> list[tuple[int, int, int]]:
    """Exchanges of two cards of one suit that change the totals and leave every trick's winner as it was:
    (change of total A − total B, weaker card, stronger card).

    The two cards were won by different pairs, and neither trick they fell in holds a card of their suit
    between them in strength, so every comparison inside a trick stays; whether every play stays legal
    is for ``replay`` to say. The rey and caballo of a sung suit keep their names.
    """
    a = 0
    sung = 0
    for x in record.cantes:
        sung |= CANTE_MASK[x.suit]
    trick_of = [0] * 40
    for t in record.tricks:
        m = mask_of(t.cards)
        if not t.winner & 1:
            a |= m
        for c in t.cards:
            trick_of[c] = m
    moves = []
    for lo, hi, gain, between in _EXCHANGES:
        if (a >> lo ^ a >> hi) & 1 and not (sung >> lo | sung >> hi) & 1:
            if not (trick_of[lo] | trick_of[hi]) & between:
                moves.append((-gain if a >> hi & 1 else gain, lo, hi))
    return moves


def _nudged(
    record: HandRecord, rules: TableRules, rng: random.Random, want: int, ok: Callable[[int], bool]
) -> HandRecord | None:
    """The hand, or the same hand with cards of a suit exchanged (``_moves``), whose total A − total B is
    ``ok``, aiming at ``want``; an exchanged hand is replayed through ``Hand`` first (None if none is found).

    Greedy, biggest change first; the exchanges ``Hand`` refuses (a card no longer legal, a cante no longer
    allowed) are left out of the next try."""
    diff = _diff(record)
    if ok(diff):
        return record
    moves = _moves(record)
    for _ in range(4):
        rng.shuffle(moves)
        moves.sort(key=lambda m: -abs(m[0]))
        rest, used, chosen = want - diff, 0, []
        for effect, lo, hi in moves:
            span = (1 << (hi + 1)) - (1 << lo)  # no two exchanges cross: each keeps its tricks' comparisons
            if not used & span and abs(rest - effect) < abs(rest):
                chosen.append((lo, hi))
                used |= span
                rest -= effect
        if not ok(want - rest):
            return None
        candidate = exchanged(record, chosen)
        refused = _refused(candidate, rules)
        if not refused:
            return candidate
        moves = [m for m in moves if not (refused >> m[1] | refused >> m[2]) & 1]
    return None


_REFUSED = 1 << 40  # beyond the 40 cards: a refusal that blames no card is still a refusal


def _refused(record: HandRecord, rules: TableRules) -> int:
    """0 when ``Hand`` accepts the record; else the cards where it stopped (the trick in play and the hand
    of the player refused), to blame the exchanges that touch them."""
    hand = Hand.from_deal(record.deal, rules)
    try:
        play_into(hand, record)
    except InvalidCante as e:
        return hand.hands[e.seat] | _REFUSED
    except HandError:  # an illegal card (IllegalPlay), a card not held, a hand over too soon
        held = hand.hands[hand.turn] if hand.turn is not None else 0
        return mask_of(hand.trick) | held | _REFUSED
    return 0


def _table(record: HandRecord) -> dict:
    """The table the hand was played at: trump, shown card, dealer (nobody there answers the question)."""
    d = record.deal
    return {
        "trump": d.trump.letter,
        "trump_card": None if d.trump_card is None else CODE_OF[d.trump_card],
        "dealer": d.dealer,
        "viewer": None,
    }


def _history(record: HandRecord) -> list[dict]:
    return [{"leader": t.leader, "cards": codes(t.cards), "winner": t.winner} for t in record.tricks]


def position_of(record: HandRecord) -> dict:
    """A levels 2-3 position: what each pair won and sang in the played hand, and its history."""
    piles, won = _piles(record), _won(record)
    cantes: dict[str, list] = {"A": [], "B": []}
    for x in record.cantes:
        cantes["AB"[x.seat & 1]].append(
            {"seat": x.seat, "suit": Suit(x.suit).letter, "points": x.points, "after_trick": x.after_trick}
        )
    return {
        **_table(record),
        "piles": {"A": sorted_codes(piles[0]), "B": sorted_codes(piles[1])},
        "tricks": {"A": won[0], "B": won[1]},
        "cantes": cantes,
        "last_trick": "AB"[record.tricks[-1].winner & 1],
        "history": _history(record),
    }


def bazas(n: int) -> Message:
    """'1 baza' / '3 bazas'."""
    return msg("tantos.bazas.one" if n == 1 else "tantos.bazas.many", n=n)


def cantes_sung(position: dict, pair: str) -> tuple[Message, ...]:
    """The cantes of ``pair``: 'las cuarenta', 'las veinte en copas' (R-CANTE-1)."""
    trump = Suit.parse(position["trump"])
    out = []
    for x in position["cantes"][pair]:
        suit = Suit.parse(x["suit"])
        out.append(
            msg("tantos.cante.cuarenta") if suit == trump else msg("tantos.cante.veinte", suit=int(suit))
        )
    return tuple(out)


def generate_tantos(seed: int, difficulty: int, rules: TableRules, target: str | None) -> Scenario:
    """Every position is a hand played through ``Hand`` (engine.scenarios.sim): its piles are the tricks
    each pair won, its cantes were declared at their moments, and its history replays it."""
    rng = random.Random(f"tantos:{seed}:{difficulty}")
    level = TARGET_LEVEL[target] if target is not None else difficulty
    if level == 1:
        return _level1(rng, seed, difficulty, rules)
    if level == 2:
        return _level2(rng, seed, difficulty, rules, target)
    return _level3(rng, seed, difficulty, rules, target)


def _level1(rng, seed, difficulty, rules) -> Scenario:
    while True:
        record = play_hand(rng, rules)
        won = _won(record)
        pairs = [p for p in (0, 1) if 2 <= won[p] <= 6]
        if pairs:
            break
    p = rng.choice(pairs)
    position = {
        **_table(record),
        "pile": sorted_codes(_piles(record)[p]),
        "tricks": won[p],
        "pair": "AB"[p],
        "history": _history(record),
    }
    question = msg("tantos.q1", bazas=bazas(won[p]))
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


def _sung_in_own_pile(record: HandRecord, pair: int) -> bool:
    """Whether ``pair`` sang a cante whose rey or caballo it then won in a trick (R-CANTE-5)."""
    pile = _piles(record)[pair]
    return any(x.seat & 1 == pair and pile & CANTE_MASK[x.suit] for x in record.cantes)


def _level2(rng, seed, difficulty, rules, target) -> Scenario:
    # Aimed at the total below level 3, nobody sings: the lessons count las diez de últimas (unit 14)
    # before they teach the cantes (unit 15).
    quiet = target == "R-SCORE-1" and difficulty < 3
    while True:
        record = play_hand(rng, rules, 0.0 if quiet else 1.0)
        if not 2 <= _won(record)[0] <= 8:
            continue
        if target != "R-CANTE-5":
            break
        if _sung_in_own_pile(record, 0):
            break
        if _sung_in_own_pile(record, 1):  # the same hand seen from the other pair's seats
            record = rotated(record, 1)
            break
    position = {"pair": "A", **position_of(record)}
    tricks_a, last = position["tricks"]["A"], position["last_trick"]
    sung_a = cantes_sung(position, "A")
    sang = msg("tantos.sang", sung=sung_a) if sung_a else msg("tantos.sang.none")
    ask = msg("tantos.q2.last" if last == "A" else "tantos.q2.not_last", bazas=bazas(tricks_a), sang=sang)
    question = Texts([trump_text(record.deal.trump), ask])
    ids = ["R-SCORE-1", "R-DECK-4"]
    if _sung_in_own_pile(record, 0):
        ids.append("R-CANTE-5")
    if target:
        ids = [target] + [i for i in ids if i != target]
    return Scenario(
        "tantos", difficulty, seed, rules, tuple(ids), question, "number", (), position, totals(position)["A"]
    )


def _level3(rng, seed, difficulty, rules, target) -> Scenario:
    if target == "R-SCORE-2":
        # Five tricks each, nobody sings, no tie: the lessons teach R-SCORE-2 (unit 13) before the cantes
        # and the tie. Below level 3 the cards alone decide: las diez de últimas come in unit 14, so a
        # margin of more than 10 keeps the winner whoever took the last trick.
        wants, ok = (_CLOSE, _not_tie) if difficulty >= 3 else (_CLEAR, _clear)
        record = None
        while record is None:
            played = play_hand(rng, rules)
            if _won(played) == [5, 5]:
                record = _nudged(played, rules, rng, rng.choice(wants), ok)
    elif target == "R-SCORE-3":
        # A tie below level 3 is the unit-14 checkpoint: before the cantes, nobody sings.
        sing = 0.0 if difficulty < 3 else 1.0
        record = None
        while record is None:
            record = _nudged(play_hand(rng, rules, sing), rules, rng, 0, _tie)
    else:
        # Half the time a tie, if one of two played hands can be made one; else a near-tie if the hand
        # can be made one; else the hand as it was played (the question still stands).
        played = play_hand(rng, rules, 1.0)
        record = None
        if rng.random() < 0.5:
            record = _nudged(played, rules, rng, 0, _tie)
            if record is None:
                played = play_hand(rng, rules, 1.0)
                record = _nudged(played, rules, rng, 0, _tie)
        record = record or _nudged(played, rules, rng, rng.choice(_CLOSE), _close) or played
    position = position_of(record)

    def cantes_of(p):
        return cantes_sung(position, p) or (msg("tantos.none"),)

    tricks, last = position["tricks"], position["last_trick"]
    ask = msg(
        "tantos.q3", bazas=bazas(tricks["A"]), n=tricks["B"], a=cantes_of("A"), b=cantes_of("B"), pair=last
    )
    question = Texts([trump_text(record.deal.trump), ask])
    hs = score(position)
    ids = ["R-SCORE-2", "R-SCORE-1"] + (["R-SCORE-3"] if hs.totals[0] == hs.totals[1] else [])
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
        "AB"[hs.winner],
    )
