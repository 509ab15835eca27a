"""A person's data: the archive of all of it, its erasure, and the expiry of anonymous visitors' data.

The generic part walks every model (django.apps), so a model added later is covered without a
change here; each app adds what only it knows through its ``personal_data.py``
(tutor/lib/personal_data.py explains the registry).
"""

from __future__ import annotations

import csv
import io
import json
import zipfile
from collections.abc import Iterable
from datetime import date, datetime, timedelta
from decimal import Decimal

from django.apps import apps
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import models, transaction
from django.db.models import Max, ProtectedError
from django.utils import timezone

from tutor.accounts import stamps
from tutor.accounts.models import Session
from tutor.lib.owners import Owned
from tutor.lib.personal_data import ERASED_PREFIX, Table, erasure_hooks, exporters
from tutor.lib.spreadsheet import cell
from tutor.practice.compact import CompactJSONField

# Never in an archive: a password's hash, the archives themselves.
_NEVER_EXPORTED = {"password"}


def _plain(value):
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, bytes | memoryview):
        return None
    return value


def _row(obj: models.Model) -> dict:
    row = {}
    for f in obj._meta.concrete_fields:
        # Bytes are left out, but a value stored packed (a question, a marking) is JSON to the site: kept.
        if f.name in _NEVER_EXPORTED or (
            isinstance(f, models.BinaryField) and not isinstance(f, CompactJSONField)
        ):
            continue
        row[f.attname] = _plain(getattr(obj, f.attname))
    return row


def _user_fields(model) -> list[models.Field]:
    user_model = get_user_model()
    return [
        f
        for f in model._meta.concrete_fields
        if f.is_relation and f.related_model is user_model and f.model is model
    ]


def generic_tables(user) -> Iterable[Table]:
    """Every row whose foreign key names the user, and the rows that name the user in a
    many-to-many field (a class's teachers), model by model."""
    yield Table("account", [_row(user)])  # every column but the password's hash
    for model in apps.get_models():
        meta = model._meta
        if meta.app_label in ("privacy", "admin") or model is Session:
            continue  # a session's key signs in: a credential, not data to hand out in an archive
        label = f"{meta.app_label}/{meta.model_name}"
        for f in _user_fields(model):
            rows = [_row(obj) for obj in model.objects.filter(**{f.name: user}).order_by("pk")]
            if rows:
                yield Table(
                    label if f.name in ("learner", "student", "owner", "user") else f"{label}_{f.name}", rows
                )
        for m2m in meta.local_many_to_many:
            if m2m.related_model is get_user_model():
                rows = [
                    {"id": obj.pk, "name": str(obj)}
                    for obj in model.objects.filter(**{m2m.name: user}).order_by("pk")
                ]
                if rows:
                    yield Table(f"{label}_{m2m.name}", rows)


def _csv(rows: list[dict]) -> str:
    columns: list[str] = []
    for row in rows:
        columns += [k for k in row if k not in columns]
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(columns)
    for row in rows:
        cells = []
        for k in columns:
            value = row.get(k)
            if isinstance(value, dict | list):
                value = json.dumps(value, ensure_ascii=False)
            cells.append(cell("" if value is None else value))
        writer.writerow(cells)
    return out.getvalue()


def tables(user) -> list[Table]:
    """All of the user's data as tables: the generic walk, then each app's own (merged by name)."""
    merged: dict[str, list[dict]] = {}
    for table in generic_tables(user):
        merged.setdefault(table.name, []).extend(table.rows)
    for exporter in exporters():
        for table in exporter(user):
            merged.setdefault(table.name, []).extend(table.rows)
    return [Table(name, rows) for name, rows in merged.items() if rows]


README_TEXT = """Tutor de Tute: {username}, {when}

Cada tipo de dato está en dos ficheros con el mismo contenido: NOMBRE.json (JSON, UTF-8) y NOMBRE.csv
(para una hoja de cálculo). account.* es tu cuenta; los demás se llaman aplicación/tipo:
practice/attempt, tus respuestas; progress/*, tu progreso y tu plan de repaso (FSRS); play/*, tus
partidas y sus manos (play/hand_record: cada mano en la notación de las manos); classroom/membership,
tus clases; hands/handrecord, «Mis manos»; progress/tableretry, «Mis errores en la mesa»; tables/*, las
mesas con personas y las ligas; lessons/*, las lecciones; live/*, las rondas en directo. Un campo que acaba en _id es el
número de otra fila (learner_id, student_id, owner_id: tú).

Each kind of data is in two files with the same content: NAME.json (JSON, UTF-8) and NAME.csv (for a
spreadsheet). account.* is your account; the others are named application/kind: practice/attempt,
your answers; progress/*, your progress and review plan (FSRS); play/*, your matches and their hands
(play/hand_record: each hand in the hand records' notation); classroom/membership, your classes;
hands/handrecord, «My hands»; progress/tableretry, «My mistakes at the table»; tables/*, the tables with people and
the leagues; lessons/*, the lessons; live/*, the live rounds. A field ending in _id is the number of another row
(learner_id, student_id, owner_id: you).
"""


def build_archive(user) -> bytes:
    """One zip with every table of the user as JSON and CSV, and a README."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(
            "README.txt", README_TEXT.format(username=user.username, when=timezone.now().isoformat())
        )
        for table in tables(user):
            archive.writestr(f"{table.name}.json", json.dumps(table.rows, ensure_ascii=False, indent=2))
            archive.writestr(f"{table.name}.csv", _csv(table.rows))
    return buffer.getvalue()


def _delete_in_safe_order(querysets: list[models.QuerySet]) -> int:
    """Delete each queryset, later ones first when an earlier one is protected by them (an answer
    protects its question)."""
    deleted = 0
    pending = querysets
    while pending:
        blocked = []
        for qs in pending:
            try:
                with transaction.atomic():
                    deleted += qs.delete()[0]
            except ProtectedError:
                blocked.append(qs)
        if len(blocked) == len(pending):
            raise ProtectedError("rows protect each other", set())
        pending = blocked
    return deleted


def owned_models() -> list[type[models.Model]]:
    return [m for m in apps.get_models() if issubclass(m, Owned)]


def _end_sessions(user) -> None:
    Session.objects.filter(user=user).delete()  # each row names its account (tutor.accounts.sessions)


def erase_user(user) -> None:
    """Erase the account and every row that names it: each app's hooks first (what stays, anonymised;
    what others still use, handed over), then the user's rows of every ``Owned`` model, the
    archives, the admin's log lines about the account, its sessions, and the user (the database
    cascades the rest: memberships, assignments, positions...)."""
    from django.contrib.admin.models import LogEntry
    from django.contrib.contenttypes.models import ContentType
    from django_tasks_db.models import DBTaskResult

    from tutor.privacy.models import DataExport

    with transaction.atomic():
        for hook in erasure_hooks():
            hook(user)
        _delete_in_safe_order([m.objects.filter(learner=user) for m in owned_models()])
        task_ids = list(
            DataExport.objects.filter(user=user).exclude(task_id="").values_list("task_id", flat=True)
        )
        DBTaskResult.objects.filter(id__in=task_ids).delete()
        LogEntry.objects.filter(
            content_type=ContentType.objects.get_for_model(get_user_model()), object_id=str(user.pk)
        ).delete()
        _end_sessions(user)
        pk = user.pk
        user.delete()
        # the triggers moved her stamp while her rows went: its row goes last (tutor/accounts/stamps.py)
        stamps.forget(pk)


def _activity_fields(model) -> list[str]:
    return [
        f.name
        for f in model._meta.concrete_fields
        if isinstance(f, models.DateTimeField) and f.name.endswith("_at")
    ]


def stale_anonymous_ids(days: int) -> set[str]:
    """Anonymous visitors whose last activity, over every ``Owned`` model, is older than ``days``."""
    last: dict[str, datetime] = {}
    for model in owned_models():
        fields = _activity_fields(model)
        if not fields:
            continue
        rows = (
            model.objects.filter(learner__isnull=True)
            .exclude(anon_id="")
            .exclude(anon_id__startswith=ERASED_PREFIX)
            .values("anon_id")
            .annotate(**{f"last_{f}": Max(f) for f in fields})
        )
        for row in rows:
            times = [row[f"last_{f}"] for f in fields if row[f"last_{f}"] is not None]
            if times:
                newest = max(times)
                if row["anon_id"] not in last or newest > last[row["anon_id"]]:
                    last[row["anon_id"]] = newest
    cutoff = timezone.now() - timedelta(days=days)
    return {anon_id for anon_id, when in last.items() if when < cutoff}


def expire_anonymous(days: int | None = None) -> dict[str, int]:
    """Erase anonymous visitors' data after ``days`` without activity, the expired sessions, and the
    archives older than EXPORT_KEPT_DAYS. Returns what went, by kind."""
    from tutor.privacy.models import DataExport

    days = settings.ANONYMOUS_DATA_DAYS if days is None else days
    stale = sorted(stale_anonymous_ids(days))
    rows = 0
    for start in range(0, len(stale), 500):
        chunk = stale[start : start + 500]
        with transaction.atomic():
            rows += _delete_in_safe_order(
                [m.objects.filter(learner__isnull=True, anon_id__in=chunk) for m in owned_models()]
            )
    sessions = Session.objects.filter(expire_date__lt=timezone.now()).delete()[0]
    exports = DataExport.objects.filter(
        created_at__lt=timezone.now() - timedelta(days=settings.EXPORT_KEPT_DAYS)
    ).delete()[0]
    return {"visitors": len(stale), "rows": rows, "sessions": sessions, "archives": exports}
