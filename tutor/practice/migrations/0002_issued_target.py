"""A skill drill's rule id moves from the context string ("habilidad:R-OBL-MONTAR") to Issued.target."""

from django.db import migrations, models

SKILL_PREFIX = "habilidad:"


def targets_from_context(apps, schema_editor):
    Issued = apps.get_model("practice", "Issued")
    drills = Issued.objects.filter(mode="habilidad", context__startswith=SKILL_PREFIX)
    for context in drills.values_list("context", flat=True).distinct().order_by():
        drills.filter(context=context).update(target=context.removeprefix(SKILL_PREFIX)[:32])


class Migration(migrations.Migration):
    dependencies = [
        ("practice", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="issued",
            name="target",
            field=models.CharField(blank=True, default="", max_length=32),
        ),
        migrations.RunPython(targets_from_context, migrations.RunPython.noop),
    ]
