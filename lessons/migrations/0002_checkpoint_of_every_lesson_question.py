"""Every lesson question keeps its step as a CheckpointIssue row once "lesson:<step key>" is gone.

Checkpoints have always been issued with their CheckpointIssue in the same transaction, so this only
guards against a row written otherwise: its step is known, which checkpoint it answered is not, so it
gets an index no step has (it counts for no checkpoint, and its page still leads back to its step).
"""

from django.db import migrations

PREFIX = "lesson:"
UNKNOWN_CHECKPOINT = 999  # steps have one to three checkpoints


def checkpoints_from_context(apps, schema_editor):
    Issued = apps.get_model("practice", "Issued")
    CheckpointIssue = apps.get_model("lessons", "CheckpointIssue")
    orphans = Issued.objects.filter(
        mode="leccion", context__startswith=PREFIX, lesson_checkpoint__isnull=True
    ).values_list("pk", "context")
    CheckpointIssue.objects.bulk_create(
        [
            CheckpointIssue(
                issued_id=pk, step_key=context.removeprefix(PREFIX)[:120], index=UNKNOWN_CHECKPOINT
            )
            for pk, context in orphans.iterator(chunk_size=2000)
        ],
        batch_size=1000,
    )


class Migration(migrations.Migration):
    dependencies = [
        ("lessons", "0001_initial"),
        ("practice", "0002_issued_target"),
    ]

    operations = [
        migrations.RunPython(checkpoints_from_context, migrations.RunPython.noop),
    ]
