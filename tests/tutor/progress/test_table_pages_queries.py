"""The pages that read the hands («En la mesa» on the home page, Mi progreso and the class dashboard) read a
fixed number of queries however many hands, reviews and retry items there are, and never a review's data."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from tests.tutor.classroom.conftest import make_set
from tutor.classroom import services
from tutor.classroom.models import Membership
from tutor.hands.models import HandRecord, HandReview, review_summary
from tutor.progress.models import TableRetry

TEXT = "placeholder"  # the pages never replay a record to count


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _hands(user, n: int) -> None:
    """``n`` kept hands with a done review (a renuncio in every third, a play error in each) and an item each."""
    now = timezone.now()
    rows = HandRecord.objects.bulk_create(
        HandRecord(
            learner=user,
            source="bots",
            seat=0,
            table="guia",
            text=TEXT,
            played_at=now - timezone.timedelta(hours=h),
        )
        for h in range(n)
    )
    reviews = []
    for h, row in enumerate(rows):
        data = {
            "viewer": 0,
            "turns": [
                {
                    "trick": t,
                    "seat": s,
                    "card": "4c",
                    "label": "error" if t == 2 else "buena",
                    "theme": "cargar",
                }
                for t in range(1, 11)
                for s in (0, 2)
            ],
            "rule_errors": [{"trick": 3, "seat": 0, "card": "4o", "rule_ids": ["R-OBL-ASISTIR"]}]
            if h % 3 == 0
            else [],
        }
        reviews.append(
            HandReview(record=row, status="done", seats=[0, 2], data=data, summary=review_summary(data, 0))
        )
    HandReview.objects.bulk_create(reviews)
    TableRetry.objects.bulk_create(
        TableRetry(
            learner=user,
            record=row,
            play=4,
            seat=0,
            kind="jugada",
            card="4c",
            theme="cargar",
            grades={"4c": ["error", 0.3, 40.0]},
            due=now - timezone.timedelta(minutes=h),
        )
        for h, row in enumerate(rows)
    )


def _queries(client, url: str) -> tuple[int, list[str]]:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    return len(queries), [q["sql"] for q in queries.captured_queries]


@pytest.mark.parametrize("url", [reverse("core:home"), reverse("progress:index")])
def test_a_learners_page_reads_as_many_queries_for_few_hands_as_for_many(
    url, alice, bob, alice_client, bob_client
):
    _hands(alice, 2)
    _hands(bob, 60)
    (few, _), (many, sql) = _queries(alice_client, url), _queries(bob_client, url)
    assert few == many <= 10
    assert not any('"hands_handreview"."data"' in q for q in sql)


def test_the_class_dashboard_reads_as_many_queries_for_few_hands_as_for_many(
    teresa, tomas, alice, bob, charlie, teresa_client, tomas_client
):
    classroom = services.create_classroom(teacher=teresa, name="4º B", rules="guia")
    other = services.create_classroom(teacher=tomas, name="Otra", rules="guia")
    Membership.objects.create(classroom=classroom, student=alice)
    Membership.objects.create(classroom=other, student=bob)
    Membership.objects.create(classroom=other, student=charlie)
    _hands(alice, 2)
    _hands(bob, 70)
    _hands(charlie, 50)
    make_set(classroom, teresa)
    make_set(other, tomas)
    few, _ = _queries(teresa_client, reverse("classroom:heatmap", args=[classroom.pk]))
    many, sql = _queries(tomas_client, reverse("classroom:heatmap", args=[other.pk]))
    assert few == many
    assert not any('"hands_handreview"."data"' in q for q in sql)
    page = tomas_client.get(reverse("classroom:heatmap", args=[other.pk])).content.decode()
    assert "R-OBL-ASISTIR" in page  # what the summaries say is on the page
