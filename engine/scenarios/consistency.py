"""Checks that a scenario's position could really happen: 40 distinct cards, legal plays, right hand sizes."""

from __future__ import annotations

from engine.cards import Suit, cards_of, mask_of
from engine.hand import Hand, HandError
from engine.obligations import legal_mask
from engine.scenarios.common import CODE_INDEX
from engine.scenarios.model import Scenario
from engine.tricks import trick_winner


def _mask(codes_: list[str]) -> int:
    return mask_of(CODE_INDEX[c] for c in codes_)


def _replay(
    pos: dict, hands_now: list[int], trick: list[int], trick_seats: list[int], rules, check_current: bool
) -> list[str]:
    """Rebuild the dealt hands from what is left and what was played, then replay every trick legally."""
    problems = []
    trump = int(Suit.parse(pos["trump"]))
    start = list(hands_now)
    seen = 0
    for h in hands_now:
        if seen & h:
            problems.append("una carta está en dos manos")
        seen |= h
    history = pos.get("history", [])
    for t in history:
        for i, code in enumerate(t["cards"]):
            c = CODE_INDEX[code]
            if seen >> c & 1:
                problems.append(f"carta repetida: {code}")
            seen |= 1 << c
            start[(t["leader"] + i) % 4] |= 1 << c
    for seat, code in zip(trick_seats, trick, strict=True):
        if seen >> code & 1:
            problems.append(f"carta repetida en la baza: {code}")
        seen |= 1 << code
        start[seat] |= 1 << code
    if seen != (1 << 40) - 1:
        problems.append(f"no están las 40 cartas ({seen.bit_count()})")
    if any(h.bit_count() != 10 for h in start):
        problems.append("alguna mano no tenía diez cartas")
    dealer = pos.get("dealer")
    if dealer is not None:
        if pos.get("trump_card") is not None and not start[dealer] >> CODE_INDEX[pos["trump_card"]] & 1:
            problems.append("la carta del triunfo no está en la mano del repartidor")
        leader = (dealer + 1) % 4  # R-DEAL-3
    else:
        leader = history[0]["leader"] if history else pos.get("leader")
    hands = list(start)
    for t in history:
        if t["leader"] != leader:
            problems.append("la baza no la abre quien ganó la anterior")
        cards = [CODE_INDEX[c] for c in t["cards"]]
        for i, c in enumerate(cards):
            seat = (t["leader"] + i) % 4
            if not legal_mask(hands[seat], cards[:i], trump, rules) >> c & 1:
                problems.append(f"jugada ilegal en la historia: {t['cards'][i]}")
            hands[seat] &= ~(1 << c)
        winner = (t["leader"] + trick_winner(cards, trump)) % 4
        if winner != t["winner"]:
            problems.append("ganador de baza equivocado en la historia")
        leader = winner
    if trick and pos.get("leader") is not None and pos["leader"] != leader:
        problems.append("la baza actual no la abre quien debía")
    if check_current:
        for i, c in enumerate(trick):
            seat = trick_seats[i]
            if not legal_mask(hands[seat], trick[:i], trump, rules) >> c & 1:
                problems.append(f"carta ilegal en la baza actual: {pos['trick'][i]}")
            hands[seat] &= ~(1 << c)
    return problems


def _replay_cantes(pos: dict, rules) -> list[str]:
    """Replay the hand through ``Hand`` and declare each earlier cante at its moment (R-CANTE-1..4, R-TUTE-2)."""
    hands = [_mask(h) for h in pos["hands"]]
    for t in pos["history"]:
        for i, code in enumerate(t["cards"]):
            hands[(t["leader"] + i) % 4] |= 1 << CODE_INDEX[code]
    hand = Hand([cards_of(h) for h in hands], pos["trump"], pos["dealer"], rules)
    declared = sorted(pos["sung"], key=lambda x: x["after_trick"])
    moments = [(x, x["after_trick"]) for x in declared]
    moments += [(x, len(pos["history"])) for x in pos["sang_now"]]
    problems = []
    for n, t in enumerate(pos["history"], start=1):
        for code in t["cards"]:
            hand.play(CODE_INDEX[code])
        for x, after in moments:
            if after != n:
                continue
            suit = Suit.parse(x["suit"])
            try:
                check = hand.declare(x["seat"], suit)
            except HandError as e:
                problems.append(f"cante imposible tras la baza {n} ({Suit(suit).label}): {e}")
                continue
            if check.points != x["points"]:
                problems.append(f"el cante en {Suit(suit).label} no vale {x['points']} tantos")
    if any(not 1 <= after <= len(pos["history"]) for _, after in moments):
        problems.append("un cante fuera de las bazas jugadas")
    return problems


def check_position(scenario: Scenario) -> list[str]:
    """Spanish descriptions of whatever makes the position impossible; empty when it is consistent."""
    pos, rules, family = scenario.position, scenario.rules, scenario.family
    if family in ("jugada", "validas", "obligacion", "ganador"):
        hands = [_mask(h) for h in pos["hands"]]
        trick = [CODE_INDEX[c] for c in pos["trick"]]
        problems = _replay(pos, hands, trick, pos["trick_seats"], rules, True)
        if "hand" in pos and _mask(pos["hand"]) != hands[pos["viewer"]]:
            problems.append("la mano mostrada no es la del jugador")
        if "viewer" in pos and pos["viewer"] is not None and pos["trick_seats"]:
            if pos["viewer"] != (pos["trick_seats"][-1] + 1) % 4:
                problems.append("no le toca jugar al jugador que responde")
        return problems
    if family == "cante":
        problems = _replay(pos, [_mask(h) for h in pos["hands"]], [], [], rules, False)
        return problems or _replay_cantes(pos, rules)
    if family == "renuncio":
        before = [_mask(h) for h in pos["hands_before"]]
        trick = [CODE_INDEX[c] for c in pos["trick"]]
        hands_now = [before[s] & ~(1 << c) for s, c in zip(pos["trick_seats"], trick, strict=True)]
        order = {s: h for s, h in zip(pos["trick_seats"], hands_now, strict=True)}
        return _replay(pos, [order[s] for s in range(4)], trick, pos["trick_seats"], rules, False)
    if family == "tantos":
        # Positions since engine 1.2.0 carry the hand they were played from: all 40 cards played legally.
        problems = _replay(pos, [0, 0, 0, 0], [], [], rules, False) if "history" in pos else []
        won = {"A": 0, "B": 0}
        for t in pos.get("history", []):
            won["AB"[t["winner"] % 2]] |= _mask(t["cards"])
        if "pile" in pos:
            m = _mask(pos["pile"])
            if not m.bit_count() == len(pos["pile"]) == 4 * pos["tricks"]:
                problems.append("el montón no tiene cartas distintas en bazas de cuatro")
            if "history" in pos and m != won[pos["pair"]]:
                problems.append("el montón no son las bazas que ganó la pareja")
            return problems
        a, b = _mask(pos["piles"]["A"]), _mask(pos["piles"]["B"])
        if "history" in pos and (a, b) != (won["A"], won["B"]):
            problems.append("los montones no son las bazas que ganó cada pareja")
        if a & b or (a | b) != (1 << 40) - 1:
            problems.append("los montones no reparten las 40 cartas")
        if a.bit_count() != 4 * pos["tricks"]["A"] or b.bit_count() != 4 * pos["tricks"]["B"]:
            problems.append("los montones no cuadran con las bazas")
        suits = [x["suit"] for p in "AB" for x in pos["cantes"][p]]
        if len(suits) != len(set(suits)):
            problems.append("un palo cantado dos veces")
        if pos["tricks"][pos["last_trick"]] == 0:
            problems.append("la última baza es de una pareja sin bazas")
        return problems
    if family == "mesa":
        from engine.scenarios.mesa import check

        return check(pos, rules)
    return [f"familia desconocida: {family}"]
