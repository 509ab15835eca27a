"""One new row written by an INSERT whose SQL is built once per model and database.

``Model.objects.create`` compiles its INSERT on every call (the query, the compiler, each field's
column quoted): on the practice loop's hottest writes (an answer's attempt, «Siguiente»'s question)
that cost more CPU than the database spends on the row. ``insert(obj)`` does what ``create`` does for
a model without save signals, expressions or parents: each field's value as ``save`` would prepare
it (``pre_save``, so ``auto_now_add`` stamps the instance; then ``get_db_prep_save``), the same
columns, the new id read back (``RETURNING``, or the cursor's last id where it is not supported),
the instance then saved as far as Django knows (``_state``). No ``pre_save``/``post_save`` signal is
sent: models written this way have no receivers (``tests/tutor/lib/test_inserts.py`` checks).
"""

from __future__ import annotations

import threading

from django.db import connections, router
from django.db.models import Model

_kept: dict[tuple[type, str], tuple[str, list, bool]] = {}
_lock = threading.Lock()


def _statement(model: type[Model], using: str) -> tuple[str, list, bool]:
    connection = connections[using]
    meta, quote = model._meta, connection.ops.quote_name
    fields = [f for f in meta.concrete_fields if f is not meta.auto_field and not f.generated]
    returning = connection.features.can_return_columns_from_insert
    sql = (
        f"INSERT INTO {quote(meta.db_table)} ({', '.join(quote(f.column) for f in fields)}) "
        f"VALUES ({', '.join(['%s'] * len(fields))})"
    )
    if returning:
        sql += f" RETURNING {quote(meta.pk.column)}"
    return sql, fields, returning


def insert(obj: Model) -> Model:
    """Write the new ``obj`` (no id yet) as one row; ``obj`` gets its id. Returns ``obj``."""
    model = type(obj)
    using = router.db_for_write(model, instance=obj)
    key = (model, using)
    kept = _kept.get(key)
    if kept is None:
        kept = _statement(model, using)
        with _lock:
            _kept[key] = kept
    sql, fields, returning = kept
    connection = connections[using]
    params = [f.get_db_prep_save(f.pre_save(obj, True), connection) for f in fields]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        if returning:
            pk = cursor.fetchone()[0]
        else:
            pk = connection.ops.last_insert_id(cursor, model._meta.db_table, model._meta.pk.column)
    obj.pk = pk
    obj._state.adding = False
    obj._state.db = using
    return obj
