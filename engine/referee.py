"""The referee: check a finished (or tute-ended) hand after the fact, as a real table finds a renuncio (section 8)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.cantes import (
    CanteCheck,
    CanteError,
    HandScore,
    check_cante,
    option,
    score_hand,
    score_renuncio,
    score_tute,
)
from engine.cards import CARDS, CardError, Suit, as_mask, cards_of, notation_of, parse_cards, write
from engine.deal import DOS_DE_OROS
from engine.hand import Declared, Renuncio, Tute, first_card_ruling
from engine.messages import Message, render
from engine.obligations import legal_mask, ruling
from engine.rules import GUIA, TableRules
from engine.tricks import trick_winner


class RecordError(ValueError):
    """A hand record that cannot be checked: malformed, inconsistent or incomplete."""


def check_trick(
    hands_before: Sequence[int | Iterable[int]],
    leader: int,
    trick_cards: Sequence[int],
    trump: int,
    rules: TableRules = GUIA,
    *,
    trick_no: int = 1,
    first_card: int | None = None,
) -> list[Renuncio]:
    """The renuncios of one trick, given the four hands before it (masks or cards) and its cards in play order.

    ``first_card``: the card that must open the trick (the dos de oros in a Ludoteka first hand).
    """
    hands = [as_mask(h) for h in hands_before]
    trump = Suit.parse(trump)
    found = []
    for j, c in enumerate(trick_cards):
        seat = (leader + j) % 4
        hand = hands[seat]
        if not hand >> c & 1:
            raise RecordError(
                f"baza {trick_no}: el asiento {seat} juega {CARDS[c].name}, que no está en su mano"
            )
        if j == 0:
            legal = hand & (1 << first_card) if first_card is not None and hand >> first_card & 1 else hand
        else:
            legal = legal_mask(hand, trick_cards[:j], trump, rules)
        if not legal >> c & 1:
            held = cards_of(hand)
            r = first_card_ruling(held, first_card) if j == 0 else ruling(held, trick_cards[:j], trump, rules)
            found.append(
                Renuncio(trick_no, seat, CARDS[c], r.obligation, r.legal, r.rule_ids, r.verdict(c).why)
            )
        hands[seat] = hand & ~(1 << c)
    return found


@dataclass(frozen=True, slots=True)
class RefereeReport:
    """Everything the referee found in a hand record."""

    winners: tuple[int, ...]
    renuncios: tuple[Renuncio, ...]
    cantes: tuple[Declared, ...]  # in the record's order, each with its verdict
    tute: Tute | None
    score: HandScore
    notation: str = "code"

    def to_dict(self) -> dict[str, Any]:
        """The JSON answer of ``python -m engine referee``."""
        w = self.notation

        def cante(d: Declared) -> dict[str, Any]:
            out: dict[str, Any] = {"after_trick": d.after_trick, "seat": d.seat}
            if d.option.tute:
                out["tute"] = d.option.tute
            else:
                out["suit"] = d.option.suit.letter
                out["points"] = d.option.points
            out["valid"] = d.check.valid
            if not d.check.valid:
                out["reason"] = render(d.check.reason)
            return out

        return {
            "winners": list(self.winners),
            "renuncios": [
                {
                    "trick": r.trick,
                    "seat": r.seat,
                    "card": write(r.card, w),
                    "obligation": r.obligation,
                    "legal": [write(c, w) for c in r.legal],
                }
                for r in self.renuncios
            ],
            "cantes": [cante(d) for d in self.cantes],
            "tute": None
            if self.tute is None
            else {"seat": self.tute.seat, "kind": self.tute.kind, "after_trick": self.tute.after_trick},
            **self.score.to_dict(),
        }


@dataclass(frozen=True, slots=True)
class CanteClaim:
    """A cante as the record declares it: after which trick (1..10), which seat, a suit or a tute kind."""

    after_trick: int
    seat: int
    suit: Suit | None = None
    tute: str | None = None


def referee(
    tricks: Sequence[Sequence[int]],
    trump: int | str,
    dealer: int = 0,
    rules: TableRules = GUIA,
    cantes: Sequence[CanteClaim] = (),
    hands: Sequence[Iterable[int]] | None = None,
    *,
    first_hand: bool = False,
    leader: int | None = None,
) -> RefereeReport:
    """Check a hand record: every renuncio, each declared cante, the tute and the score.

    ``hands`` (by seat) may be left out when all ten tricks are given: they are rebuilt from the plays.
    """
    trump = Suit.parse(trump)
    if dealer not in (0, 1, 2, 3):
        raise RecordError(f"repartidor no válido: {dealer!r} (asientos 0 a 3)")
    if not tricks or len(tricks) > 10:
        raise RecordError("una mano tiene de 1 a 10 bazas")
    for i, t in enumerate(tricks, 1):
        if len(t) != 4:
            raise RecordError(f"la baza {i} debe tener 4 cartas y tiene {len(t)}")
    first_card = DOS_DE_OROS if first_hand and rules.primera_mano == "ludoteka" else None
    start = [as_mask(h) for h in hands] if hands is not None else None
    if start is not None:
        if (
            len(start) != 4
            or any(bin(m).count("1") != 10 for m in start)
            or (start[0] | start[1] | start[2] | start[3]) != (1 << 40) - 1
        ):
            raise RecordError("las manos deben ser cuatro de diez cartas, las 40 de la baraja")
    if leader is None:
        if first_card is not None:
            if start is None:
                raise RecordError("en la primera mano Ludoteka hacen falta las manos para saber quién sale")
            leader = next(s for s in range(4) if start[s] >> first_card & 1)
        else:
            leader = (dealer + 1) % 4  # R-DEAL-3
    # Who played what: seats follow from the leaders, and each leader from the previous trick's winner.
    leaders, winners = [], []
    lead = leader
    played = [0, 0, 0, 0]
    for t in tricks:
        leaders.append(lead)
        for j, c in enumerate(t):
            played[(lead + j) % 4] |= 1 << c
        lead = (lead + trick_winner(t, trump)) % 4
        winners.append(lead)
    if start is None:
        if len(tricks) < 10:
            raise RecordError("la mano no está completa: para revisarla hacen falta las manos ('hands')")
        start = played
    # Renuncios, trick by trick.
    now = list(start)
    renuncios: list[Renuncio] = []
    after: list[list[int]] = []  # hands after each trick
    for i, t in enumerate(tricks):
        renuncios += check_trick(
            now, leaders[i], t, trump, rules, trick_no=i + 1, first_card=first_card if i == 0 else None
        )
        for j, c in enumerate(t):
            now[(leaders[i] + j) % 4] &= ~(1 << c)
        after.append(list(now))
    # Cantes, in the order they happened.
    verdicts: dict[int, Declared] = {}
    sung = 0
    sang: set[tuple[int, int]] = set()
    tute: Tute | None = None
    order = sorted(range(len(cantes)), key=lambda k: cantes[k].after_trick)
    for k in order:
        claim = cantes[k]
        n, seat = claim.after_trick, claim.seat
        if not (isinstance(n, int) and 1 <= n <= len(tricks)) or isinstance(n, bool):
            raise RecordError(f"cante {k + 1}: after_trick debe estar entre 1 y {len(tricks)}")
        if seat not in (0, 1, 2, 3) or isinstance(seat, bool):
            raise RecordError(f"cante {k + 1}: asiento no válido {seat!r}")
        try:
            opt = option(trump, claim.suit, claim.tute)
        except (CanteError, CardError) as err:
            raise RecordError(f"cante {k + 1}: {err}") from None
        if tute is not None:
            check = CanteCheck(opt, False, Message("referee.after_tute"), ("R-TUTE-3",))
        else:
            pair = seat & 1
            pair_won = winners[n - 1] & 1 == pair
            first_win = sum(1 for w in winners[:n] if w & 1 == pair) == 1
            hand_then = after[n - 1][seat]
            played_then = start[seat] & ~hand_then
            if n == 10:
                check = CanteCheck(opt, False, Message("referee.after_last_baza"), ("R-CANTE-2",))
            else:
                check = check_cante(
                    hand_then,
                    trump,
                    opt,
                    pair_won=pair_won,
                    first_win=first_win,
                    sung=sung,
                    already_sang=(n, seat) in sang,
                    played=played_then,
                    partner_hand=after[n - 1][(seat + 2) % 4],
                    rules=rules,
                )
        verdicts[k] = Declared(n, seat, check)
        if check.valid:
            sang.add((n, seat))
            if opt.tute:
                tute = Tute(seat, opt.tute, n)
            else:
                sung |= 1 << opt.suit
    if tute is not None and len(tricks) > tute.after_trick:
        raise RecordError(f"el tute de la baza {tute.after_trick} termina la mano, pero el registro sigue")
    tantos = [0, 0]
    for t, w in zip(tricks, winners, strict=True):
        tantos[w & 1] += sum(CARDS[c].tantos for c in t)
    cante_points = [0, 0]
    for d in verdicts.values():
        cante_points[d.seat & 1] += d.check.points
    ultimas = winners[-1] & 1 if len(tricks) == 10 else None
    if renuncios:
        score = score_renuncio(tantos, cante_points, ultimas, renuncios[0].seat & 1, rules.renuncio)
    elif tute is not None:
        score = score_tute(tantos, cante_points, tute.seat & 1)
    elif ultimas is None:
        raise RecordError("la mano no está completa: faltan bazas y no hay tute ni renuncio que la termine")
    else:
        score = score_hand(tantos, cante_points, ultimas)
    return RefereeReport(
        tuple(winners), tuple(renuncios), tuple(verdicts[k] for k in range(len(cantes))), tute, score
    )


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"{what} debe ser un número entero")
    return value


def referee_record(record: Mapping[str, Any]) -> RefereeReport:
    """Check a record in the JSON form of ``python -m engine referee`` (cards as codes or Spanish names)."""
    if not isinstance(record, Mapping):
        raise RecordError("se espera un objeto JSON")
    unknown = sorted(
        set(record) - {"rules", "dealer", "trump", "tricks", "cantes", "hands", "first_hand", "leader"}
    )
    if unknown:
        raise RecordError(f"campo desconocido: {', '.join(unknown)}")
    rules = TableRules.from_spec(record.get("rules"))
    if "trump" not in record or "tricks" not in record:
        raise RecordError("faltan 'trump' o 'tricks'")
    trump = Suit.parse(record["trump"]) if isinstance(record["trump"], str) else None
    if trump is None:
        raise RecordError("'trump' debe ser un palo: o, c, e, b u oros, copas, espadas, bastos")
    dealer = _int(record.get("dealer", 0), "dealer")
    raw_tricks = record["tricks"]
    if not isinstance(raw_tricks, list) or not all(isinstance(t, list) for t in raw_tricks):
        raise RecordError("'tricks' debe ser una lista de bazas, cada una una lista de cartas")
    flat = [tok for t in raw_tricks for tok in t]
    cards = parse_cards(flat, what="bazas")
    tricks, i = [], 0
    for t in raw_tricks:
        tricks.append(cards[i : i + len(t)])
        i += len(t)
    notation = notation_of(flat[0]) if flat and isinstance(flat[0], str) else "code"
    hands = None
    if record.get("hands") is not None:
        raw = record["hands"]
        if not isinstance(raw, Mapping) or sorted(raw) != ["0", "1", "2", "3"]:
            raise RecordError('\'hands\' debe tener las claves "0", "1", "2" y "3"')
        if any(not isinstance(raw[s], list) or len(raw[s]) != 10 for s in "0123"):
            raise RecordError("las manos deben ser cuatro de diez cartas, las 40 de la baraja")
        all_cards = parse_cards([tok for s in "0123" for tok in raw[s]], what="hands")
        hands = [all_cards[10 * s : 10 * s + 10] for s in range(4)]
    claims = []
    raw_cantes = record.get("cantes") or []
    if not isinstance(raw_cantes, list):
        raise RecordError("'cantes' debe ser una lista")
    for k, c in enumerate(raw_cantes, 1):
        if not isinstance(c, Mapping) or set(c) - {"after_trick", "seat", "suit", "tute"}:
            raise RecordError(
                f"cante {k}: se espera {{after_trick, seat, suit}} o {{after_trick, seat, tute}}"
            )
        if ("suit" in c) == ("tute" in c):
            raise RecordError(f"cante {k}: indica 'suit' o 'tute' (uno de los dos)")
        suit = None
        if "suit" in c:
            if not isinstance(c["suit"], str):
                raise RecordError(f"cante {k}: palo no válido")
            suit = Suit.parse(c["suit"])
        claims.append(
            CanteClaim(
                _int(c.get("after_trick"), f"cante {k}: after_trick"),
                _int(c.get("seat"), f"cante {k}: seat"),
                suit,
                c.get("tute"),
            )
        )
    leader = record.get("leader")
    if leader is not None and (_int(leader, "leader") not in (0, 1, 2, 3)):
        raise RecordError("leader debe ser un asiento de 0 a 3")
    first_hand = record.get("first_hand", False)
    if not isinstance(first_hand, bool):
        raise RecordError("first_hand debe ser true o false")
    report = referee(tricks, trump, dealer, rules, claims, hands, first_hand=first_hand, leader=leader)
    return RefereeReport(report.winners, report.renuncios, report.cantes, report.tute, report.score, notation)


def referee_on_record(record):
    """The referee on a hand record of the notation (``engine.records.HandRecord``, known or partly known
    hands) -> ``engine.record_referee.RecordReport``; its sentences are messages: ``report.sentences(lang)``,
    ``report.to_dict(lang)``."""
    from engine.record_referee import referee_on_record as run

    return run(record)
