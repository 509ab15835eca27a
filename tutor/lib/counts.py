"""Several counts in one query: ``counts(qs1, qs2, ...)`` → ``[n1, n2, ...]``; and, with ``at_once``,
the values of a field beside them (``Joined``).

A page that shows a few numbers from different tables (the home page's reviews due, failed exercises
waiting, table plays to try again, the tasks to do; the lessons done) would otherwise pay a round
trip and a query compilation for each. Each queryset becomes a ``SELECT COUNT(*)`` subquery of one
``SELECT`` (PostgreSQL and SQLite alike), each ``Joined`` a subquery of its values glued together
(``STRING_AGG`` / ``GROUP_CONCAT``); an empty queryset (``.none()``) counts 0 without being sent.
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


def counts(*querysets: QuerySet) -> list[int]:
    """The number of rows of each queryset, in order, from one query (all on one database)."""
    return at_once(*querysets)


def at_once(*parts: QuerySet | Joined) -> list:
    """Each part's answer, in order, from one query (all on one database): a queryset's number of
    rows, a ``Joined``'s list of values."""
    return run(compile_at_once(*parts))


def compile_at_once(*parts: QuerySet | Joined) -> Compiled:
    """``at_once``'s query, to run now or to prepare (tutor/lib/prepared.py)."""
    selected: list[str] = []
    params: list = []
    first = parts[0].queryset if isinstance(parts[0], Joined) else parts[0]
    using = first.db
    vendor = connections[using].vendor
    for n, part in enumerate(parts):
        joined = isinstance(part, Joined)
        rows = part.queryset.order_by().values(v=F(part.field)) if joined else part.order_by().values("pk")
        try:
            sql, args = rows.query.get_compiler(using=using).as_sql()
        except EmptyResultSet:
            selected.append("NULL" if joined else "0")
            continue
        if joined:
            glue = "GROUP_CONCAT" if vendor == "sqlite" else "STRING_AGG"
            selected.append(f"(SELECT {glue}(CAST(v AS TEXT), %s) FROM ({sql}) AS joined_{n})")
            params.extend([SEPARATOR, *args])
        else:
            selected.append(f"(SELECT COUNT(*) FROM ({sql}) AS counted_{n})")
            params.extend(args)
    kinds = [isinstance(part, Joined) for part in parts]

    def finish(cursor) -> list:
        row = cursor.fetchone()
        return [
            (value.split(SEPARATOR) if value else []) if joined else int(value)
            for joined, value in zip(kinds, row, strict=True)
        ]

    return Compiled("SELECT " + ", ".join(selected), tuple(params), using, finish)
