"""A school's worth of data for benchmarking teacher pages, written fast with bulk_create.

    from teacher_data import build_school
    school = build_school(class_size=60, other_students=240, answers_per_student=2000)
    school.teacher, school.classroom, school.practice_set, school.students

One measured class (``class_size`` students, their teacher ``school.teacher``, one published set of
``set_questions`` questions that every student has answered) and, beside it, other classes of
``other_class_size`` students with a set of their own. Every student also has practice answers of
their own (families, skills, sessions' kind of rows) up to ``answers_per_student`` in all, so the
answer log is as large as a real school's. Each set answer is right or wrong by a seeded draw, with
misconceptions on the wrong ones, so the dashboards have mistakes to list.

Rows are written the way the services write them (Issued + Attempt pairs, a Question per set
question, the Assignment's counts), but in bulk: a class of 60 with 2,000 answers each and 240
students beside takes a minute or two on PostgreSQL, not an hour of view calls. Reuse it for any
teacher page: ``school.classrooms`` lists every class with its set, ``school.all_students`` everyone.
Call it inside a database that has been migrated; it commits nothing itself (wrap it in
``transaction.atomic()`` if you want one transaction).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import timedelta

from django.contrib.auth.hashers import make_password
from django.utils import timezone

from engine.rules import GUIA
from engine.scenarios import ENGINE_VERSION, generate

FAMILIES = ("jugada", "validas", "obligacion", "ganador", "tantos", "cante", "renuncio", "mesa")
MISCONCEPTIONS = ("no_monta", "no_asiste", "falla_sin_pisar", "")
BATCH = 2000


@dataclass
class BuiltClass:
    classroom: object
    teacher: object
    practice_set: object
    students: list = field(default_factory=list)


@dataclass
class School:
    measured: BuiltClass
    classrooms: list[BuiltClass]
    answers: int

    @property
    def teacher(self):
        return self.measured.teacher

    @property
    def classroom(self):
        return self.measured.classroom

    @property
    def practice_set(self):
        return self.measured.practice_set

    @property
    def students(self) -> list:
        return self.measured.students

    @property
    def all_students(self) -> list:
        return [s for c in self.classrooms for s in c.students]


class _Templates:
    """One generated scenario per family, reused for every row (the pages read them, never regrade)."""

    def __init__(self) -> None:
        self.by_family = {f: generate(f, 7, 1, GUIA) for f in FAMILIES}
        self.rules = GUIA.to_dict()

    def issued(self, Issued, *, learner_id: int, mode: str, family: str, seed: int):
        scenario = self.by_family[family]
        return Issued(
            learner_id=learner_id,
            mode=mode,
            family=family,
            difficulty=1,
            seed=seed,
            rule_ids=list(scenario.rule_ids),
            rules=self.rules,
            scenario=scenario.to_dict(),
        )

    def attempt(self, Attempt, issued, *, correct: bool, misconception: str):
        scenario = self.by_family[issued.family]
        answer = scenario.answer[0] if isinstance(scenario.answer, (list, tuple)) else scenario.answer
        return Attempt(
            issued=issued,
            learner_id=issued.learner_id,
            mode=issued.mode,
            family=issued.family,
            difficulty=1,
            rule_ids=issued.rule_ids,
            rules=issued.rules,
            answer=answer,
            correct=correct,
            misconception="" if correct else misconception,
            grade={
                "correct": correct,
                "explanation": "",
                "verdicts": [],
                "expected": answer,
                "given": answer,
            },
            engine_version=ENGINE_VERSION,
            time_taken_ms=4000,
        )


def _users(User, prefix: str, n: int, role: str, password: str) -> list:
    users = [User(username=f"{prefix}{i:04d}", role=role, password=password) for i in range(n)]
    return User.objects.bulk_create(users, batch_size=BATCH)


def _set_for(classroom, teacher, students, *, questions: int, rng, templates, now) -> object:
    from tutor.classroom.models import Assignment, PracticeSet, Question, SetItem
    from tutor.practice.models import Attempt, Issued

    practice_set = PracticeSet.objects.create(
        classroom=classroom,
        created_by=teacher,
        title="Asistir y montar",
        opens_at=now - timedelta(days=7),
        due_at=now + timedelta(days=7),
        published_at=now - timedelta(days=7),
    )
    item = SetItem.objects.create(practice_set=practice_set, kind="family", family="jugada", count=questions)
    assignments = Assignment.objects.bulk_create(
        [Assignment(practice_set=practice_set, student=s, total=questions) for s in students],
        batch_size=BATCH,
    )
    issued, outcomes = [], []
    for student in students:
        for number in range(1, questions + 1):
            seed = (practice_set.pk * 100_000 + student.pk) * 1_000 + number
            issued.append(
                templates.issued(Issued, learner_id=student.pk, mode="tarea", family="jugada", seed=seed)
            )
            outcomes.append((rng.random() < 0.7, rng.choice(MISCONCEPTIONS)))
    issued = Issued.objects.bulk_create(issued, batch_size=BATCH)
    attempts = [
        templates.attempt(Attempt, row, correct=ok, misconception=why)
        for row, (ok, why) in zip(issued, outcomes, strict=True)
    ]
    Attempt.objects.bulk_create(attempts, batch_size=BATCH)
    questions_rows, by_student = [], {}
    for row, attempt in zip(issued, attempts, strict=True):
        by_student.setdefault(row.learner_id, []).append((row, attempt))
    for assignment in assignments:
        rows = by_student[assignment.student_id]
        for number, (row, _attempt) in enumerate(rows, start=1):
            questions_rows.append(Question(assignment=assignment, item=item, number=number, issued=row))
        assignment.answered = len(rows)
        assignment.correct = sum(a.correct for _r, a in rows)
        assignment.time_ms = sum(a.time_taken_ms for _r, a in rows)
        assignment.state = "entregada"
        assignment.started_at = assignment.finished_at = now - timedelta(days=3)
    Question.objects.bulk_create(questions_rows, batch_size=BATCH)
    Assignment.objects.bulk_update(
        assignments,
        ["answered", "correct", "time_ms", "state", "started_at", "finished_at"],
        batch_size=BATCH,
    )
    return practice_set


def _practice_answers(students, per_student: int, *, rng, templates) -> int:
    """Each student's own practice (not in any set), written in batches so memory stays flat."""
    from tutor.practice.models import Attempt, Issued

    written = 0
    pending: list[tuple[object, bool, str]] = []

    def flush() -> None:
        nonlocal written
        rows = Issued.objects.bulk_create([p[0] for p in pending], batch_size=BATCH)
        Attempt.objects.bulk_create(
            [
                templates.attempt(Attempt, r, correct=ok, misconception=why)
                for r, (_i, ok, why) in zip(rows, pending, strict=True)
            ],
            batch_size=BATCH,
        )
        written += len(rows)
        pending.clear()

    for student in students:
        for n in range(per_student):
            family = FAMILIES[n % len(FAMILIES)]
            mode = "habilidad" if n % 5 == 0 else "familia"
            row = templates.issued(Issued, learner_id=student.pk, mode=mode, family=family, seed=n)
            pending.append((row, rng.random() < 0.75, rng.choice(MISCONCEPTIONS)))
            if len(pending) >= BATCH * 5:
                flush()
    if pending:
        flush()
    return written


def build_school(
    *,
    class_size: int,
    other_students: int = 0,
    other_class_size: int = 30,
    answers_per_student: int = 2000,
    set_questions: int = 10,
    seed: int = 1,
) -> School:
    """Write the school (see the module docstring) and return handles on what was written."""
    from tutor.accounts.models import User
    from tutor.classroom.models import Classroom, Membership

    rng = random.Random(seed)
    templates = _Templates()
    now = timezone.now()
    password = make_password("baraja-de-oros")  # hashed once: the hasher is the slow part of a user
    sizes = [class_size]
    rest = other_students
    while rest > 0:
        sizes.append(min(other_class_size, rest))
        rest -= sizes[-1]
    teachers = _users(User, "profe", len(sizes), User.Role.TEACHER, password)
    students = _users(User, "alumno", sum(sizes), User.Role.LEARNER, password)
    classes, start = [], 0
    for n, (size, teacher) in enumerate(zip(sizes, teachers, strict=True)):
        classroom = Classroom.objects.create(name=f"Clase {n + 1}", join_code=f"BENCH{n:02d}")
        classroom.teachers.add(teacher)
        members = students[start : start + size]
        start += size
        Membership.objects.bulk_create(
            [Membership(classroom=classroom, student=s, real_name=f"Alumno {s.username}") for s in members],
            batch_size=BATCH,
        )
        classes.append((classroom, teacher, members))
    # Practice first, the sets last: a set's rows are the newest in the log, as they are when a
    # teacher opens its page (and its ids are not the lowest, which would flatter a merge join).
    answers = _practice_answers(
        students, max(answers_per_student - set_questions, 0), rng=rng, templates=templates
    )
    built = []
    for classroom, teacher, members in classes:
        practice_set = _set_for(
            classroom, teacher, members, questions=set_questions, rng=rng, templates=templates, now=now
        )
        built.append(
            BuiltClass(classroom=classroom, teacher=teacher, practice_set=practice_set, students=members)
        )
        answers += len(members) * set_questions
    return School(measured=built[0], classrooms=built, answers=answers)
