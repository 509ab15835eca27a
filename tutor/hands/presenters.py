"""What the hand pages show, built from the record and the referee's report (engine words rendered in the
page's language; nothing here decides a rule)."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _

from engine import record_entry, record_files, records
from engine.cards import CARDS, Suit
from engine.cards import write as write_card
from tutor.hands.models import HandRecord
from tutor.hands.services import language, report_of
from tutor.lib.i18n import text
from tutor.lib.tables import table_label
from tutor.practice.display import rule_lines

PAIR_OF_SEAT = "ABAB"


def seat_label(seat: int, names: tuple | None = None) -> str:
    """«Jugador 3 (pareja A)», or «Ana (jugador 1, pareja A)» when the name is known and may be shown."""
    name = names[seat] if names else None
    if name:
        return _("%(name)s (jugador %(n)s, pareja %(pair)s)") % {
            "name": name,
            "n": seat + 1,
            "pair": PAIR_OF_SEAT[seat],
        }
    return _("Jugador %(n)s (pareja %(pair)s)") % {"n": seat + 1, "pair": PAIR_OF_SEAT[seat]}


def result_text(result: dict, seat: int | None) -> str:
    """A hand's result in a list: «Ganáis 98 a 72», «Pierde la pareja B por renuncio», «Sin terminar»."""
    totals, winner = result.get("totals"), result.get("winner")
    if not totals or winner not in ("A", "B"):
        return _("Sin terminar: %(n)s bazas") % {"n": result.get("tricks", 0)}
    a, b = totals
    if seat is None:
        return _("Gana la pareja %(pair)s, %(a)s a %(b)s") % {"pair": winner, "a": a, "b": b}
    mine, theirs = (a, b) if seat % 2 == 0 else (b, a)
    if winner == PAIR_OF_SEAT[seat]:
        return _("Ganáis %(mine)s a %(theirs)s") % {"mine": mine, "theirs": theirs}
    return _("Perdéis %(mine)s a %(theirs)s") % {"mine": mine, "theirs": theirs}


def source_label(row: HandRecord) -> str:
    return str(row.get_source_display())


def title_of(row: HandRecord) -> str:
    if row.title:
        return row.title
    return _("Mano %(source)s") % {"source": source_label(row)}


def row(row: HandRecord) -> dict:
    """One line of «Mis manos»."""
    return {
        "url": row.get_absolute_url(),
        "title": title_of(row),
        "source": source_label(row),
        "table": table_label(row.table),
        "result": result_text(row.result, row.seat),
        "played_at": row.played_at,
        "renuncios": row.result.get("renuncios", 0),
    }


def without_names(record_text: str) -> str:
    """The record with its players' names left out (a shared link that does not show them)."""
    record = records.read(record_text)
    return records.write(record_files.anonymous(record))


def _card_codes(hand) -> list[str | None]:
    return [None if c is None else write_card(c) for c in hand]


def record_page(row: HandRecord, *, names: bool) -> dict:
    """The hand: its table, the four hands as dealt, each trick with the referee's verdict on every card,
    the cantes, claims and the score, and the record's text."""
    lang = language()
    record = records.read(row.text)
    if not names:
        record = record_files.anonymous(record)
    report = report_of(record)
    players = record.players if names else None
    verdicts = {p.event: p for p in report.plays}
    cante_verdicts = {c.event: c for c in report.cantes}
    claim_verdicts = {c.event: c for c in report.claims}
    tricks: list[dict] = []
    notes: list[str] = []  # cantes, claims and comments before the first card
    current: dict | None = None
    for i, event in enumerate(record.events):
        if isinstance(event, records.Play):
            verdict = verdicts[i]
            if current is None or current["number"] != verdict.trick:
                current = {"number": verdict.trick, "plays": [], "notes": []}
                tricks.append(current)
            current["plays"].append(
                {
                    "seat": seat_label(verdict.seat, players),
                    "card": write_card(verdict.card),
                    "verdict": verdict.verdict,
                    "text": text(verdict.message) if verdict.verdict != "legal" else "",
                    "evidence": [text(e.message) for e in verdict.evidence],
                    "rules": rule_lines(verdict.rule_ids) if verdict.verdict != "legal" else [],
                    "comment": event.comment or "",
                    "annotation": event.annotation or "",
                }
            )
        else:
            if i in cante_verdicts:
                v = cante_verdicts[i]
                line = {"text": text(v.message), "kind": "cante", "ok": v.verdict == "valid"}
                line["rules"] = rule_lines(v.rule_ids) if v.verdict != "valid" else []
            elif i in claim_verdicts:
                v = claim_verdicts[i]
                line = {"text": text(v.message), "kind": "claim", "ok": v.verdict == "upheld", "rules": []}
            else:
                line = {"text": event.text, "kind": "comment", "ok": True, "rules": []}
            (current["notes"] if current is not None else notes).append(line)
    for t, winner in zip(tricks, report.winners, strict=False):
        t["winner"] = seat_label(winner, players)
    hands = [
        {
            "seat": seat_label(s, players),
            "cards": _card_codes(record.hands[s]),
            "known": sum(1 for c in record.hands[s] if c is not None),
        }
        for s in range(4)
    ]
    score = None
    if report.winners:
        score = {
            "cards": report.tantos,
            "cantes": report.cante_points,
            "ultimas": (
                None
                if report.ultimas is None
                else (10 if report.ultimas == 0 else 0, 10 if report.ultimas == 1 else 0)
            ),
            "totals": report.totals,
            "check": report.check_130,
        }
    return {
        "row": row,
        "record": record,
        "title": title_of(row),
        "table": table_label(row.table),
        "dealer": seat_label(record.dealer, players),
        "trump_card": None if record.trump_card is None else write_card(record.trump_card),
        "hands": hands,
        "opening_notes": notes,
        "tricks": tricks,
        "renuncios": [text(p.message) for p in report.renuncios],
        "undecidable": len(report.undecidable),
        "score": score,
        "verdict": [text(m) for m in report.messages[-3:]],
        "report": [text(m) for m in report.messages],
        "decided": report.decided,
        "text": records.write(record),
        "lang": lang,
        "shared_url": reverse("hands:shared", args=[row.share_token]) if row.share_token else "",
    }


def entry_view(state: dict) -> dict:
    """The hand being entered: the tricks so far with who played each card, whose card comes next and
    the cards not played yet, suit by suit."""
    from tutor.hands import builder  # the builder's forms use this module's labels

    record = builder.record_of(state)
    seat = record_entry.to_play(record)
    tricks: list[dict] = []
    for i, play in enumerate(record.plays):
        if i % 4 == 0:
            tricks.append({"number": i // 4 + 1, "plays": []})
        tricks[-1]["plays"].append({"seat": seat_label(play.seat), "card": write_card(play.card)})
    played = {write_card(p.card) for p in record.plays}
    suits = [
        {"name": suit.label, "cards": [c.code for c in CARDS if c.suit == suit and c.code not in played]}
        for suit in Suit
    ]
    return {
        "state": state,
        "step": builder.steps(state),
        "table": table_label(state["rules"]),
        "dealer": seat_label(state["dealer"]),
        "trump_card": state["trump"] or None,
        "tricks": tricks,
        "to_play": None if seat is None else seat_label(seat),
        "suits": [s for s in suits if s["cards"]],
        "can_sing": bool(record.plays) and len(record.plays) % 4 == 0 and seat is not None,
        "cantes": [text(c.message) for c in report_of(record).cantes],
        "text": records.write(record),
    }


def example() -> str:
    """A short record to show how the notation is written (the README's example, made by the engine)."""
    return record_files.EXAMPLE
