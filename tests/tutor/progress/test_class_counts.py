"""What the class dashboard counts of each student's last hands: on PostgreSQL the database counts the
summaries (``table_report._class_counted``); it must say what counting them here says (``count``), for
every kind of hand: rule errors, themed and untagged play errors, halves of an odd number of hands, more
hands than are counted, hands not counted (no seat, review not done), a student without hands."""

import random

from django.utils import timezone

from tutor.hands.models import OTHER_PLAY, HandRecord, HandReview
from tutor.progress.table_report import LAST_HANDS, NOTHING, _class_counted, _class_summaries, count

FOUND = [
    [True, "R-OBL-ASISTIR"],
    [True, "R-OBL-MONTAR"],
    [False, "cargar"],
    [False, OTHER_PLAY],
    [False, "cantar"],
]


def _kept(user, summaries: list[dict], seat=0, status=HandReview.Status.DONE, hours_ago: int = 0) -> None:
    now = timezone.now() - timezone.timedelta(hours=hours_ago)
    for h, summary in enumerate(summaries):
        row = HandRecord.objects.create(
            learner=user,
            source="bots",
            seat=seat,
            table="guia",
            text="",
            played_at=now - timezone.timedelta(minutes=h),
        )
        HandReview.objects.create(record=row, status=status, seats=[0, 2], data={}, summary=summary)


def test_the_database_counts_what_counting_here_counts(alice, bob, charlie, teresa):
    rng = random.Random(7)
    many = [
        {"cards": rng.randint(8, 13), "found": [rng.choice(FOUND) for _ in range(rng.randint(0, 4))]}
        for _ in range(LAST_HANDS + 5)
    ]
    _kept(alice, many)
    # Bob: five hands (the newer half is the newest three), written oldest last.
    five = [
        {"cards": 10, "found": [[False, "cargar"]]},  # the newest
        {"cards": 11, "found": []},
        {"cards": 12, "found": [[True, "R-OBL-ASISTIR"], [False, "cargar"]]},
        {"cards": 9, "found": [[False, OTHER_PLAY]]},
        {"cards": 10, "found": [[False, "cargar"], [False, "cargar"]]},  # the oldest
    ]
    _kept(bob, five)
    _kept(bob, [{"cards": 50, "found": [[False, "ultimas"]]}], seat=None, hours_ago=1)  # no seat: not counted
    _kept(bob, [{"cards": 50, "found": [[False, "ultimas"]]}], status=HandReview.Status.QUEUED, hours_ago=2)
    ids = [alice.pk, bob.pk, charlie.pk, teresa.pk]
    counted = _class_counted(ids)
    here = {s: count(summaries) for s, summaries in _class_summaries(ids).items()}
    assert counted == here
    assert counted[bob.pk] == (
        5,
        52,
        (19, 33),  # the two oldest (10 + 9 cards), the three newest (12 + 11 + 10)
        {(False, "cargar"): (2, 2), (False, OTHER_PLAY): (1, 0), (True, "R-OBL-ASISTIR"): (0, 1)},
    )
    assert counted[alice.pk][0] == LAST_HANDS
    assert counted[charlie.pk] == counted[teresa.pk] == NOTHING
