"""Several counts in one query: ``counts(qs1, qs2, ...)`` → ``[n1, n2, ...]``.

A page that shows a few numbers from different tables (the home page's reviews due, failed exercises
waiting, table plays to try again, whether a class manages the account) would otherwise pay a round
trip and a query compilation for each. Each queryset becomes a ``SELECT COUNT(*)`` subquery of one
``SELECT`` (PostgreSQL and SQLite alike); an empty one (``.none()``) counts 0 without being sent.
"""

from __future__ import annotations

from django.core.exceptions import EmptyResultSet
from django.db import connections
from django.db.models import QuerySet


def counts(*querysets: QuerySet) -> list[int]:
    """The number of rows of each queryset, in order, from one query (all on one database)."""
    parts: list[str] = []
    params: list = []
    using = querysets[0].db
    for n, queryset in enumerate(querysets):
        rows = queryset.order_by().values("pk")
        try:
            sql, args = rows.query.get_compiler(using=using).as_sql()
        except EmptyResultSet:
            parts.append("0")
            continue
        parts.append(f"(SELECT COUNT(*) FROM ({sql}) AS counted_{n})")
        params.extend(args)
    with connections[using].cursor() as cursor:
        cursor.execute("SELECT " + ", ".join(parts), params)
        return [int(n) for n in cursor.fetchone()]
