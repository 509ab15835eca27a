"""The migrations carry every question written with a context string over to its origin's row."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from engine.rules import GUIA
from engine.scenarios import generate
from lessons.models import CheckpointIssue
from tutor.classroom.models import Assignment
from tutor.practice.models import Issued
from tutor.progress.models import SessionItem

BEFORE = [
    ("practice", "0001_initial"),
    ("progress", "0001_initial"),
    ("lessons", "0001_initial"),
    ("classroom", "0001_initial"),
]


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


class OldRows:
    """Rows written the way the code before the origins wrote them."""

    def __init__(self, apps):
        self.apps = apps
        self.User = apps.get_model("accounts", "User")
        self.Issued = apps.get_model("practice", "Issued")
        self.Attempt = apps.get_model("practice", "Attempt")
        self.scenario = generate("jugada", 1, 1, GUIA)

    def user(self, name, role="learner"):
        return self.User.objects.create(username=name, role=role)

    def issued(self, learner, mode, context, seed=1, next_url=""):
        return self.Issued.objects.create(
            learner=learner,
            mode=mode,
            context=context,
            next_url=next_url,
            family="jugada",
            difficulty=1,
            seed=seed,
            rule_ids=list(self.scenario.rule_ids),
            rules=GUIA.to_dict(),
            scenario=self.scenario.to_dict(),
        )

    def attempt(self, issued, correct):
        return self.Attempt.objects.create(
            issued=issued,
            learner=issued.learner,
            mode=issued.mode,
            context=issued.context,
            family="jugada",
            difficulty=1,
            rules=issued.rules,
            answer="12c",
            correct=correct,
            grade={},
            engine_version="1",
            time_taken_ms=1500,
        )


@pytest.mark.django_db(transaction=True)
def test_old_context_strings_become_origin_rows():
    old = OldRows(_migrate(BEFORE))
    apps = old.apps
    alice, bob, charlie = old.user("alice"), old.user("bob"), old.user("charlie")
    teresa = old.user("teresa", role="teacher")
    # A skill drill and a mixed session (one position issued, one for a session deleted since).
    drill = old.issued(alice, "habilidad", "habilidad:R-OBL-FALLAR")
    session = apps.get_model("progress", "PracticeSession").objects.create(
        learner=alice, kind="mixta", plan=[{}, {}]
    )
    first = old.issued(alice, "mixta", f"session:{session.pk}:0", next_url="/x/")
    second = old.issued(alice, "mixta", f"session:{session.pk}:1", next_url="/x/")
    lost = old.issued(alice, "mixta", f"session:{session.pk + 50}:0")
    # A lesson checkpoint with its row, and one without.
    linked = old.issued(alice, "leccion", "lesson:montar/supera-la-salida")
    apps.get_model("lessons", "CheckpointIssue").objects.create(
        issued=linked, step_key="montar/supera-la-salida", index=1
    )
    unlinked = old.issued(bob, "leccion", "lesson:baraja/cuarenta-cartas")
    # A set of two questions: bob answered his; alice left (the old code deleted her row, not her
    # questions); charlie left, rejoined and was issued the set again.
    classroom = apps.get_model("classroom", "Classroom").objects.create(name="4º B", join_code="ABCDEFG")
    practice_set = apps.get_model("classroom", "PracticeSet").objects.create(
        classroom=classroom,
        created_by=teresa,
        title="Montar",
        due_at=timezone.now(),
        published_at=timezone.now(),
    )
    item = apps.get_model("classroom", "SetItem").objects.create(
        practice_set=practice_set, kind="family", family="jugada", count=2
    )
    Assignment_ = apps.get_model("classroom", "Assignment")
    Question_ = apps.get_model("classroom", "Question")
    seed = lambda student, n: (practice_set.pk * 100_000 + student.pk) * 1_000 + n  # noqa: E731
    for student in (bob, charlie):
        row = Assignment_.objects.create(practice_set=practice_set, student=student, total=2)
        for n in (1, 2):
            issued = old.issued(
                student, "tarea", f"set:{practice_set.pk}:{student.pk}", seed=seed(student, n)
            )
            Question_.objects.create(assignment=row, item=item, number=n, issued=issued)
            if student == bob:
                old.attempt(issued, correct=n == 1)
    alice_set = [
        old.issued(alice, "tarea", f"set:{practice_set.pk}:{alice.pk}", seed=seed(alice, n)) for n in (1, 2)
    ]
    old.attempt(alice_set[0], correct=False)
    charlie_old = old.issued(charlie, "tarea", f"set:{practice_set.pk}:{charlie.pk}", seed=seed(charlie, 1))

    _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())

    assert Issued.objects.get(pk=drill.pk).target == "R-OBL-FALLAR"
    items = {i.issued_id: (i.session_id, i.position) for i in SessionItem.objects.all()}
    assert items == {first.pk: (session.pk, 0), second.pk: (session.pk, 1)}
    assert lost.pk not in items
    assert CheckpointIssue.objects.get(issued_id=linked.pk).index == 1
    orphan = CheckpointIssue.objects.get(issued_id=unlinked.pk)
    assert orphan.step_key == "baraja/cuarenta-cartas" and orphan.index == 999
    row = Assignment.objects.get(practice_set_id=practice_set.pk, student_id=alice.pk)
    assert row.withdrawn_at is not None
    assert (row.total, row.answered, row.correct, row.time_ms) == (2, 1, 0, 1500)
    assert [(q.number, q.issued_id) for q in row.questions.order_by("number")] == [
        (1, alice_set[0].pk),
        (2, alice_set[1].pk),
    ]
    # Charlie's first round stays in the log, outside the set; his current row is untouched.
    assert not hasattr(Issued.objects.get(pk=charlie_old.pk), "set_question")
    assert (
        Assignment.objects.get(practice_set_id=practice_set.pk, student_id=charlie.pk).questions.count() == 2
    )
    assert Assignment.objects.get(practice_set_id=practice_set.pk, student_id=bob.pk).withdrawn_at is None
