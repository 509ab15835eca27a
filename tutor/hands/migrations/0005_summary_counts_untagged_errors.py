import importlib

from django.db import migrations

# The done reviews' summaries counted again, as 0004 first counted them: a play labelled «Error» or worse
# without a theme is now counted («otros errores de juego»); before, it was counted nowhere.
summarise = importlib.import_module("tutor.hands.migrations.0004_review_summary").summarise


class Migration(migrations.Migration):
    dependencies = [
        ("hands", "0004_review_summary"),
    ]

    operations = [migrations.RunPython(summarise, migrations.RunPython.noop)]
