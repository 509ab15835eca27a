"""The writes of a live round: start it, join it, answer, reveal, next question, finish.

An answer is graded when it is sent and kept as a LiveAnswer (the projector's count, the phone's
«sent»); it is logged through practice (an Issued question of mode «directo» and its Attempt, dated
when it was answered) once its question closes: at the reveal, the next question or the round's end.
So a live answer counts in progress, the class dashboard and the CSV exports like any practice answer,
and the room's burst of answers pays only for the grade and one row each.
"""

from __future__ import annotations

import json
import logging
import random
from dataclasses import dataclass
from functools import partial
from itertools import cycle, islice

from django.db import IntegrityError, connection, transaction
from django.db.models import Exists, F, OuterRef, Q, Subquery
from django.utils import timezone
from django.utils.translation import gettext as _

from engine.scenarios import (
    FIXED,
    AnswerError,
    Grade,
    PositionError,
    Scenario,
    families_for,
    generate,
    normalise,
    position_from_json,
)
from tutor.classroom.models import Classroom, Membership, Position, PracticeSet, SetItem
from tutor.live import pulse
from tutor.live.kept import Kept
from tutor.live.models import LiveAnswer, Participant, Round, RoundQuestion
from tutor.practice.identity import Owner
from tutor.practice.models import Mode, only_row
from tutor.practice.services import AnswerRejected, grade_answer, log_graded

log = logging.getLogger(__name__)

MAX_QUESTIONS = 20
MAX_NICKNAME = 24
_seeds = random.SystemRandom()


class LiveError(Exception):
    """A request the round refuses; ``message`` says why, in Spanish. Nothing was changed."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


# --- starting a round --------------------------------------------------------------------------


def _set_scenarios(practice_set: PracticeSet, count: int, rules) -> list[Scenario]:
    # Only the rows that make questions: a «jugar N manos» row is hands at the table, not a question.
    items = list(practice_set.items.filter(kind__in=SetItem.QUESTION_KINDS))
    if not items:
        raise LiveError(_("Esa tarea no tiene ejercicios de los que sacar preguntas."))
    scenarios = []
    for n, item in enumerate(islice(cycle(items), count)):
        seed = _seeds.randrange(2**31)
        if item.kind == SetItem.Kind.POSITION:
            scenarios.append(position_from_json(item.position, rules=rules).scenario(item.family, seed=seed))
        elif item.kind == SetItem.Kind.SKILL:
            families = families_for(item.rule_id, rules)
            family = families[n % len(families)]
            scenarios.append(generate(family, seed, item.difficulty, rules, item.rule_id))
        else:
            scenarios.append(generate(item.family, seed, item.difficulty, rules))
    return scenarios


def _position_scenarios(teacher, family: str, count: int, rules) -> list[Scenario]:
    scenarios = []
    for position in Position.objects.filter(owner=teacher)[:count]:
        try:
            built = position_from_json(position.data, rules=rules)
        except PositionError:  # cannot happen at this class's table: not a question for it
            continue
        scenarios.append(built.scenario(family, seed=_seeds.randrange(2**31)))
    if not scenarios:
        raise LiveError(_("No tienes posiciones construidas que puedan darse con las reglas de esta clase."))
    return scenarios


def start_round(
    *,
    classroom: Classroom,
    teacher,
    source: str,
    count: int,
    allow_guests: bool,
    practice_set: PracticeSet | None = None,
    family: str = "jugada",
    pressed_at: int | None = None,
) -> Round:
    """A round of ``count`` questions at the class's table, the first one open. Call with a teacher
    of ``classroom`` (the view checks it) and a set of that class.

    ``pressed_at``: «Empezar la ronda» was pressed on a page drawn when the class's newest round had
    that id (tutor.lib.pressed; negative: no state sent). When a round was started since, the same
    press again or twenty at once, nothing is started: AlreadyStarted names that round."""
    newest = newest_round_id(classroom)
    if pressed_at is not None and pressed_at < 0:
        pressed_at = newest
    if pressed_at is not None and pressed_at != newest:
        raise AlreadyStarted(Round.objects.get(pk=newest))
    rules = classroom.get_rules()
    count = max(1, min(count, MAX_QUESTIONS))
    if source == Round.Source.SET:
        if practice_set is None or practice_set.classroom_id != classroom.pk:
            raise LiveError(_("Elige una tarea de esta clase."))
        scenarios = _set_scenarios(practice_set, count, rules)
        title = practice_set.title  # the teacher's own words
    elif source == Round.Source.FIXED:
        scenarios = list(FIXED.values())[:count]
        title = ""  # named by its source when shown, in the reader's language (Round.shown_title)
    elif source == Round.Source.POSITIONS:
        scenarios = _position_scenarios(teacher, family, count, rules)
        title = ""
    else:
        raise LiveError(_("Elige de dónde salen las preguntas."))
    try:
        with transaction.atomic():
            live = _create_round(classroom, teacher, title, source, allow_guests, pressed_at, scenarios)
    except IntegrityError:  # another press of the same page won the race
        raise AlreadyStarted(Round.objects.get(pk=newest_round_id(classroom))) from None
    pulse.round_started(live.code)
    return live


def newest_round_id(classroom: Classroom) -> int:
    """The id of the class's newest round (0: none): the state «Empezar la ronda» is pressed at."""
    return (
        only_row(Round.objects.filter(classroom=classroom).order_by("-pk").values_list("pk", flat=True)) or 0
    )


def _create_round(classroom, teacher, title, source, allow_guests, pressed_at, scenarios) -> Round:
    live = Round.objects.create(
        classroom=classroom,
        started_by=teacher,
        title=title,
        source=source,
        allow_guests=allow_guests,
        follows=pressed_at,
    )
    now = timezone.now()
    RoundQuestion.objects.bulk_create(
        RoundQuestion(
            round=live,
            number=n,
            family=scenario.family,
            scenario=scenario.to_dict(),
            opened_at=now if n == 1 else None,
        )
        for n, scenario in enumerate(scenarios, start=1)
    )
    return live


# --- joining and answering ---------------------------------------------------------------------


def participant_for(live: Round, owner: Owner) -> Participant | None:
    return only_row(Participant.objects.select_related("learner").filter(round=live, **owner.fields))


@dataclass(frozen=True)
class Standing:
    """Where ``owner`` stands before joining a round, read once (``standing``): their place if they
    have joined already; otherwise, for an account, whether it is a member or a teacher of the
    round's class."""

    existing: Participant | None
    member: bool = False
    teacher: bool = False

    @property
    def guest(self) -> bool:
        """Would they join as a guest (not a member of the class, not there already)?"""
        return self.existing is None and not self.member


def standing(live: Round, owner: Owner) -> Standing:
    """Their place in ``live``, or what they are to its class (one query for both facts)."""
    existing = participant_for(live, owner)
    if existing is not None or owner.user is None:
        return Standing(existing)
    found = only_row(
        Classroom.objects.filter(pk=live.classroom_id)
        .annotate(
            member=Exists(Membership.objects.filter(classroom=OuterRef("pk"), student=owner.user)),
            teacher=Exists(
                Classroom.teachers.through.objects.filter(classroom=OuterRef("pk"), user=owner.user)
            ),
        )
        .values_list("member", "teacher")
    )
    member, teacher = found or (False, False)
    return Standing(None, member=member, teacher=teacher)


def joins_as_guest(live: Round, owner: Owner) -> bool:
    """Would ``owner`` join ``live`` now as a guest (not a member of its class, not there already)?"""
    return standing(live, owner).guest


def clean_nickname(raw: str) -> str:
    return " ".join(raw.split())[:MAX_NICKNAME]


def join(*, live: Round, owner: Owner, nickname: str = "", known: Standing | None = None) -> Participant:
    """The owner's place in the round (the same one if they had joined already).

    Class members join as themselves; anybody else only when the teacher allows guests, with a
    nickname. A teacher of the class runs the round and does not answer it. ``known``: the owner's
    ``standing`` in this round, when the caller has read it in the same request.
    """
    if live.is_finished:
        raise LiveError(_("Esta ronda ya ha terminado."))
    if live.classroom.archived:
        raise LiveError(_("La clase de esta ronda está archivada: ya no se aceptan respuestas."))
    known = known or standing(live, owner)
    if known.existing is not None:
        return known.existing
    if known.teacher:
        raise LiveError(_("Eres profesor de esta clase: la ronda se dirige desde el proyector."))
    member = known.member
    if not member and not live.allow_guests:
        raise LiveError(
            _("Esta ronda es solo para los alumnos de la clase: entra con tu cuenta de la clase.")
        )
    nickname = clean_nickname(nickname)
    if not member and not nickname:
        raise LiveError(_("Escribe un apodo para unirte a la ronda."))
    try:
        with transaction.atomic():
            participant = Participant.objects.create(round=live, nickname=nickname, **owner.fields)
            pulse.participant_joined(live.code)  # the projector's «N of M» follows the room
            return participant
    except IntegrityError:  # the same phone joined twice at once
        return participant_for(live, owner)


def _owner_of(participant: Participant) -> Owner:
    return Owner(participant.learner, "" if participant.learner_id else participant.anon_id)


_grades = Kept(2048)


def _graded(live: Round, question: RoundQuestion, raw) -> Grade:
    """The engine's grade of ``raw`` for the question, kept per process for each answer given to it
    (the grade of one answer to one scenario is always the same). Raises AnswerRejected."""
    scenario = question.get_scenario()
    try:
        given = normalise(scenario, raw)
    except AnswerError as exc:
        raise AnswerRejected(str(exc)) from None
    key = (live.code, question.number, json.dumps(given, sort_keys=True))
    result = _grades.get(key)
    if result is None:
        result = _grades.keep(key, grade_answer(scenario, given))
    return result


class _LoggedMeanwhile(Exception):
    """Another pass logged an answer this one had read: this pass is undone whole."""


def record_pending(live: Round) -> int:
    """Log through practice every answer of the round whose question has closed (revealed, passed
    by the next question, or the round finished) and that is not logged yet; returns how many.
    Called after the reveal, the next question and the round's end commit, and by an answer that
    committed after one of them. One transaction and one query for the rows: the pass claims them
    under row locks (a second pass at once skips them; on SQLite the IMMEDIATE transaction makes
    passes wait for each other), and each answer is logged once."""
    pending = LiveAnswer.objects.filter(question__round=live, issued__isnull=True)
    if not live.is_finished:  # closed: revealed, or left behind by a «next» without a reveal
        pending = pending.filter(
            Q(question__revealed_at__isnull=False) | Q(question__number__lt=live.current)
        )
    logged = 0
    try:
        with transaction.atomic():
            rows = (
                pending.select_for_update(
                    of=("self",), skip_locked=connection.features.has_select_for_update_skip_locked
                )
                .select_related("question", "participant__learner")
                # By learner first: their stamps (moved by triggers on the rows logged) are then locked in
                # ascending order, as a teacher's statement over many students locks them.
                .order_by("participant__learner_id", "pk")
            )
            scenarios: dict[int, Scenario] = {}  # each question's read once in the pass
            for row in rows:
                question = row.question
                if question.pk not in scenarios:
                    scenarios[question.pk] = question.get_scenario()
                attempt = log_graded(
                    owner=_owner_of(row.participant),
                    mode=Mode.LIVE,
                    scenario=scenarios[question.pk],
                    result=_graded(live, question, row.given),
                    issued_at=question.opened_at,
                    answered_at=row.created_at,
                )
                # The last word on "once", whatever the locks did: an answer already logged is never
                # claimed twice (the whole pass is undone, and what it left is logged by the next).
                if not LiveAnswer.objects.filter(pk=row.pk, issued__isnull=True).update(
                    issued_id=attempt.issued_id
                ):
                    raise _LoggedMeanwhile
                logged += 1
    except _LoggedMeanwhile:
        return 0
    return logged


_open_questions = Kept()


def _open_question(live: Round, number: int) -> RoundQuestion | None:
    """Question ``number`` of the round once it has opened, kept per process (nothing a answer reads
    of it changes after that: its scenario, when it opened)."""
    key = (live.code, number)
    question = _open_questions.get(key)
    if question is None:
        question = only_row(RoundQuestion.objects.filter(round=live, number=number))
        if question is not None and question.opened_at is not None:
            _open_questions.keep(key, question)
    return question


def _may_still_answer(state: dict) -> None:
    """Who may act is decided at every answer, not only when joining: the class may have been
    archived, or the student removed from it, since."""
    if state["round__classroom__archived"]:
        raise LiveError(_("La clase de esta ronda está archivada: ya no se aceptan respuestas."))
    if state["learner"] is not None and not state["nickname"] and not state["member"]:
        # Joined as a member of the class (guests always have a nickname), and no longer one.
        raise LiveError(_("Ya no estás en la clase de esta ronda: no puedes responder."))


def answer(*, live: Round, participant: Participant, number: int, raw) -> tuple[LiveAnswer, bool]:
    """Record the participant's answer to question ``number``: once; refused (LiveError) unless it
    is the open question of this round. Returns (answer, created)."""
    if participant.round_id != live.pk:
        raise LiveError(_("No estás en esta ronda: únete con su código."))
    question = _open_question(live, number)
    if question is None:
        raise LiveError(_("Esa pregunta no es de esta ronda."))
    try:
        with transaction.atomic():
            # One participant's requests one after another (a doubled tap is counted once); the
            # round's state and an earlier answer come in the same query.
            state = (
                Participant.objects.select_for_update(of=("self",))
                .filter(pk=participant.pk)
                .annotate(
                    done=Subquery(
                        LiveAnswer.objects.filter(question=question, participant=OuterRef("pk")).values("pk")
                    ),
                    member=Exists(
                        Membership.objects.filter(
                            classroom=OuterRef("round__classroom"), student=OuterRef("learner")
                        )
                    ),
                )
                .values(
                    "done",
                    "round__current",
                    "round__revealed",
                    "round__finished_at",
                    "round__stage",
                    "round__classroom__archived",
                    "member",
                    "nickname",
                    "learner",
                )
                .get()
            )
            if state["done"] is not None:
                return LiveAnswer.objects.get(pk=state["done"]), False
            if state["round__finished_at"] is not None:
                raise LiveError(_("La ronda ha terminado: ya no se aceptan respuestas."))
            _may_still_answer(state)
            if state["round__current"] != number:
                raise LiveError(
                    _("Esa pregunta ya no está abierta: la ronda va por la pregunta %(n)s.")
                    % {"n": state["round__current"]}
                )
            if state["round__revealed"]:
                raise LiveError(
                    _("Ya se ha mostrado la solución de esta pregunta: no admite más respuestas.")
                )
            try:
                result = _graded(live, question, raw)
            except AnswerRejected as exc:
                raise LiveError(exc.message) from None
            answered = LiveAnswer.objects.create(
                question=question,
                participant=participant,
                given=result.given,
                correct=result.correct,
                misconception=result.misconception or "",
            )
            pulse.answer_recorded(live.code)
    except IntegrityError:
        done = LiveAnswer.objects.filter(question=question, participant=participant)
        if not done.exists():
            raise
        return done.get(), False
    # The question may have closed between this answer's reading of the round and its commit; the
    # close's own pass may then have run before this row was there to see: log it now.
    if pulse.versions(live.code)[0] != state["round__stage"]:
        try:
            queue_logging(live.pk)
        except Exception:  # the answer is kept and counted; the round's next close logs it
            log.exception("could not queue the logging of round %s", live.code)
    return answered, True


# --- the teacher's controls --------------------------------------------------------------------


def _advance(live: Round, **changes) -> Round:
    """Apply ``changes`` and a new stage to the round, tell the polls once committed, and then queue
    the logging of the answers of the question it closes (the counters move first: see ``answer``)."""
    Round.objects.filter(pk=live.pk).update(stage=F("stage") + 1, **changes)
    live.refresh_from_db()
    pulse.stage_changed(live.code, live.stage)
    # robust: a failure is logged and the answers stay pending for the next close (nothing is lost).
    transaction.on_commit(partial(queue_logging, live.pk), robust=True)
    return live


def queue_logging(pk: int) -> None:
    """Have the task worker log the answers of round ``pk``'s closed questions (``record_pending``):
    not in the teacher's request, which holds one of the write workers that take the room's answers
    (60 answers of a question were 270-340 ms of CPU there, while the other rounds' answers waited)."""
    from tutor.live.tasks import log_closed_answers

    log_closed_answers.enqueue(pk)


class AlreadyStarted(LiveError):
    """«Empezar la ronda» pressed again: ``live`` is the round that press (or another) started."""

    def __init__(self, live: Round) -> None:
        super().__init__(_("Ya estaba hecho: esa ronda ya se había empezado."))
        self.live = live


class Stale(LiveError):
    """A control pressed on a page drawn before the round's last change (a double click, a second
    device): nothing was done; ``message`` says where the round is now."""


def _check_pressed_at(live: Round, pressed_at: int | None) -> None:
    """Refuse a press made at another stage than the round's (``None``: a caller without a page)."""
    if pressed_at is None or pressed_at == live.stage:
        return
    if live.is_finished:
        raise Stale(_("No se ha vuelto a hacer: la ronda ya había terminado."))
    facts = {"number": live.current, "total": live.questions.count()}
    if live.revealed:
        raise Stale(
            _(
                "No se ha vuelto a hacer: la ronda ya había cambiado. Ahora se ven las respuestas de la "
                "pregunta %(number)s de %(total)s."
            )
            % facts
        )
    raise Stale(
        _(
            "No se ha vuelto a hacer: la ronda ya había cambiado. Ahora está abierta la pregunta %(number)s de %(total)s."
        )
        % facts
    )


def reveal(*, live: Round, pressed_at: int | None = None) -> Round:
    """Show the answers of the open question: no more answers are taken for it."""
    with transaction.atomic():
        live = Round.objects.select_for_update().get(pk=live.pk)
        _check_pressed_at(live, pressed_at)
        if live.is_finished:
            raise LiveError(_("Esta ronda ya ha terminado."))
        if live.revealed:
            return live
        RoundQuestion.objects.filter(round=live, number=live.current).update(revealed_at=timezone.now())
        return _advance(live, revealed=True)


def next_question(*, live: Round, pressed_at: int | None = None) -> Round:
    """Open the next question, or finish the round after the last one."""
    with transaction.atomic():
        live = Round.objects.select_for_update().get(pk=live.pk)
        _check_pressed_at(live, pressed_at)
        if live.is_finished:
            raise LiveError(_("Esta ronda ya ha terminado."))
        following = live.current + 1
        if not RoundQuestion.objects.filter(round=live, number=following).exists():
            return _advance(live, finished_at=timezone.now())
        RoundQuestion.objects.filter(round=live, number=following).update(opened_at=timezone.now())
        return _advance(live, current=following, revealed=False)


def finish(*, live: Round, pressed_at: int | None = None) -> Round:
    with transaction.atomic():
        live = Round.objects.select_for_update().get(pk=live.pk)
        _check_pressed_at(live, pressed_at)
        if live.is_finished:
            return live
        return _advance(live, finished_at=timezone.now())
