"""Several counts in one query: ``counts(qs1, qs2, ...)`` → ``[n1, n2, ...]``; and, with ``at_once``,
the values of a field beside them (``Joined``) or the soonest of a time field's (``Soonest``).

A page that shows a few numbers from different tables (the home page's reviews due, failed exercises
waiting, table plays to try again, the tasks to do; the lessons done) would otherwise pay a round
trip and a query compilation for each. Each queryset becomes a ``SELECT COUNT(*)`` subquery of one
``SELECT`` (PostgreSQL and SQLite alike), each ``Joined`` a subquery of its values glued together
(``STRING_AGG`` / ``GROUP_CONCAT``), each ``Soonest`` a subquery of its ``MIN``; an empty queryset
(``.none()``) counts 0 without being sent.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import EmptyResultSet
from django.db import connections
from django.db.models import F, QuerySet

from tutor.lib.prepared import Compiled, run

# Between the values of a Joined: the ASCII unit separator, in no key, slug or name we join.
SEPARATOR = "\x1f"


@dataclass(frozen=True)
class Joined:
    """A part of ``at_once``: the values of ``field`` over the queryset's rows, as a list (in no set
    order; none are made of the separator)."""

    queryset: QuerySet
    field: str


@dataclass(frozen=True)
class Soonest:
    """A part of ``at_once``: the smallest value of the time field ``field`` over the queryset's rows (an
    aware datetime), None when it has none."""

    queryset: QuerySet
    field: str


def counts(*querysets: QuerySet) -> list[int]:
    """The number of rows of each queryset, in order, from one query (all on one database)."""
    return at_once(*querysets)


def at_once(*parts: QuerySet | Joined | Soonest) -> list:
    """Each part's answer, in order, from one query (all on one database): a queryset's number of
    rows, a ``Joined``'s list of values, a ``Soonest``'s moment."""
    return run(compile_at_once(*parts))


def compile_at_once(*parts: QuerySet | Joined | Soonest) -> Compiled:
    """``at_once``'s query, to run now or to prepare (tutor/lib/prepared.py)."""
    selected: list[str] = []
    params: list = []
    first = parts[0] if isinstance(parts[0], QuerySet) else parts[0].queryset
    using = first.db
    connection = connections[using]
    for n, part in enumerate(parts):
        if isinstance(part, QuerySet):
            rows = part.order_by().values("pk")
        else:
            rows = part.queryset.order_by().values(v=F(part.field))
        try:
            sql, args = rows.query.get_compiler(using=using).as_sql()
        except EmptyResultSet:
            selected.append("0" if isinstance(part, QuerySet) else "NULL")
            continue
        if isinstance(part, Joined):
            glue = "GROUP_CONCAT" if connection.vendor == "sqlite" else "STRING_AGG"
            selected.append(f"(SELECT {glue}(CAST(v AS TEXT), %s) FROM ({sql}) AS joined_{n})")
            params.extend([SEPARATOR, *args])
        elif isinstance(part, Soonest):
            selected.append(f"(SELECT MIN(v) FROM ({sql}) AS soonest_{n})")
            params.extend(args)
        else:
            selected.append(f"(SELECT COUNT(*) FROM ({sql}) AS counted_{n})")
            params.extend(args)
    kinds = [type(part) for part in parts]
    # SQLite gives a time as text: read as the ORM reads a DateTimeField (aware, in UTC)
    as_time = getattr(connection.ops, "convert_datetimefield_value", None)

    def finish(cursor) -> list:
        row = cursor.fetchone()
        answers = []
        for kind, value in zip(kinds, row, strict=True):
            if kind is Joined:
                answers.append(value.split(SEPARATOR) if value else [])
            elif kind is Soonest:
                answers.append(as_time(value, None, connection) if as_time and value is not None else value)
            else:
                answers.append(int(value))
        return answers

    return Compiled("SELECT " + ", ".join(selected), tuple(params), using, finish)
