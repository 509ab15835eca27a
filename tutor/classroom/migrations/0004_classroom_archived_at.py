from django.db import migrations, models
from django.utils import timezone


def archived_now(apps, schema_editor):
    # Classes archived before the date was kept count from today.
    apps.get_model("classroom", "Classroom").objects.filter(archived=True).update(archived_at=timezone.now())


class Migration(migrations.Migration):
    dependencies = [
        ("classroom", "0003_play_items_and_set_matches"),
    ]

    operations = [
        migrations.AddField(
            model_name="classroom",
            name="archived_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.RunPython(archived_now, migrations.RunPython.noop),
    ]
