"""What the hand pages show, built from the record and the referee's report (engine words rendered in the
page's language; nothing here decides a rule)."""

from __future__ import annotations

from django.conf import settings
from django.urls import Resolver404, resolve, reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from engine import record_files, records
from engine.analysis import BUENA, LA_MEJOR, THRESHOLDS
from engine.analysis.values import POINTS_PER_HAND
from engine.cards import Suit
from engine.cards import write as write_card
from engine.messages import Message, from_data
from engine.record_replay import replay_problem
from tutor.hands.models import HandRecord, Source
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


def result_text(result: dict, seat: int | None, *, to_player: bool = True) -> str:
    """A hand's result in a list: «Ganáis 98 a 72», «Perdéis por renuncio (113 a 17)», «Sin terminar»;
    ``to_player=False``, said of the player to someone else (a teacher): «Su pareja gana 98 a 72»."""
    totals, winner = result.get("totals"), result.get("winner")
    if not totals or winner not in ("A", "B"):
        n = result.get("tricks", 0)
        return ngettext("Sin terminar: %(n)s baza", "Sin terminar: %(n)s bazas", n) % {"n": n}
    a, b = totals
    # A hand decided by a renuncio or a tute is not won by its tantos: the list says how it was won,
    # else «Perdéis 113 a 17» would read as a slip (the tantos stay beside it, in brackets).
    reason = result.get("reason")
    if seat is None:
        facts = {"pair": winner, "a": a, "b": b}
        if reason == "renuncio":
            return _("Gana la pareja %(pair)s por renuncio de la otra (%(a)s a %(b)s)") % facts
        if reason == "tute":
            return _("Gana la pareja %(pair)s con un tute") % facts
        return _("Gana la pareja %(pair)s, %(a)s a %(b)s") % facts
    mine, theirs = (a, b) if seat % 2 == 0 else (b, a)
    facts = {"mine": mine, "theirs": theirs}
    if not to_player:
        return _told_of(winner == PAIR_OF_SEAT[seat], reason) % facts
    if winner == PAIR_OF_SEAT[seat]:
        if reason == "renuncio":
            return _("Ganáis por renuncio de los rivales (%(mine)s a %(theirs)s)") % facts
        if reason == "tute":
            return _("Ganáis con un tute") % facts
        return _("Ganáis %(mine)s a %(theirs)s") % facts
    if reason == "renuncio":
        return _("Perdéis por renuncio (%(mine)s a %(theirs)s)") % facts
    if reason == "tute":
        return _("Perdéis: los rivales cantan tute") % facts
    return _("Perdéis %(mine)s a %(theirs)s") % facts


def _told_of(won: bool, reason: str | None) -> str:
    """A player's result said to someone else, in the third person (facts: mine, theirs)."""
    if won:
        if reason == "renuncio":
            return _("Su pareja gana por renuncio de los rivales (%(mine)s a %(theirs)s)")
        if reason == "tute":
            return _("Su pareja gana con un tute")
        return _("Su pareja gana %(mine)s a %(theirs)s")
    if reason == "renuncio":
        return _("Su pareja pierde por renuncio (%(mine)s a %(theirs)s)")
    if reason == "tute":
        return _("Su pareja pierde: los rivales cantan tute")
    return _("Su pareja pierde %(mine)s a %(theirs)s")


def source_label(row: HandRecord) -> str:
    return str(row.get_source_display())


def title_of(row: HandRecord) -> str:
    if row.title:
        return row.title
    if row.source == Source.BOTS:
        return _("Mano contra los bots")
    if row.source == Source.TASK:
        return _("Mano de una tarea de clase")
    if row.source == Source.TABLE:
        return _("Mano de una mesa con personas")
    return _("Mano pegada")


def hand_number(row: HandRecord) -> int | None:
    """The hand's number within its match or its table (1, 2…), as its players knew it: the page where it
    was played names it (``origin_url``: «Jugar»'s hand review or a table's hand). None for a pasted hand."""
    if not row.origin_url:
        return None
    try:
        found = resolve(row.origin_url)
    except Resolver404:
        return None
    number = found.kwargs.get("number")
    return number if isinstance(number, int) else None


def hand_name(row: HandRecord) -> str:
    """«Mano contra los bots (mano 1 de la partida)»: the title, and the hand's number where it has one."""
    title, number = title_of(row), hand_number(row)
    if number is None:
        return title
    if row.source == Source.TABLE:
        return _("%(title)s (mano %(n)s de la mesa)") % {"title": title, "n": number}
    return _("%(title)s (mano %(n)s de la partida)") % {"title": title, "n": number}


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
            # a tute or a renuncio ends a hand early: its total counts the tricks played so far
            "tricks": len(report.winners),
            "complete": len(report.winners) == 10,
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
    seat = records.turn(record)
    tricks: list[dict] = []
    for i, play in enumerate(record.plays):
        if i % 4 == 0:
            tricks.append({"number": i // 4 + 1, "plays": []})
        tricks[-1]["plays"].append({"seat": seat_label(play.seat), "card": write_card(play.card)})
    offered = records.possible_cards(record)  # the cards the seat to play may still hold
    suits = [{"name": suit.label, "cards": [c.code for c in offered if c.suit == suit]} for suit in Suit]
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


# -- the graded review -------------------------------------------------------------------------------

BAD_LABELS = ("imprecision", "error", "error_grave")


def _reseat(data, stored: int | None, reader: int | None):
    """Message data written for the seat ``stored`` («tú» is that seat), spoken to ``reader`` instead
    (None: every player by their number)."""
    if isinstance(data, list):
        return [_reseat(d, stored, reader) for d in data]
    if isinstance(data, dict):
        if set(data) == {"who"} and isinstance(data["who"], list) and len(data["who"]) in (2, 3):
            relative, number, *name = data["who"]
            if relative is not None and stored is not None:
                seat = (stored + relative) % 4
            elif number is not None:
                seat = number - 1
            else:
                return data
            return {"who": ([None, seat + 1] if reader is None else [(seat - reader) % 4, None]) + name}
        return {k: _reseat(v, stored, reader) for k, v in data.items()}
    return data


def _words(data, stored: int | None, reader: int | None) -> str:
    if stored != reader:
        data = _reseat(data, stored, reader)
    return text(from_data(data))


def _percent(x: float) -> int:
    return round(100 * x)


def _value_view(v: dict) -> dict:
    return {
        "win": _percent(v["win"]),
        "win_hw": _percent(v["win_hw"]),
        "points": round(v["points"]),
        "points_hw": round(v["points_hw"]),
        "exact": v["win_hw"] == 0 and v["points_hw"] == 0,
    }


def why_no_replay(reason: str, record: records.HandRecord | None = None) -> str:
    """Why «Jugar desde aquí» cannot start from a record (engine.record_replay.CannotReplay's reason), in
    the reader's language; ``record`` gives how many of its cards are known."""
    if reason == "partial":
        known = None
        if record is not None:
            known = sum(held.bit_count() for held in records.analyse(record).held)
        if known is None:
            return _(
                "No se puede jugar desde aquí: de esta mano no se conocen todas las cartas, y los bots "
                "necesitan las cuatro manos tal como se repartieron para seguirla (aunque cada uno vea solo "
                "la suya). Inventar las que faltan sería jugar otra mano."
            )
        return _(
            "No se puede jugar desde aquí: de esta mano solo se conocen %(n)s de las 40 cartas, y los bots "
            "necesitan las cuatro manos tal como se repartieron para seguirla (aunque cada uno vea solo la "
            "suya). Inventar las que faltan sería jugar otra mano."
        ) % {"n": known}
    if reason == "unfinished":
        return _(
            "No se puede jugar desde aquí: esta mano no está escrita hasta su final (el árbitro no puede darle "
            "un resultado), y solo se vuelve a jugar una mano que ha terminado."
        )
    if reason == "no_turn":
        return _("Desde ahí no se puede volver a jugar: después de esa carta ya no te tocaba jugar.")
    return _("Desde ahí no se puede volver a jugar: esa carta no está en la mano.")


def replay_from(row: HandRecord, record: records.HandRecord, *, owner: bool) -> tuple[dict, str]:
    """«Jugar desde aquí» from the judged cards: {(trick, seat): url} and, when there is none, why.

    The owner plays their seat from their card (from another seat's card: from their next card), the bots
    the others, each seeing only its own cards. A hand played here against the bots is dealt again from
    its «Jugar» hand; any other (pasted, or from a table with people) from the record's own deal, when the
    record knows all four hands and reaches the hand's end (else the page says which is missing). A
    pasted hand that does not say which seat was its owner's is played on from the seat of the card."""
    here = row.source in (Source.BOTS, Source.TASK) and row.match_hand_id is not None
    if not here and (problem := replay_problem(record)) is not None:
        return {}, why_no_replay(problem, record)  # nobody can: said to every reader
    if not owner:
        return {}, _("Solo quien jugó la mano puede seguir jugándola desde una carta.")
    analysis = records.analyse(record)
    seats = analysis.seats
    urls: dict[tuple[int, int], str] = {}
    k = 0
    for number, cards in enumerate(analysis.tricks, start=1):
        for _card in cards:
            seat = seats[k]
            me = seat if row.seat is None else row.seat
            mine = next((i for i in range(k, len(seats)) if seats[i] == me), None)
            if mine is not None:
                if here:
                    urls[(number, seat)] = reverse("play:replay_card", args=[row.match_hand_id, mine])
                else:
                    urls[(number, seat)] = reverse("play:replay_record", args=[row.pk, mine, me])
            k += 1
    return urls, ""


def _worker_late(review) -> bool:
    """Still waiting for the worker to take it, long after it was queued: the worker may be away."""
    waited = (timezone.now() - review.updated_at).total_seconds()
    return review.status == review.Status.QUEUED and waited > settings.REVIEW_QUEUED_NOTICE_SECONDS


def review_page(row: HandRecord, review, *, reader: int | None, names: bool, owner: bool = False) -> dict:
    """The review as the page shows it to a reader seated at ``reader`` («tú»; None: from outside);
    ``owner``: the reader is the hand's owner (who may play on from its cards)."""
    context = record_page(row, names=names)
    context["review"] = review
    players = context["record"].players if names else None
    at_start = {h["number"]: h for h in hands_by_trick(context["record"], players)}
    for trick in context["tricks"]:
        trick["hands"] = at_start.get(trick["number"])
    context["label_meanings"] = label_meanings()
    context["accuracy_meaning"] = accuracy_meaning()
    if review.pending:
        context["progress"] = text(
            Message(
                "review.progress",
                {"done": review.done_tricks, "total": review.total_tricks or row.result.get("tricks") or 10},
            )
        )
        context["worker_late"] = _worker_late(review)
        return context
    if review.status != review.Status.DONE:
        if review.status == review.Status.UNAVAILABLE:  # a deal partly known: nor can it be played on
            context["replay_absent"] = replay_from(row, context["record"], owner=owner)[1]
        return context
    data = review.data
    stored = data.get("viewer")
    replay_urls, context["replay_absent"] = replay_from(row, context["record"], owner=owner)
    context["replay_any_seat"] = row.seat is None
    cards: dict[int, list[dict]] = {}
    for t in data["turns"]:
        played, best = _value_view(t["played"]), _value_view(t["best_value"])
        differs = t["label"] in BAD_LABELS and (played["win"], played["points"]) != (
            best["win"],
            best["points"],
        )
        cards.setdefault(t["trick"], []).append(
            {
                "seat": t["seat"],
                "who": seat_label(t["seat"], players),
                "mine": reader is not None and t["seat"] == reader,
                "card": t["card"],
                "label": t["label"],
                "label_text": text(Message(f"review.label.{t['label']}")),
                "too_close": t["too_close"] and t["label"] not in BAD_LABELS,
                "too_close_text": text(Message("review.too_close")),
                "choice": t["choice"],
                "played": played,
                "best": t["best"] if differs else [],
                "best_value": best,
                "theme": text(Message(f"review.theme.{t['theme']}")) if t["theme"] and differs else "",
                "reasons": [_words(r, stored, reader) for r in t["reasons"]] if differs else [],
                "exact": t["method"] == "exact",
                "deals": t["deals"],
                "replay_url": replay_urls.get((t["trick"], t["seat"]), ""),
            }
        )
    by_trick = data.get("accuracy_by_trick", {})
    for trick in context["tricks"]:
        trick["judged"] = cards.get(trick["number"], [])
        trick["accuracy"] = _rounded((by_trick.get(str(reader)) or {}).get(str(trick["number"])))
    context["rule_errors"] = [
        {
            "text": _words(e["message"], stored, reader),
            "rules": rule_lines(e["rule_ids"]),
        }
        for e in data["rule_errors"]
    ]
    context["accuracy"] = [
        {
            "who": seat_label(int(s), players),
            "mine": reader is not None and int(s) == reader,
            "value": _rounded(a),
        }
        for s, a in sorted(data.get("accuracy", {}).items())
    ]
    context["mistakes"] = sum(
        1
        for t in data["turns"]
        if t["label"] in ("error", "error_grave") and (reader is None or t["seat"] == reader)
    )
    return context


def _rounded(x: float | None) -> int | None:
    return None if x is None else round(x)


def hands_by_trick(record: records.HandRecord, players: tuple | None) -> list[dict]:
    """The four hands as they were at the start of each trick: per seat the cards known to be in it then
    (dealt and not played yet), and how many of its cards nobody knows (a pasted hand written partly)."""
    analysis = records.analyse(record)
    held = list(analysis.held)
    in_hand = [10] * 4
    out: list[dict] = []
    k = 0
    for number, cards in enumerate(analysis.tricks, start=1):
        if not cards:
            break
        seats = []
        for s in range(4):
            known = [c for c in range(40) if held[s] >> c & 1]
            seats.append(
                {"who": seat_label(s, players), "cards": known, "unknown": max(in_hand[s] - len(known), 0)}
            )
        out.append({"number": number, "seats": seats, "partial": any(x["unknown"] for x in seats)})
        for c in cards:
            s = analysis.seats[k]
            held[s] &= ~(1 << c)
            in_hand[s] -= 1
            k += 1
    return out


def label_meanings() -> list[dict]:
    """What each label means, in words, from the analysis' named thresholds (never numbers pasted here)."""
    out = [
        {
            "label": text(Message(f"review.label.{LA_MEJOR}")),
            "text": _("la carta de más valor desde lo que sabía quien la jugó, o una que la iguala."),
        }
    ]
    for label, win, points in THRESHOLDS:
        facts = {"n": _percent(win), "p": round(points or 0)}
        if points is None:
            meaning = _(
                "con ella la pareja gana al menos %(n)s manos menos de cada 100 que con la mejor carta."
            )
        else:
            meaning = _(
                "con ella la pareja gana al menos %(n)s manos menos de cada 100 que con la mejor carta, o acaba "
                "con al menos %(p)s tantos menos de media sin ganar más manos."
            )
        out.append({"label": text(Message(f"review.label.{label}")), "text": meaning % facts})
    win, points = THRESHOLDS[-1][1:]
    out.insert(
        1,
        {
            "label": text(Message(f"review.label.{BUENA}")),
            "text": _(
                "frente a la mejor carta, con ella la pareja pierde menos de %(n)s manos de cada 100 y menos de "
                "%(p)s tantos de media, o la diferencia es demasiado pequeña para afirmarla."
            )
            % {"n": _percent(win), "p": round(points)},
        },
    )
    return out


def accuracy_meaning() -> str:
    return _(
        "El valor de una carta es la probabilidad de ganar la mano con ella más sus tantos esperados divididos "
        "entre %(n)s (%(t)s tantos valen una décima de mano). La precisión suma, en las jugadas con elección, "
        "lo que conservó cada carta jugada del valor de la mejor, y lo divide entre la suma de los mejores "
        "valores: 100 %% es haber jugado siempre una de las mejores cartas."
    ) % {"n": POINTS_PER_HAND, "t": POINTS_PER_HAND // 10}


def duplicate_line(row: HandRecord, review) -> dict:
    """A student's hand of a duplicate deal, as the side-by-side page shows it: the total of the pair,
    the renuncios, the accuracy of the student's cards and the biggest error (once the review is done)."""
    seat = row.seat if row.seat is not None else 0
    line = {
        "result": result_text(row.result, row.seat, to_player=False),  # read by the teacher
        "renuncios": row.result.get("renuncios", 0),
        "pending": review.pending,
        "accuracy": None,
        "biggest": None,
    }
    if review.status != review.Status.DONE:
        return line
    data = review.data
    line["accuracy"] = _rounded(data.get("accuracy", {}).get(str(seat)))
    worst = [t for t in data["turns"] if t["seat"] == seat and t["label"] in ("error", "error_grave")]
    if worst:
        t = max(worst, key=lambda t: t["best_value"]["win"] - t["played"]["win"])
        line["biggest"] = {
            "trick": t["trick"],
            "card": t["card"],
            "best": t["best"][0],
            "label": text(Message(f"review.label.{t['label']}")),
        }
    return line
