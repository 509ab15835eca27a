"""The pages that read the hands («En la mesa» on the home page, Mi progreso and the class dashboard) read a
fixed number of queries however many hands, reviews and retry items there are, and never a review's data."""

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from tests.tutor.classroom.conftest import make_set
from tests.tutor.hands.samples import COMPLETE_RECORD
from tutor.classroom import services
from tutor.classroom.models import Membership
from tutor.hands import reviews
from tutor.hands.models import HandRecord, HandReview, review_summary
from tutor.progress.models import TableRetry

# A whole hand (the pages never replay a record to count; asking for its review again reads it)
TEXT = COMPLETE_RECORD


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


def _page(client, url: str) -> tuple[str, list[str]]:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    return response.content.decode(), [q["sql"] for q in queries.captured_queries]


def _section(page: str, marker: str) -> str:
    start = page.index(marker)
    return page[start : page.index("</section>", start)]


def _fresh(client, url: str, marker: str) -> str:
    """The section drawn from the hands alone: nothing kept."""
    cache.clear()
    return _section(_page(client, url)[0], marker)


def test_the_class_dashboard_keeps_each_students_counts_until_their_reviewed_hands_change(
    teresa, alice, bob, teresa_client
):
    classroom = services.create_classroom(teacher=teresa, name="4º B", rules="guia")
    Membership.objects.create(classroom=classroom, student=alice)
    Membership.objects.create(classroom=classroom, student=bob)
    _hands(alice, 4)
    _hands(bob, 6)
    url, marker = reverse("classroom:heatmap", args=[classroom.pk]), "data-at-table"
    first, first_sql = _page(teresa_client, url)
    again, again_sql = _page(teresa_client, url)
    # Read again, the counts are kept: no summary is read, and the page says the same.
    assert any("summary" in q for q in first_sql)
    assert not any("summary" in q for q in again_sql) and len(again_sql) < len(first_sql)
    assert _section(again, marker) == _section(first, marker)
    seen = _section(again, marker)

    def changed() -> str:
        """The section after a change: different from before, and the same as drawn from scratch."""
        nonlocal seen
        now = _section(_page(teresa_client, url)[0], marker)
        assert now != seen and now == _fresh(teresa_client, url, marker)
        seen = now
        return now

    _hands(alice, 1)  # a new hand reviewed, with a renuncio
    changed()
    newest = HandRecord.objects.filter(learner=bob).order_by("-played_at").first()
    reviews.request(newest)  # asked again (an older analysis): not counted until it is done again
    assert HandReview.objects.get(record=newest).status == HandReview.Status.QUEUED
    changed()
    HandRecord.objects.filter(learner=alice).order_by("-played_at").first().delete()
    changed()


def test_my_progress_counts_again_when_the_learners_reviewed_hands_change(alice, alice_client):
    _hands(alice, 5)
    url, marker = reverse("progress:index"), "data-table-report"
    first = _section(_page(alice_client, url)[0], marker)
    _hands(alice, 1)
    now = _section(_page(alice_client, url)[0], marker)
    assert now != first and now == _fresh(alice_client, url, marker)
    HandRecord.objects.filter(learner=alice).order_by("played_at").first().delete()
    after = _section(_page(alice_client, url)[0], marker)
    assert after != now and after == _fresh(alice_client, url, marker)


def test_the_class_table_says_for_each_student_what_their_own_page_says(alice, bob, charlie):
    from tutor.practice.identity import Owner
    from tutor.progress import table_report

    _hands(alice, 3)
    _hands(bob, 50)  # more than the hands counted: the newest 40
    table = table_report.class_table([alice.pk, bob.pk, charlie.pk])
    for student, row in zip((alice, bob, charlie), table.rows, strict=True):
        own = table_report.table_report(Owner(student, ""))
        assert row["student_id"] == student.pk and (row["hands"], row["cards"]) == (own.hands, own.cards)
        per_100 = {r.key: r.per_100 for r in own.rows}
        expected = [per_100.get(key, 0.0) if own.cards else None for key, _label, _rule in table.columns]
        assert row["cells"] == expected
    assert table.rows[1]["hands"] == table_report.LAST_HANDS and table.rows[2]["cells"] == [None, None]


def test_a_play_error_without_a_theme_is_counted_on_both_pages_alike(
    alice, teresa, alice_client, teresa_client
):
    """A play labelled «Error» or worse to which the analysis gave no theme counts under «otros errores de
    juego» in Mi progreso and in the class dashboard, with the same errors per 100 cards; it is never the
    weakest theme (it has no lesson)."""
    from tutor.hands.models import OTHER_PLAY
    from tutor.practice.identity import Owner
    from tutor.progress import table_report

    _hands(alice, 2)  # a themed error (cargar) per hand
    row = HandRecord.objects.filter(learner=alice).first()
    review = row.review
    review.data["turns"] += [
        {"trick": 5, "seat": 0, "card": "1o", "label": "error_grave", "theme": None},
        {"trick": 6, "seat": 0, "card": "3o", "label": "error"},
        {"trick": 7, "seat": 0, "card": "5o", "label": "imprecisa", "theme": None},  # not an error
    ]
    review.summary = review_summary(review.data, 0)
    review.save()
    own = table_report.table_report(Owner(alice, ""))
    rows = {r.key: r for r in own.rows}
    assert rows[OTHER_PLAY].errors == 2 and rows["cargar"].errors == 2
    assert own.other and own.weakest.key == "cargar"
    assert own.cards == 2 * 10 + 1 + 3  # the seat's 10 cards a hand, a renuncio, the three added
    table = table_report.class_table([alice.pk])
    cells = dict(zip([key for key, _label, _rule in table.columns], table.rows[0]["cells"], strict=True))
    assert cells[OTHER_PLAY] == rows[OTHER_PLAY].per_100 == round(100 * 2 / 24, 1)
    mine = alice_client.get(reverse("progress:index")).content.decode()
    assert f'data-table-row="{OTHER_PLAY}"' in mine and "otros errores de juego" in mine
    assert "«Otros errores de juego»: jugadas que la revisión marcó" in mine
    classroom = services.create_classroom(teacher=teresa, name="4º B", rules="guia")
    Membership.objects.create(classroom=classroom, student=alice)
    dashboard = teresa_client.get(reverse("classroom:heatmap", args=[classroom.pk])).content.decode()
    assert (
        "otros errores de juego" in dashboard
        and "«Otros errores de juego»: jugadas que la revisión" in dashboard
    )


def test_the_migration_counts_the_untagged_errors_of_the_reviews_kept_before(alice):
    import importlib

    from django.apps import apps

    _hands(alice, 1)
    review = HandRecord.objects.get(learner=alice).review
    review.data["turns"].append({"trick": 5, "seat": 0, "card": "1o", "label": "error", "theme": None})
    review.summary = {"cards": 21, "found": [[False, "cargar"], [True, "R-OBL-ASISTIR"]]}  # as kept before
    review.save()
    importlib.import_module("tutor.hands.migrations.0005_summary_counts_untagged_errors").summarise(
        apps, None
    )
    review.refresh_from_db()
    assert review.summary == review_summary(review.data, 0, review.record.text)
    assert [False, "otros"] in review.summary["found"]
