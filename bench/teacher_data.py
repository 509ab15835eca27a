"""A school's worth of data for benchmarking teacher pages, written fast: rows straight into the tables.

    from teacher_data import build_school
    school = build_school(class_size=10, other_students=490, answers_per_student=2000)
    school.teacher, school.classroom, school.practice_set, school.students

One measured class (``class_size`` students, their teacher ``school.teacher``, one published set of
``set_questions`` questions that every student has answered) and, beside it, other classes of
``other_class_size`` students with a set of their own; every student of a class is also in a second
class (the next one's «club»: the measured class's students too, so that other teachers' pages count
them), which keeps the measured class at ``class_size`` while the memberships grow with the school.
Every student has practice answers of their own up to ``answers_per_student`` in all, spread over the
last year, and what those answers leave behind: the FSRS review log (one entry an answer), the review
queue (one item a wrong answer, most of them cleared), the per-skill and per-family counts (SkillStat)
and each family's FSRS card replayed from its log; and ``hands_per_student`` kept hands with their
done reviews and the retry items those make (bench/table_pages.py's records).

Each answer is a row a real answer would leave: its question is one of ``variants`` real questions a
family (the engine's, at levels 1–3, at the guía table), stored as the site stores it (compact.py's
deflated JSON), and its grade is the engine's grade of a right or a wrong answer to that question, with
the misconception the engine gave; tokens are fresh, times spread over the year. The packed bytes of
each variant are computed once and reused, and the rows are written with PostgreSQL's COPY (SQLite:
one executemany a batch) with ids given here: a million answers take minutes, not hours.

Call it inside a migrated database; it commits nothing itself (wrap it in ``transaction.atomic()``).
"""

from __future__ import annotations

import json
import random
import secrets
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import timedelta

from django.contrib.auth.hashers import make_password
from django.utils import timezone

from engine.rules import GUIA
from engine.scenarios import ENGINE_VERSION, generate, grade

FAMILIES = ("jugada", "validas", "obligacion", "ganador", "tantos", "cante", "renuncio", "mesa")
BATCH = 2000
YEAR_MINUTES = 365 * 24 * 60


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
    counts: dict = field(default_factory=dict)

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


def _dumps(value) -> str:
    return json.dumps(value, ensure_ascii=False)


@dataclass
class _Outcome:
    """One graded answer to a variant, as the database stores it."""

    correct: bool
    answer: str  # JSON
    misconception: str
    grade: bytes  # packed


@dataclass
class _Variant:
    family: str
    difficulty: int
    seed: int
    rule_ids: tuple
    rule_ids_json: str
    scenario: object
    packed: bytes  # the scenario as Issued.scenario stores it
    right: _Outcome
    wrong: _Outcome | None


def _wrong_answers(scenario):
    """Answers to try for a wrong one: every option (alone), then numbers beside the right one."""
    for option in scenario.options or ():
        yield (
            [option.value]
            if isinstance(scenario.answer, list) and scenario.family == "validas"
            else option.value
        )
    if isinstance(scenario.answer, int):
        yield scenario.answer + 10
        yield scenario.answer - 10


def _outcome(scenario, given) -> _Outcome | None:
    from tutor.practice.compact import pack

    try:
        result = grade(scenario, given)
    except ValueError:
        return None
    return _Outcome(
        correct=result.correct,
        answer=_dumps(result.given),
        misconception=result.misconception or "",
        grade=pack(result.to_dict()),
    )


class _Templates:
    """``variants`` real questions a family, each graded right and wrong by the engine, packed once."""

    def __init__(self, variants: int = 12) -> None:
        from tutor.practice.compact import pack

        self.rules = GUIA.to_dict()
        self.rules_json = _dumps(self.rules)
        self.variants: dict[str, list[_Variant]] = {}
        for family in FAMILIES:
            found = []
            for n in range(variants):
                seed, level = 7 + 1009 * n, 1 + n % 3
                scenario = generate(family, seed, level, GUIA)
                right = _outcome(scenario, scenario.answer)
                if right is None or not right.correct:
                    continue
                wrong = next(
                    (o for g in _wrong_answers(scenario) if (o := _outcome(scenario, g)) and not o.correct),
                    None,
                )
                found.append(
                    _Variant(
                        family=family,
                        difficulty=level,
                        seed=seed,
                        rule_ids=tuple(scenario.rule_ids),
                        rule_ids_json=_dumps(list(scenario.rule_ids)),
                        scenario=scenario,
                        packed=pack(scenario.to_dict()),
                        right=right,
                        wrong=wrong,
                    )
                )
            self.variants[family] = found
        # The first variant of each family: what table_pages.py counts per skill for learners without rows.
        self.by_family = {f: v[0].scenario for f, v in self.variants.items()}
        # (learner, rule id) -> [attempts, correct, recent]: the SkillStat rows progress would keep.
        self.skills: dict[tuple[int, str], list] = {}

    def count_skills(self, issued, correct: bool) -> None:
        from tutor.progress import mastery

        for rule_id in issued.rule_ids:
            row = self.skills.setdefault((issued.learner_id, rule_id), [0, 0, ""])
            row[0] += 1
            row[1] += int(correct)
            row[2] = mastery.push(row[2], correct)


class _Table:
    """Rows written straight into one model's table, with ids given here (the sequence set after).

    Rows are dicts of database-ready values (JSON as text, packed bytes); columns left out take the
    field's default. PostgreSQL: COPY; other databases: executemany."""

    def __init__(self, model) -> None:
        from django.db import connection, models

        self.model = model
        self.fields = [f for f in model._meta.concrete_fields]
        self.columns = [f.column for f in self.fields]
        self.defaults = {}
        for f in self.fields:
            if f.primary_key or not f.has_default() and not f.null:
                continue
            value = f.get_default()
            self.defaults[f.column] = _dumps(value) if isinstance(f, models.JSONField) else value
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT MAX(id) FROM {model._meta.db_table}")
            self.next_id = (cursor.fetchone()[0] or 0) + 1
        self.pending: list[tuple] = []
        self.written = 0

    def new_id(self) -> int:
        self.next_id += 1
        return self.next_id - 1

    def add(self, row: dict) -> None:
        defaults = self.defaults
        self.pending.append(tuple(row[c] if c in row else defaults[c] for c in self.columns))
        if len(self.pending) >= BATCH * 5:
            self.flush()

    def flush(self) -> None:
        from django.db import connection

        if not self.pending:
            return
        table = connection.ops.quote_name(self.model._meta.db_table)
        names = ", ".join(connection.ops.quote_name(c) for c in self.columns)
        with connection.cursor() as cursor:
            if connection.vendor == "postgresql":
                with cursor.cursor.copy(f"COPY {table} ({names}) FROM STDIN") as copy:
                    for row in self.pending:
                        copy.write_row(row)
            else:
                dates = [i for i, f in enumerate(self.fields) if f.get_internal_type() == "DateTimeField"]
                rows = [list(r) for r in self.pending]
                for r in rows:
                    for i in dates:
                        r[i] = connection.ops.adapt_datetimefield_value(r[i])
                marks = ", ".join(["%s"] * len(self.columns))
                cursor.executemany(f"INSERT INTO {table} ({names}) VALUES ({marks})", rows)
        self.written += len(self.pending)
        self.pending.clear()

    def close(self) -> None:
        """Write what is pending and set the table's id sequence past the ids given."""
        from django.core.management.color import no_style
        from django.db import connection

        self.flush()
        with connection.cursor() as cursor:
            for sql in connection.ops.sequence_reset_sql(no_style(), [self.model]):
                cursor.execute(sql)


def _answer(
    issued_t, attempt_t, templates, *, learner_id, mode, variant, outcome, seed, taken, answered, target=""
):
    """One issued question and its answer, as practice writes them; returns the attempt's id."""
    issued_id, attempt_id = issued_t.new_id(), attempt_t.new_id()
    issued_t.add(
        {
            "id": issued_id,
            "token": secrets.token_urlsafe(16),
            "learner_id": learner_id,
            "mode": mode,
            "family": variant.family,
            "difficulty": variant.difficulty,
            "seed": seed,
            "target": target,
            "rule_ids": variant.rule_ids_json,
            "rules": templates.rules_json,
            "scenario": variant.packed,
            "issued_at": answered - timedelta(milliseconds=taken),
        }
    )
    attempt_t.add(
        {
            "id": attempt_id,
            "learner_id": learner_id,
            "issued_id": issued_id,
            "mode": mode,
            "family": variant.family,
            "difficulty": variant.difficulty,
            "rule_ids": variant.rule_ids_json,
            "rules": templates.rules_json,
            "answer": outcome.answer,
            "correct": outcome.correct,
            "misconception": outcome.misconception,
            "grade": outcome.grade,
            "engine_version": ENGINE_VERSION,
            "time_taken_ms": taken,
            "created_at": answered,
        }
    )
    return issued_id, attempt_id


def write_answers(students, per_student: int, *, rng, templates: _Templates, now=None) -> int:
    """Each student's own practice (not in any set), spread over the year before ``now``, and what it
    leaves: Issued and Attempt rows, one FSRS review log entry each, the review queue, the per-skill
    and per-family counts and the families' FSRS cards (as progress's receivers would have left them)."""
    from tutor.practice.models import Attempt, Issued
    from tutor.progress import mastery, spacing
    from tutor.progress.models import FamilyCard, ReviewItem, ReviewLogEntry, SkillStat

    now = now or timezone.now()
    issued_t, attempt_t, log_t, item_t = (_Table(m) for m in (Issued, Attempt, ReviewLogEntry, ReviewItem))
    stat_t, card_t = _Table(SkillStat), _Table(FamilyCard)
    written = 0
    for student in students:
        stats: dict[tuple[str, str], list] = {}
        reviews: dict[str, list] = defaultdict(list)
        first_attempt: dict[str, int] = {}
        for n in range(per_student):
            family = FAMILIES[rng.randrange(len(FAMILIES))]
            variant = rng.choice(templates.variants[family])
            outcome = variant.right if variant.wrong is None or rng.random() < 0.75 else variant.wrong
            mode = "habilidad" if n % 5 == 0 else "familia"
            answered = now - timedelta(minutes=YEAR_MINUTES * (per_student - n) / per_student + rng.random())
            taken = rng.randrange(2000, 40000)
            _issued_id, attempt_id = _answer(
                issued_t,
                attempt_t,
                templates,
                learner_id=student.pk,
                mode=mode,
                variant=variant,
                outcome=outcome,
                seed=rng.randrange(2**31),
                taken=taken,
                answered=answered,
                target=variant.rule_ids[0] if mode == "habilidad" else "",
            )
            rating = int(spacing.rating_for(outcome.correct))
            log_t.add(
                {
                    "id": log_t.new_id(),
                    "learner_id": student.pk,
                    "family": family,
                    "attempt_id": attempt_id,
                    "rating": rating,
                    "reviewed_at": answered,
                    "log": _dumps(
                        {
                            "card_id": attempt_id,
                            "rating": rating,
                            "review_datetime": answered.isoformat(),
                            "review_duration": None,
                        }
                    ),
                }
            )
            reviews[family].append((rating, answered))
            first_attempt.setdefault(family, attempt_id)
            if not outcome.correct:  # the review queue: most wrong answers were cleared by a later right one
                cleared = rng.random() < 0.85 and n < per_student - 20
                item_t.add(
                    {
                        "id": item_t.new_id(),
                        "learner_id": student.pk,
                        "attempt_id": attempt_id,
                        "family": family,
                        "failures": 1 + (rng.random() < 0.2),
                        "created_at": answered,
                        "cleared_at": answered + timedelta(days=rng.uniform(0.5, 9)) if cleared else None,
                    }
                )
            for key in [("family", family)] + [("rule", r) for r in dict.fromkeys(variant.rule_ids)]:
                row = stats.setdefault(key, [0, 0, "", answered])
                row[0] += 1
                row[1] += int(outcome.correct)
                row[2] = mastery.push(row[2], outcome.correct)
                row[3] = answered
            written += 1
        for (kind, key), (attempts, correct, recent, last) in stats.items():
            stat_t.add(
                {
                    "id": stat_t.new_id(),
                    "learner_id": student.pk,
                    "kind": kind,
                    "key": key,
                    "attempts": attempts,
                    "correct": correct,
                    "recent": recent,
                    "last_attempt_at": last,
                }
            )
        for family, family_reviews in reviews.items():
            card = spacing.replay(first_attempt[family], family_reviews)
            card_t.add(
                {
                    "id": card_t.new_id(),
                    "learner_id": student.pk,
                    "family": family,
                    "card": _dumps(card.to_dict()),
                    "due": card.due,
                }
            )
    for table in (issued_t, attempt_t, log_t, item_t, stat_t, card_t):
        table.close()
    return written


def _practice_answers(students, per_student: int, *, rng, templates) -> int:
    """The other benchmarks' name for write_answers."""
    return write_answers(students, per_student, rng=rng, templates=templates)


def _users(User, prefix: str, n: int, role: str, password: str) -> list:
    users = [User(username=f"{prefix}{i:04d}", role=role, password=password) for i in range(n)]
    return User.objects.bulk_create(users, batch_size=BATCH)


def _set_for(classroom, teacher, students, *, questions: int, rng, templates, now) -> object:
    """A published set of ``questions`` «jugada» questions that every student has answered (handed in)."""
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
    issued_t, attempt_t, question_t = _Table(Issued), _Table(Attempt), _Table(Question)
    handed_in = now - timedelta(days=3)
    for assignment, student in zip(assignments, students, strict=True):
        correct = time_ms = 0
        for number in range(1, questions + 1):
            variant = rng.choice(templates.variants["jugada"])
            outcome = variant.wrong if variant.wrong is not None and rng.random() < 0.3 else variant.right
            taken = rng.randrange(3000, 30000)
            answered = handed_in - timedelta(seconds=40 * (questions - number))
            issued_id, _attempt_id = _answer(
                issued_t,
                attempt_t,
                templates,
                learner_id=student.pk,
                mode="tarea",
                variant=variant,
                outcome=outcome,
                seed=(practice_set.pk * 100_000 + student.pk) * 1_000 + number,
                taken=taken,
                answered=answered,
            )
            question_t.add(
                {
                    "id": question_t.new_id(),
                    "assignment_id": assignment.pk,
                    "item_id": item.pk,
                    "number": number,
                    "issued_id": issued_id,
                }
            )
            correct += outcome.correct
            time_ms += taken
        assignment.answered, assignment.correct, assignment.time_ms = questions, correct, time_ms
        assignment.state = "entregada"
        assignment.started_at, assignment.finished_at = handed_in - timedelta(minutes=10), handed_in
    for table in (issued_t, attempt_t, question_t):
        table.close()
    Assignment.objects.bulk_update(
        assignments,
        ["answered", "correct", "time_ms", "state", "started_at", "finished_at"],
        batch_size=BATCH,
    )
    return practice_set


def build_school(
    *,
    class_size: int,
    other_students: int = 0,
    other_class_size: int = 30,
    answers_per_student: int = 2000,
    set_questions: int = 10,
    hands_per_student: int = 20,
    seed: int = 1,
    progress=None,
) -> School:
    """Write the school (see the module docstring) and return handles on what was written."""
    from tutor.accounts.models import User
    from tutor.classroom.models import Classroom, Membership

    say = progress or (lambda _text: None)
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
        classroom = Classroom.objects.create(name=f"Clase {n + 1}", join_code=f"BENCH{n:03d}")
        classroom.teachers.add(teacher)
        members = students[start : start + size]
        start += size
        Membership.objects.bulk_create(
            [Membership(classroom=classroom, student=s, real_name=f"Alumno {s.username}") for s in members],
            batch_size=BATCH,
        )
        classes.append((classroom, teacher, members))
    # Every class's students are also in a club run by the next class's teacher (the last's by the first's
    # teacher when there are others): students in two classes, the measured class kept at its size.
    if len(classes) > 1:
        for n, (_classroom, _teacher, members) in enumerate(classes):
            club = Classroom.objects.create(name=f"Club {n + 1}", join_code=f"CLUB{n:03d}")
            club.teachers.add(classes[(n + 1) % len(classes)][1])
            Membership.objects.bulk_create([Membership(classroom=club, student=s) for s in members])
    say(f"{len(students)} students in {len(classes)} classes")
    # Practice first, the sets last: a set's rows are the newest in the log, as they are when a
    # teacher opens its page (and its ids are not the lowest, which would flatter a merge join).
    answers = 0
    per_student = max(answers_per_student - set_questions, 0)
    for start in range(0, len(students), 50):
        answers += write_answers(
            students[start : start + 50], per_student, rng=rng, templates=templates, now=now
        )
        say(f"{answers:,} practice answers")
    counts = {}
    if hands_per_student:
        from table_pages import write_hands

        counts = write_hands(students, hands_per_student, rng)
        say(f"{counts['hands']:,} hands, {counts['items']:,} retry items")
    built = []
    for n, (classroom, teacher, members) in enumerate(classes):
        # Each class's answers drawn from a generator of its own: the measured class answers alike (the
        # same mistakes, the same pages) whatever the size of the school drawn before it.
        own = random.Random(f"{seed}-class-{n}")
        practice_set = _set_for(
            classroom, teacher, members, questions=set_questions, rng=own, templates=templates, now=now
        )
        built.append(
            BuiltClass(classroom=classroom, teacher=teacher, practice_set=practice_set, students=members)
        )
        answers += len(members) * set_questions
    return School(measured=built[0], classrooms=built, answers=answers, counts=counts)


def school_in_database() -> School | None:
    """The school build_school wrote in this database (--keep), or None if there is none."""
    from tutor.classroom.models import Classroom, Membership
    from tutor.practice.models import Attempt

    classrooms = list(Classroom.objects.filter(join_code__startswith="BENCH").order_by("join_code"))
    if not classrooms:
        return None
    built = []
    for classroom in classrooms:
        members = (
            Membership.objects.filter(classroom=classroom).select_related("student").order_by("student_id")
        )
        built.append(
            BuiltClass(
                classroom=classroom,
                teacher=classroom.teachers.get(),
                practice_set=classroom.sets.get(title="Asistir y montar"),
                students=[m.student for m in members],
            )
        )
    return School(measured=built[0], classrooms=built, answers=Attempt.objects.count())


def _skill_stats(skills: dict[tuple[int, str], list]) -> None:
    """The per-skill counts the dashboard reads, for counts simulated without answers (table_pages.py)."""
    from tutor.progress.models import SkillStat

    SkillStat.objects.bulk_create(
        [
            SkillStat(
                learner_id=learner,
                kind=SkillStat.Kind.RULE,
                key=rule_id,
                attempts=n,
                correct=k,
                recent=recent,
            )
            for (learner, rule_id), (n, k, recent) in skills.items()
        ],
        batch_size=BATCH,
    )
