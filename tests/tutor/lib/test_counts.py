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
