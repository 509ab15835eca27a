"""Session questions get their origin as a row (SessionItem) instead of "session:<id>:<position>"."""

import django.db.models.deletion
from django.db import migrations, models


def items_from_context(apps, schema_editor):
    Issued = apps.get_model("practice", "Issued")
    PracticeSession = apps.get_model("progress", "PracticeSession")
    SessionItem = apps.get_model("progress", "SessionItem")
    sessions = set(PracticeSession.objects.values_list("pk", flat=True))
    seen, rows = set(), []
    old = Issued.objects.filter(context__startswith="session:").order_by("pk").values_list("pk", "context")
    for pk, context in old.iterator(chunk_size=2000):
        _prefix, session_id, position = (context.split(":") + ["", ""])[:3]
        if not (session_id.isdigit() and position.isdigit()):
            continue
        key = (int(session_id), int(position))
        if (
            key[0] not in sessions or key in seen
        ):  # a deleted session; a position issued twice keeps its first
            continue
        seen.add(key)
        rows.append(SessionItem(session_id=key[0], position=key[1], issued_id=pk))
    SessionItem.objects.bulk_create(rows, batch_size=1000)


class Migration(migrations.Migration):
    dependencies = [
        ("practice", "0002_issued_target"),
        ("progress", "0001_initial"),
    ]

    operations = [
        migrations.CreateModel(
            name="SessionItem",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("position", models.PositiveSmallIntegerField()),
                (
                    "issued",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="session_item",
                        to="practice.issued",
                    ),
                ),
                (
                    "session",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="items",
                        to="progress.practicesession",
                    ),
                ),
            ],
            options={
                "constraints": [
                    models.UniqueConstraint(
                        fields=("session", "position"), name="progress_one_issued_per_session_item"
                    )
                ],
            },
        ),
        migrations.RunPython(items_from_context, migrations.RunPython.noop),
    ]
