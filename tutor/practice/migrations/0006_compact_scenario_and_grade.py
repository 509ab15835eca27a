"""Issued.scenario and Attempt.grade stored deflated (tutor/practice/compact.py): the same JSON values.

Each row is read as JSON and written packed, in batches; the reverse unpacks them back into JSON columns,
so ``migrate practice 0005`` gives the rows as they were (the values are equal, their JSON text may
differ in spacing). On SQLite 20,000 answers took 30 s of CPU forward and 33 s back (2026-12-06):
about half an hour of CPU a million answers, each way.
"""

from django.db import migrations, models

import tutor.practice.compact

BATCH = 1000
COLUMNS = (("Issued", "scenario"), ("Attempt", "grade"))


def _copy(apps, source: str, target: str) -> None:
    for model_name, field in COLUMNS:
        model = apps.get_model("practice", model_name)
        rows = model.objects.only("pk", f"{field}{source}").order_by("pk")
        batch = []
        for row in rows.iterator(chunk_size=BATCH):
            setattr(row, f"{field}{target}", getattr(row, f"{field}{source}"))
            batch.append(row)
            if len(batch) == BATCH:
                model.objects.bulk_update(batch, [f"{field}{target}"])
                batch = []
        if batch:
            model.objects.bulk_update(batch, [f"{field}{target}"])


def pack_rows(apps, schema_editor) -> None:
    _copy(apps, "", "_packed")


def unpack_rows(apps, schema_editor) -> None:
    _copy(apps, "_packed", "")


class Migration(migrations.Migration):
    dependencies = [
        ("practice", "0005_live_round_mode"),
    ]

    operations = [
        migrations.AddField(
            model_name="issued",
            name="scenario_packed",
            field=tutor.practice.compact.CompactJSONField(null=True),
        ),
        migrations.AddField(
            model_name="attempt",
            name="grade_packed",
            field=tutor.practice.compact.CompactJSONField(null=True),
        ),
        migrations.AlterField(model_name="issued", name="scenario", field=models.JSONField(null=True)),
        migrations.AlterField(model_name="attempt", name="grade", field=models.JSONField(null=True)),
        migrations.RunPython(pack_rows, unpack_rows),
        migrations.RemoveField(model_name="issued", name="scenario"),
        migrations.RemoveField(model_name="attempt", name="grade"),
        migrations.RenameField(model_name="issued", old_name="scenario_packed", new_name="scenario"),
        migrations.RenameField(model_name="attempt", old_name="grade_packed", new_name="grade"),
        migrations.AlterField(
            model_name="issued",
            name="scenario",
            field=tutor.practice.compact.CompactJSONField(),
        ),
        migrations.AlterField(
            model_name="attempt",
            name="grade",
            field=tutor.practice.compact.CompactJSONField(),
        ),
    ]
