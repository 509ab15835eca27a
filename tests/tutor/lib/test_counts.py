"""counts(): the rows of several querysets, each as .count() gives it, from a single query."""

from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.tutor.progress.factories import owner_of, record
from tutor.accounts.models import User
from tutor.lib.counts import counts
from tutor.practice.models import Attempt


def test_counts_match_each_querysets_own_count_in_one_query(alice, bob):
    for n in range(3):
        record(owner_of(alice), correct=n == 0, seed=n)
    record(owner_of(bob), correct=False)
    querysets = [
        Attempt.objects.filter(learner=alice),
        Attempt.objects.filter(learner=alice, correct=False).order_by("-id"),  # an ordering is dropped
        Attempt.objects.filter(learner=bob, correct=True),
        User.objects.filter(username__in=["alice", "bob"]),
        Attempt.objects.none(),  # nothing to send: 0
    ]
    expected = [qs.count() for qs in querysets]
    with CaptureQueriesContext(connection) as queries:
        found = counts(*querysets)
    assert found == expected == [3, 2, 0, 2, 0]
    assert len(queries) == 1


def test_counts_of_nothing_but_empty_querysets(db):
    assert counts(Attempt.objects.none(), User.objects.none()) == [0, 0]


def test_at_once_gives_a_fields_values_beside_the_counts_in_one_query(alice, bob):
    from tutor.lib.counts import Joined, at_once

    for n in range(3):
        record(owner_of(alice), correct=n == 0, seed=n, family=["jugada", "ganador", "jugada"][n])
    with CaptureQueriesContext(connection) as queries:
        found = at_once(
            Attempt.objects.filter(learner=alice),
            Joined(Attempt.objects.filter(learner=alice, correct=False), "family"),
            Joined(Attempt.objects.filter(learner=bob), "family"),  # no rows: an empty list
            Joined(User.objects.filter(username="alice"), "pk"),  # not text: as text
            Joined(User.objects.none(), "username"),
        )
    assert len(queries) == 1
    assert found[0] == 3 and sorted(found[1]) == ["ganador", "jugada"]
    assert found[2:] == [[], [str(alice.pk)], []]


def test_at_once_gives_the_soonest_moment_of_a_time_field_as_an_aware_time(alice, bob):
    from datetime import timedelta

    from django.utils import timezone

    from tutor.lib.counts import Soonest, at_once

    for n in range(3):
        record(owner_of(alice), correct=True, seed=n)
    now = timezone.now()
    for n, attempt in enumerate(Attempt.objects.filter(learner=alice).order_by("pk")):
        Attempt.objects.filter(pk=attempt.pk).update(created_at=now - timedelta(hours=n, microseconds=n))
    oldest = now - timedelta(hours=2, microseconds=2)
    with CaptureQueriesContext(connection) as queries:
        found = at_once(
            Attempt.objects.filter(learner=alice),
            Soonest(Attempt.objects.filter(learner=alice), "created_at"),
            Soonest(Attempt.objects.filter(learner=alice, created_at__gt=oldest), "created_at"),
            Soonest(Attempt.objects.filter(learner=bob), "created_at"),  # no rows: None
            Soonest(Attempt.objects.none(), "created_at"),
        )
    assert len(queries) == 1
    assert found == [3, oldest, now - timedelta(hours=1, microseconds=1), None, None]
    assert timezone.is_aware(found[1])
