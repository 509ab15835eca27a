"""«Mis datos»' archive: every kind of data the learner made, as JSON and CSV, and nothing of anybody else."""

import csv
import io
import json

from engine import records
from tests.tutor.privacy.conftest import ZOE, ZOE_ID, ZOE_REAL_NAME, archive_files
from tutor.privacy import services

KINDS = (
    "account",
    "practice/issued",
    "practice/attempt",
    "progress/skillstat",
    "progress/familycard",
    "progress/practicesession",
    "play/match",
    "play/matchhand",
    "play/event",
    "play/hand_record",
    "classroom/membership",
    "classroom/assignment",
    "live/participant",
    "live/liveanswer",
    "lessons/stepprogress",
    "hands/handrecord",
)


def test_the_archive_holds_each_kind_of_her_data_as_json_and_csv(busy_class, zoe):
    files = archive_files(services.build_archive(zoe))
    assert "README.txt" in files
    readme = files["README.txt"]
    assert "progress/tableretry" in readme and "tables/*" in readme  # the README names what 33 and 34 keep
    for kind in KINDS:
        rows = json.loads(files[f"{kind}.json"])
        assert rows, kind
        table = list(csv.DictReader(io.StringIO(files[f"{kind}.csv"])))
        assert len(table) == len(rows), kind
    account = json.loads(files["account.json"])
    assert account == [account[0]] and {k: account[0][k] for k in ZOE} == ZOE
    assert "password" not in files["account.json"]
    assert json.loads(files["classroom/membership.json"])[0]["real_name"] == ZOE_REAL_NAME
    assert [c["name"] for c in json.loads(files["classroom/classes.json"])] == ["4º B"]
    # Every answer she gave in the set and in the live round.
    attempts = json.loads(files["practice/attempt.json"])
    assert len(attempts) == 3 and {a["learner_id"] for a in attempts} == {ZOE_ID}
    assert len(json.loads(files["live/liveanswer.json"])) == 1
    assert all(e["hand"] for e in json.loads(files["play/event.json"]))
    # Her hand as a record in the notation, which the engine reads back.
    (hand,) = json.loads(files["play/hand_record.json"])
    assert records.read(hand["record"]).events


def test_the_archive_holds_nothing_of_another_user(busy_class, zoe, alice, teresa):
    files = archive_files(services.build_archive(zoe))
    for name, text in files.items():
        for other in (alice.username, "Alicia", teresa.username, teresa.email):
            assert other not in text, (name, other)
        if name.endswith(".json"):
            for row in json.loads(text):
                for key in ("learner_id", "student_id", "owner_id", "user_id"):
                    assert row.get(key, ZOE_ID) == ZOE_ID, (name, row)
    alice_files = archive_files(services.build_archive(alice))
    assert ZOE_REAL_NAME not in "".join(alice_files.values())


def test_the_reviews_of_her_hands_are_in_the_archive(busy_class, zoe, alice):
    from tutor.hands.models import HandRecord, HandReview

    for user in (zoe, alice):  # a kept hand's review is queued as it is kept: here it is done
        HandReview.objects.update_or_create(
            record=HandRecord.objects.get(learner=user), defaults={"status": "done", "data": {"who": user.pk}}
        )
    (review,) = json.loads(archive_files(services.build_archive(zoe))["hands/handreview.json"])
    assert review["data"] == {"who": ZOE_ID}


def test_each_answer_keeps_its_question_and_its_marking_in_the_archive(busy_class, zoe):
    """The question she saw and the tutor's marking are stored deflated (tutor/practice/compact.py): the
    archive gives them back as JSON, the values the site reads, not left out as bytes."""
    from tutor.practice.models import Attempt, Issued

    files = archive_files(services.build_archive(zoe))
    issued = {row["id"]: row for row in json.loads(files["practice/issued.json"])}
    attempts = json.loads(files["practice/attempt.json"])
    for row in attempts:
        stored = Attempt.objects.get(pk=row["id"])
        assert row["grade"] == stored.grade and row["grade"]["verdicts"]
        assert issued[stored.issued_id]["scenario"] == Issued.objects.get(pk=stored.issued_id).scenario
    assert all(row["scenario"]["options"] is not None for row in issued.values())


def test_the_archive_hands_out_no_session_key(busy_class, zoe):
    from tutor.accounts.models import Session

    [key] = Session.objects.filter(user=zoe).values_list("session_key", flat=True)
    files = archive_files(services.build_archive(zoe))
    assert not [name for name in files if "session/" in name]
    assert not [name for name, text in files.items() if key in str(text)]
