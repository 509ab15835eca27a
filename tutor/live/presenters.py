"""What the projector, the phones and the review show, prepared from the stored round (the engine
grades; this module only counts and arranges)."""

from __future__ import annotations

import json
from collections import Counter
from functools import lru_cache

import segno
from django.conf import settings
from django.core import signing
from django.db.models import Count
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from engine.scenarios import MISCONCEPTIONS, AnswerError, Scenario, grade, parse_answer
from tutor.lib.i18n import text
from tutor.lib.personal_data import is_erased
from tutor.live import pulse
from tutor.live.kept import Kept
from tutor.live.models import LiveAnswer, Participant, Round, RoundQuestion
from tutor.practice.display import family_label, feedback, position, rules_in_force
from tutor.practice.models import only_row
from tutor.practice.origins import OriginView


@lru_cache(maxsize=256)
@lru_cache(maxsize=512)
def qr_data_uri(url: str) -> str:
    """The join link as a QR code: an SVG data URI (an <img>, so the strict CSP allows it). Kept per
    link in the process (a few KB each): drawing it took 5 ms of every table page (four people open
    each table's page, and open it again on every move without JavaScript)."""
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
    return {"text": text(MISCONCEPTIONS.get(key, key)), "count": count}


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


ANSWERED_ONE = "%(answered)s de %(joined)s ha respondido"
ANSWERED_OTHER = "%(answered)s de %(joined)s han respondido"


def answered_sentences() -> dict[str, str]:
    """The projector's count sentence in its two forms, «{n}» standing for the number answered and
    «{m}» for the number joined: live.js writes the counts a stream's event brings into it without
    fetching the board, also when somebody joins (es and en have one form for 1 and one for every
    other number)."""
    return {
        form: ngettext(ANSWERED_ONE, ANSWERED_OTHER, n) % {"answered": "{n}", "joined": "{m}"}
        for form, n in (("one", 1), ("other", 2))
    }


def projector(live: Round, join_url: str) -> dict:
    # The counters first, the database's counts after: an answer committed in between is then
    # counted by the page and not yet by its version, so its event still comes and the page stays
    # right (the other order could show «59 de 60» under a version that counts 60, with no event to
    # come). The stage is the one this page shows, never a newer one read since.
    _stage, answers_so_far, joined_so_far = pulse.versions(live.code)
    version = f"{live.stage}.{answers_so_far}.{joined_so_far}"
    question = only_row(RoundQuestion.objects.filter(round=live, number=live.current))
    answers = dict(
        LiveAnswer.objects.filter(question__round=live, question__number__lte=live.current)
        .values_list("question__number")
        .annotate(n=Count("pk"))
    )
    answered = answers.pop(live.current, 0)
    joined = Participant.objects.filter(round=live).count()
    context = {
        "live": live,
        "join_url": join_url,
        "qr": qr_data_uri(join_url),
        "version": version,
        "joined": joined,
        "answered": answered,
        # The round's counter (in the version and the stream's events) less this: the open
        # question's count (answers to earlier questions are closed once it opens).
        "answers_before": sum(answers.values()),
        "answered_sentences": answered_sentences(),
        "total": RoundQuestion.objects.filter(round=live).count(),
        "board": question_board(question, live.revealed) if question and not live.is_finished else None,
    }
    return context


def answer_slot(question_pk: int) -> dict:
    """The practice answer part's ids are keyed by a token; a question has none of its own."""
    return {"token": f"q{question_pk}"}


# Keyed by code, not id: a test database may give a new round the id of a rolled-back one.
_questions = Kept()
_rounds = Kept()
_feedback = Kept(2048)


def round_at(code: str, stage: int) -> Round | None:
    """The round as it is at ``stage``: a stage is one state (every change makes a new one), so it is
    read from the database once per process and stage."""
    live = _rounds.get((code, stage))
    if live is None:
        live = only_row(Round.objects.select_related("classroom").filter(code=code))
        if live is not None:
            _rounds.keep((code, live.stage), live)
    return live


def _question_view(live: Round) -> dict | None:
    """The open question as every phone of the room sees it (position, table drawn once), kept
    per process: a question's scenario never changes once its round has started."""
    key = (live.code, live.current, live.revealed, get_language())
    view = _questions.get(key)
    if view is None:
        question = only_row(RoundQuestion.objects.filter(round=live, number=live.current))
        if question is None:
            return None
        scenario = question.get_scenario()
        table = position(scenario, answered=live.revealed)
        view = _questions.keep(
            key,
            {
                "question": question,
                "scenario": scenario,
                "family_label": family_label(scenario.family),
                "table": table,
                "table_html": render_to_string(
                    "practice/_scenario.html#table", {"exercise": {"table": table}}
                ),
                "rules": rules_in_force(scenario.rules),
                "slot": answer_slot(question.pk),
                "answer_url": reverse("live:phone_answer", args=[live.code, question.number]),
            },
        )
    return view


def _feedback_html(live: Round, view: dict, given) -> str:
    """Practice's feedback on the participant's answer (``given``, as graded when sent), rendered
    once per process for each answer given to the question: the engine's grade of one answer to one
    scenario is always the same."""
    key = (live.code, live.current, get_language(), json.dumps(given, sort_keys=True))
    html = _feedback.get(key)
    if html is None:
        # The answer was graded when sent; its grade is the engine's for what it kept (``given``),
        # whether or not it has been logged through practice yet.
        result = grade(view["scenario"], given)
        exercise = {
            "issued": view["slot"],
            "scenario": view["scenario"],
            "table": view["table"],
            "feedback": feedback(view["scenario"], result.to_dict()),
            "origin": OriginView(),
        }
        html = _feedback.keep(key, render_to_string("practice/_scenario.html#answer", {"exercise": exercise}))
    return html


def phone(live: Round, participant: Participant | None, answer_value: list[str] | None = None) -> dict:
    """The phone's view of the round: the open question's form, «sent», or its feedback."""
    context = {
        "live": live,
        "participant": participant,
        # The stage this page shows (a newer one read now would hide its own change from the page).
        "version": str(live.stage),
        # Nothing to fill in: without JavaScript the page reloads itself to see what comes next.
        "waiting": participant is not None and not live.is_finished,
    }
    if participant is None or live.is_finished:
        return context
    view = _question_view(live)
    if view is None:
        return context
    # Before the reveal only whether it was answered matters; after it, what was answered.
    mine = only_row(
        LiveAnswer.objects.filter(question=view["question"], participant=participant).only("pk", "given")
    )
    context.update(_question_context(live, view, mine is not None, None if mine is None else mine.given))
    context["exercise"]["answer_value"] = answer_value
    # Where live.js fetches the shared regions once the stage moves (tutor.live.views.phone_seat).
    context["seat_url"] = seat_url(live.code, participant.pk)
    return context


def _question_context(live: Round, view: dict, answered: bool, given) -> dict:
    """The open question on a phone that has (``given``) or has not answered it."""
    return {
        **view,
        "mine": answered,
        "missed": not answered and live.revealed,
        "waiting": answered or live.revealed,
        "feedback_html": _feedback_html(live, view, given) if answered and live.revealed else "",
        # What practice's answer form reads; the round is the origin, so no «Siguiente»: the
        # teacher moves on.
        "exercise": {
            "issued": view["slot"],
            "scenario": view["scenario"],
            "table": view["table"],
            "origin": OriginView(),
            "answer_url": view["answer_url"],
            "answer_value": None,
        },
    }


# --- the regions every phone in one state shares ------------------------------------------------

_SEAT_SALT = "tutor.live.seat"
_shared_regions = Kept(2048)


def seat_url(code: str, participant_pk: int) -> str:
    """Where a participant's phone fetches the region it shares with others without its cookies
    (``shared_region``): the participant and the page's language, signed, so only the page the
    server drew for that participant holds it and nobody can make one for somebody else."""
    # No time in it (signing.dumps would add one): a page drawn again names the same address.
    token = signing.Signer(salt=_SEAT_SALT).sign_object([code, participant_pk, get_language()])
    return reverse("live:phone_seat", args=[code, token])


def seat_token(code: str, token: str) -> tuple[int, str] | None:
    """(participant id, language) that ``seat_url`` signed for round ``code``; None for anything else."""
    try:
        found = signing.Signer(salt=_SEAT_SALT).unsign_object(token)
    except signing.BadSignature:
        return None
    if not (isinstance(found, list) and len(found) == 3 and found[0] == code and isinstance(found[1], int)):
        return None
    if found[2] not in dict(settings.LANGUAGES):
        return None
    return found[1], found[2]


def shared_region(live: Round, participant_pk: int) -> str | None:
    """The participant's region when it is one every phone in the same state shares: the open
    question not yet answered (its form), or the revealed question with the feedback on the answer
    the participant gave (the same for everyone who gave it). One query, the participant's answer;
    the region itself is drawn once per process, stage, language (and answer). None otherwise (the
    round finished, an answer waiting for its reveal, a question missed): the page then fetches its
    own region with its session. The answer form carries no CSRF token (it is everybody's): live.js
    sends the page's own with the answer."""
    if live.is_finished:
        return None
    view = _question_view(live)
    if view is None:
        return None
    mine = only_row(
        LiveAnswer.objects.filter(question=view["question"], participant_id=participant_pk).values_list(
            "given"
        )
    )
    if live.revealed != (mine is not None):  # «sent» before the reveal, «missed» after it
        return None
    given = mine[0] if mine is not None else None
    key = (live.code, live.stage, get_language(), json.dumps(given, sort_keys=True))
    html = _shared_regions.get(key)
    if html is None:
        context = {
            "live": live,
            "participant": True,  # the page of somebody in the round: no join form
            "version": str(live.stage),
            "live_events": settings.LIVE_EVENTS,
            **_question_context(live, view, mine is not None, given),
        }
        html = _shared_regions.keep(key, render_to_string("live/phone.html#live", context))
    return html


def review(live: Round, names: dict[int, str]) -> dict:
    """Every question with its distribution and each participant's answers (teachers only)."""
    questions = list(RoundQuestion.objects.filter(round=live))
    participants = list(Participant.objects.filter(round=live).select_related("learner"))
    by_pair = {(a.question_id, a.participant_id): a for a in LiveAnswer.objects.filter(question__round=live)}
    rows = []
    for p in participants:
        # A member by their name in the class; an erased account as such; anybody else by the nickname
        # they joined with (never the username of an account from another class).
        if p.learner_id in names:
            who = names[p.learner_id]
        elif is_erased(p.anon_id):
            who = _("alumno borrado")
        elif p.nickname:
            who = _("%(nickname)s (invitado)") % {"nickname": p.nickname}
        else:
            who = _("alumno que ya no está en la clase")
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
