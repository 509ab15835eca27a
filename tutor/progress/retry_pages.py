"""What the «Mis errores en la mesa» pages show: the seat's view at the play asked again (only what that
seat knew), and the feedback of an answer (engine words in the reader's language)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from engine.analysis.retry import NOTHING, cante_of
from engine.bots.view import SeatView
from engine.cards import CARDS
from engine.messages import Message, Who, from_data
from engine.tricks import trick_winner
from tutor.hands.presenters import hand_name
from tutor.lib.i18n import text
from tutor.lib.tables import table_label
from tutor.practice.display import rule_lines
from tutor.progress import retries
from tutor.progress.models import TableRetry, TableRetryAnswer


def theme_text(theme: str) -> str:
    return text(Message(f"review.theme.{theme}")) if theme else ""


def list_theme(item: TableRetry) -> str:
    """The theme a list shows beside a play item: a play error the analysis gave no theme is one of
    «otros errores de juego», as «En la mesa» counts it (hands.models.OTHER_PLAY)."""
    if item.theme:
        return theme_text(item.theme)
    return _("otros errores de juego") if item.kind == TableRetry.Kind.PLAY else ""


def place(item: TableRetry) -> str:
    """Where the item's play was, as the learner knows it: the hand by its name and number in its match or
    table, and the baza («baza 7»; a cante's moment: «tras la baza 6»). Reads ``item.record``."""
    facts = {
        "hand": hand_name(item.record),
        "n": item.play // 4 + (0 if item.kind == TableRetry.Kind.CANTE else 1),
    }
    if item.kind == TableRetry.Kind.CANTE:
        return _("%(hand)s, tras la baza %(n)s") % facts
    return _("%(hand)s, baza %(n)s") % facts


def label_text(label: str) -> str:
    return text(Message(f"review.label.{label}"))


def cante_text(code: str, trump) -> str:
    """A cante answer in words: «las cuarenta en oros», «tute de reyes», «No canto»."""
    if code == NOTHING:
        return _("No canto")
    opt = cante_of(code, int(trump))
    return text(opt.label) if opt else code


def position_page(item: TableRetry, view: SeatView) -> dict:
    """The position as the seat saw it: its cards, the trick so far, the trump, the cantes heard, the score;
    for a cante item, the choices of «¿Qué cantas?» (every cante it held a card of, «No canto»)."""
    us, them = view.pair, 1 - view.pair
    trick = list(view.trick)
    cante = item.kind == TableRetry.Kind.CANTE
    return {
        "cante": cante,
        "choices": [{"value": c, "label": cante_text(c, view.trump)} for c in item.grades] if cante else [],
        "item": item,
        "place": place(item),
        "table": table_label(view.rules),
        "trick_no": view.trick_no,
        "my_cards": [c.code for c in view.hand_cards()],
        "trick": [CARDS[c].code for c in trick],
        "leader": view.leader,
        "winner": trick_winner(trick, int(view.trump)) if trick else None,
        "trump": view.trump,
        "trump_card": None if view.trump_card is None else CARDS[view.trump_card].code,
        "seat": view.seat,
        "sung": [
            {
                "after_trick": s.after_trick,
                "text": text(
                    Message("table.sings", {"who": Who.seat(s.seat, view.seat), "cante": s.option.label})
                ),
            }
            for s in view.cantes
        ],
        "tricks_won": list(view.won) if us == 0 else [view.won[1], view.won[0]],
        "points": [view.tantos[us] + view.cante_points[us], view.tantos[them] + view.cante_points[them]],
    }


def _value(grade) -> dict:
    return {"win": round(100 * grade[1]), "points": round(grade[2])}


def feedback(item: TableRetry, answer: TableRetryAnswer, trump) -> dict:
    """What the answer was worth: the card chosen and the best (label and value), the reason in words the
    review gave for the card played at the table, and whether this answer retired the item."""
    return {**worth(item, answer, trump), "retired": retired_by(item, answer)}


def retired_by(item: TableRetry, answer: TableRetryAnswer) -> bool:
    """This answer was the right one that took the item out of the repaso (retries.RETIRE_AFTER in a row)."""
    last = answer.number == item.answers - 1
    return answer.right and last and item.retired_at is not None and item.streak >= retries.RETIRE_AFTER


def invalid_answer(item: TableRetry, card_refusal: str = "") -> str:
    """The refusal of an answer that is none of the choices: for a cante item, what it asks for; for a card,
    ``card_refusal`` (or «Elige una de tus cartas.»)."""
    if item.kind == TableRetry.Kind.CANTE:
        return _("Elige uno de los cantes de la lista, o «No canto».")
    return str(card_refusal) or _("Elige una de tus cartas.")


def worth(item: TableRetry, answer, trump) -> dict:
    """``feedback`` without whether the answer retired the item: for any answer with its ``card`` and
    ``right`` (a set's first answer to the item, classroom.SetRetry, too)."""
    best = retries.best_cards(item)
    reasons = [text(from_data(r)) for r in item.reasons]
    if item.kind == TableRetry.Kind.CANTE:
        return {
            "right": answer.right,
            "card": answer.card,
            "cante": True,
            "answer": cante_text(answer.card, trump),
            "verdict": text(from_data(item.grades[answer.card][1])),
            "best_texts": [] if answer.right else [cante_text(c, trump) for c in best],
            "reasons": reasons,
            "rules": rule_lines(item.rule_ids),
            "rule": True,
        }
    if item.kind == TableRetry.Kind.RULE:
        return {
            "right": answer.right,
            "card": answer.card,
            "verdict": _("Se puede jugar.") if answer.right else _("No se puede jugar: sería renuncio."),
            # a right answer is told the other legal cards («También podías jugar»), a wrong one all of them
            "best": [c for c in best if c != answer.card],
            "reasons": reasons,
            "rules": rule_lines(item.rule_ids),
            "rule": True,
        }
    mine = item.grades[answer.card]
    top = item.grades[best[0]] if best else mine
    value, best_value = _value(mine), _value(top)
    return {
        "right": answer.right,
        "card": answer.card,
        "verdict": label_text(mine[0]),
        "value": value,
        # a «buena» card whose figures round to the best's: no «La mejor» beside the same numbers
        "best": [] if answer.card in best or value == best_value else best,
        "best_value": best_value,
        "reasons": reasons,
        "theme": theme_text(item.theme),
        "rule": False,
    }
