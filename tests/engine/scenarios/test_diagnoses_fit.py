"""The property over every family × table × level: a wrong answer's diagnosis is one the position shows
applies to that answer at that table, and every option's and card's line gives a reason.

Each misconception has a condition written here from the position's facts (the cards, the trick, the
table's switches, the totals), not from the code that diagnoses: ``FITS[code](answer)`` says whether
that belief can explain this answer. A code without a condition fails the test (a new diagnosis needs
its condition). For the counting family the generic «Contar mal los tantos» fits only when no more
precise belief does (an «Empate» on 80–70 is a forgotten diez de últimas, not a miscount).

A sample per combination runs in CI (``DIAGNOSIS_SEEDS``, 12 by default); ``DIAGNOSIS_SEEDS=200`` is the
long run.
"""

from __future__ import annotations

import os
import re
from collections import defaultdict
from dataclasses import dataclass, replace
from functools import cache

import pytest

from engine.cantes import CABALLO, REY
from engine.cards import CODE_OF, SUIT_MASKS, TANTOS_OF, Suit
from engine.messages import render
from engine.obligations import ABOVE, legal_mask, ruling
from engine.rules import PRESETS, TableRules
from engine.scenarios import (
    DIFFICULTIES,
    FAMILIES,
    FAMILY,
    FIXED,
    MISCONCEPTIONS,
    Grade,
    Scenario,
    generate,
    grade,
)
from engine.scenarios.common import CODE_INDEX
from tests.engine.scenarios.sweep import answers

SEEDS = int(os.environ.get("DIAGNOSIS_SEEDS", "12"))
SWITCHES = ("montar_tras_fallo", "fallar_sin_pisar", "excepcion_companero")
FORGOTTEN = {f"ignora_{s}": s for s in SWITCHES}


# --- the facts of a play: a hand (mask), the trick before it, the trump, the table ------------------


@dataclass(frozen=True)
class Play:
    hand: int
    trick: tuple[int, ...]
    trump: int
    rules: TableRules

    @property
    def led(self) -> int:
        return self.trick[0] // 10

    @property
    def has_led(self) -> bool:
        return bool(self.hand & SUIT_MASKS[self.led])

    @property
    def trumps_played(self) -> list[int]:
        return [c for c in self.trick if c // 10 == self.trump]

    @property
    def cut(self) -> bool:
        """A triunfo on a lead of another suit."""
        return self.led != self.trump and bool(self.trumps_played)

    @property
    def high_led(self) -> int:
        return max(c for c in self.trick if c // 10 == self.led)

    @property
    def high_trump(self) -> int:
        return max(self.trumps_played, default=-1)

    def holds_above(self, card: int) -> bool:
        return bool(self.hand & ABOVE[card])

    @property
    def partner_winning(self) -> bool:
        best = max(
            range(len(self.trick)),
            key=lambda i: (self.trick[i] // 10 == self.trump, self.trick[i] // 10 == self.led, self.trick[i]),
        )
        return len(self.trick) >= 2 and best == len(self.trick) - 2

    def legal(self, card: int, rules: TableRules | None = None) -> bool:
        return bool(legal_mask(self.hand, list(self.trick), self.trump, rules or self.rules) >> card & 1)

    def forgot(self, switch: str, holds) -> bool:
        """The table has the switch on, and without it ``holds(rules)`` is true."""
        return getattr(self.rules, switch) and holds(replace(self.rules, **{switch: False}))


def card_fits(code: str, p: Play, c: int) -> bool:
    """Playing ``c`` (not legal here) shows belief ``code``."""
    suit = c // 10
    if p.legal(c):
        return False
    if code in FORGOTTEN:
        return p.forgot(FORGOTTEN[code], lambda r: p.legal(c, r))
    return {
        "triunfo_teniendo_palo": p.has_led and suit == p.trump and p.led != p.trump,
        "otro_palo_teniendo_palo": p.has_led and suit not in (p.led, p.trump),
        "no_monto": p.has_led and suit == p.led and not p.cut and p.holds_above(p.high_led),
        "monto_solo_salida": p.has_led and suit == p.led and p.trick[0] < c < p.high_led and not p.cut,
        "no_fallo": not p.has_led and not p.trumps_played and bool(p.hand & SUIT_MASKS[p.trump]),
        "no_piso": not p.has_led
        and p.cut
        and p.holds_above(p.high_trump)
        and not (suit == p.trump and c > p.high_trump),
        "excusa_companero": p.partner_winning and not p.rules.excepcion_companero,
    }.get(code, False)


def missed_fits(code: str, p: Play, c: int) -> bool:
    """Leaving out ``c`` (legal here) from the cards one may play shows belief ``code``."""
    if not p.legal(c):
        return False
    if code in FORGOTTEN:
        return p.forgot(FORGOTTEN[code], lambda r: not p.legal(c, r))
    return {
        "monto_baza_cortada": c // 10 == p.led and p.cut and c < p.high_led and not p.rules.montar_tras_fallo,
        "fallo_sin_poder_pisar": not p.has_led
        and p.cut
        and c // 10 != p.trump
        and bool(p.hand & SUIT_MASKS[p.trump])
        and not p.holds_above(p.high_trump)
        and not p.rules.fallar_sin_pisar,
    }.get(code, False)


def obligation_fits(code: str, p: Play, right: str, given: str) -> bool:
    """Naming obligation ``given`` when ``right`` applies shows belief ``code``."""
    if code in FORGOTTEN:
        cards = [c for c in range(40) if p.hand >> c & 1]
        return p.forgot(
            FORGOTTEN[code], lambda r: ruling(cards, list(p.trick), p.trump, r).obligation == given
        )
    has_trump = bool(p.hand & SUIT_MASKS[p.trump])
    return {
        "triunfo_teniendo_palo": p.has_led and p.led != p.trump and given in ("fallar", "pisar"),
        "triunfo_de_salida": p.has_led and p.led == p.trump and given in ("fallar", "pisar"),
        "otro_palo_teniendo_palo": p.has_led and given == "libre",
        "no_monto": right == "montar" and given == "asistir",
        "excusa_companero": p.partner_winning and not p.rules.excepcion_companero and given == "libre",
        "no_fallo": right == "fallar" and given == "libre" and not p.trumps_played,
        "no_piso": right == "pisar" and given in ("libre", "fallar"),
        "monto_baza_cortada": right == "asistir" and given == "montar" and p.cut,
        "fallo_sin_poder_pisar": right == "libre"
        and given in ("fallar", "pisar")
        and p.cut
        and has_trump
        and not p.holds_above(p.high_trump),
        "libertad_brisca": given == "libre",
    }.get(code, False)


# --- each family: does the diagnosis fit the answer? -------------------------------------------------


def _play_of(pos: dict, rules: TableRules, hand_codes=None, trick_codes=None) -> Play:
    hand = hand_codes if hand_codes is not None else pos["hand"]
    trick = trick_codes if trick_codes is not None else pos["trick"]
    return Play(
        sum(1 << CODE_INDEX[c] for c in hand),
        tuple(CODE_INDEX[c] for c in trick),
        int(Suit.parse(pos["trump"])),
        rules,
    )


def fits_jugada(s: Scenario, given, code: str) -> bool:
    return card_fits(code, _play_of(s.position, s.rules), CODE_INDEX[given])


def fits_validas(s: Scenario, given, code: str) -> bool:
    p = _play_of(s.position, s.rules)
    hand = s.position["hand"]
    if code == "libertad_brisca":
        return set(given) == set(hand) and any(not p.legal(CODE_INDEX[c]) for c in given)
    marked = [CODE_INDEX[c] for c in given]
    left_out = [CODE_INDEX[c] for c in hand if c not in given and p.legal(CODE_INDEX[c])]
    return any(card_fits(code, p, c) for c in marked) or any(missed_fits(code, p, c) for c in left_out)


def fits_obligacion(s: Scenario, given, code: str) -> bool:
    p = _play_of(s.position, s.rules)
    right = ruling([CODE_INDEX[c] for c in s.position["hand"]], list(p.trick), p.trump, s.rules).obligation
    return obligation_fits(code, p, right, given)


def fits_renuncio(s: Scenario, given, code: str) -> bool:
    pos = s.position
    leader, trick = pos["leader"], pos["trick"]

    def play_of(seat: int) -> tuple[Play, int]:
        i = (seat - leader) % 4
        card = CODE_INDEX[trick[i]]
        hand = [c for c in pos["hands_before"][seat] if c != trick[i]] + [trick[i]]
        return _play_of(pos, s.rules, hand, trick[:i]), card

    def legal(seat: int) -> bool:
        p, card = play_of(seat)
        return (seat - leader) % 4 == 0 or p.legal(card)

    if given == "nadie":  # a renuncio was there: the belief is the one behind that card
        return any(card_fits(code, *play_of(seat)) for seat in range(4) if not legal(seat))
    seat = int(given)
    if not legal(seat):
        return False
    if code == "renuncio_inventado":
        return True
    return (seat - leader) % 4 > 0 and missed_fits(code, *play_of(seat))


def fits_ganador(s: Scenario, given, code: str) -> bool:
    pos = s.position
    trump = int(Suit.parse(pos["trump"]))
    if pos.get("candidates"):
        cards = [CODE_INDEX[c] for c in pos["trick"]]
        chosen = [CODE_INDEX[c] for c in given]
        led = cards[0] // 10
        return (
            any(_winner_fits(code, cards + [g], g, trump) for g in chosen)
            or code
            in (
                "ganador_ignora_triunfo",
                "orden_fuerza",
            )
            and led is not None
        )
    cards = [CODE_INDEX[c] for c in pos["trick"]]
    return _winner_fits(code, cards, CODE_INDEX[given], trump)


def _winner_fits(code: str, cards: list[int], g: int, trump: int) -> bool:
    led = cards[0] // 10
    trumps = [c for c in cards if c // 10 == trump]
    best = max(trumps) if trumps else max(c for c in cards if c // 10 == led)
    if g == best:
        return False
    return {
        "gana_la_salida": g == cards[0],
        "ganador_ignora_triunfo": bool(trumps) and g // 10 != trump,
        "ganador_otro_palo": g // 10 not in (led, trump),
        "orden_fuerza": g // 10 == best // 10 and g < best,
        "tres_bajo_rey": CODE_OF[best].startswith("3")
        and CODE_OF[g].startswith("12")
        and g // 10 == best // 10,
        # a card whose number is above 3 (4 to caballo) named over the three
        "tres_por_numero": CODE_OF[best].startswith("3")
        and g // 10 == best // 10
        and int(CODE_OF[g][:-1]) in (4, 5, 6, 7, 10, 11),
    }.get(code, False)


def _pile(codes) -> int:
    return sum(TANTOS_OF[CODE_INDEX[c]] for c in codes)


def fits_tantos(s: Scenario, given, code: str) -> bool:
    pos = s.position
    if "pile" in pos:
        threes = sum(1 for c in pos["pile"] if c.startswith("3"))
        precise = {
            "tres_bajo_rey": bool(threes) and given - s.answer in {-10 * threes, -7 * threes, -6 * threes}
        }
    else:
        cards = {p: _pile(pos["piles"][p]) for p in "AB"}
        cantes = {p: sum(x["points"] for x in pos["cantes"][p]) for p in "AB"}
        last = {p: 10 if pos["last_trick"] == p else 0 for p in "AB"}
        total = {p: cards[p] + cantes[p] + last[p] for p in "AB"}
        if s.answer_kind == "number":
            p, d = pos.get("pair", "A"), given - s.answer
            sung = [x["suit"] for x in pos["cantes"][p]]
            captured = sum(
                TANTOS_OF[c]
                for suit in sung
                for c in (REY["oceb".index(suit)], CABALLO["oceb".index(suit)])
                if CODE_OF[c] in pos["piles"][p]
            )
            threes = sum(1 for c in pos["piles"][p] if c.startswith("3"))
            precise = {
                "olvido_ultimas": last[p] and d == -10,
                "olvido_cantes": cantes[p] and d in (-cantes[p], -cantes[p] - last[p]),
                "cante_descuenta_cartas": captured and d == -captured,
                "tres_bajo_rey": threes and d in {-10 * threes, -7 * threes, -6 * threes},
            }
        else:
            without_last = {p: total[p] - last[p] for p in "AB"}
            without_cantes = {p: total[p] - cantes[p] for p in "AB"}
            other = {"A": "B", "B": "A"}
            if given == "empate":
                precise = {
                    "empate_sin_ultimas": total["A"] == total["B"],
                    "olvido_ultimas": total["A"] != total["B"] and without_last["A"] == without_last["B"],
                    "olvido_cantes": total["A"] != total["B"] and without_cantes["A"] == without_cantes["B"],
                    "mas_cartas_gana": total["A"] != total["B"] and cards["A"] == cards["B"],
                    "cinco_bazas_empate": pos["tricks"]["A"] == pos["tricks"]["B"] == 5,
                }
            else:
                o = other[given]
                precise = {
                    "empate_a_la_otra_pareja": total["A"] == total["B"] and pos["last_trick"] != given,
                    "olvido_ultimas": total[given] < total[o] and without_last[given] > without_last[o],
                    "olvido_cantes": total[given] < total[o] and without_cantes[given] > without_cantes[o],
                    "mas_cartas_gana": total[given] < total[o] and cards[given] > cards[o],
                }
    if code == "tantos_mal_contados":
        return given != s.answer and not any(precise.values())
    return bool(precise.get(code))


def fits_cante(s: Scenario, given, code: str) -> bool:
    pos = s.position
    trump = int(Suit.parse(pos["trump"]))
    hand = {CODE_INDEX[c] for c in pos["hand"]}
    partner = {CODE_INDEX[c] for c in pos["partner_shows"]}
    played = {CODE_INDEX[c] for t in pos["history"] for c in t["cards"]}
    sung = {int(Suit.parse(x["suit"])) for x in pos["sung"]}
    pair_won = pos["last_winner"] % 2 == pos["viewer"] % 2
    couples = [s_ for s_ in range(4) if {REY[s_], CABALLO[s_]} <= hand]
    if given == "nada":
        return code == "no_ve_cante"
    if code == "dos_cantes":
        return bool(pos["sang_now"])
    if code == "cante_sin_baza":
        return not pair_won
    if given.startswith("tute"):
        four = {REY[x] for x in range(4)} if given == "tute-reyes" else {CABALLO[x] for x in range(4)}
        return {
            "tute_fuera_de_tiempo": four <= hand,
            "tute_sin_cartas": not four <= hand,
            "cante_repartido": not four <= hand and four <= hand | partner,
        }.get(code, False)
    suit = trump if given == "cuarenta" else int(Suit.parse(given.split("-")[1]))
    pair = {REY[suit], CABALLO[suit]}
    return {
        "palo_ya_cantado": pair <= hand and suit in sung,
        "prioridad_cante": pair <= hand and suit not in sung,
        "cante_carta_jugada": bool(pair & hand) and bool(pair & played),
        "cante_repartido": bool(pair & hand) and bool(pair & partner),
        "cante_otro_palo": not pair <= hand and any(x != suit for x in couples),
        "cante_sin_pareja": not pair <= hand and not couples,
    }.get(code, False)


# What each mesa belief states, and where it is true: the deal's beliefs speak of a card the dealer
# shows and of the player on his right (not at Ludoteka's first hand); the match's beliefs speak of how
# the table counts the match.
DEFAULT_DEAL = {"triunfo_otro_palo", "triunfo_no_se_queda", "sale_el_repartidor"}
DEFAULT_MATCH = {"cree_101", "suma_puntos_a_tantos", "mezcla_sistemas", "tute_no_cuenta"}
LUDOTEKA_MATCH = {"cree_101_ludoteka", "suma_puntos_a_tantos_ludoteka", "ignora_partida_ludoteka"}
MESA_KINDS = {
    "ocho_y_nueve": {"no_existe", "cuantas", "por_palo", "palo_falso", "figuras"},
    "lee_mal_la_notacion": {"leer", "escribir"},
    "companero_al_lado": {"despues_de", "despues_de_ti", "companero", "pareja"},
    "orden_horario": {"despues_de", "despues_de_ti", "primera_salida"},
    "roba_del_mazo": {"cartas_cada_uno", "total", "mazo"},
    "triunfo_otro_palo": {"palo_triunfo"},
    "triunfo_no_se_queda": {"quien_la_tiene"},
    "sale_el_repartidor": {"primera_salida", "siguiente_salida"},
    "salida_por_turno": {"siguiente_salida"},
    "reparto_a_la_izquierda": {"siguiente_reparto", "reparto_lejano"},
    "repite_repartidor": {"siguiente_reparto", "reparto_lejano"},
    "ignora_primera_mano": {"primera_triunfo", "primera_dos_de_oros"},
}


def fits_mesa(s: Scenario, given, code: str) -> bool:
    pos, rules = s.position, s.rules
    first_ludoteka = rules.primera_mano == "ludoteka" and pos.get("hand_number", 2) == 1
    if code in DEFAULT_DEAL and first_ludoteka:
        return False
    if code == "ignora_primera_mano":
        return first_ludoteka
    if code in DEFAULT_MATCH:
        return rules.partida != "ludoteka" and pos["kind"] in ("faltan", "marcador", "mazo")
    if code in LUDOTEKA_MATCH:
        return rules.partida == "ludoteka" and pos["kind"] in ("faltan", "marcador", "mazo")
    return pos["kind"] in MESA_KINDS.get(code, ())


FITS = {
    "jugada": fits_jugada,
    "validas": fits_validas,
    "obligacion": fits_obligacion,
    "renuncio": fits_renuncio,
    "ganador": fits_ganador,
    "tantos": fits_tantos,
    "cante": fits_cante,
    "mesa": fits_mesa,
}
assert set(FITS) == set(FAMILIES)


# --- the sample ----------------------------------------------------------------------------------------


@cache
def sample() -> tuple[tuple[Scenario, object], ...]:
    out = []
    for family in FAMILIES:
        for rules in PRESETS.values():
            for level in DIFFICULTIES:
                for seed in range(SEEDS):
                    s = generate(family, seed, level, rules)
                    out += [(s, a) for a in answers(s)]
    for s in FIXED.values():
        out += [(s, a) for a in answers(s)]
    return tuple(out)


_GRADES: dict[tuple[int, str], Grade] = {}


def graded(s: Scenario, given) -> Grade:
    """The grade of one answer of the sample (whose scenarios live as long as the run), made once for the
    tests that read it."""
    key = (id(s), repr(given))
    if key not in _GRADES:
        _GRADES[key] = grade(s, given)
    return _GRADES[key]


def _where(s: Scenario, given) -> str:
    table = s.rules.preset_name or "personalizada"
    return f"{s.family} {table} nivel {s.difficulty} semilla {s.seed} {s.fixed_id or ''} respuesta {given!r}"


@pytest.mark.parametrize("family", FAMILIES)
def test_every_wrong_answer_is_told_a_belief_that_fits_it_at_its_table(family):
    misfits, told = [], 0
    for s, given in sample():
        if s.family != family:
            continue
        g = graded(s, given)
        if g.correct or g.misconception is None:
            continue
        told += 1
        if not FITS[family](s, g.given, g.misconception):
            said = render(MISCONCEPTIONS[g.misconception], "es")
            misfits.append(f"{_where(s, given)}: {g.misconception} «{said[:70]}»")
    assert told > 0
    assert not misfits, f"{len(misfits)} of {told}:\n" + "\n".join(misfits[:25])


# --- every line gives a reason ----------------------------------------------------------------------

BARE = re.compile(r"^(sí|si|no|yes|gana|wins|cumple)\.?$", re.I)
BELIEFS = [render(m, "es") for m in MISCONCEPTIONS.values()]
PREFIX = re.compile(r"^(sí|no|yes|gana|wins)\s*[:.,]\s*", re.I)


def _reason(text) -> str:
    return PREFIX.sub("", render(text, "es").strip(), count=1).strip()


def test_every_line_of_every_answer_gives_a_reason():
    """A line's reason (what follows its «Sí:»/«No:») is never empty, never a bare yes or no, never a
    second yes («Gana: Gana…»), and never one sentence said under every question of its family whatever
    the position (a line that never changes says nothing of this position: «es la respuesta», «es lo que
    puedes cantar ahora», «No.»). Within one question the wrong options do not all carry one sentence
    (a belief repeated under every wrong option of «¿Cuál no es un palo?»)."""
    bad, by_family = [], defaultdict(lambda: defaultdict(set))
    seen = set()
    for s, given in sample():
        key = (s.family, s.seed, s.difficulty, s.rules, s.fixed_id)
        if key in seen:
            continue
        seen.add(key)
        g = graded(s, given)
        wrong_option_reasons = []
        for value, _label, ok, why in g.verdicts:
            reason = _reason(why)
            if not reason or BARE.match(reason) or PREFIX.match(reason):
                bad.append(f"{_where(s, value)}: «{render(why, 'es')}»")
            by_family[s.family][(ok, CODE_INDEX.get(str(value)) is not None)].add(reason)
            if not ok and str(value) not in CODE_INDEX:
                wrong_option_reasons.append(reason)
        # One fact of the position may rule every option out («la baza la ha ganado la pareja rival»);
        # one belief told under every option says nothing about any of them.
        if (
            len(wrong_option_reasons) >= 3
            and len(set(wrong_option_reasons)) == 1
            and any(belief in wrong_option_reasons[0] for belief in BELIEFS)
        ):
            bad.append(f"{_where(s, '')}: every wrong option «{wrong_option_reasons[0][:70]}»")
    for family, kinds in by_family.items():
        if FAMILY[family].verdicts.facts:  # rows of facts («0 tantos»): the fact is the line
            continue
        for (ok, is_card), reasons in kinds.items():  # noqa: B007 (the key says which lines)
            if len(reasons) == 1 and len(seen) > 20:
                bad.append(f"{family}: every {'right' if ok else 'wrong'} line says «{next(iter(reasons))}»")
    assert not bad, f"{len(bad)}:\n" + "\n".join(bad[:30])


def test_a_question_that_names_the_pairs_is_answered_with_their_names():
    """The guide's examples ask about «Ana y Carla» and «Bruno y Diego»: the explanation and the lines
    never switch to «pareja A (jugadores 1 y 3)»."""
    named = [s for s in FIXED.values() if s.position.get("names")]
    assert named
    for s in named:
        for option in s.options:
            g = grade(s, option.value)
            for lang, words in (("es", "pareja A"), ("es", "pareja B"), ("en", "pair A"), ("en", "pair B")):
                said = " ".join(render(t, lang) for t in (g.explanation, *(v[3] for v in g.verdicts)))
                assert words not in said.lower(), (s.fixed_id, option.value, said)


def test_a_trick_still_being_played_is_never_said_to_be_won():
    """`ganador` level 1 asks who is winning a trick that players are still to play: its explanation says
    what is winning so far, never «nada supera a la sota en esta baza» as if the trick were over."""
    partial = [
        s
        for s, _ in sample()
        if s.family == "ganador" and "candidates" not in s.position and len(s.position["trick"]) < 4
    ]
    assert partial
    for s in partial:
        g = grade(s, s.answer)
        for lang, so_far in (("es", "faltan jugadores"), ("en", "yet to play")):
            said = render(g.explanation, lang)
            assert so_far in said and "en esta baza" not in said and "in this baza" not in said, said


# One English word for each thing: an opponent (never «rival»), a pair (never «partnership»), to sing a
# cante (never «declare»), the last baza's ten in English («10 de últimas» is Spanish), a numbered
# player's partner or hand said with «of» (never «player 1 (pair A)'s partner»).
NESTED = re.compile(r"\([^()]*\(")
ENGLISH_MIXED = re.compile(r"\brivals?\b|partnership|\bdeclar|\d+ de últimas|\)'s\b", re.I)


def test_english_says_each_thing_with_one_word_and_no_bracket_sits_in_another():
    """Also in both languages: no bracket inside another («Sota de bastos (Jugador 3 (pareja A))»)."""
    mixed, asked = set(), set()
    for s, given in sample():
        g = graded(s, given)
        texts = [g.explanation, g.note, *(v[3] for v in g.verdicts)]
        if id(s) not in asked:  # the question and its options once per question
            asked.add(id(s))
            texts += [s.question, *(o.label for o in s.options)]
        if g.misconception:
            texts.append(MISCONCEPTIONS[g.misconception])
        for t in texts:
            if isinstance(t, int):
                continue
            english, spanish = render(t, "en"), render(t, "es")
            if ENGLISH_MIXED.search(english) or NESTED.search(english):
                mixed.add(f"{s.family}: {english[:120]}")
            if NESTED.search(spanish):
                mixed.add(f"{s.family} (es): {spanish[:120]}")
    assert not mixed, "\n".join(sorted(mixed)[:20])
