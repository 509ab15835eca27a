from django.apps import apps as global_apps
from django.db import migrations, models

from tutor.accounts import stamps

# SQLite makes the stamps' table again to add (or drop) a column, and refuses while the triggers of other
# tables name it: they are dropped first and made again after, with or without the new column. The
# installed apps name the tables (this migration's state does not hold the apps that depend on accounts);
# every trigger is made again after each ``migrate`` anyway (AccountsConfig.ready).


def drop(apps, schema_editor):
    stamps.uninstall(schema_editor.connection.alias)


def with_hands(apps, schema_editor):
    stamps.install(schema_editor.connection.alias, global_apps, hands=True)


def without_hands(apps, schema_editor):
    stamps.install(schema_editor.connection.alias, global_apps, hands=False)


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0005_shownstamp"),
    ]

    operations = [
        migrations.RunPython(drop, without_hands),
        migrations.AddField(
            model_name="shownstamp",
            name="hands",
            field=models.BigIntegerField(db_default=0),
        ),
        migrations.RunPython(with_hands, drop),
    ]
