"""A page's reads built by the ORM once per process, then run again with other values.

The learner's home page is opened on every visit, and building and compiling its querysets cost more
CPU than the database spends running them. ``Prepared(compile)`` calls ``compile(**values)`` with
stand-ins in place of the values (for an id a number no row has, for a time an instant long past, for
a text a string nobody types), keeps the SQL, and on every run puts the real values where the
stand-ins are among the parameters. The querysets stay the one definition of what is read.

The SQL must depend on the values' kinds only, never on the values themselves: the first run compiles
twice, with two sets of stand-ins, and refuses (``ValueError``) a compile whose SQL differs between the
two or whose stand-ins are not all found in the parameters. Values of other kinds (None, booleans)
change the SQL itself: they are refused. The kinds of the values given make part of the key (an
account's owner and an anonymous visitor's are two entries).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from django.db import connections
from django.db.models import QuerySet


@dataclass(frozen=True)
class Compiled:
    """One query: its SQL and parameters, the database it runs on, and how its answer is read."""

    sql: str
    params: tuple
    using: str
    finish: Callable[[Any], Any]  # the cursor, executed → the answer


def run(compiled: Compiled, params=None) -> Any:
    with connections[compiled.using].cursor() as cursor:
        cursor.execute(compiled.sql, compiled.params if params is None else params)
        return compiled.finish(cursor)


def rows(queryset: QuerySet) -> Compiled:
    """A ``values_list`` queryset as a Compiled giving its rows as tuples, each value converted as
    the queryset would (dates, booleans, JSON)."""
    compiler = queryset.query.get_compiler(using=queryset.db)
    sql, params = compiler.as_sql()
    fields = [selected[0] for selected in compiler.select[: compiler.col_count]]
    converters = compiler.get_converters(fields)

    def finish(cursor) -> list[tuple]:
        found = cursor.fetchall()
        return [tuple(row) for row in compiler.apply_converters(found, converters)] if converters else found

    return Compiled(sql, tuple(params), queryset.db, finish)


def _stand_in(value, n: int, round_: int):
    if isinstance(value, bool) or value is None:
        raise ValueError("None and booleans change the SQL itself: not a value to prepare")
    if isinstance(value, int):
        return -(7_000_000_000_000 + 1000 * round_ + n)
    if isinstance(value, str):
        return f"\x1estand-in {round_} {n}\x1e"
    if isinstance(value, datetime):
        return datetime(1901, 1, 1 + round_, 0, 0, n, 1, tzinfo=UTC)
    raise ValueError(f"a value of kind {type(value).__name__} cannot be prepared")


def _adapted(value, using: str):
    """A value as the compiler puts it among the parameters (a time, for SQLite, as text)."""
    if isinstance(value, datetime):
        return connections[using].ops.adapt_datetimefield_value(value)
    return value


class Prepared:
    def __init__(self, compile: Callable[..., Compiled]):
        self._compile = compile
        self._kept: dict[tuple, tuple[Compiled, tuple]] = {}
        self._lock = threading.Lock()

    def __call__(self, **values) -> Any:
        key = tuple(sorted((name, type(value).__name__) for name, value in values.items()))
        kept = self._kept.get(key)
        if kept is None:
            kept = self._prepare(values)
            with self._lock:
                self._kept[key] = kept
        compiled, slots = kept
        params = [_adapted(values[slot[1]], compiled.using) if slot[0] else slot[1] for slot in slots]
        return run(compiled, params)

    def _prepare(self, values: dict) -> tuple[Compiled, tuple]:
        found = []
        for round_ in (0, 1):
            stand_ins = {name: _stand_in(value, n, round_) for n, (name, value) in enumerate(values.items())}
            compiled = self._compile(**stand_ins)
            where = {_adapted(v, compiled.using): name for name, v in stand_ins.items()}
            slots = tuple(
                (True, where[p]) if _hashable(p) and p in where else (False, p) for p in compiled.params
            )
            missing = set(values) - {slot[1] for slot in slots if slot[0]}
            if missing:
                raise ValueError(f"{sorted(missing)} not found among the parameters: not preparable")
            found.append((compiled, slots))
        (first, first_slots), (second, second_slots) = found
        # The same SQL, the same stand-ins' places and the same other parameters: only the values move.
        if first.sql != second.sql or first_slots != second_slots:
            raise ValueError("the SQL depends on the values: not preparable")
        return first, first_slots


def _hashable(value) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True
