"""The table and the deal: the `mesa` family (R-DECK-1, R-DECK-2, R-SEAT-1, R-DEAL-1..4, R-MATCH-1).

Every question is a multiple choice built from a few facts kept in the position (``kind`` names the
question; ``viewer`` is the seat answering, others are seats 0..3, cards codes). ``analyse(position,
rules)`` rebuilds the options, the key, each wrong option's misconception and the explanation from
those facts alone, so generation and grading share one definition. Seats are named from the
viewer's side (R-SEAT-1: seat + 1 sits to one's right and plays after one). Every sentence is a
message (``mesa.…``, catalogues in engine/messages/<lang>/mesa.py) whose facts are seats, cards, suits
and numbers; every option of a question is the same kind of message, so no label gives the key away.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from engine.cantes import HandScore
from engine.cards import CODE_OF, RANK_OF, Suit
from engine.match import Match
from engine.messages import Message, Text, Texts, Who, msg
from engine.rules import TableRules
from engine.scenarios.common import CODE_INDEX
from engine.scenarios.misconceptions import MISCONCEPTIONS
from engine.scenarios.model import Option, Scenario, ScenarioError

TARGETS = ("R-DECK-1", "R-DECK-2", "R-SEAT-1", "R-DEAL-1", "R-DEAL-2", "R-DEAL-3", "R-DEAL-4", "R-MATCH-1")

# Question kinds per target and difficulty (level 1 the plainest; higher levels add the harder ones).
KINDS: dict[str, dict[int, tuple[str, ...]]] = {
    "R-DECK-1": {
        1: ("no_existe", "cuantas"),
        2: ("no_existe", "por_palo", "palo_falso"),
        3: ("figuras", "no_existe", "por_palo"),
    },
    "R-DECK-2": {1: ("leer",), 2: ("leer", "escribir"), 3: ("escribir", "leer")},
    "R-SEAT-1": {
        1: ("despues_de_ti", "companero"),
        2: ("despues_de", "companero", "pareja"),
        3: ("despues_de", "pareja"),
    },
    "R-DEAL-1": {
        1: ("cartas_cada_uno", "mazo"),
        2: ("cartas_cada_uno", "mazo", "total"),
        3: ("mazo", "total"),
    },
    "R-DEAL-2": {
        1: ("palo_triunfo", "quien_la_tiene"),
        2: ("palo_triunfo", "quien_la_tiene"),
        3: ("quien_la_tiene", "palo_triunfo"),
    },
    "R-DEAL-3": {
        1: ("primera_salida",),
        2: ("primera_salida", "siguiente_salida"),
        3: ("siguiente_salida", "primera_salida"),
    },
    "R-DEAL-4": {
        1: ("siguiente_reparto",),
        2: ("siguiente_reparto", "reparto_lejano"),
        3: ("reparto_lejano",),
    },
    "R-MATCH-1": {1: ("faltan", "marcador"), 2: ("marcador", "faltan"), 3: ("marcador",)},
}
# With primera_mano = ludoteka the first hand has its own trump and leader: those kinds join in.
LUDOTEKA_FIRST = {
    "R-DEAL-2": ("primera_triunfo", "primera_dos_de_oros"),
    "R-DEAL-3": ("primera_dos_de_oros",),
}
KIND_RULES = {
    "primera_triunfo": ("R-VAR-PRIMERA-MANO-LUDOTEKA", "R-DEAL-2"),
    "primera_dos_de_oros": ("R-VAR-PRIMERA-MANO-LUDOTEKA", "R-DEAL-3"),
}

SUITS = ("oros", "copas", "espadas", "bastos")  # position facts (codes), not words shown
FAKE_SUITS = ("corazones", "picas", "tréboles", "diamantes")  # the French deck's suits, as codes
FIGURES = {1: "as", 10: "sota", 11: "caballo", 12: "rey"}  # codes of the rank words (mesa.rank.…)


@dataclass(frozen=True)
class Choice:
    value: str
    label: Text
    misconception: str | None  # None for the right option
    why: Text  # the option's own line when it is wrong ("" : the belief it shows is the line)


def _who(seat: int, viewer: int) -> Who:
    return Who.seat(seat, viewer)


def _seat_label(seat: int, viewer: int) -> Message:
    """'Tú' / 'El rival de tu derecha' as an option (every seat option is shaped alike)."""
    return msg("mesa.who", who=_who(seat, viewer))


def _seat_choices(pos: dict, right: int, wrong: dict[int, str]) -> list[Choice]:
    viewer = pos["viewer"]
    out = [Choice(str(right), _seat_label(right, viewer), None, "")]
    for seat, mis in wrong.items():
        if seat != right:
            out.append(Choice(str(seat), _seat_label(seat, viewer), mis, ""))
    return out


def _count(base: str, n: int) -> Message:
    """'1 punto' / '2 puntos': the engine says whether the number is one (``base.one``) or more
    (``base.many``); both catalogues have the same two forms."""
    return msg(f"{base}.{'one' if n == 1 else 'many'}", n=n)


def _chain(parts: list[Message], joint: str) -> Message:
    """Clauses one after another in one sentence ('a; b; c'), as nested messages."""
    if len(parts) == 1:
        return parts[0]
    return msg(joint, first=parts[0], rest=_chain(parts[1:], joint))


def _pair(winner: int, short: bool = False) -> Message:
    """'tu pareja' / 'la pareja rival' ('la rival' where the sentence has just named both pairs)."""
    if winner == 0:
        return msg("mesa.pair.yours")
    return msg("mesa.pair.rival_short" if short else "mesa.pair.rival")


# --- the analysis of each kind: (choices, key, explanation) --------------------------------------------


def _deck(pos: dict) -> tuple[list[Choice], Text]:
    kind = pos["kind"]
    # An option's value names what its label names, never its role: positions made before
    # ``plain_values`` marked the right one «x…» and the others «r…» (the page then gave the key away);
    # they keep those values so that their stored questions still grade.
    fake_mark, real_mark = ("", "") if pos.get("plain_values") else ("x", "r")
    if kind == "no_existe":
        fake = f"{pos['fake_rank']}{pos['fake_suit'][0]}"
        label = msg(f"mesa.fake_card.{pos['fake_rank']}", suit=SUITS.index(pos["fake_suit"]))
        out = [Choice(fake_mark + fake, label, None, "")]
        out += [
            Choice(
                real_mark + c,
                msg("mesa.card", card=CODE_INDEX[c]),
                "ocho_y_nueve",
                _why("real_card", card=CODE_INDEX[c]),
            )
            for c in pos["cards"]
        ]
        return out, msg("mesa.no_existe.expl")
    if kind == "cuantas":
        out = [Choice("40", msg("mesa.n_cards", n=40), None, "")]
        out += [
            Choice(str(n), msg("mesa.n_cards", n=n), "ocho_y_nueve", _why("deck_size", n=n))
            for n in (48, 52, 36)
        ]
        return out, msg("mesa.cuantas.expl")
    if kind == "por_palo":
        out = [Choice("10", msg("mesa.n_cards", n=10), None, "")]
        out += [
            Choice(str(n), msg("mesa.n_cards", n=n), "ocho_y_nueve", _why("suit_size", n=n))
            for n in (12, 13, 9)
        ]
        return out, msg("mesa.por_palo.expl")
    if kind == "palo_falso":
        fake = pos["fake_suit"]
        out = [Choice(fake_mark + fake, msg(f"mesa.french.{FAKE_SUITS.index(fake)}"), None, "")]
        out += [
            Choice(
                s,
                msg("mesa.suit", suit=SUITS.index(s)),
                "ocho_y_nueve",
                _why("real_suit", suit=SUITS.index(s)),
            )
            for s in pos["suits"]
        ]
        return out, msg("mesa.palo_falso.expl")
    # figuras: which numbers do the sota, caballo and rey carry?
    out = [
        Choice(
            f"{a}-{b}-{c}",
            msg("mesa.numbers", a=a, b=b, c=c),
            None if a == 10 else "ocho_y_nueve",
            "" if a == 10 else _why("figures", a=a, b=b, c=c),
        )
        for a, b, c in ((10, 11, 12), (8, 9, 10), (11, 12, 13), (9, 10, 11))
    ]
    return out, msg("mesa.figuras.expl")


def _notation(pos: dict) -> tuple[list[Choice], Text]:
    code = pos["card"]
    c = CODE_INDEX[code]
    if pos["kind"] == "leer":
        out = [Choice("n" + code, msg("mesa.card_name", card=c), None, "")]
        out += [
            Choice(
                "n" + d,
                msg("mesa.card_name", card=CODE_INDEX[d]),
                "lee_mal_la_notacion",
                _why("code_of", card=CODE_INDEX[d], code=d),
            )
            for d in pos["distractors"]
        ]
    else:  # card codes are not words: the same in every language
        out = [Choice("n" + code, code, None, "")]
        out += [
            Choice("n" + d, d, "lee_mal_la_notacion", _why("card_of", card=CODE_INDEX[d], code=d))
            for d in pos["distractors"]
        ]
    rank = RANK_OF[c]
    fig = msg(f"mesa.rank.{FIGURES[rank]}") if rank in FIGURES else msg("mesa.rank.none")
    return out, msg("mesa.notation.expl", code=code, rank=rank, fig=fig, suit=c // 10, card=c)


def _seats(pos: dict) -> tuple[list[Choice], Text]:
    kind, v = pos["kind"], pos["viewer"]
    if kind in ("despues_de_ti", "despues_de"):
        s = pos["seat"]
        right = (s + 1) % 4
        wrong = {(s + 3) % 4: "orden_horario", (s + 2) % 4: "companero_al_lado"}
        out = _seat_choices(pos, right, wrong)
        return out, msg("mesa.despues_de.expl", who=_who(s, v), next=msg("mesa.who", who=_who(right, v)))
    if kind == "companero":
        out = [
            Choice("enfrente", msg("mesa.companero.enfrente"), None, ""),
            Choice("derecha", msg("mesa.companero.derecha"), "companero_al_lado", ""),
            Choice("izquierda", msg("mesa.companero.izquierda"), "companero_al_lado", ""),
        ]
        return out, msg("mesa.companero.expl")
    # pareja: which seats make your pair, you being seat v (seats 0..3 in playing order)
    p = (v + 2) % 4
    # Named like every other question from outside a seat: jugadores 1 to 4 (seat + 1), no pair given away.
    out = [
        Choice(f"{min(v, p)}-{max(v, p)}", msg("mesa.players", a=min(v, p) + 1, b=max(v, p) + 1), None, "")
    ]
    for o in ((v + 1) % 4, (v + 3) % 4):
        a, b = sorted((v, o))
        out.append(Choice(f"{a}-{b}", msg("mesa.players", a=a + 1, b=b + 1), "companero_al_lado", ""))
    return out, msg("mesa.pareja.expl", n=v + 1, partner=p + 1)


def _deal1(pos: dict, rules: TableRules) -> tuple[list[Choice], Text]:
    kind = pos["kind"]
    expl = msg("mesa.reparto.expl")
    if kind == "cartas_cada_uno":
        out = [Choice("10", msg("mesa.n_cards", n=10), None, "")]
        out += [
            Choice(str(n), msg("mesa.n_cards", n=n), "roba_del_mazo", _why("dealt_each", n=n))
            for n in (8, 6, 3)
        ]
        return out, expl
    if kind == "total":
        out = [Choice("40", msg("mesa.total.all"), None, "")]
        out += [
            Choice(str(n), msg("mesa.total.some", n=n), "roba_del_mazo", _why("dealt_all", n=n))
            for n in (32, 24, 12)
        ]
        return out, expl
    out = [
        Choice("no", msg("mesa.mazo.no"), None, ""),
        Choice("robar", msg("mesa.mazo.robar"), "roba_del_mazo", ""),
        Choice("ultima", msg("mesa.mazo.ultima"), "roba_del_mazo", ""),
        Choice(
            "101",
            msg("mesa.mazo.101"),
            "cree_101_ludoteka" if rules.partida == "ludoteka" else "cree_101",
            "",
        ),
    ]
    return out, expl


def _suit_choices(right: int, mis: str, but: tuple[int, ...] = (), why=None) -> list[Choice]:
    """The suits but ``right``; ``why(suit)`` is each one's own line."""
    return [
        Choice(Suit(s).letter, msg("mesa.suit", suit=s), mis, why(s) if why else "")
        for s in range(4)
        if s != right and s not in but
    ]


def _why(key: str, **facts) -> Message:
    """A wrong option's own fact (``mesa.why.<key>``), said on its line instead of a belief shared by
    several options."""
    return msg("mesa.why." + key, **facts)


def _deal2(pos: dict, rules: TableRules) -> tuple[list[Choice], Text]:
    kind, v, d = pos["kind"], pos["viewer"], pos["dealer"]
    code = pos.get("trump_card") or "2o"  # primera_dos_de_oros shows no card
    suit = Suit.parse(code[-1])
    if kind == "palo_triunfo":
        out = [Choice(suit.letter, msg("mesa.suit", suit=suit), None, "")]
        out += _suit_choices(
            suit,
            "triunfo_otro_palo",
            why=lambda s: _why("shown_suit", card=CODE_INDEX[code], suit=suit, other=s),
        )
        return out, msg("mesa.palo_triunfo.expl", card=CODE_INDEX[code], suit=suit)
    if kind == "quien_la_tiene":
        out = [
            Choice(
                c.value,
                msg("mesa.in_hand", who=_who(int(c.value), v)),
                c.misconception,
                _why("not_dealer") if c.misconception else "",
            )
            for c in _seat_choices(pos, d, {(d + 1) % 4: "triunfo_no_se_queda"})
        ]
        out.append(Choice("mesa", msg("mesa.quien.mesa"), "triunfo_no_se_queda", ""))
        out.append(Choice("cambio", msg("mesa.quien.cambio"), "triunfo_no_se_queda", ""))
        return out, msg("mesa.quien_la_tiene.expl", who=_who(d, v))
    # The first hand at Ludoteka has no card shown and no «player to the dealer's right»: every wrong
    # answer forgets that hand's own rule, never the default deal's (whose beliefs do not apply here).
    if kind == "primera_triunfo":
        first = lambda s: _why("first_trump", other=s)  # noqa: E731
        out = [Choice("o", msg("mesa.suit", suit=Suit.OROS), None, "")]
        if suit != Suit.OROS:
            out.append(Choice(suit.letter, msg("mesa.suit", suit=suit), "ignora_primera_mano", first(suit)))
        out += _suit_choices(Suit.OROS, "ignora_primera_mano", (suit,), why=first)[: 4 - len(out)]
        return out, msg("mesa.primera_triunfo.expl")
    # primera_dos_de_oros: who leads the match's first hand under primera_mano = ludoteka
    h = pos["dos_de_oros"]
    wrong = {(d + 1) % 4: "ignora_primera_mano", d: "ignora_primera_mano", (d + 3) % 4: "ignora_primera_mano"}
    out = [
        replace(c, why=_why("first_leader")) if c.misconception else c for c in _seat_choices(pos, h, wrong)
    ]
    return out, msg("mesa.primera_dos_de_oros.expl", who=_who(h, v))


def _deal3(pos: dict) -> tuple[list[Choice], Text]:
    v, d = pos["viewer"], pos["dealer"]
    if pos["kind"] == "primera_salida":
        right = (d + 1) % 4
        out = _seat_choices(pos, right, {d: "sale_el_repartidor", (d + 3) % 4: "orden_horario"})
        return out, msg("mesa.primera_salida.expl", who=_who(d, v), next=msg("mesa.who", who=_who(right, v)))
    winners = pos["winners"]
    w = winners[-1]
    leader = (d + 1) % 4 if len(winners) == 1 else winners[-2]
    wrong = {s: "sale_el_repartidor" if s == d and s != leader else "salida_por_turno" for s in range(4)}
    out = [
        replace(c, why=_why("winner_leads")) if c.misconception == "salida_por_turno" else c
        for c in _seat_choices(pos, w, wrong)
    ]
    return out, msg("mesa.siguiente_salida.expl", who=_who(w, v))


def _deal4(pos: dict) -> tuple[list[Choice], Text]:
    v, d = pos["viewer"], pos["dealer"]
    n = pos.get("hands_later", 1)
    right = (d + n) % 4
    wrong = {(d - n) % 4: "reparto_a_la_izquierda", d: "repite_repartidor"}
    out = _seat_choices(pos, right, wrong)
    deals = msg("mesa.deals", who=_who(right, v))
    if n == 1:
        return out, msg("mesa.siguiente_reparto.expl", who=_who(d, v), next=deals)
    return out, msg("mesa.reparto_lejano.expl", who=_who(d, v), next=deals, n=n)


def match_after(rules: TableRules, score: tuple[int, int], winner: int, total: int, tute: bool) -> Match:
    """The match (viewer's pair = 0) after the hand, by the engine's scoreboard (R-MATCH-1 / ludoteka)."""
    other = 0 if tute else 130 - total + 20
    totals = (total, other) if winner == 0 else (other, total)
    hs = HandScore((0, 0), (0, 0), None, totals, winner, "tute" if tute else "tantos", "", ("R-MATCH-1",))
    return Match(rules, 0, score).record(hs)


def _match(pos: dict, rules: TableRules) -> tuple[list[Choice], Text]:
    ludo = rules.partida == "ludoteka"
    # The beliefs about the match are told as this table counts it (Ludoteka: points, not hands).
    cree_101 = "cree_101_ludoteka" if ludo else "cree_101"
    suma_tantos = "suma_puntos_a_tantos_ludoteka" if ludo else "suma_puntos_a_tantos"
    a, b = pos["scores"]["tu_pareja"], pos["scores"]["rival"]
    target = 6 if ludo else 3
    if pos["kind"] == "faltan":
        unit = "mesa.points" if ludo else "mesa.hands"
        right = target - a
        other = (3 if ludo else 6) - a
        out = [Choice(str(right), _count(unit, right), None, "")]
        if other > 0 and other != right:
            mis = "ignora_partida_ludoteka" if ludo else "mezcla_sistemas"
            out.append(Choice(str(other), _count(unit, other), mis, ""))
        out.append(Choice("101", msg("mesa.faltan.101"), cree_101, ""))
        out.append(Choice("tantos", msg("mesa.faltan.tantos", n=pos["tantos_needed"]), suma_tantos, ""))
        missing = _count("mesa.missing", right)
        return out, msg(
            "mesa.faltan.expl.ludoteka" if ludo else "mesa.faltan.expl", a=a, b=b, missing=missing
        )
    winner = pos["winner"]  # 0 = your pair, 1 = the rival pair
    total, tute = pos["total"], pos["tute"]
    m = match_after(rules, (a, b), winner, total, tute)
    pts = m.results[-1].points

    def label(x: int, y: int) -> Message:
        end = ".we_win" if x >= target else ".they_win" if y >= target else ""
        return msg("mesa.score" + end, a=x, b=y)

    right = m.points
    out = [Choice(f"{right[0]}-{right[1]}", label(*right), None, "")]
    seen = {right}
    alt = 2 if pts == 1 else 1
    alt_score = (a + alt, b) if winner == 0 else (a, b + alt)
    wrong_alt = "ignora_partida_ludoteka" if ludo else "mezcla_sistemas"
    # A tute left off the score: at Ludoteka it is worth 2 points (the table's own system), elsewhere a hand.
    no_tute = "ignora_partida_ludoteka" if ludo else "tute_no_cuenta"
    wrongs = [(alt_score, wrong_alt)] + ([((a, b), no_tute)] if tute else [])
    for sc, mis in wrongs:
        if sc not in seen:
            seen.add(sc)
            out.append(Choice(f"{sc[0]}-{sc[1]}", label(*sc), mis, ""))
    if total > 100 and not tute:
        out.append(
            Choice("101", msg("mesa.marcador.101", total=total, pair=_pair(winner, True)), cree_101, "")
        )
    tantos = msg("mesa.marcador.tute_tantos") if tute else msg("mesa.marcador.tantos", total=total)
    out.append(Choice("tantos", tantos, suma_tantos, ""))
    facts = {"a": a, "b": b, "pair": _pair(winner), "x": right[0], "y": right[1]}
    if ludo:
        why = (
            msg("mesa.why.tute")
            if tute
            else msg("mesa.why.over_100" if total > 100 else "mesa.why.under_100", total=total)
        )
        expl = msg("mesa.marcador.expl.ludoteka", why=why, **facts)
    else:
        how = msg("mesa.how.tute") if tute else msg("mesa.how.tantos", total=total)
        expl = msg("mesa.marcador.expl", how=how, **facts)
    if m.over:
        return out, Texts([expl, msg("mesa.match_won", pair=_pair(m.winner))])
    return out, expl


def analyse(pos: dict, rules: TableRules) -> tuple[list[Choice], str, Text]:
    """(choices in display order, the right value, the explanation) for a mesa position."""
    kind = pos["kind"]
    if kind in ("no_existe", "cuantas", "por_palo", "palo_falso", "figuras"):
        out, expl = _deck(pos)
    elif kind in ("leer", "escribir"):
        out, expl = _notation(pos)
    elif kind in ("despues_de_ti", "despues_de", "companero", "pareja"):
        out, expl = _seats(pos)
    elif kind in ("cartas_cada_uno", "mazo", "total"):
        out, expl = _deal1(pos, rules)
    elif kind in ("palo_triunfo", "quien_la_tiene", "primera_triunfo", "primera_dos_de_oros"):
        out, expl = _deal2(pos, rules)
    elif kind in ("primera_salida", "siguiente_salida"):
        out, expl = _deal3(pos)
    elif kind in ("siguiente_reparto", "reparto_lejano"):
        out, expl = _deal4(pos)
    elif kind in ("faltan", "marcador"):
        out, expl = _match(pos, rules)
    else:
        raise ScenarioError(f"pregunta de mesa desconocida: {kind!r}")
    key = out[0].value
    order = pos.get("order") or list(range(len(out)))
    out = [out[i] for i in order if i < len(out)]
    return out, key, expl


# --- generation ------------------------------------------------------------------------------------


LATER_KINDS = ("palo_triunfo", "quien_la_tiene", "primera_salida", "siguiente_salida")


def _question(pos: dict, rules: TableRules) -> Text:
    kind, v = pos["kind"], pos.get("viewer")
    d = pos.get("dealer")
    if kind in ("no_existe", "cuantas", "por_palo", "palo_falso", "figuras", "despues_de_ti", "companero"):
        return msg(f"mesa.q.{kind}")
    if kind in ("cartas_cada_uno", "total", "mazo"):
        return msg(f"mesa.q.{kind}")
    if kind == "leer":
        return msg("mesa.q.leer", code=pos["card"])
    if kind == "escribir":
        return msg("mesa.q.escribir", card=CODE_INDEX[pos["card"]])
    if kind == "despues_de":
        return msg("mesa.q.despues_de", who=_who(pos["seat"], v))
    if kind == "pareja":
        return msg("mesa.q.pareja", n=v + 1)
    if kind in ("faltan", "marcador"):
        return _match_question(pos, rules)
    question = _deal_question(pos, kind, v, d)
    if kind in ("primera_triunfo", "primera_dos_de_oros"):
        return Texts([msg("mesa.q.first_hand_ludoteka"), question])
    if rules.primera_mano == "ludoteka" and kind in LATER_KINDS:
        return Texts([msg("mesa.q.not_first_hand"), question])
    return question


def _deal_question(pos: dict, kind: str, v: int, d: int) -> Message:
    dealer = _who(d, v)
    if kind in ("palo_triunfo", "quien_la_tiene", "primera_triunfo"):
        return msg(f"mesa.q.{kind}", who=dealer, card=CODE_INDEX[pos["trump_card"]])
    if kind == "primera_dos_de_oros":
        holds = msg("mesa.holds_dos_de_oros", who=_who(pos["dos_de_oros"], v))
        return msg("mesa.q.primera_dos_de_oros", deals=msg("mesa.deals", who=dealer), holds=holds)
    if kind == "primera_salida":
        return msg("mesa.q.primera_salida", who=dealer)
    if kind == "siguiente_salida":
        ws = pos["winners"]
        done = _chain([msg("mesa.trick_won", i=i + 1, who=_who(w, v)) for i, w in enumerate(ws)], "mesa.semi")
        return msg("mesa.q.siguiente_salida", deals=msg("mesa.deals", who=dealer), done=done, n=len(ws) + 1)
    if kind == "siguiente_reparto":
        return msg("mesa.q.siguiente_reparto", who=dealer)
    if kind == "reparto_lejano":
        return msg("mesa.q.reparto_lejano", who=dealer, n=pos["hands_later"] + 1)
    raise ScenarioError(f"pregunta de mesa desconocida: {kind!r}")


def _match_question(pos: dict, rules: TableRules) -> Texts:
    a, b = pos["scores"]["tu_pareja"], pos["scores"]["rival"]
    ludo = rules.partida == "ludoteka"
    head = [msg("mesa.q.ludoteka")] if ludo else []
    head.append(msg("mesa.q.score.points" if ludo else "mesa.q.score.hands", a=a, b=b))
    if pos["kind"] == "faltan":
        return Texts([*head, msg("mesa.q.faltan")])
    how = msg("mesa.q.how.tute") if pos["tute"] else msg("mesa.q.how.tantos", total=pos["total"])
    return Texts([*head, msg("mesa.q.marcador", pair=_pair(pos["winner"]), how=how)])


def _card_distractors(rng: random.Random, c: int) -> list[str]:
    """Codes a misreading gives: the neighbouring numbers (sota 10 / caballo 11 / rey 12) and other letters."""
    rank, suit = RANK_OF[c], c // 10
    codes = []
    ranks = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)
    i = ranks.index(rank)
    for j in (i - 1, i + 1):
        if 0 <= j < len(ranks):
            codes.append(f"{ranks[j]}{Suit(suit).letter}")
    others = [s for s in range(4) if s != suit]
    rng.shuffle(others)
    codes += [f"{rank}{Suit(s).letter}" for s in others[:2]]
    return codes[:3]


def _facts(rng: random.Random, kind: str, difficulty: int, rules: TableRules) -> dict:
    v = rng.randrange(4)
    pos: dict = {"kind": kind, "viewer": v}
    if kind == "no_existe":
        pos["fake_rank"] = rng.choice((8, 9))
        pos["fake_suit"] = rng.choice(SUITS)
        pool = (
            [c for c in range(40) if (RANK_OF[c] in (7, 10, 11, 12)) == (difficulty > 1)]
            if difficulty < 3
            else list(range(40))
        )
        pos["cards"] = [CODE_OF[c] for c in rng.sample(pool, 3)]
    elif kind == "palo_falso":
        pos["fake_suit"] = rng.choice(FAKE_SUITS)
        pos["suits"] = rng.sample(SUITS, 3)
    elif kind in ("leer", "escribir"):
        pool = [c for c in range(40) if RANK_OF[c] >= 10] if difficulty == 1 else list(range(40))
        c = rng.choice(pool)
        pos["card"] = CODE_OF[c]
        pos["distractors"] = _card_distractors(rng, c)
    elif kind in ("despues_de_ti", "despues_de"):
        pos["seat"] = v if kind == "despues_de_ti" else rng.choice([s for s in range(4) if s != v])
    elif kind in ("palo_triunfo", "quien_la_tiene", "primera_triunfo"):
        pos["dealer"] = rng.randrange(4)
        pos["trump_card"] = CODE_OF[rng.randrange(40)]
        pos["hand_number"] = (
            1
            if kind == "primera_triunfo"
            else rng.randint(2, 5)
            if rules.primera_mano == "ludoteka"
            else rng.randint(1, 5)
        )
    elif kind == "primera_dos_de_oros":
        pos["dealer"] = rng.randrange(4)
        pos["dos_de_oros"] = rng.randrange(4)
        pos["hand_number"] = 1
    elif kind == "primera_salida":
        pos["dealer"] = rng.randrange(4)
        pos["hand_number"] = rng.randint(2, 5) if rules.primera_mano == "ludoteka" else rng.randint(1, 5)
    elif kind == "siguiente_salida":
        pos["dealer"] = rng.randrange(4)
        n = 1 if difficulty == 2 else rng.randint(2, 4)
        pos["winners"] = [rng.randrange(4) for _ in range(n)]
        pos["hand_number"] = rng.randint(2, 5) if rules.primera_mano == "ludoteka" else rng.randint(1, 5)
    elif kind == "siguiente_reparto":
        pos["dealer"] = rng.randrange(4)
    elif kind == "reparto_lejano":
        pos["dealer"] = rng.randrange(4)
        pos["hands_later"] = rng.choice((1, 3, 5) if difficulty == 3 else (1, 3))
    elif kind in ("faltan", "marcador"):
        target = 6 if rules.partida == "ludoteka" else 3
        a, b = rng.randrange(target), rng.randrange(target)
        pos["scores"] = {"tu_pareja": a, "rival": b}
        if kind == "faltan":
            pos["tantos_needed"] = rng.choice((101, 120, 150)) - rng.randrange(0, 90)
        else:
            pos["winner"] = rng.randrange(2)
            pos["tute"] = difficulty == 3 and rng.random() < 0.3
            pos["total"] = 0 if pos["tute"] else rng.choice((rng.randint(66, 100), rng.randint(101, 160)))
            if difficulty == 3:  # the last hand of the match: someone may be one hand away
                pos["scores"] = {
                    "tu_pareja": rng.choice((target - 1, a)),
                    "rival": rng.choice((target - 1, b)),
                }
    return pos


def generate_mesa(seed: int, difficulty: int, rules: TableRules, target: str | None) -> Scenario:
    rng = random.Random(f"mesa:{seed}:{difficulty}")
    rule = target or rng.choice(TARGETS)
    kinds = KINDS[rule][difficulty]
    if rules.primera_mano == "ludoteka" and rule in LUDOTEKA_FIRST:
        kinds = kinds + LUDOTEKA_FIRST[rule]
    kind = rng.choice(kinds)
    pos = _facts(rng, kind, difficulty, rules)
    pos["plain_values"] = True
    choices, key, _ = analyse(pos, rules)
    order = list(range(len(choices)))
    rng.shuffle(order)
    pos["order"] = order
    choices, key, _ = analyse(pos, rules)
    ids = [rule] + [r for r in KIND_RULES.get(kind, ()) if r != rule]
    if (
        kind in ("despues_de", "primera_salida", "reparto_lejano", "siguiente_reparto")
        and "R-SEAT-1" not in ids
    ):
        ids.append("R-SEAT-1")
    return Scenario(
        "mesa",
        difficulty,
        seed,
        rules,
        tuple(ids),
        _question(pos, rules),
        "choice",
        tuple(Option(c.value, c.label) for c in choices),
        pos,
        key,
    )


def option_notes(
    pos: dict, rules: TableRules
) -> tuple[list[tuple[str, Text, bool, Text]], Text, dict[str, str | None]]:
    """(verdict rows, explanation, misconception by value) for grading."""
    choices, key, expl = analyse(pos, rules)
    rows = [
        (
            c.value,
            c.label,
            c.value == key,
            Texts([msg("mesa.verdict.yes"), expl])
            if c.value == key
            else Texts([msg("mesa.verdict.no"), c.why or MISCONCEPTIONS[c.misconception]]),
        )
        for c in choices
    ]
    return rows, expl, {c.value: c.misconception for c in choices}


def check(pos: dict, rules: TableRules) -> list[str]:
    """Spanish descriptions of whatever makes a mesa position impossible; empty when it is consistent."""
    problems = []
    seats = [pos.get("viewer"), pos.get("dealer"), pos.get("seat"), pos.get("dos_de_oros")]
    seats += pos.get("winners", [])
    if any(s is not None and s not in (0, 1, 2, 3) for s in seats) or pos.get("viewer") is None:
        problems.append("asiento fuera de la mesa")
    codes = [pos.get("trump_card"), pos.get("card"), *pos.get("cards", []), *pos.get("distractors", [])]
    if any(c is not None and c not in CODE_INDEX for c in codes):
        problems.append("una carta que no es de la baraja")
    if pos.get("fake_rank") not in (None, 8, 9):
        problems.append("la carta inventada existe")
    if len(pos.get("winners", [])) > 9:
        problems.append("más de diez bazas en una mano")
    if "scores" in pos:
        target = 6 if rules.partida == "ludoteka" else 3
        if not all(0 <= pos["scores"][k] < target for k in ("tu_pareja", "rival")):
            problems.append("la partida ya había terminado")
        if pos.get("tute") and pos.get("total"):
            problems.append("un tute no se cuenta por tantos")
        if "total" in pos and not pos.get("tute") and not 66 <= pos["total"] <= 250:
            problems.append("un total que no gana la mano")
    kind = pos.get("kind", "")
    if kind.startswith("primera_") and kind != "primera_salida" and rules.primera_mano != "ludoteka":
        problems.append("pregunta de la primera mano de Ludoteka en una mesa que no la juega")
    if kind in ("primera_triunfo", "primera_dos_de_oros") and pos.get("hand_number") != 1:
        problems.append("la primera mano de Ludoteka no es la primera")
    if rules.primera_mano == "ludoteka" and kind in (
        "palo_triunfo",
        "quien_la_tiene",
        "primera_salida",
        "siguiente_salida",
    ):
        if pos.get("hand_number", 1) < 2:
            problems.append("en la primera mano de Ludoteka no se enseña carta ni sale el de la derecha")
    try:
        choices, key, _ = analyse(pos, rules)
    except (KeyError, TypeError, ValueError) as e:
        return [*problems, f"posición incompleta: {e}"]
    values = [c.value for c in choices]
    if len(set(values)) != len(values) or not 3 <= len(values) <= 5 or key not in values:
        problems.append("opciones repetidas, demasiadas o sin la respuesta")
    return problems
