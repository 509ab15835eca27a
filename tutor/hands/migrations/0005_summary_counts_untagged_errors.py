from django.db import migrations

from tutor.hands.models import review_summary


def summarise(apps, schema_editor):
    """The done reviews' summaries again: a play labelled «Error» or worse without a theme is now counted
    («otros errores de juego»); before, it was counted nowhere."""
    HandReview = apps.get_model("hands", "HandReview")
    done = (
        HandReview.objects.filter(status="done")
        .select_related("record")
        .only("data", "summary", "record__seat", "record__text")
    )
    batch = []
    for review in done.iterator(chunk_size=500):
        summary = review_summary(review.data, review.record.seat, review.record.text)
        if summary != review.summary:
            review.summary = summary
            batch.append(review)
        if len(batch) == 500:
            HandReview.objects.bulk_update(batch, ["summary"])
            batch = []
    HandReview.objects.bulk_update(batch, ["summary"])


class Migration(migrations.Migration):
    dependencies = [
        ("hands", "0004_review_summary"),
    ]

    operations = [migrations.RunPython(summarise, migrations.RunPython.noop)]
