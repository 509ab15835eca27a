"""The table and the deal: the `mesa` family (R-DECK-1, R-DECK-2, R-SEAT-1, R-DEAL-1..4, R-MATCH-1).

Every question is a multiple choice built from a few facts kept in the position (``kind`` names the
question; ``viewer`` is the seat answering, others are seats 0..3, cards codes). ``analyse(position,
rules)`` rebuilds the options, the key, each wrong option's misconception and the explanation from
those facts alone, so generation and grading share one definition. Seats are named from the
viewer's side (R-SEAT-1: seat + 1 sits to one's right and plays after one).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.cantes import HandScore
from engine.cards import CODE_OF, NAME_OF, RANK_OF, Suit
from engine.match import Match
from engine.messages import Who, msg
from engine.messages.es import phrase
from engine.obligations import the
from engine.rules import TableRules
from engine.scenarios.common import CODE_INDEX, seat_name
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

SUITS = ("oros", "copas", "espadas", "bastos")
FIGURES = {10: "sota", 11: "caballo", 12: "rey"}
FAKE_SUITS = ("corazones", "picas", "tréboles", "diamantes")


@dataclass(frozen=True)
class Choice:
    value: str
    label: str
    misconception: str | None  # None for the right option
    why: str


def _seat(seat: int, viewer: int) -> str:
    return seat_name(seat, viewer)


def _w(seat: int, viewer: int, form: str) -> str:
    """A seat in one grammatical form, named from the viewer: 'repartes' / 'reparte', 'tu' / 'su'."""
    return phrase(Who.seat(seat, viewer), form)


def _deals(dealer: int, viewer: int) -> str:
    """'Repartes tú' / 'Reparte tu compañero'."""
    return _cap(f"{_w(dealer, viewer, 'v:reparte')} {_seat(dealer, viewer)}")


def _after(seat: int, viewer: int) -> str:
    """'tras ti' / 'tras el rival de tu izquierda'."""
    return "tras " + _w(seat, viewer, "obj")


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _seat_choices(pos: dict, right: int, wrong: dict[int, str], why_right: str) -> list[Choice]:
    viewer = pos["viewer"]
    out = [Choice(str(right), _cap(_seat(right, viewer)), None, why_right)]
    for seat, mis in wrong.items():
        if seat != right:
            out.append(Choice(str(seat), _cap(_seat(seat, viewer)), mis, ""))
    return out


def _of(text: str) -> str:
    """'de' + a seat or card phrase, with the Spanish contraction: 'del rival de tu derecha'."""
    return "del " + text[3:] if text.startswith("el ") else "de " + text


def _card_name(code: str) -> str:
    return NAME_OF[CODE_INDEX[code]]


def _fake_name(rank: int, suit: str) -> str:
    return f"{'el ocho' if rank == 8 else 'el nueve'} de {suit}"


# --- the analysis of each kind: (choices, key, explanation) --------------------------------------------


def _deck(pos: dict) -> tuple[list[Choice], str]:
    kind = pos["kind"]
    if kind == "no_existe":
        fake = f"{pos['fake_rank']}{pos['fake_suit'][0]}"
        out = [Choice("x" + fake, _cap(_fake_name(pos["fake_rank"], pos["fake_suit"])), None, "")]
        out += [Choice("r" + c, _cap(the(CODE_INDEX[c])), "ocho_y_nueve", "") for c in pos["cards"]]
        return out, (
            "La baraja española del tute tiene 40 cartas: en cada palo, del as al siete y la sota (10), "
            "el caballo (11) y el rey (12). No hay ochos, nueves ni comodines (R-DECK-1)."
        )
    if kind == "cuantas":
        out = [Choice("40", "40 cartas", None, "")]
        out += [Choice(str(n), f"{n} cartas", "ocho_y_nueve", "") for n in (48, 52, 36)]
        return out, "Se juega con la baraja española de 40 cartas: cuatro palos de diez cartas (R-DECK-1)."
    if kind == "por_palo":
        out = [Choice("10", "10 cartas", None, "")]
        out += [Choice(str(n), f"{n} cartas", "ocho_y_nueve", "") for n in (12, 13, 9)]
        return out, (
            "Cada palo tiene diez cartas: 1, 2, 3, 4, 5, 6, 7, sota (10), caballo (11) y rey (12); "
            "4 palos × 10 = 40 cartas (R-DECK-1)."
        )
    if kind == "palo_falso":
        fake = pos["fake_suit"]
        out = [Choice("x" + fake, _cap(fake), None, "")]
        out += [Choice(s, _cap(s), "ocho_y_nueve", "") for s in pos["suits"]]
        return out, (
            "Los cuatro palos de la baraja española son oros, copas, espadas y bastos; corazones, picas, "
            "tréboles y diamantes son de la baraja francesa (R-DECK-1)."
        )
    # figuras: which numbers do the sota, caballo and rey carry?
    out = [
        Choice("10-11-12", "10, 11 y 12", None, ""),
        Choice("8-9-10", "8, 9 y 10", "ocho_y_nueve", ""),
        Choice("11-12-13", "11, 12 y 13", "ocho_y_nueve", ""),
        Choice("9-10-11", "9, 10 y 11", "ocho_y_nueve", ""),
    ]
    return out, (
        "Después del siete vienen la sota (10), el caballo (11) y el rey (12): no hay ni ochos ni nueves, "
        "y así cada palo tiene diez cartas (R-DECK-1)."
    )


def _notation(pos: dict) -> tuple[list[Choice], str]:
    code = pos["card"]
    c = CODE_INDEX[code]
    if pos["kind"] == "leer":
        out = [Choice("n" + code, _cap(NAME_OF[c]), None, "")]
        out += [Choice("n" + d, _cap(_card_name(d)), "lee_mal_la_notacion", "") for d in pos["distractors"]]
    else:
        out = [Choice("n" + code, code, None, "")]
        out += [Choice("n" + d, d, "lee_mal_la_notacion", "") for d in pos["distractors"]]
    rank = RANK_OF[c]
    fig = f" ({FIGURES[rank]})" if rank in FIGURES else (" (as)" if rank == 1 else "")
    return out, (
        f"Una carta se escribe con su número y la letra de su palo (o oros, c copas, e espadas, b bastos): "
        f"«{code}» es {rank}{fig} de {Suit(c // 10).label}, {the(c)} (R-DECK-2)."
    )


def _seats(pos: dict) -> tuple[list[Choice], str]:
    kind, v = pos["kind"], pos["viewer"]
    if kind in ("despues_de_ti", "despues_de"):
        s = pos["seat"]
        right = (s + 1) % 4
        wrong = {(s + 3) % 4: "orden_horario", (s + 2) % 4: "companero_al_lado"}
        out = _seat_choices(pos, right, wrong, "")
        return out, (
            f"Se juega en sentido contrario a las agujas del reloj: después {_w(s, v, 'de')} juega quien está "
            f"a {_w(s, v, 'pos1')} derecha, {_seat(right, v)} (R-SEAT-1)."
        )
    if kind == "companero":
        out = [
            Choice("enfrente", "Enfrente de ti", None, ""),
            Choice("derecha", "A tu derecha", "companero_al_lado", ""),
            Choice("izquierda", "A tu izquierda", "companero_al_lado", ""),
        ]
        return (
            out,
            "Los compañeros se sientan enfrente; a tu derecha y a tu izquierda están los rivales (R-SEAT-1).",
        )
    # pareja: which seats make your pair, you being seat v (seats 0..3 in playing order)
    p = (v + 2) % 4
    # Named like every other question from outside a seat: jugadores 1 to 4 (seat + 1), no pair given away.
    out = [Choice(f"{min(v, p)}-{max(v, p)}", f"Los jugadores {min(v, p) + 1} y {max(v, p) + 1}", None, "")]
    for o in ((v + 1) % 4, (v + 3) % 4):
        a, b = sorted((v, o))
        out.append(Choice(f"{a}-{b}", f"Los jugadores {a + 1} y {b + 1}", "companero_al_lado", ""))
    return out, (
        f"Los compañeros se sientan enfrente: el jugador {v + 1} juega con el {p + 1}. La pareja A son los "
        f"jugadores 1 y 3, y la pareja B, el 2 y el 4 (R-SEAT-1)."
    )


def _deal1(pos: dict) -> tuple[list[Choice], str]:
    kind = pos["kind"]
    expl = "Se reparten las 40 cartas, diez a cada jugador: no queda mazo y no se roba durante la mano (R-DEAL-1)."
    if kind == "cartas_cada_uno":
        out = [Choice("10", "10 cartas", None, "")]
        out += [Choice(str(n), f"{n} cartas", "roba_del_mazo", "") for n in (8, 6, 3)]
        return out, expl
    if kind == "total":
        out = [Choice("40", "Las 40", None, "")]
        out += [
            Choice(str(n), f"{n}, y el resto queda en el mazo", "roba_del_mazo", "") for n in (32, 24, 12)
        ]
        return out, expl
    out = [
        Choice("no", "No: se reparten todas y nadie roba", None, ""),
        Choice("robar", "Sí: tras cada baza cada jugador roba una carta", "roba_del_mazo", ""),
        Choice("ultima", "Sí: quedan unas cartas boca abajo para el final", "roba_del_mazo", ""),
        Choice("101", "Sí: se roba hasta que una pareja llega a 101", "cree_101", ""),
    ]
    return out, expl


def _deal2(pos: dict, rules: TableRules) -> tuple[list[Choice], str]:
    kind, v, d = pos["kind"], pos["viewer"], pos["dealer"]
    code = pos.get("trump_card") or "2o"  # primera_dos_de_oros shows no card
    suit = Suit.parse(code[-1])
    if kind == "palo_triunfo":
        out = [Choice(suit.letter, _cap(suit.label), None, "")]
        out += [
            Choice(Suit(s).letter, _cap(Suit(s).label), "triunfo_otro_palo", "")
            for s in range(4)
            if s != suit
        ]
        return out, (
            f"La última carta del repartidor, {the(CODE_INDEX[code])}, se enseña para marcar el triunfo: "
            f"triunfan los {suit.label} toda la mano (R-DEAL-2)."
        )
    if kind == "quien_la_tiene":
        out = [
            Choice(c.value, f"En {_w(int(c.value), v, 'mano')}", c.misconception, "")
            for c in _seat_choices(pos, d, {(d + 1) % 4: "triunfo_no_se_queda"}, "")
        ]
        out.append(Choice("mesa", "Nadie: se queda boca arriba en la mesa", "triunfo_no_se_queda", ""))
        out.append(
            Choice("cambio", "Quien tenga el siete de triunfo, que la cambia", "triunfo_no_se_queda", "")
        )
        return out, (
            f"La carta que marca el triunfo es la última del repartidor ({_seat(d, v)}): se enseña y se queda "
            f"en su mano, y la jugará como cualquier otra. No se cambia por el siete (R-DEAL-2)."
        )
    if kind == "primera_triunfo":
        out = [Choice("o", "Oros", None, "")]
        if suit != Suit.OROS:
            out.append(Choice(suit.letter, _cap(suit.label), "ignora_primera_mano", ""))
        out += [
            Choice(Suit(s).letter, _cap(Suit(s).label), "triunfo_otro_palo", "")
            for s in range(4)
            if s not in (0, suit)
        ][: 4 - len(out)]
        return out, (
            "En esta mesa (primera mano de Ludoteka) la primera mano de la partida se juega siempre con "
            "triunfo de oros, sin enseñar carta; en las siguientes marca el triunfo la última carta del "
            "repartidor (R-VAR-PRIMERA-MANO-LUDOTEKA, R-DEAL-2)."
        )
    # primera_dos_de_oros: who leads the match's first hand under primera_mano = ludoteka
    h = pos["dos_de_oros"]
    wrong = {(d + 1) % 4: "ignora_primera_mano", d: "sale_el_repartidor", (d + 3) % 4: "orden_horario"}
    out = _seat_choices(pos, h, wrong, "")
    return out, (
        f"En la primera mano de la partida de esta mesa triunfan los oros y sale quien tiene el dos de "
        f"oros ({_seat(h, v)}), saliendo con él; en las demás manos sale el jugador a la derecha del "
        f"repartidor (R-VAR-PRIMERA-MANO-LUDOTEKA, R-DEAL-3)."
    )


def _deal3(pos: dict) -> tuple[list[Choice], str]:
    v, d = pos["viewer"], pos["dealer"]
    if pos["kind"] == "primera_salida":
        right = (d + 1) % 4
        out = _seat_choices(pos, right, {d: "sale_el_repartidor", (d + 3) % 4: "orden_horario"}, "")
        return out, (
            f"{_w(d, v, 'v:reparte')} {_seat(d, v)}: la primera baza la abre el jugador a "
            f"{_w(d, v, 'pos1')} derecha, {_seat(right, v)} (R-DEAL-3, R-SEAT-1)."
        )
    winners = pos["winners"]
    w = winners[-1]
    leader = (d + 1) % 4 if len(winners) == 1 else winners[-2]
    wrong = {s: "sale_el_repartidor" if s == d and s != leader else "salida_por_turno" for s in range(4)}
    out = _seat_choices(pos, w, wrong, "")
    return out, (
        f"Cada baza la abre quien ganó la anterior: la última la {_w(w, v, 'v:ganó')} {_seat(w, v)}, así que "
        f"{_w(w, v, 'v:sale')} {_w(w, v, 'v:él')} (R-DEAL-3)."
    )


def _deal4(pos: dict) -> tuple[list[Choice], str]:
    v, d = pos["viewer"], pos["dealer"]
    n = pos.get("hands_later", 1)
    right = (d + n) % 4
    wrong = {(d - n) % 4: "reparto_a_la_izquierda", d: "repite_repartidor"}
    out = _seat_choices(pos, right, wrong, "")
    if n == 1:
        expl = (
            f"El reparto pasa a la derecha: {_after(d, v)} {_w(right, v, 'v:reparte')} {_seat(right, v)} "
            f"(R-DEAL-4, R-SEAT-1)."
        )
    else:
        expl = (
            f"El reparto pasa una vez a la derecha en cada mano: {n} manos después {_w(d, v, 'de')} "
            f"{_w(right, v, 'v:reparte')} {_seat(right, v)} (R-DEAL-4, R-SEAT-1)."
        )
    return out, expl


def _points_text(a: int, b: int) -> str:
    return f"Tu pareja {a}, la rival {b}"


def match_after(rules: TableRules, score: tuple[int, int], winner: int, total: int, tute: bool) -> Match:
    """The match (viewer's pair = 0) after the hand, by the engine's scoreboard (R-MATCH-1 / ludoteka)."""
    other = 0 if tute else 130 - total + 20
    totals = (total, other) if winner == 0 else (other, total)
    hs = HandScore((0, 0), (0, 0), None, totals, winner, "tute" if tute else "tantos", "", ("R-MATCH-1",))
    return Match(rules, 0, score).record(hs)


def _match(pos: dict, rules: TableRules) -> tuple[list[Choice], str]:
    ludo = rules.partida == "ludoteka"
    a, b = pos["scores"]["tu_pareja"], pos["scores"]["rival"]
    target = 6 if ludo else 3
    if pos["kind"] == "faltan":
        unit = "puntos" if ludo else "manos"
        right = target - a
        other = (3 if ludo else 6) - a
        out = [Choice(str(right), f"{right} {unit if right != 1 else unit[:-1]}", None, "")]
        if other > 0 and other != right:
            out.append(
                Choice(
                    str(other),
                    f"{other} {unit if other != 1 else unit[:-1]}",
                    "ignora_partida_ludoteka" if ludo else "mezcla_sistemas",
                    "",
                )
            )
        out.append(Choice("101", "Llegar a 101 tantos", "cree_101", ""))
        out.append(
            Choice(
                "tantos",
                f"Sumar {pos['tantos_needed']} tantos más entre todas las manos",
                "suma_puntos_a_tantos",
                "",
            )
        )
        if ludo:
            expl = (
                f"En esta mesa (partida de Ludoteka) gana la primera pareja que llega a 6 puntos; vais {a} a "
                f"{b}, así que os faltan {right} (R-VAR-PARTIDA-LUDOTEKA). Los tantos de cada mano no se acumulan."
            )
        else:
            expl = (
                f"Cada mano ganada es un punto y gana la partida quien gana tres manos: vais {a} a {b}, "
                f"así que os faltan {right} (R-MATCH-1). Los tantos no se acumulan ni hay 101."
            )
        return out, expl
    winner = pos["winner"]  # 0 = your pair, 1 = the rival pair
    total, tute = pos["total"], pos["tute"]
    m = match_after(rules, (a, b), winner, total, tute)
    pts = m.results[-1].points

    def label(x: int, y: int) -> str:
        txt = _points_text(x, y)
        if x >= target:
            txt += ": tu pareja gana la partida"
        elif y >= target:
            txt += ": la rival gana la partida"
        return txt

    right = m.points
    out = [Choice(f"{right[0]}-{right[1]}", label(*right), None, "")]
    seen = {right}
    alt = 2 if pts == 1 else 1
    alt_score = (a + alt, b) if winner == 0 else (a, b + alt)
    wrong_alt = "ignora_partida_ludoteka" if ludo else "mezcla_sistemas"
    wrongs = [(alt_score, wrong_alt)] + ([((a, b), "tute_no_cuenta")] if tute else [])
    for sc, mis in wrongs:
        if sc not in seen:
            seen.add(sc)
            out.append(Choice(f"{sc[0]}-{sc[1]}", label(*sc), mis, ""))
    if total > 100 and not tute:
        out.append(
            Choice(
                "101",
                f"Con {total} tantos, {'tu pareja' if winner == 0 else 'la rival'} pasa de 100 y gana la partida",
                "cree_101",
                "",
            )
        )
    if not tute:
        out.append(
            Choice(
                "tantos",
                f"Se apuntan los {total} tantos de la mano en el marcador de la partida",
                "suma_puntos_a_tantos",
                "",
            )
        )
    else:
        out.append(
            Choice(
                "tantos",
                "El tute da los 120 tantos de la baraja al marcador de la partida",
                "suma_puntos_a_tantos",
                "",
            )
        )
    who = "tu pareja" if winner == 0 else "la pareja rival"
    how = "con un tute" if tute else f"con {total} tantos"
    if ludo:
        if tute:
            why = "un tute vale 2 puntos"
        elif total > 100:
            why = f"una mano ganada con {total} tantos pasa de 100 y vale 2 puntos"
        else:
            why = f"una mano ganada con {total} tantos no pasa de 100 y vale 1 punto"
        expl = (
            f"En esta mesa (partida de Ludoteka) {why}, y se gana con 6 puntos. "
            f"Vais {a} a {b} y gana {who}: queda {right[0]} a {right[1]} (R-VAR-PARTIDA-LUDOTEKA)."
        )
    else:
        expl = (
            f"Cada mano ganada vale un punto, también la ganada con un tute, y gana la partida la pareja que "
            f"gana tres manos; los tantos no se suman al marcador ni hay 101. Vais {a} a {b} y gana {who} "
            f"{how}: queda {right[0]} a {right[1]} (R-MATCH-1)."
        )
    if m.over:
        expl += f" {'Tu pareja' if m.winner == 0 else 'La pareja rival'} gana la partida."
    return out, expl


def analyse(pos: dict, rules: TableRules) -> tuple[list[Choice], str, str]:
    """(choices in display order, the right value, the explanation) for a mesa position."""
    kind = pos["kind"]
    if kind in ("no_existe", "cuantas", "por_palo", "palo_falso", "figuras"):
        out, expl = _deck(pos)
    elif kind in ("leer", "escribir"):
        out, expl = _notation(pos)
    elif kind in ("despues_de_ti", "despues_de", "companero", "pareja"):
        out, expl = _seats(pos)
    elif kind in ("cartas_cada_uno", "mazo", "total"):
        out, expl = _deal1(pos)
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


def _question(pos: dict, rules: TableRules) -> str:
    kind, v = pos["kind"], pos.get("viewer")
    d = pos.get("dealer")
    if kind == "no_existe":
        return (
            "¿Cuál de estas cartas no existe en la baraja española de 40 cartas con la que se juega al tute?"
        )
    if kind == "cuantas":
        return "¿Cuántas cartas tiene la baraja con la que se juega al tute por parejas?"
    if kind == "por_palo":
        return "¿Cuántas cartas tiene cada palo de la baraja del tute?"
    if kind == "palo_falso":
        return "¿Cuál de estos no es un palo de la baraja española?"
    if kind == "figuras":
        return "¿Qué números llevan la sota, el caballo y el rey en la baraja del tute?"
    if kind == "leer":
        return f"En la app las cartas se escriben con número y letra del palo. ¿Qué carta es «{pos['card']}»?"
    if kind == "escribir":
        return f"¿Cómo se escribe {the(CODE_INDEX[pos['card']])} con número y letra del palo?"
    if kind == "despues_de_ti":
        return "Jugáis cuatro, por parejas. Acabas de jugar tu carta. ¿Quién juega justo después de ti?"
    if kind == "despues_de":
        return (
            f"Jugáis cuatro, por parejas. Acaba de jugar {_seat(pos['seat'], v)}. ¿Quién juega justo después?"
        )
    if kind == "companero":
        return "Jugáis cuatro, por parejas. ¿Dónde se sienta tu compañero?"
    if kind == "pareja":
        return (
            f"Los jugadores se numeran del 1 al 4 en el orden en que se juega, y tú eres el jugador {v + 1}. "
            "¿Qué jugadores forman tu pareja?"
        )
    if kind == "cartas_cada_uno":
        return "En el tute por parejas, ¿cuántas cartas recibe cada jugador al repartir?"
    if kind == "total":
        return "En el tute por parejas, ¿cuántas cartas de la baraja se reparten?"
    if kind == "mazo":
        return "Después de repartir, ¿queda un mazo del que se roba durante la mano?"
    later = ""
    if rules.primera_mano == "ludoteka" and kind in (
        "palo_triunfo",
        "quien_la_tiene",
        "primera_salida",
        "siguiente_salida",
    ):
        later = "No es la primera mano de la partida. "
    if kind == "palo_triunfo":
        return (
            f"{later}{_deals(d, v)} y {_w(d, v, 'v:enseña')} {_w(d, v, 'pos1')} última carta: "
            f"{the(CODE_INDEX[pos['trump_card']])}. "
            "¿Qué palo es triunfo en esta mano?"
        )
    if kind == "quien_la_tiene":
        return (
            f"{later}{_deals(d, v)} y {_w(d, v, 'v:enseña')} {_w(d, v, 'pos1')} última carta, "
            f"{the(CODE_INDEX[pos['trump_card']])}, "
            "para marcar el triunfo. ¿Dónde queda esa carta durante la mano?"
        )
    if kind == "primera_triunfo":
        return (
            f"Es la primera mano de la partida y en esta mesa se juega la primera mano de Ludoteka. "
            f"{_deals(d, v)} y {_w(d, v, 'pos1')} última carta es {the(CODE_INDEX[pos['trump_card']])}. "
            "¿Qué palo es triunfo?"
        )
    if kind == "primera_dos_de_oros":
        return (
            f"Es la primera mano de la partida y en esta mesa se juega la primera mano de Ludoteka. "
            f"{_deals(d, v)} y el dos de oros lo {_w(pos['dos_de_oros'], v, 'v:tiene')} "
            f"{_seat(pos['dos_de_oros'], v)}. ¿Quién sale en la primera baza?"
        )
    if kind == "primera_salida":
        return f"{later}{_deals(d, v)}. ¿Quién sale en la primera baza?"
    if kind == "siguiente_salida":
        ws = pos["winners"]
        done = "; ".join(f"la {i + 1}.ª la {_w(w, v, 'v:gana')} {_seat(w, v)}" for i, w in enumerate(ws))
        return f"{later}{_deals(d, v)}. Bazas jugadas: {done}. ¿Quién sale en la baza {len(ws) + 1}?"
    if kind == "siguiente_reparto":
        return f"En esta mano {_w(d, v, 'v:ha')} repartido {_seat(d, v)}. ¿Quién reparte la mano siguiente?"
    if kind == "reparto_lejano":
        n = pos["hands_later"]
        return (
            f"En la primera mano de la partida {_w(d, v, 'v:reparte')} {_seat(d, v)}. "
            f"¿Quién reparte la mano {n + 1}?"
        )
    a, b = pos["scores"]["tu_pareja"], pos["scores"]["rival"]
    system = (
        "En esta mesa se juega la partida de Ludoteka (se gana con 6 puntos). "
        if rules.partida == "ludoteka"
        else ""
    )
    unit = "puntos" if rules.partida == "ludoteka" else "manos ganadas"
    head = f"{system}La partida va {a} a {b} ({unit}: tu pareja {a}, la rival {b}). "
    if kind == "faltan":
        return head + "¿Qué le falta a tu pareja para ganar la partida?"
    who = "tu pareja" if pos["winner"] == 0 else "la pareja rival"
    how = (
        "cantando un tute"
        if pos["tute"]
        else f"con {pos['total']} tantos en total (cartas, cantes y últimas)"
    )
    return head + f"Esta mano la gana {who} {how}. ¿Cómo queda la partida?"


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
) -> tuple[list[tuple[str, str, bool, str]], str, dict[str, str | None]]:
    """(verdict rows, explanation, misconception by value) for grading."""
    choices, key, expl = analyse(pos, rules)
    rows = [
        (
            c.value,
            c.label,
            c.value == key,
            "Sí: es la respuesta."
            if c.value == key
            else msg("families.misconception.no", why=MISCONCEPTIONS[c.misconception]),
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
