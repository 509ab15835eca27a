"""Writes that touch several models: classes, members, managed accounts, sets, assignments, progress rows."""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth import get_user_model
from django.db import models, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from engine.scenarios import PositionError, families_for, position_from_json
from tutor.classroom import passwords, tasks
from tutor.classroom.mastery import student_mastery
from tutor.classroom.models import (
    CODE_ALPHABET,
    Assignment,
    Classroom,
    Membership,
    PracticeSet,
    Question,
    SetItem,
    SetMatch,
    SetRetry,
    new_join_code,
    normalise_code,
)
from tutor.lib.tables import table_label
from tutor.practice.identity import Owner
from tutor.practice.models import Mode
from tutor.practice.services import issue
from tutor.progress.models import TableRetry
from tutor.progress.retries import open_items

User = get_user_model()
PASSWORD_ALPHABET = CODE_ALPHABET.lower()


class ClassroomError(Exception):
    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


@dataclass(frozen=True, slots=True)
class NewLogin:
    username: str
    password: str
    real_name: str


def create_classroom(*, teacher, name: str, rules: str) -> Classroom:
    with transaction.atomic():
        classroom = Classroom.objects.create(name=name, rules=rules)
        classroom.teachers.add(teacher)
    return classroom


def regenerate_code(*, classroom: Classroom) -> str:
    for _attempt in range(10):
        code = new_join_code()
        if not Classroom.objects.filter(join_code=code).exists():
            classroom.join_code = code
            classroom.join_open = True
            classroom.save(update_fields=["join_code", "join_open"])
            return code
    raise ClassroomError(_("No se ha podido generar un código nuevo; inténtalo otra vez."))


def _assign_open_sets(classroom: Classroom, student) -> None:
    """A student who joins late gets the class's published whole-class sets; one who comes back gets
    back the rows (and questions) they left, not new ones."""
    Assignment.objects.filter(
        practice_set__classroom=classroom, student=student, withdrawn_at__isnull=False
    ).update(withdrawn_at=None)
    for practice_set in classroom.sets.filter(published_at__isnull=False, whole_class=True):
        Assignment.objects.get_or_create(
            practice_set=practice_set, student=student, defaults={"total": _total(practice_set)}
        )


def join_classroom(*, student, code: str) -> Classroom:
    classroom = Classroom.objects.filter(
        join_code=normalise_code(code), join_open=True, archived=False
    ).first()
    if classroom is None:
        raise ClassroomError(
            _("Ese código no corresponde a ninguna clase abierta. Revísalo con tu profesor.")
        )
    if classroom.teachers.filter(pk=student.pk).exists():
        raise ClassroomError(_("Ya eres profesor de esta clase."))
    with transaction.atomic():
        _membership, created = Membership.objects.get_or_create(classroom=classroom, student=student)
        if created:
            _assign_open_sets(classroom, student)
    if not created:
        raise ClassroomError(_("Ya estás en la clase «%(name)s».") % {"name": classroom.name})
    return classroom


def add_teacher(*, classroom: Classroom, username: str):
    teacher = User.objects.filter(username__iexact=username.strip(), role=User.Role.TEACHER).first()
    if teacher is None:
        raise ClassroomError(_("No hay ningún profesor con ese nombre de usuario."))
    if classroom.memberships.filter(student=teacher).exists():
        raise ClassroomError(_("Ese usuario es alumno de esta clase."))
    classroom.teachers.add(teacher)
    return teacher


def _random(alphabet: str, n: int) -> str:
    return "".join(secrets.choice(alphabet) for _ in range(n))


def _free_usernames(n: int) -> list[str]:
    """``n`` new neutral usernames no account has, checked against the database in one query a round."""
    chosen: list[str] = []
    for _attempt in range(20):
        wanted = {f"alumno-{_random(PASSWORD_ALPHABET, 5)}" for _ in range(n - len(chosen))} - set(chosen)
        taken = set(User.objects.filter(username__in=wanted).values_list("username", flat=True))
        chosen += sorted(wanted - taken)
        if len(chosen) == n:
            return chosen
    raise ClassroomError(_("No se han podido generar nombres de usuario libres; inténtalo otra vez."))


def create_managed_students(*, classroom: Classroom, names: list[str]) -> list[NewLogin]:
    """Accounts for children without email: a neutral username and a one-time printable password.

    The passwords are stored under a quick hash, strengthened outside the web process by the task
    worker (a ``strengthen_passwords`` task queued once the accounts are committed), by ``manage.py
    strengthen_passwords`` or at the first login (tutor.classroom.passwords explains why that is
    safe): 40 accounts take well under a second.
    """
    logins = []
    open_sets = list(
        classroom.sets.filter(published_at__isnull=False, whole_class=True).prefetch_related("items")
    )
    with transaction.atomic():
        for real_name, username in zip(names, _free_usernames(len(names)), strict=True):
            password = _new_password()
            user = User(username=username, role=User.Role.LEARNER, password=passwords.fresh_hash(password))
            user.save()
            Membership.objects.create(classroom=classroom, student=user, real_name=real_name, managed=True)
            Assignment.objects.bulk_create(
                [Assignment(practice_set=s, student=user, total=_total(s)) for s in open_sets]
            )
            logins.append(NewLogin(username, password, real_name))
        transaction.on_commit(tasks.strengthen_passwords.enqueue)
    return logins


def _new_password() -> str:
    return "-".join(_random(PASSWORD_ALPHABET, 4) for _ in range(3))


def new_password(*, membership: Membership) -> NewLogin:
    """A new printable password for a child whose account the class made (no email to recover it
    with): the old one stops working, and so do the sessions signed in with it."""
    if not membership.managed:
        raise ClassroomError(_("Solo las cuentas que creó la clase reciben una contraseña nueva aquí."))
    password = _new_password()
    user = membership.student
    user.password = passwords.fresh_hash(password)
    user.save(update_fields=["password"])
    return NewLogin(user.username, password, membership.real_name)


def remove_student(*, membership: Membership) -> None:
    """The student leaves (or is removed): their rows in this class's sets are withdrawn, kept with
    their questions, which take no more answers (SetQuestionKind.closed); their practice log stays."""
    with transaction.atomic():
        Assignment.objects.filter(
            practice_set__classroom=membership.classroom,
            student=membership.student,
            withdrawn_at__isnull=True,
        ).update(withdrawn_at=timezone.now())
        membership.delete()


def _total(practice_set: PracticeSet) -> int:
    if practice_set.is_goal:
        return 0
    # «Jugar N manos» items are hands, not questions: their results are the duplicate's table. A «repite
    # tus errores de la mesa» row counts what it asks for until the student's own items are chosen
    # (ensure_table_items), which may be fewer.
    return sum(item.count for item in practice_set.items.all() if item.kind != SetItem.Kind.PLAY)


def save_set(
    *,
    classroom: Classroom,
    teacher,
    fields: dict,
    items: list[dict],
    students: list,
    publish: bool,
) -> PracticeSet:
    """Create a set with its items (a draft unless ``publish``). Items are dicts of SetItem fields.

    Every question of a class is graded at the class's table, built positions too: each position is
    re-checked under the class's rules and stored with them; one its trick cannot happen under refuses
    the whole set (ClassroomError).
    """
    items = [_at_class_table(classroom, item) for item in items]
    with transaction.atomic():
        practice_set = PracticeSet.objects.create(classroom=classroom, created_by=teacher, **fields)
        for n, item in enumerate(items):
            SetItem.objects.create(practice_set=practice_set, order=n, **item)
        if not practice_set.whole_class:
            practice_set.students.set(students)
        if publish:
            publish_set(practice_set=practice_set)
    return practice_set


def _at_class_table(classroom: Classroom, item: dict) -> dict:
    if item.get("kind") != SetItem.Kind.POSITION:
        return item
    try:
        built = position_from_json(item["position"], rules=classroom.get_rules())
    except PositionError as exc:
        raise ClassroomError(
            _("La posición «%(title)s» no puede darse con las reglas de la clase (%(rules)s): %(why)s")
            % {"title": item.get("position_title", ""), "rules": table_label(classroom.rules), "why": exc}
        ) from None
    return {**item, "position": built.to_json()}


def publish_set(*, practice_set: PracticeSet) -> int:
    """One progress row (sin empezar) per target student, at once. Returns how many were created."""
    with transaction.atomic():
        # The set's row is the lock: of two clicks on «Publicar» at once, the second finds it published.
        locked = PracticeSet.objects.select_for_update().only("published_at").get(pk=practice_set.pk)
        if locked.published_at is not None:
            raise ClassroomError(_("Esta tarea ya está publicada."))
        members = practice_set.classroom.memberships.values_list("student_id", flat=True)
        if not practice_set.whole_class:
            members = members.filter(student__in=practice_set.students.all())
        total = _total(practice_set)
        practice_set.published_at = timezone.now()
        practice_set.save(update_fields=["published_at"])
        rows = Assignment.objects.bulk_create(
            [Assignment(practice_set=practice_set, student_id=pk, total=total) for pk in members]
        )
    return len(rows)


def _seed(practice_set: PracticeSet, student_pk: int, number: int) -> int:
    # Distinct per student and question; stable, so a teacher can reproduce a deal.
    return (practice_set.pk * 100_000 + student_pk) * 1_000 + number


def ensure_questions(*, assignment: Assignment) -> list[Question]:
    """The student's own scenarios for every item, issued once (the first time they open the set)."""
    questions = list(assignment.questions.select_related("issued", "issued__attempt", "item"))
    practice_set = assignment.practice_set
    closed = assignment.withdrawn_at is not None or practice_set.classroom.archived
    if questions or practice_set.is_goal or closed:
        return questions
    rules = practice_set.classroom.get_rules()
    owner = Owner(assignment.student, "")
    number = 0
    with transaction.atomic():
        locked = Assignment.objects.select_for_update().get(pk=assignment.pk)
        if locked.questions.exists():  # another request issued them first
            return list(assignment.questions.select_related("issued", "issued__attempt", "item"))
        for item in practice_set.items.all():
            if item.kind not in SetItem.QUESTION_KINDS:
                continue
            for n in range(item.count):
                number += 1
                seed = _seed(practice_set, assignment.student_id, number)
                common = dict(owner=owner, mode=Mode.ASSIGNMENT, rules=rules, seed=seed)
                if item.kind == SetItem.Kind.POSITION:
                    # The class's table, never the one the position was built at.
                    built = position_from_json(item.position, rules=rules)
                    scenario = built.scenario(item.family, seed=seed)
                    issued = issue(
                        family=item.family, difficulty=scenario.difficulty, scenario=scenario, **common
                    )
                elif item.kind == SetItem.Kind.SKILL:
                    families = families_for(item.rule_id, rules)
                    issued = issue(
                        family=families[n % len(families)],
                        difficulty=item.difficulty,
                        target=item.rule_id,
                        **common,
                    )
                else:
                    issued = issue(family=item.family, difficulty=item.difficulty, **common)
                Question.objects.create(assignment=assignment, item=item, number=number, issued=issued)
        total = number + _table_total(practice_set, locked)
        if assignment.total != total:
            Assignment.objects.filter(pk=assignment.pk).update(total=total)
            assignment.total = total
    return list(assignment.questions.select_related("issued", "issued__attempt", "item"))


def _table_total(practice_set: PracticeSet, assignment: Assignment) -> int:
    """What the set's «repite tus errores de la mesa» rows count in the student's total: the items chosen
    once they are, what the rows ask for before."""
    if assignment.set_retries.exists():
        return assignment.set_retries.count()
    return sum(i.count for i in practice_set.items.all() if i.kind == SetItem.Kind.TABLE)


# «Repite tus errores de la mesa» ------------------------------------------------------------------


def ensure_table_items(*, assignment: Assignment) -> list[SetRetry]:
    """The student's own retry items for the set's «repite tus errores de la mesa» rows.

    Chosen when the student opens the set, and again at each visit until it is handed in: up to each
    row's count of their open items (due first, then the soonest due, which are brought forward to now:
    the teacher asks for them today); an unanswered one whose hand was removed, or that the student took
    out, is dropped and replaced when another is open. A student with fewer items gets those; with none,
    the row asks for nothing. The student's total follows (questions + items chosen), and a set whose
    every question, hand and item is done is handed in.
    """

    practice_set = assignment.practice_set
    rows = [i for i in practice_set.items.all() if i.kind == SetItem.Kind.TABLE]
    closed = assignment.withdrawn_at is not None or practice_set.classroom.archived
    chosen = lambda: list(assignment.set_retries.select_related("retry__record", "item"))  # noqa: E731
    if not rows or closed or assignment.is_done:
        return chosen()
    now = timezone.now()
    with transaction.atomic():
        locked = Assignment.objects.select_for_update().get(pk=assignment.pk)
        if locked.is_done:
            return chosen()
        SetRetry.objects.filter(assignment=locked, answered_at__isnull=True).filter(
            models.Q(retry__isnull=True) | models.Q(retry__removed_at__isnull=False)
        ).delete()
        counts: dict[int, int] = {}
        taken = set()
        for item_id, retry_id in SetRetry.objects.filter(assignment=locked).values_list(
            "item_id", "retry_id"
        ):
            counts[item_id] = counts.get(item_id, 0) + 1
            taken.add(retry_id)
        free = list(
            open_items(Owner(assignment.student, ""))
            .exclude(pk__in=taken - {None})
            .order_by("due", "pk")
            .values_list("pk", flat=True)[: sum(r.count for r in rows)]
        )
        new = []
        for row in rows:
            need = row.count - counts.get(row.pk, 0)
            while need > 0 and free:
                new.append(SetRetry(assignment=locked, item=row, retry_id=free.pop(0)))
                need -= 1
        if new:
            SetRetry.objects.bulk_create(new)
            TableRetry.objects.filter(pk__in=[r.retry_id for r in new], due__gt=now).update(due=now)
        # The questions are issued first (the task view): they and the items chosen are the total.
        total = locked.questions.count() + SetRetry.objects.filter(assignment=locked).count()
        locked.total = total
        fields = ["total"]
        if locked.answered >= total and _hands_done(locked, practice_set):
            _move_state(locked, practice_set, now)
            fields += ["state", "finished_at"]
        locked.save(update_fields=fields)
        assignment.total, assignment.state = locked.total, locked.state
    return chosen()


def record_set_retry(answer) -> None:
    """The first answer to a retry item a student's open set chose is that set's answer (progress's
    retry_answered, inside the answer's transaction)."""
    rows = SetRetry.objects.filter(
        retry_id=answer.item_id,
        answered_at__isnull=True,
        assignment__withdrawn_at__isnull=True,
        assignment__practice_set__classroom__archived=False,
    ).select_related("assignment__practice_set")
    for chosen in rows:
        row = Assignment.objects.select_for_update().get(pk=chosen.assignment_id)
        if row.is_done:
            continue
        now = answer.answered_at
        chosen.answered_at, chosen.right, chosen.card = now, answer.right, answer.card
        chosen.save(update_fields=["answered_at", "right", "card"])
        row.answered += 1
        row.correct += int(answer.right)
        row.started_at = row.started_at or now
        _move_state(row, chosen.assignment.practice_set, now)
        row.save()


def _finish_state(due_at: datetime, now: datetime) -> str:
    return Assignment.State.LATE if now > due_at else Assignment.State.SUBMITTED


def _hands_done(assignment: Assignment, practice_set: PracticeSet) -> bool:
    """Every «jugar N manos» item of the set has its match played to the end."""
    wanted = practice_set.items.filter(kind=SetItem.Kind.PLAY).count()
    if not wanted:
        return True
    return assignment.set_matches.filter(match__finished_at__isnull=False).count() >= wanted


def _move_state(row: Assignment, practice_set: PracticeSet, now: datetime) -> None:
    if row.answered >= row.total and _hands_done(row, practice_set):
        row.state = _finish_state(practice_set.due_at, now)
        row.finished_at = now
    else:
        row.state = Assignment.State.IN_PROGRESS


def record_set_match_finished(match) -> None:
    """A student's «jugar N manos» match ended: the set may now be done (play's match_finished)."""
    set_match = SetMatch.objects.filter(match=match).select_related("assignment__practice_set").first()
    if set_match is None:
        return
    row = Assignment.objects.select_for_update().get(pk=set_match.assignment_id)
    if not row.is_done:
        _move_state(row, set_match.assignment.practice_set, timezone.now())
        row.save(update_fields=["state", "finished_at"])


def record_set_attempt(attempt) -> None:
    """Move the student's row: en curso, then entregada (or tarde) when every item is answered.

    Called inside the transaction that created the attempt (practice's attempt_recorded).
    """
    now = timezone.now()
    if attempt.learner_id is None:
        return
    if attempt.mode == Mode.ASSIGNMENT:
        question = (
            Question.objects.select_related("assignment__practice_set")
            .filter(issued_id=attempt.issued_id, assignment__student_id=attempt.learner_id)
            .first()
        )
        if question is not None:
            row = Assignment.objects.select_for_update().get(pk=question.assignment_id)
            row.answered += 1
            row.correct += int(attempt.correct)
            row.time_ms += attempt.time_taken_ms
            row.started_at = row.started_at or now
            _move_state(row, question.assignment.practice_set, now)
            row.save()
    _check_goals(attempt, now)


def _check_goals(attempt, now: datetime) -> None:
    skills = list(attempt.rule_ids or [])
    if not skills:
        return
    goals = Assignment.objects.select_related("practice_set").filter(
        student_id=attempt.learner_id,
        practice_set__kind=PracticeSet.Kind.GOAL,
        practice_set__goal_skill__in=skills,
        practice_set__opens_at__lte=now,
        practice_set__classroom__archived=False,
        withdrawn_at__isnull=True,
        state__in=[Assignment.State.NOT_STARTED, Assignment.State.IN_PROGRESS],
    )
    rows = list(goals)
    if not rows:
        return
    for row in rows:
        cell = student_mastery(attempt.learner_id, row.practice_set.goal_skill)
        row.answered += 1
        row.correct += int(attempt.correct)
        row.time_ms += attempt.time_taken_ms
        row.started_at = row.started_at or now
        if cell.mastery >= (row.practice_set.goal_level or 0):
            row.state = _finish_state(row.practice_set.due_at, now)
            row.finished_at = now
        else:
            row.state = Assignment.State.IN_PROGRESS
        row.save()


# «Jugar N manos» and the class duplicate --------------------------------------------------------


def duplicate_seed(item: SetItem) -> int:
    """The seed of an item's matches: the same for every student, so they all play the same deals."""
    return random.Random(f"set-item:{item.pk}").randrange(2**31)


def start_set_match(*, assignment: Assignment, item: SetItem) -> SetMatch:
    """The student's match for a «jugar N manos» item (started once, at the class's table, in examen
    mode: a renuncio is found at the end and loses its hand, as a series of hands scores it)."""
    from tutor.play.services import start_match  # play imports nothing of classroom

    existing = SetMatch.objects.filter(assignment=assignment, item=item).select_related("match").first()
    if existing is not None:
        return existing
    with transaction.atomic():
        locked = Assignment.objects.select_for_update().get(pk=assignment.pk)
        existing = SetMatch.objects.filter(assignment=locked, item=item).select_related("match").first()
        if existing is not None:
            return existing
        match = start_match(
            owner=Owner(assignment.student, ""),
            rules=assignment.practice_set.classroom.get_rules(),
            level=item.bot_level or "normal",
            mode=item.mode,
            seed=duplicate_seed(item),
            max_hands=item.count,
        )
        if locked.state == Assignment.State.NOT_STARTED:
            locked.state = Assignment.State.IN_PROGRESS
            locked.started_at = locked.started_at or timezone.now()
            locked.save(update_fields=["state", "started_at"])
        return SetMatch.objects.create(assignment=locked, item=item, match=match)


def open_assignments(student):
    """The student's published sets not yet handed in (a queryset, in no order)."""
    return Assignment.objects.filter(
        student=student,
        practice_set__published_at__isnull=False,
        practice_set__classroom__archived=False,
        withdrawn_at__isnull=True,  # a class left or a student removed: its sets are not theirs to do
    ).exclude(state__in=(Assignment.State.SUBMITTED, Assignment.State.LATE))


def assignments_to_do(student) -> list[Assignment]:
    """The student's published sets not yet handed in, soonest due first (one query), each marked
    ``overdue`` and ``not_open`` as of now."""
    rows = list(
        open_assignments(student)
        .select_related("practice_set__classroom")
        .order_by("practice_set__due_at", "pk")
    )
    now = timezone.now()
    for row in rows:
        row.overdue = row.is_overdue(now)
        row.not_open = row.practice_set.opens_at > now
    return rows
