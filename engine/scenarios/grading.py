"""Reading a learner's answer and grading it from the stored scenario alone."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.cantes import CABALLO, REY
from engine.cards import CODE_OF, SUIT_MASKS, TANTOS_OF, CardError, Suit, parse_card
from engine.messages import Message, Texts, Who, msg
from engine.obligations import ABOVE, ruling, trick_state
from engine.scenarios import cante as cante_mod
from engine.scenarios import ganador as ganador_mod
from engine.scenarios import mesa as mesa_mod
from engine.scenarios import renuncio as renuncio_mod
from engine.scenarios import tantos as tantos_mod
from engine.scenarios.common import CODE_INDEX, card_name
from engine.scenarios.misconceptions import MISCONCEPTIONS, diagnose_card, diagnose_missed, ignored_switch
from engine.scenarios.model import AnswerError, Grade, Scenario
from engine.scenarios.play import CUT, LOW_TRUMP, PARTNER, tags
from engine.scenarios.version import ENGINE_VERSION

MAX_NUMBER = 1000


def _one(raw: str | list[str]) -> str:
    if isinstance(raw, (list, tuple)):
        if len(raw) != 1:
            raise AnswerError(msg("families.answer.one"))
        raw = raw[0]
    if not isinstance(raw, str):
        raise AnswerError(msg("families.answer.invalid"))
    return raw.strip()


def _hand_card(scenario: Scenario, token: str) -> str:
    try:
        c = parse_card(token)
    except CardError:
        raise AnswerError(msg("families.answer.card", token=token)) from None
    code = CODE_OF[c]
    if code not in {o.value for o in scenario.options}:
        raise AnswerError(msg("families.answer.not_in_hand", card=c))
    return code


def parse_answer(scenario: Scenario, raw: str | list[str]) -> Any:
    """Turn form strings into an answer for ``grade``; an AnswerError says what is wrong."""
    kind = scenario.answer_kind
    if kind == "card":
        return _hand_card(scenario, _one(raw))
    if kind == "cards":
        if isinstance(raw, str):
            raw = [t for t in raw.replace(";", ",").split(",") if t.strip()]
        if not isinstance(raw, (list, tuple)):
            raise AnswerError(msg("families.answer.mark_cards"))
        chosen = {_hand_card(scenario, str(t).strip()) for t in raw}
        return [o.value for o in scenario.options if o.value in chosen]
    if kind == "choice":
        value = _one(raw)
        if value not in {o.value for o in scenario.options}:
            raise AnswerError(msg("families.answer.option", value=value))
        return value
    if kind == "number":
        text = _one(raw) if not isinstance(raw, int) else str(raw)
        try:
            # int() also reads '٣', '1_000' and thousands of digits: only plain figures count.
            if not (text.isascii() and text.lstrip("+-").isdigit() and len(text) <= 6):
                raise ValueError(text)
            n = int(text)
        except ValueError:
            raise AnswerError(msg("families.answer.not_a_number", text=text)) from None
        if not 0 <= n <= MAX_NUMBER:
            raise AnswerError(msg("families.answer.out_of_range", n=n, most=MAX_NUMBER))
        return n
    raise AnswerError(msg("families.answer.kind", kind=kind))


def _normalise(scenario: Scenario, answer: Any) -> Any:
    kind = scenario.answer_kind
    if kind == "number" and isinstance(answer, int) and not isinstance(answer, bool):
        return answer
    if kind == "cards" and isinstance(answer, (list, tuple, set, frozenset)):
        return parse_answer(scenario, [str(a) if not isinstance(a, int) else CODE_OF[a] for a in answer])
    if kind == "card" and isinstance(answer, int) and not isinstance(answer, bool):
        answer = CODE_OF[answer]
    return parse_answer(scenario, answer)


def normalise(scenario: Scenario, answer: Any) -> Any:
    """The answer as ``grade`` reads it (form strings or engine values); AnswerError if it cannot be read."""
    return _normalise(scenario, answer)


def _make(
    scenario, correct, expected, given, explanation, verdicts, misconception, note="", cites=()
) -> Grade:
    """The grade; its rules are the scenario's and those the explanation states (``cites``): the «Reglas»
    lines name them, the sentences never write a rule id."""
    return Grade(
        bool(correct),
        expected,
        given,
        explanation,
        tuple(tuple(v) for v in verdicts),
        tuple(dict.fromkeys((*scenario.rule_ids, *cites))),
        None if correct else misconception,
        ENGINE_VERSION,
        "" if correct else note,
    )


def _validas_note(extra: list[int], missing: list[int]) -> Texts:
    """'Te has dejado el cuatro de copas, que también se puede jugar.' and the like."""
    parts = []
    if missing:
        parts.append(msg("families.validas.missing", cards=tuple(missing)))
    if extra:
        parts.append(msg("families.validas.extra", cards=tuple(extra)))
    return Texts(parts)


def _play_facts(position):
    hand = [CODE_INDEX[c] for c in position["hand"]]
    trick = [CODE_INDEX[c] for c in position["trick"]]
    return hand, trick, int(Suit.parse(position["trump"]))


def _play_ruling(scenario: Scenario):
    """What the three play families share: the position's ruling, each card's verdict row, the legal
    cards and the explanation."""
    hand, trick, trump = _play_facts(scenario.position)
    r = ruling(hand, trick, trump, scenario.rules)
    verdicts = [(CODE_OF[v.card], card_name(v.card), v.legal, v.message or v.why) for v in r.verdicts]
    legal = [CODE_OF[c] for c in hand if c in r.legal]
    explanation = Texts(r.messages) if r.messages else r.explanation
    return r, sum(1 << c for c in hand), trick, trump, verdicts, legal, explanation


def grade_jugada(scenario: Scenario, given: Any) -> Grade:
    """One card played: legal or not, with the belief a wrong card shows and that card's verdict."""
    r, hand_mask, trick, trump, verdicts, legal, explanation = _play_ruling(scenario)
    correct = given in legal
    mis, note = None, ""
    if not correct:
        mis = diagnose_card(hand_mask, trick, trump, CODE_INDEX[given], scenario.rules)
        verdict = r.verdict(CODE_INDEX[given])
        note = verdict.message or verdict.why
    return _make(scenario, correct, legal, given, explanation, verdicts, mis, note)


def grade_validas(scenario: Scenario, given: Any) -> Grade:
    """Every legal card marked and no other: the note names the cards marked wrongly and those left out."""
    _r, hand_mask, trick, trump, verdicts, legal, explanation = _play_ruling(scenario)
    rules = scenario.rules
    chosen = set(given)
    correct = chosen == set(legal)
    mis, note = None, ""
    if not correct:
        extra = [CODE_INDEX[c] for c in given if c not in legal]
        missing = [CODE_INDEX[c] for c in legal if c not in chosen]
        note = _validas_note(extra, missing)
        if chosen == set(scenario.position["hand"]) and extra:
            mis = "libertad_brisca"
        elif extra:
            found = [diagnose_card(hand_mask, trick, trump, c, rules) for c in extra]
            mis = next((m for m in found if m), None)
        elif missing:
            found = [diagnose_missed(hand_mask, trick, trump, c, rules) for c in missing]
            mis = next((m for m in found if m), None)
    return _make(scenario, correct, legal, given, explanation, verdicts, mis, note)


def grade_obligacion(scenario: Scenario, given: Any) -> Grade:
    """The obligation named: the ruling's own, or the belief behind another (the note names both)."""
    r, hand_mask, trick, trump, verdicts, _legal, explanation = _play_ruling(scenario)
    correct = given == r.obligation
    mis, note = None, ""
    if not correct:
        mis = diagnose_obligation(hand_mask, trick, trump, scenario.rules, r.obligation, given)
        labels = {o.value: o.label for o in scenario.options}
        note = msg("families.obligacion.note", given=labels[given], right=labels[r.obligation])
    notes = [
        (
            o.value,
            o.label,
            o.value == r.obligation,
            obligation_line(o.value, r.obligation, hand_mask, trick, trump, scenario.rules),
        )
        for o in scenario.options
    ]
    return _make(scenario, correct, r.obligation, given, explanation, notes + verdicts, mis, note)


def obligation_line(option: str, right: str, hand: int, trick, trump: int, rules) -> Message:
    """One obligation option's line: why it applies, or the fact of this trick that rules it out."""
    led, high_led, high_trump, winner = trick_state(trick, trump)
    has_led = hand & SUIT_MASKS[led]
    has_trump = hand & SUIT_MASKS[trump]
    cut = high_trump >= 0 and led != trump
    can_beat = has_led & ABOVE[high_led]
    can_over = high_trump >= 0 and hand & SUIT_MASKS[trump] & ABOVE[high_trump]
    partner = len(trick) >= 2 and winner == len(trick) - 2 and rules.excepcion_companero
    facts = {"led": led, "card": high_led, "top": high_trump if high_trump >= 0 else high_led}
    if option == right:
        key = {
            "montar": "montar",
            "asistir": "asistir_partner" if partner else "asistir_cut" if cut and can_beat else "asistir",
            "fallar": "fallar_low" if cut and not can_over else "fallar",
            "pisar": "pisar",
            "libre": "libre_partner" if partner else "libre" if not has_trump else "libre_low",
        }[option]
        return msg("families.obligacion.yes." + key, **facts)
    if has_led:
        if option in ("fallar", "pisar"):
            key = "trump_led" if led == trump else "has_led"
        elif option == "libre":
            key = "partner" if partner else "has_led"
        elif option == "montar":
            key = "partner" if partner else "cut" if cut and can_beat else "cannot_beat"
        else:  # asistir, when montar applies
            key = "can_beat"
    elif option in ("montar", "asistir"):
        key = "lacks_led"
    elif option == "fallar":
        key = (
            "must_overtrump"
            if right == "pisar"
            else "partner_free"
            if partner
            else "no_trump"
            if not has_trump
            else "cannot_overtrump"
        )
    elif option == "pisar":
        key = "no_trump" if not has_trump else "nothing_to_beat" if high_trump < 0 else "cannot_overtrump"
    else:  # libre, when fallar or pisar applies
        key = (
            "must_overtrump"
            if right == "pisar"
            else "must_trump_low"
            if cut and not can_over
            else "must_trump"
        )
    return msg("families.obligacion.no." + key, **facts)


def diagnose_obligation(hand: int, trick, trump: int, rules, right: str, given: str) -> str | None:
    """The belief behind naming obligation ``given`` when ``right`` applies, under this table; None
    when no named belief fits (the grade's note says which obligation it was)."""
    cards = [c for c in range(40) if hand >> c & 1]
    forgot = ignored_switch(rules, lambda r: ruling(cards, trick, trump, r).obligation == given)
    if forgot:
        return forgot
    t = tags(hand, trick, trump, rules)
    partner_excuse = t & PARTNER and not rules.excepcion_companero
    if right == "asistir" and given == "montar" and t & CUT and not rules.montar_tras_fallo:
        return "monto_baza_cortada"
    if right == "libre" and given in ("fallar", "pisar") and t & LOW_TRUMP and not rules.fallar_sin_pisar:
        return "fallo_sin_poder_pisar"
    if right in ("montar", "asistir"):
        if given == "fallar" or given == "pisar":
            # Triunfo led: following it is asistir, never fallar nor pisar.
            return "triunfo_de_salida" if trick[0] // 10 == trump else "triunfo_teniendo_palo"
        if given == "libre":
            return "excusa_companero" if partner_excuse else "otro_palo_teniendo_palo"
        return "no_monto" if right == "montar" else None
    if given == "libre" and partner_excuse:
        return "excusa_companero"
    if right == "fallar" and given == "libre":
        return "no_fallo"
    if right == "pisar" and given in ("libre", "fallar"):
        return "no_piso"
    if given == "libre" and right != "libre":
        return "libertad_brisca"
    return None


def grade_ganador(scenario: Scenario, given: Any) -> Grade:
    pos = scenario.position
    trump = int(Suit.parse(pos["trump"]))
    if scenario.answer_kind == "cards":  # the fixed "which of these would win" example
        lead = [CODE_INDEX[c] for c in pos["trick"]]
        notes, winners = [], []
        for code in pos["candidates"]:
            cards = lead + [CODE_INDEX[code]]
            n = ganador_mod.winner_notes(cards, list(range(len(cards))), trump)[-1]
            notes.append(n)
            if n[2]:
                winners.append(code)
        correct = set(given) == set(winners)
        mis = None
        if not correct:
            for code in given:
                if code not in winners:
                    mis = ganador_mod.diagnose_winner(lead + [CODE_INDEX[code]], trump, CODE_INDEX[code])
                    break
            else:
                missed = next(c for c in winners if c not in given)
                mis = "ganador_ignora_triunfo" if CODE_INDEX[missed] // 10 == trump else "orden_fuerza"
        expl = msg("ganador.candidates.explanation", lead=lead[0], trump=trump, led=lead[0] // 10)
        return _make(scenario, correct, winners, given, expl, notes, mis)
    cards = [CODE_INDEX[c] for c in pos["trick"]]
    if pos.get("strength_only"):
        notes, expl = ganador_mod.strength_notes(cards, pos["trick_seats"])
        correct = given == scenario.answer
        return _make(
            scenario, correct, scenario.answer, given, expl, notes, None if correct else "orden_fuerza"
        )
    notes = ganador_mod.winner_notes(cards, pos["trick_seats"], trump)
    correct = given == scenario.answer
    mis = None if correct else ganador_mod.diagnose_winner(cards, trump, CODE_INDEX[given])
    return _make(
        scenario, correct, scenario.answer, given, ganador_mod.winner_explanation(cards, trump), notes, mis
    )


def _tantos_breakdown(pos: dict, pair: str) -> tuple[int, int, int]:
    cards = tantos_mod.pile_tantos(pos["piles"][pair])
    cantes = sum(x["points"] for x in pos["cantes"][pair])
    last = 10 if pos["last_trick"] == pair else 0
    return cards, cantes, last


def _tres_variants(codes_: list[str]) -> set[int]:
    """Totals a learner gets by valuing the tres as 0, 3 or 4 (below the rey) instead of 10."""
    n3 = sum(1 for c in codes_ if CODE_OF[CODE_INDEX[c]].startswith("3"))
    return {-10 * n3, -7 * n3, -6 * n3} if n3 else set()


def grade_tantos(scenario: Scenario, given: Any) -> Grade:
    pos = scenario.position
    expected = scenario.answer
    correct = given == expected
    mis = None
    if "pile" in pos:  # level 1
        notes = [
            (
                c,
                card_name(CODE_INDEX[c]),
                TANTOS_OF[CODE_INDEX[c]] > 0,
                msg("tantos.card_tantos", n=TANTOS_OF[CODE_INDEX[c]]),
            )
            for c in pos["pile"]
        ]
        if not correct:
            mis = (
                "tres_bajo_rey" if given - expected in _tres_variants(pos["pile"]) else "tantos_mal_contados"
            )
        expl = msg("tantos.pile.explanation", n=expected)
        return _make(scenario, correct, expected, given, expl, notes, mis)
    rows = []
    for p in "AB":
        cards, cantes, last = _tantos_breakdown(pos, p)
        rows.append((p, tantos_mod.pair_label(pos, p), cards, cantes, last, cards + cantes + last))
    expl = [
        msg("tantos.row", label=label, won=cards, cantes=cantes, last=last, total=total)
        for p, label, cards, cantes, last, total in rows
    ]
    if scenario.answer_kind == "number":
        pair = pos.get("pair", "A")
        cards, cantes, last = _tantos_breakdown(pos, pair)
        if not correct:
            sung_suits = [x["suit"] for x in pos["cantes"][pair]]
            captured = sum(
                TANTOS_OF[c]
                for s in sung_suits
                for c in (REY["oceb".index(s)], CABALLO["oceb".index(s)])
                if CODE_OF[c] in pos["piles"][pair]
            )
            diff = given - expected
            if last and diff == -10:
                mis = "olvido_ultimas"
            elif cantes and diff in (-cantes, -cantes - last):
                mis = "olvido_cantes"
            elif captured and diff == -captured:
                mis = "cante_descuenta_cartas"
            elif diff in _tres_variants(pos["piles"][pair]):
                mis = "tres_bajo_rey"
            else:
                mis = "tantos_mal_contados"
        notes = [
            (
                r[0],
                r[1],
                r[0] == pair,
                msg("tantos.row.note", won=r[2], cantes=r[3], last=r[4], total=r[5]),
            )
            for r in rows
        ]
        explanation = Texts([msg("tantos.total.explanation"), *expl])
        return _make(scenario, correct, expected, given, explanation, notes, mis)
    totals = {r[0]: r[5] for r in rows}
    tie = totals["A"] == totals["B"]
    if tie:
        last = pos["last_trick"]
        if pos.get("names"):
            names = tantos_mod.pair_label(pos, last)
            expl.append(msg("tantos.tie.explanation.names", total=totals["A"], names=names))
        else:
            expl.append(msg("tantos.tie.explanation", total=totals["A"], pair=last))
    else:
        expl.append(msg("tantos.more.explanation"))
    if not correct:
        cards = {r[0]: r[2] for r in rows}
        no_last = {p: totals[p] - (10 if pos["last_trick"] == p else 0) for p in "AB"}
        no_cantes = {p: totals[p] - sum(x["points"] for x in pos["cantes"][p]) for p in "AB"}
        if given == "empate":
            # The tie the learner saw: the totals' own, or one made by leaving out the últimas, the
            # cantes or both (only the cards), or five bazas each.
            if tie:
                mis = "empate_sin_ultimas"
            elif no_last["A"] == no_last["B"]:
                mis = "olvido_ultimas"
            elif no_cantes["A"] == no_cantes["B"]:
                mis = "olvido_cantes"
            elif cards["A"] == cards["B"]:
                mis = "mas_cartas_gana"
            elif pos["tricks"]["A"] == pos["tricks"]["B"]:
                mis = "cinco_bazas_empate"
            else:
                mis = "tantos_mal_contados"
        else:
            other = "B" if given == "A" else "A"
            if tie:
                mis = "empate_a_la_otra_pareja"
            elif no_last[given] > no_last[other]:
                mis = "olvido_ultimas"
            elif no_cantes[given] > no_cantes[other]:
                mis = "olvido_cantes"
            elif cards[given] > cards[other]:
                mis = "mas_cartas_gana"
            else:
                mis = "tantos_mal_contados"
    tie_note = (
        msg("tantos.tie.note", total=totals["A"])
        if tie
        else msg("tantos.no_tie.note", a=totals["A"], b=totals["B"])
    )
    notes = [
        (
            o.value,
            o.label,
            o.value == expected,
            msg("tantos.total", total=totals[o.value]) if o.value in totals else tie_note,
        )
        for o in scenario.options
    ]
    return _make(scenario, correct, expected, given, Texts(expl), notes, mis)


def grade_cante(scenario: Scenario, given: Any) -> Grade:
    pos, rules = scenario.position, scenario.rules
    expected = list(scenario.answer)
    correct = given in expected
    notes = []
    st = cante_mod.cante_state(pos)
    for o in scenario.options:
        ok = o.value in expected
        belief = None if ok else cante_mod.diagnose_cante(pos, o.value, rules)
        word = msg("cante.verdict.word.yes" if ok else "cante.verdict.word.no")
        if not st["pair_won"] or st["sang_now"]:  # the moment rules out every cante alike: say that fact
            why = msg("cante.verdict.sang_now" if st["pair_won"] else "cante.verdict.rival_won", yes=word)
        elif ok:
            why = _cante_yes(o.value)
        elif belief in MISCONCEPTIONS:
            why = Texts([msg("cante.verdict.no"), MISCONCEPTIONS[belief]])
        else:
            why = msg("cante.verdict.no_now")
        notes.append((o.value, o.label, ok, why))
    mis = None if correct else cante_mod.diagnose_cante(pos, given, rules)
    explanation, cites = cante_mod.cante_explanation(pos, rules)
    return _make(scenario, correct, expected, given, explanation, notes, mis, cites=cites)


def _cante_yes(value: str) -> Message:
    """Why a right cante option is right (the hand holds it and the pair has just won the baza)."""
    if value == "nada":
        return msg("cante.verdict.yes.nothing")
    if value.startswith("veinte-"):
        return msg("cante.verdict.yes.veinte", suit=Suit.parse(value.split("-")[1]))
    return msg("cante.verdict.yes." + value.replace("-", "_"))


def grade_renuncio(scenario: Scenario, given: Any) -> Grade:
    pos, rules = scenario.position, scenario.rules
    notes = renuncio_mod.renuncio_notes(pos, rules)
    expected = scenario.answer
    correct = given == expected
    offenders = [n for n in notes if n[2]]
    # The sentence says which obligation was broken (R-OBL-RENUNCIO), not the penalty: the scenario
    # cites that when it is the point (R-RENUNCIO-1 or the table's variant).
    cites = ("R-OBL-RENUNCIO",) if offenders else ()
    if offenders:
        seat = int(offenders[0][0])
        expl = msg("renuncio.expl", who=Who.seat(seat, None), note=offenders[0][3])
    else:
        expl = msg("renuncio.expl.nobody")
    notes = [
        (
            "nadie",
            msg("renuncio.nobody.short"),
            not offenders,
            msg("renuncio.nobody.yes" if not offenders else "renuncio.nobody.no"),
        ),
        *notes,
    ]
    mis = None if correct else renuncio_mod.diagnose_renuncio(pos, given, rules)
    return _make(scenario, correct, expected, given, expl, notes, mis, cites=cites)


def grade_mesa(scenario: Scenario, given: Any) -> Grade:
    notes, expl, misconceptions = mesa_mod.option_notes(scenario.position, scenario.rules)
    correct = given == scenario.answer
    mis = None if correct else misconceptions.get(given)
    graded = _make(scenario, correct, scenario.answer, given, expl, notes, mis)
    own = mesa_mod.KIND_RULES.get(scenario.position.get("kind"), ())
    if own:
        # A question of this table's own hand (Ludoteka's first) cites that table's rule first, then
        # the default rule it replaces: the reason is the table's, not the default deal's.
        graded = replace(graded, rule_ids=tuple(dict.fromkeys((*own, *graded.rule_ids))))
    return graded
