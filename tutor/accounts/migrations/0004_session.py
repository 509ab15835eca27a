"""Sessions move to ``accounts.Session``, each row with its account's id (tutor.accounts.sessions).

Every unexpired session of ``django_session`` is copied with the account its data is signed in to,
its backend renamed to ours (Django signs out a session whose backend is not in
AUTHENTICATION_BACKENDS), and the old table is emptied: nobody has to sign in again. A row whose data
does not decode with this SECRET_KEY (nor SECRET_KEY_FALLBACKS) is left behind, as it already read
as an empty session. Reversible: the sessions go back the same way.
"""

import django.db.models.deletion
from django.conf import settings
from django.contrib.sessions.backends.db import SessionStore
from django.db import migrations, models
from django.utils import timezone

# Encoding and decoding only (no database): its signing salt is the one of every store named
# SessionStore, ours included.
STORE = SessionStore()
USER, BACKEND = "_auth_user_id", "_auth_user_backend"
DJANGOS = "django.contrib.auth.backends.ModelBackend"
OURS = "tutor.accounts.sessions.SessionUserBackend"
BATCH = 1000


def _user_id(data: dict) -> int | None:
    try:
        return int(data[USER])
    except (KeyError, TypeError, ValueError):
        return None


def _move(source, target, renamed: tuple[str, str], with_user: bool) -> None:
    rows = []
    for old in source.objects.filter(expire_date__gt=timezone.now()).iterator(chunk_size=BATCH):
        data = STORE.decode(old.session_data)
        if not data:
            continue
        text = old.session_data
        if data.get(BACKEND) == renamed[0]:
            data[BACKEND] = renamed[1]
            text = STORE.encode(data)
        row = target(session_key=old.session_key, session_data=text, expire_date=old.expire_date)
        if with_user:
            row.user_id = _user_id(data)
        rows.append(row)
        if len(rows) == BATCH:
            target.objects.bulk_create(rows, ignore_conflicts=True)
            rows = []
    target.objects.bulk_create(rows, ignore_conflicts=True)
    source.objects.all().delete()


def forwards(apps, schema_editor):
    _move(apps.get_model("sessions", "Session"), apps.get_model("accounts", "Session"), (DJANGOS, OURS), True)


def backwards(apps, schema_editor):
    _move(
        apps.get_model("accounts", "Session"), apps.get_model("sessions", "Session"), (OURS, DJANGOS), False
    )


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0003_user_display"),
        ("sessions", "0001_initial"),
    ]

    operations = [
        migrations.CreateModel(
            name="Session",
            fields=[
                (
                    "session_key",
                    models.CharField(
                        max_length=40, primary_key=True, serialize=False, verbose_name="session key"
                    ),
                ),
                ("session_data", models.TextField(verbose_name="session data")),
                ("expire_date", models.DateTimeField(db_index=True, verbose_name="expire date")),
                (
                    "user",
                    models.ForeignKey(
                        blank=True,
                        db_constraint=False,
                        null=True,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={"verbose_name": "session", "verbose_name_plural": "sessions", "abstract": False},
        ),
        migrations.RunPython(forwards, backwards),
    ]
