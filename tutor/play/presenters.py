"""What the table and review pages show, worked out in Python from the engine's state (no query here)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from engine.bots import decision_rng
from engine.cantes import joined
from engine.cards import CARDS, parse_card
from engine.deal import pair_of
from engine.match import Match as EngineMatch
from engine.messages import Message, Who, from_data
from engine.tricks import trick_winner
from tutor.hands.models import HandRecord
from tutor.lib.cards import card_name
from tutor.lib.tables import table_label
from tutor.play import bots, services
from tutor.play.models import Level, Match, MatchHand, TutorMode
from tutor.play.table import CANTE, CARD, LEARNER, PASS, Step, Table, cante_option, match_state
from tutor.practice.display import rule_lines

# One sentence per seat, so that person and article agree («Juegas», «Tu compañero juega»).
SEAT_NAMES = (
    gettext_lazy("tú"),
    gettext_lazy("el rival de la derecha"),
    gettext_lazy("tu compañero"),
    gettext_lazy("el rival de la izquierda"),
)


def _sentence(kind: str, seat: int, **facts) -> Message:
    """What a seat did, as one sentence whose verb agrees with the seat («Juegas», «Tu compañero juega»):
    an engine message (``table.plays``, ``table.wins``, ``table.sings``, ``table.leads``)."""
    return Message(f"table.{kind}", {"who": Who.seat(seat, LEARNER), **facts})


def _narrate(table: Table, steps: list[Step], upto: int) -> list[Message]:
    """Sentences for steps[from the learner's last move:] (what happened since the learner acted)."""
    last = max((i for i, s in enumerate(steps) if s.seat == LEARNER and s.kind != PASS), default=-1)
    start = max(last, 0)
    lines: list[Message] = []
    replay = table.fresh()
    for i, step in enumerate(steps[:upto]):
        winner = replay._apply(step)
        if i < start:
            continue
        if step.kind == CARD:
            lines.append(_sentence("plays", step.seat, card=int(parse_card(step.value))))
            if winner is not None:
                lines.append(_sentence("wins", winner))
        elif step.kind == CANTE:
            lines.append(
                _sentence("sings", step.seat, cante=cante_option(replay.hand.trump, step.value).label)
            )
    return lines


def _trick_view(table: Table) -> dict:
    h = table.hand
    if h.trick:
        return {
            "cards": [CARDS[c].code for c in h.trick],
            "leader": h.leader,
            "winner": trick_winner(h.trick, h.trump),
            "label": _("Baza %(n)s en la mesa") % {"n": h.trick_no},
            "collected": False,
        }
    if h.tricks:
        leader = h.leaders[-1]
        return {
            "cards": [CARDS[c].code for c in h.tricks[-1]],
            "leader": leader,
            "winner": (h.winners[-1] - leader) & 3,
            "label": _("Baza %(n)s, recogida") % {"n": len(h.tricks)},
            "collected": True,
        }
    return {"cards": [], "leader": h.leader, "winner": None, "label": _("Primera baza"), "collected": False}


def _score_view(match: Match, hand: MatchHand, table: Table) -> dict:
    score = hand.score
    kept = HandRecord.objects.filter(match_hand_id=hand.pk).values_list("pk", flat=True).first()
    played_out = score["ultimas"] is not None
    rows = []
    for pair in "AB":
        rows.append(
            {
                "pair": pair,
                "who": _("Tu pareja (A)") if pair == "A" else _("Los rivales (B)"),
                "tantos": score["tantos"][pair],
                "cantes": score["cantes_points"][pair],
                "ultimas": 10 if score["ultimas"] == pair else 0,
                "total": score["totals"][pair],
            }
        )
    check = sum(r["tantos"] + r["ultimas"] for r in rows)
    h = table.hand
    renuncios = [
        {
            "who": SEAT_NAMES[r.seat],
            "trick": r.trick,
            "card": card_name(r.card),
            "obligation": r.obligation,
            "legal": [card_name(c) for c in r.legal],
            "explanation": r.explanation,
            "rule_ids": r.rule_ids,
        }
        for r in h.renuncios
    ]
    missed = [
        Message("table.missed", {"after": after, "cantes": joined([o.label for o in options], "or")})
        for after, options in table.missed_cantes()
    ]
    state = match_state(match.get_rules(), match.first_dealer, _scores_up_to(match, hand), match.max_hands)
    return {
        "rows": rows,
        "played_out": played_out,
        "check": check,
        "check_ok": check == 130,
        "won": score["winner"] == "A",
        "reason": score["reason"],
        "explanation": from_data(score.get("explanation", "")),
        "rule_ids": score.get("rule_ids", []),
        "renuncios": renuncios,
        "missed": missed,
        "summary": _summary(match, hand, state),
        "review_url": reverse("hands:review", args=[kept]) if kept else "",
        "record_url": reverse("hands:detail", args=[kept]) if kept else "",
    }


def _summary(match: Match, hand: MatchHand, state) -> str:
    if match.is_replay:
        return _("Era una mano repetida desde «Revisar la mano»: no cuenta en la partida de la que salió.")
    return state.summary()


def _match_line(match: Match, hand: MatchHand, rules) -> str:
    """The line above the table: where the match stands (the points as the match keeps them)."""
    a, b = match.points or (0, 0)
    if match.is_replay:
        return _("Mano repetida desde «Revisar la mano»: no cuenta en ninguna partida.")
    if match.max_hands:
        return _("Mano %(n)s de %(total)s. Puntos: tu pareja %(a)s, los rivales %(b)s.") % {
            "n": hand.number,
            "total": match.max_hands,
            "a": a,
            "b": b,
        }
    if match.over:
        scores = match.hands.filter(score__isnull=False).order_by("number").values_list("score", flat=True)
        state = match_state(rules, match.first_dealer, list(scores), match.max_hands)
        if state.reason == "renuncio":  # no points decided it: say what did
            if state.winner == pair_of(LEARNER):
                return _("Partida terminada: los rivales cometieron renuncio y la ganáis vosotros.")
            return _("Partida terminada: tu pareja cometió renuncio y la ganan los rivales.")
        return _("Partida terminada. Puntos: tu pareja %(a)s, los rivales %(b)s.") % {"a": a, "b": b}
    return _("Partida: tu pareja %(a)s, los rivales %(b)s (se gana con %(goal)s puntos).") % {
        "a": a,
        "b": b,
        "goal": EngineMatch(rules).target,
    }


def _scores_up_to(match: Match, hand: MatchHand) -> list[dict]:
    return [
        s
        for n, s in match.hands.filter(number__lte=hand.number)
        .values_list("number", "score")
        .order_by("number")
        if s
    ]


def earlier_hands(match: Match, hand: MatchHand) -> list[dict]:
    """The match's hands before this one that have ended, each with its review and its record."""
    earlier = dict(
        match.hands.filter(number__lt=hand.number, score__isnull=False).values_list("pk", "number")
    )
    kept = HandRecord.objects.filter(match_hand_id__in=list(earlier)).values_list("match_hand_id", "pk")
    urls = {hand_id: reverse("hands:detail", args=[pk]) for hand_id, pk in kept}
    return [
        {"number": n, "record_url": urls.get(pk, "")} for pk, n in sorted(earlier.items(), key=lambda x: x[1])
    ]


def _grouped_verdicts(verdicts) -> list[dict]:
    """The ruling's verdicts, the cards the engine judged alike (the same verdict, for the same reason:
    every card on a lead) in one line, in hand order."""
    groups: dict[tuple, dict] = {}
    for v in verdicts:
        key = (v.legal, repr(v.message if v.message is not None else v.why))
        group = groups.setdefault(key, {"cards": [], "legal": v.legal, "why": v.why})
        group["cards"].append(card_name(v.card))
    return list(groups.values())


def _last_trick(table: Table) -> dict | None:
    """The trick just collected, while the next one is on the table and the learner has not played in
    it yet (the bots led it before the learner's turn): shown beside it until the learner plays."""
    h = table.hand
    if not h.trick or not h.tricks or (LEARNER - h.leader) % 4 < len(h.trick):
        return None
    leader = h.leaders[-1]
    winner = h.winners[-1]
    return {
        "cards": [CARDS[c].code for c in h.tricks[-1]],
        "leader": leader,
        "winner": (winner - leader) & 3,
        "label": _("Última baza, la %(n)s") % {"n": len(h.tricks)},
        "won": Message("table.trick_won", {"who": Who.seat(winner, LEARNER), "n": len(h.tricks)}),
    }


def hint_view(table: Table) -> dict:
    """«Pista»: which cards are legal and why (the engine's ruling), and what the normal bot would play."""
    r = table.hand.ruling()
    suggestion = bots.suggest(table.hand, LEARNER, bots.table_reads(LEARNER, table.level))
    return {
        "explanation": r.explanation,
        "legal": [card_name(c) for c in r.legal],
        "verdicts": _grouped_verdicts(r.verdicts),
        "rules": rule_lines(r.rule_ids),
        "suggestion": suggestion,
    }


def table_context(
    match: Match,
    hand: MatchHand,
    table: Table,
    *,
    refusal: str = "",
    refused_card: str = "",
    notice: str = "",
    hint: bool = False,
) -> dict:
    h = table.hand
    rules = match.get_rules()
    learner_turn = h.turn == LEARNER
    cantes = [
        {
            "value": f"tute:{o.tute}" if o.tute else o.suit.letter,
            "label": o.label,
            "button": Message("table.sing_button", {"cante": o.label}),
        }
        for o in table.learner_cantes()
    ]
    trick, last_trick = _trick_view(table), _last_trick(table)
    trump_code = CARDS[h.trump_card].code if h.trump_card is not None else None
    context = {
        "match": match,
        "hand": hand,
        "seq": len(table.steps),
        "rules_label": table_label(rules),
        "level_label": match.get_level_display(),
        "mode_label": match.get_mode_display(),
        "examen": table.examen,
        "match_line": _match_line(match, hand, rules),
        "trump": h.trump.label,
        "trump_letter": h.trump.letter,
        "trump_card": trump_code,
        "deal_sentence": Message(
            "table.deals", {"who": Who.seat(h.dealer, LEARNER), "card": int(h.trump_card)}
        )
        if h.trump_card is not None
        else "",
        "first_card": card_name(h.first_card) if h.first_card is not None and not h.tricks else None,
        "trick": trick,
        "last_trick": last_trick,
        # The card the dealer showed, drawn beside the deal's sentence while it is not on the table.
        "shown_trump": trump_code
        if trump_code and trump_code not in trick["cards"] + (last_trick["cards"] if last_trick else [])
        else None,
        "my_cards": [c.code for c in h.hand_of(LEARNER)],
        "learner_turn": learner_turn and not table.over,
        "cantes": cantes,
        "can_pass": bool(cantes) and not learner_turn,
        "whose_turn": _sentence("leads", h.turn) if h.turn is not None and not h.trick else "",
        "announcement": _narrate(table, table.steps, len(table.steps)),
        "refusal": refusal,
        "notice": notice,
        "refused_cards": [refused_card]
        if refused_card in {CARDS[c].code for c in h.hand_of(LEARNER)}
        else [],
        "tricks_won": list(h.won),
        "sung": [
            {"after_trick": d.after_trick, "text": _sentence("sings", d.seat, cante=d.option.label)}
            for d in h.cantes
        ],
        "over": table.over,
        "pair": pair_of(LEARNER),
    }
    if hand.number > 1:
        context["earlier_hands"] = earlier_hands(match, hand)
    if table.over:
        context["score"] = _score_view(match, hand, table)
    elif hint and learner_turn and not table.examen:
        context["hint"] = hint_view(table)
    return context


def review_context(match: Match, hand: MatchHand, table: Table) -> dict:
    """«Revisar la mano»: every trick in order, each of the learner's cards with its ruling."""
    tricks: list[dict] = []
    current: dict | None = None
    replay = table.fresh()
    reads = bots.table_reads(LEARNER, table.level)
    for seq, step in enumerate(table.steps):
        h = replay.hand
        if step.kind == CARD:
            if current is None:
                current = {"number": h.trick_no, "leader": h.leader, "cards": [], "plays": [], "cantes": []}
                tricks.append(current)
            play = {
                "seq": seq,
                "seat": step.seat,
                "who": SEAT_NAMES[step.seat],
                "card": card_name(step.value),
            }
            if step.seat == LEARNER and step.grade:
                play["grade"] = {**step.grade, "why": from_data(step.grade.get("why", ""))}
                if step.legal:
                    rng = decision_rng(table.seed, seq, "revision")
                    play["better"] = bots.better_card(replay.hand, LEARNER, step.value, rng, reads)
            current["cards"].append(step.value)
            current["plays"].append(play)
            winner = replay._apply(step)
            if winner is not None:
                current["winner"] = (winner - current["leader"]) & 3
                current["won_sentence"] = Message(
                    "table.trick_won", {"who": Who.seat(winner, LEARNER), "n": current["number"]}
                )
                current = None
        else:
            if step.kind == CANTE and tricks:
                tricks[-1]["cantes"].append(
                    _sentence("sings", step.seat, cante=cante_option(h.trump, step.value).label)
                )
            replay._apply(step)
    context = table_context(match, hand, table)
    context.update({"tricks": tricks, "replayable": True})
    return context


def matches_hand_results(matches: list[Match]) -> dict[int, list[dict]]:
    """Each finished hand of each match as a class duplicate compares it (match id -> its hands: the
    totals, renuncios, cantes missed), in two queries however many matches: the hands, then their steps."""
    hands = list(
        MatchHand.objects.filter(match__in=[m.pk for m in matches], score__isnull=False).order_by(
            "match_id", "number"
        )
    )
    steps = services.steps_of_hands([hand.pk for hand in hands])
    by_id = {match.pk: match for match in matches}
    out: dict[int, list[dict]] = {match.pk: [] for match in matches}
    for hand in hands:
        match = by_id[hand.match_id]
        table = services.table_of(match, hand, steps.get(hand.pk, []))
        score = hand.score
        out[match.pk].append(
            {
                "number": hand.number,
                "hand_id": hand.pk,
                "mine": score["totals"]["A"],
                "theirs": score["totals"]["B"],
                "won": score["winner"] == "A",
                "renuncios": sum(1 for r in table.hand.renuncios if r.seat == LEARNER),
                "missed": sum(len(options) for _after, options in table.missed_cantes()),
            }
        )
    return out


@dataclass(frozen=True)
class ResumeRow:
    """A match to resume as «Partidas sin terminar» shows it."""

    url: str
    abandon_url: str  # "" for a class task's match, which cannot be left
    replay: bool  # a hand replayed from «Revisar la mano»
    task: bool  # a class task's match («jugar N manos»)
    level: str
    mode: str
    points: tuple[int, int]
    table_name: str
    created_at: datetime


def resume_rows(rows: list[tuple]) -> list[ResumeRow]:
    """services.unfinished's tuples, in words."""
    levels, modes = dict(Level.choices), dict(TutorMode.choices)
    found = []
    for row in rows:
        values = dict(zip(services.RESUME_FIELDS, row, strict=True))
        token, points = values["token"], (list(values["points"]) + [0, 0])[:2]
        found.append(
            ResumeRow(
                url=reverse("play:match", args=[token]),
                abandon_url="" if values["max_hands"] else reverse("play:abandon", args=[token]),
                # «Jugar desde aquí» from a hand here or from a kept record (Match.is_replay)
                replay=values["source_hand_id"] is not None or values["source_record_id"] is not None,
                task=bool(values["max_hands"]),
                level=str(levels.get(values["level"], values["level"])),
                mode=str(modes.get(values["mode"], values["mode"])),
                points=(points[0], points[1]),
                table_name=table_label(values["rules"]),
                created_at=values["created_at"],
            )
        )
    return found
