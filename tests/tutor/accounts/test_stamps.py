"""The stamp of what a learner's pages show moves with every write to the rows those pages read, however
the write is made (the ORM, update(), bulk_create, a delete, a row given to another owner), and only the
stamps of the learners whose rows changed."""

import pytest
from django.db import connection
from django.utils import timezone

from lessons import services as lessons
from lessons.models import StepProgress
from tests.tutor.classroom.conftest import make_set
from tests.tutor.progress.factories import anonymous, owner_of, record
from tutor.accounts import stamps
from tutor.accounts.models import ShownStamp, User
from tutor.classroom import services as classroom_services
from tutor.classroom.models import Assignment, Classroom, Membership, PracticeSet
from tutor.hands.models import HandRecord, HandReview
from tutor.progress.models import FamilyCard, ReviewItem, SkillStat, TableRetry

pytestmark = pytest.mark.django_db


def _stamp(user) -> int:
    return ShownStamp.objects.filter(user=user).values_list("n", flat=True).first() or 0


@pytest.fixture
def two():
    return User.objects.create_user("ana", password="x"), User.objects.create_user("bea", password="x")


def _moved(user, write) -> bool:
    before = _stamp(user)
    write()
    return _stamp(user) > before


def test_an_answer_moves_its_learners_stamp_only(two):
    ana, bea = two
    before = _stamp(bea)
    assert _moved(ana, lambda: record(owner_of(ana), correct=False))
    assert _stamp(bea) == before


@pytest.mark.parametrize("model", [SkillStat, FamilyCard, ReviewItem, TableRetry, HandRecord])
def test_every_table_moves_it_by_update_and_delete(two, model):
    ana, _bea = two
    record(owner_of(ana), correct=False)  # skill counts, a card, a review item
    _hand(ana)
    rows = model.objects.filter(learner=ana)
    assert rows.exists(), model
    assert _moved(ana, lambda: rows.update(learner=ana))  # update() sends no signal: the trigger sees it
    assert _moved(ana, lambda: model.objects.filter(pk=rows.first().pk).delete())


def _hand(user) -> HandRecord:
    hand = HandRecord.objects.create(
        learner=user, source="bots", seat=0, table="guia", text="x", played_at=timezone.now()
    )
    HandReview.objects.create(record=hand, status="done", seats=[0, 2], data={}, summary={"cards": 10})
    TableRetry.objects.create(
        learner=user,
        record=hand,
        play=3,
        seat=0,
        kind="jugada",
        card="4c",
        theme="cargar",
        due=timezone.now(),
    )
    return hand


def test_a_hands_review_moves_its_owners_stamp(two):
    ana, bea = two
    hand = _hand(ana)
    review = hand.review
    before = _stamp(bea)
    assert _moved(ana, lambda: HandReview.objects.filter(pk=review.pk).update(status="pending"))
    assert _moved(ana, lambda: HandReview.objects.filter(pk=review.pk).delete())
    assert _stamp(bea) == before


def _hands_stamp(user) -> int:
    return ShownStamp.objects.filter(user=user).values_list("hands", flat=True).first() or 0


def test_the_hands_stamp_moves_with_hands_and_reviews_only(two):
    """«En la mesa» is kept under the ``hands`` stamp: an answer, a card or a retry moves the page's stamp
    and not it; a hand or its review, by the ORM, update() or delete, moves both; never another's."""
    ana, bea = two
    hand = _hand(ana)
    record(owner_of(bea), correct=True)
    bea_hands = _hands_stamp(bea)
    writes = {
        "answer": (lambda: record(owner_of(ana), correct=False), False),
        "retry": (lambda: TableRetry.objects.filter(learner=ana).update(streak=1), False),
        "review": (lambda: HandReview.objects.filter(record=hand).update(status="pending"), True),
        "hand": (lambda: HandRecord.objects.filter(pk=hand.pk).update(table="libre"), True),
        "new hand": (lambda: _hand(ana), True),
        "removed": (lambda: HandRecord.objects.filter(pk=hand.pk).delete(), True),
    }
    for name, (write, moves_hands) in writes.items():
        before, hands_before = _stamp(ana), _hands_stamp(ana)
        write()
        assert _stamp(ana) > before, name
        assert (_hands_stamp(ana) > hands_before) == moves_hands, name
    assert _hands_stamp(bea) == bea_hands


def test_bulk_created_rows_move_it(two):
    ana, _bea = two
    assert _moved(
        ana,
        lambda: HandRecord.objects.bulk_create(
            [
                HandRecord(
                    learner=ana, source="bots", seat=0, table="guia", text="x", played_at=timezone.now()
                )
                for _ in range(3)
            ]
        ),
    )


def test_a_visitors_practice_given_to_an_account_moves_the_accounts_stamp(two):
    ana, _bea = two
    visitor = anonymous()
    record(visitor, correct=True)
    assert _moved(
        ana, lambda: SkillStat.objects.filter(anon_id=visitor.anon_id).update(learner=ana, anon_id="")
    )


def test_the_session_read_brings_the_stamp(client, two):
    ana, _bea = two
    client.force_login(ana)
    record(owner_of(ana), correct=True)
    user = client.get("/").wsgi_request.user  # the home page read it
    assert user.shown_stamp_n == _stamp(ana) > 0
    assert user.hands_stamp_n == _hands_stamp(ana) == 0
    _hand(ana)
    user = client.get("/").wsgi_request.user
    assert user.hands_stamp_n == _hands_stamp(ana) > 0
    assert stamps.hands_of(User.objects.get(pk=ana.pk)) == _hands_stamp(ana)
    assert stamps.of(User.objects.get(pk=ana.pk)) == _stamp(ana)


_TRIGGERS = 3 * (len(stamps.OWNED) + len(stamps.BY_KEY) + len(stamps.WATCHED) + len(stamps.MANY))


def test_a_lesson_step_done_moves_it_and_a_step_only_seen_does_not(two):
    ana, bea = two
    step = lessons.get_course().steps[0]
    before = _stamp(bea)
    assert _moved(ana, lambda: lessons.record_view(owner=owner_of(ana), step=step))
    row = StepProgress.objects.filter(learner=ana)
    assert not _moved(ana, lambda: row.update(last_seen_at=timezone.now()))  # every visit writes it
    assert _moved(ana, lambda: row.update(done_at=timezone.now()))
    assert _moved(ana, lambda: row.delete())
    assert _stamp(bea) == before


def test_a_class_task_moves_the_stamps_of_its_students_only(two, teresa):
    ana, bea = two
    classroom = classroom_services.create_classroom(teacher=teresa, name="4º B", rules="guia")
    Membership.objects.create(classroom=classroom, student=ana)
    before = _stamp(bea)
    practice_set = _moved(ana, lambda: make_set(classroom, teresa)) and PracticeSet.objects.get()
    rows = Assignment.objects.filter(student=ana)
    assert _moved(ana, lambda: rows.update(answered=1))
    assert _moved(ana, lambda: PracticeSet.objects.filter(pk=practice_set.pk).update(title="Otra"))
    assert _moved(ana, lambda: PracticeSet.objects.filter(pk=practice_set.pk).update(due_at=timezone.now()))
    assert not _moved(ana, lambda: PracticeSet.objects.filter(pk=practice_set.pk).update(instructions="x"))
    assert _moved(ana, lambda: Classroom.objects.filter(pk=classroom.pk).update(name="4º C"))
    assert _moved(ana, lambda: Classroom.objects.filter(pk=classroom.pk).update(archived=True))
    assert not _moved(ana, lambda: Classroom.objects.filter(pk=classroom.pk).update(join_open=False))
    assert _moved(ana, lambda: practice_set.delete())
    assert _stamp(bea) == before


def test_the_triggers_come_back_after_migrate():
    """A migration that rebuilds a table on SQLite drops its triggers: they are made again after each migrate."""
    stamps.install()
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            cursor.execute(
                "SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'shown_stamp_%'"
            )
            assert cursor.fetchone()[0] == _TRIGGERS
        else:
            cursor.execute("SELECT count(*) FROM pg_trigger WHERE tgname LIKE 'shown_stamp_%'")
            assert cursor.fetchone()[0] == _TRIGGERS
