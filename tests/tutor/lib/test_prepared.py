"""Prepared: a query built and compiled once, run again with other values, answers as the ORM does;
a query whose SQL depends on the values is refused rather than run wrong."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tests.tutor.progress.factories import owner_of, record
from tutor.accounts.models import User
from tutor.lib.counts import Joined, at_once, compile_at_once
from tutor.lib.prepared import Prepared, rows
from tutor.practice.models import Attempt


def _attempts(user_id: int, since):
    return Attempt.objects.filter(learner_id=user_id, created_at__gte=since)


def test_each_run_answers_for_its_own_values_as_the_orm_does(alice, bob):
    for n in range(3):
        record(owner_of(alice), correct=n == 0, seed=n)
    record(owner_of(bob), correct=False)
    counted = Prepared(
        lambda user_id, since: compile_at_once(
            _attempts(user_id, since), Joined(_attempts(user_id, since).filter(correct=False), "family")
        )
    )
    listed = Prepared(
        lambda user_id, since: rows(
            _attempts(user_id, since).order_by("id").values_list("id", "correct", "created_at")
        )
    )
    past, future = timezone.now() - timedelta(hours=1), timezone.now() + timedelta(hours=1)
    for user, since in ((alice, past), (bob, past), (alice, future), (bob, future)):
        expected = at_once(
            _attempts(user.pk, since), Joined(_attempts(user.pk, since).filter(correct=False), "family")
        )
        with CaptureQueriesContext(connection) as queries:
            assert counted(user_id=user.pk, since=since) == expected
        assert len(queries) == 1
        # Rows converted as the ORM converts them: booleans and aware datetimes.
        assert listed(user_id=user.pk, since=since) == list(
            _attempts(user.pk, since).order_by("id").values_list("id", "correct", "created_at")
        )
    assert counted(user_id=alice.pk, since=past)[0] == 3 and counted(user_id=bob.pk, since=past)[0] == 1


def test_an_owner_by_account_and_one_by_anonymous_id_are_kept_apart(alice):
    from tutor.lib.owners import Owner

    record(owner_of(alice), correct=True)

    def count(**who):
        owner = Owner(User(pk=who["user_id"]), "") if "user_id" in who else Owner(None, who["anon_id"])
        return compile_at_once(Attempt.objects.filter(owner.q))

    prepared = Prepared(count)
    assert prepared(user_id=alice.pk) == [1]
    assert prepared(anon_id="z" * 32) == [0]
    assert prepared(user_id=alice.pk + 1) == [0]


def test_a_query_whose_sql_depends_on_the_value_is_refused(alice):
    # Its shape follows the value: the two sets of stand-ins give two SQLs.
    def shaped_by(since):
        answers = Attempt.objects.filter(created_at__gte=since)
        return compile_at_once(answers.filter(correct=True) if since.day == 1 else answers)

    shaped = Prepared(shaped_by)
    with pytest.raises(ValueError, match="depends on the values"):
        shaped(since=timezone.now())
    # The value is turned into others before it reaches the SQL (a year's bounds): not found.
    by_year = Prepared(lambda since: compile_at_once(Attempt.objects.filter(created_at__year=since.year)))
    with pytest.raises(ValueError, match="not found"):
        by_year(since=timezone.now())
    unused = Prepared(lambda user_id: compile_at_once(Attempt.objects.all()))
    with pytest.raises(ValueError, match="not found"):
        unused(user_id=alice.pk)
    flagged = Prepared(lambda correct: compile_at_once(Attempt.objects.filter(correct=correct)))
    with pytest.raises(ValueError, match="booleans"):
        flagged(correct=True)
