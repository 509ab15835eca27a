"""What the projector, the phones and the review show, prepared from the stored round (the engine
grades; this module only counts and arranges)."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

import segno
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from engine.scenarios import MISCONCEPTIONS, AnswerError, Scenario, grade, parse_answer
from tutor.live import pulse
from tutor.live.models import LiveAnswer, Participant, Round, RoundQuestion
from tutor.practice.display import family_label, feedback, position, rules_in_force
from tutor.practice.models import only_row
from tutor.practice.origins import OriginView


@lru_cache(maxsize=256)
def qr_data_uri(url: str) -> str:
    """The join link as a QR code: an SVG data URI (an <img>, so the strict CSP allows it)."""
    return segno.make(url, error="m").svg_data_uri(scale=8, border=2, dark="#000", light="#fff")


def _is_right(scenario: Scenario, value) -> bool:
    try:
        return grade(scenario, parse_answer(scenario, value)).correct
    except AnswerError:
        return False


def distribution(scenario: Scenario, given: list) -> list[dict]:
    """Each card or option with how many chose it, the right ones marked (the engine says which).

    ``given`` holds the engine's reading of each answer (Grade.given): a value, or a list of cards
    for «marca todas» (each marked card counts once for that card).
    """
    counts: Counter = Counter()
    for value in given:
        for v in value if isinstance(value, list) else [value]:
            counts[str(v)] += 1
    total = len(given)
    if scenario.answer_kind == "number":
        values = sorted({str(scenario.answer), *counts}, key=int)
        rows = [(v, v, v == str(scenario.answer)) for v in values]
    elif scenario.answer_kind == "cards":
        key = {str(v) for v in scenario.answer}
        rows = [(o.value, o.label, o.value in key) for o in scenario.options]
    else:
        rows = [(o.value, o.label, _is_right(scenario, o.value)) for o in scenario.options]
    top = max(counts.values(), default=0)
    return [
        {
            "value": value,
            "label": label,
            "right": right,
            "count": counts.get(value, 0),
            "percent": round(100 * counts.get(value, 0) / total) if total else 0,
            # Bar length on a 0..10 scale of the most chosen (a CSS class, no inline style).
            "bar": round(10 * counts.get(value, 0) / top) if top else 0,
            "is_card": scenario.answer_kind in ("card", "cards"),
        }
        for value, label, right in rows
    ]


def _solution(scenario: Scenario) -> str:
    """The engine's explanation of the right answer."""
    if scenario.answer_kind in ("card", "choice"):
        for option in scenario.options:
            if _is_right(scenario, option.value):
                return grade(scenario, parse_answer(scenario, option.value)).explanation
    return grade(scenario, scenario.answer).explanation


def _common_misconception(answers: list[LiveAnswer]) -> dict | None:
    mistakes = Counter(a.misconception for a in answers if not a.correct and a.misconception)
    if not mistakes:
        return None
    key, count = mistakes.most_common(1)[0]
    return {"text": MISCONCEPTIONS.get(key, key), "count": count}


def question_board(question: RoundQuestion, revealed: bool) -> dict:
    """A question as the room sees it: the position, and once revealed the distribution of answers,
    the explanation and the most common misconception."""
    scenario = question.get_scenario()
    board = {
        "question": question,
        "scenario": scenario,
        "family_label": family_label(scenario.family),
        "table": position(scenario, answered=revealed),
        "rules": rules_in_force(scenario.rules),
        "revealed": revealed,
    }
    if revealed:
        answers = list(LiveAnswer.objects.filter(question=question).only("given", "correct", "misconception"))
        board["distribution"] = distribution(scenario, [a.given for a in answers])
        board["answered"] = len(answers)
        board["right"] = sum(a.correct for a in answers)
        board["solution"] = _solution(scenario)
        board["misconception"] = _common_misconception(answers)
    return board


def projector(live: Round, join_url: str) -> dict:
    question = only_row(RoundQuestion.objects.filter(round=live, number=live.current))
    context = {
        "live": live,
        "join_url": join_url,
        "qr": qr_data_uri(join_url),
        "version": pulse.projector_version(live.code),
        "joined": Participant.objects.filter(round=live).count(),
        "answered": LiveAnswer.objects.filter(question=question).count() if question else 0,
        "total": RoundQuestion.objects.filter(round=live).count(),
        "board": question_board(question, live.revealed) if question and not live.is_finished else None,
    }
    return context


def answer_slot(question_pk: int) -> dict:
    """The practice answer part's ids are keyed by a token; a question has none of its own."""
    return {"token": f"q{question_pk}"}


_questions: dict[tuple[str, int, bool, str], dict] = {}
MAX_QUESTIONS = 512


def _question_view(live: Round) -> dict | None:
    """The open question as every phone of the room sees it (position, table drawn once), kept
    per process and language: a question's scenario never changes once its round has started."""
    # By code, not id: a test database may give a new round the id of a rolled-back one.
    key = (live.code, live.current, live.revealed, get_language())
    if key not in _questions:
        question = only_row(RoundQuestion.objects.filter(round=live, number=live.current))
        if question is None:
            return None
        scenario = question.get_scenario()
        table = position(scenario, answered=live.revealed)
        if len(_questions) >= MAX_QUESTIONS:
            _questions.clear()
        _questions[key] = {
            "question": question,
            "scenario": scenario,
            "family_label": family_label(scenario.family),
            "table": table,
            "table_html": render_to_string("practice/_scenario.html#table", {"exercise": {"table": table}}),
            "rules": rules_in_force(scenario.rules),
            "slot": answer_slot(question.pk),
            "answer_url": reverse("live:phone_answer", args=[live.code, question.number]),
        }
    return _questions[key]


def phone(live: Round, participant: Participant | None, answer_value: list[str] | None = None) -> dict:
    """The phone's view of the round: the open question's form, «sent», or its feedback."""
    context = {
        "live": live,
        "participant": participant,
        "version": pulse.phone_version(live.code),
        # Nothing to fill in: without JavaScript the page reloads itself to see what comes next.
        "waiting": participant is not None and not live.is_finished,
    }
    if participant is None or live.is_finished:
        return context
    view = _question_view(live)
    if view is None:
        return context
    answers = LiveAnswer.objects.filter(question=view["question"], participant=participant)
    # Before the reveal only whether it was answered matters; after it, the grade.
    mine = only_row(answers.select_related("issued__attempt") if live.revealed else answers.only("pk"))
    revealed_grade = mine.issued.attempt.grade if mine is not None and live.revealed else None
    context.update(view)
    context.update(
        {
            "mine": mine,
            "missed": mine is None and live.revealed,
            "waiting": mine is not None or live.revealed,
            # What practice's answer partial (its form, or its feedback) reads; the round is the
            # origin, so no «Siguiente»: the teacher moves on.
            "exercise": {
                "issued": view["slot"],
                "scenario": view["scenario"],
                "table": view["table"],
                "feedback": feedback(view["scenario"], revealed_grade) if revealed_grade else None,
                "origin": OriginView(),
                "answer_url": view["answer_url"],
                "answer_value": answer_value,
            },
        }
    )
    return context


def review(live: Round, names: dict[int, str]) -> dict:
    """Every question with its distribution and each participant's answers (teachers only)."""
    questions = list(RoundQuestion.objects.filter(round=live))
    participants = list(Participant.objects.filter(round=live).select_related("learner"))
    by_pair = {(a.question_id, a.participant_id): a for a in LiveAnswer.objects.filter(question__round=live)}
    rows = []
    for p in participants:
        if p.learner_id:
            who = names.get(p.learner_id, p.learner.username)
        else:
            who = _("%(nickname)s (invitado)") % {"nickname": p.nickname}
        cells = [by_pair.get((q.pk, p.pk)) for q in questions]
        rows.append(
            {
                "who": who,
                "cells": [None if a is None else a.correct for a in cells],
                "right": sum(1 for a in cells if a is not None and a.correct),
            }
        )
    return {
        "live": live,
        "boards": [question_board(q, revealed=True) for q in questions if q.opened_at is not None],
        "questions": questions,
        "rows": rows,
    }
