"""The context strings go: every origin now lives in a row of its issuing app (carried over by
lessons 0002, progress 0002, classroom 0002 and practice 0002), and «Siguiente» is derived from it."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("practice", "0002_issued_target"),
        ("progress", "0002_sessionitem"),
        ("lessons", "0002_checkpoint_of_every_lesson_question"),
        ("classroom", "0002_assignment_withdrawn_at"),
    ]

    operations = [
        migrations.RemoveIndex(model_name="attempt", name="practice_at_context_8ca424_idx"),
        migrations.RemoveIndex(model_name="issued", name="practice_is_context_0542bf_idx"),
        migrations.RemoveField(model_name="attempt", name="context"),
        migrations.RemoveField(model_name="issued", name="context"),
        migrations.RemoveField(model_name="issued", name="next_url"),
    ]
