"""What a learner's pages show has changed: ``ShownStamp``, a number per account that the database moves.

Mi progreso and the class dashboard keep what they drew under the stamps of the learners they show
(tutor/progress/views.py, tutor/classroom/views/dashboards.py): read again with an unchanged stamp, the
page is one cache read; after a change, only what the changed learner shows is read again.

The stamp is moved by triggers on every table those pages read, for every row inserted, updated or
deleted (by the ORM, by ``update()`` and ``bulk_create``, by raw SQL), so no write path can forget it:
the answers (``practice_attempt``), the skill counts, the review queue and the FSRS cards, the retries
of table mistakes, the kept hands and their reviews. A row of one learner moves that learner's stamp
(both learners' when an update gives the row to another, as a visitor's practice joining their new
account). The triggers are (re)made after every ``migrate`` (``install``, connected in
AccountsConfig.ready): SQLite drops a table's triggers when a migration rebuilds the table.

The session read brings the stamp with the account (``user.shown_stamp_n``); ``of(user)`` reads it for a
user that came another way.
"""

from __future__ import annotations

from django.apps import apps as global_apps
from django.db import DEFAULT_DB_ALIAS, connections

# (app label, model): tables whose rows carry their learner in ``learner_id``.
OWNED = (
    ("practice", "Attempt"),
    ("progress", "SkillStat"),
    ("progress", "FamilyCard"),
    ("progress", "ReviewItem"),
    ("progress", "TableRetry"),
    ("hands", "HandRecord"),
)
# (app label, model, the learner's SQL from a row called ROW): tables that reach their learner by a key.
BY_KEY = (("hands", "HandReview", "(SELECT learner_id FROM hands_handrecord WHERE id = ROW.record_id)"),)


def of(user) -> int:
    """The account's stamp (0 before its first write)."""
    n = getattr(user, "shown_stamp_n", None)
    if n is None:
        from tutor.accounts.models import ShownStamp

        n = ShownStamp.objects.filter(user_id=user.pk).values_list("n", flat=True).first()
        user.shown_stamp_n = n = n or 0
    return n


def _tables(apps) -> list[tuple[str, str]]:
    """(table, the learner's SQL with ROW for the row) of every table the stamp follows."""
    found = []
    for app, model, learner in [(a, m, "ROW.learner_id") for a, m in OWNED] + list(BY_KEY):
        try:
            found.append((apps.get_model(app, model)._meta.db_table, learner))
        except LookupError:  # not in this state of the migrations
            continue
    return found


def _sqlite(table: str, learner: str) -> list[str]:
    stamp = "accounts_shownstamp"

    def bump(row: str, where: str = "") -> str:
        who = learner.replace("ROW", row)
        return (
            f"INSERT INTO {stamp} (user_id, n) SELECT {who}, 1 WHERE {who} IS NOT NULL{where}"
            f" ON CONFLICT(user_id) DO UPDATE SET n = n + 1;"
        )

    moved = f" AND ({learner.replace('ROW', 'OLD')}) IS NOT ({learner.replace('ROW', 'NEW')})"
    bodies = {
        "INSERT": bump("NEW"),
        "UPDATE": bump("NEW") + " " + bump("OLD", moved),
        "DELETE": bump("OLD"),
    }
    statements = []
    for op, body in bodies.items():
        name = f"shown_stamp_{table}_{op.lower()}"
        statements.append(f"DROP TRIGGER IF EXISTS {name}")
        statements.append(f"CREATE TRIGGER {name} AFTER {op} ON {table} FOR EACH ROW BEGIN {body} END")
    return statements


def _postgres(table: str, learner: str) -> list[str]:
    """PostgreSQL: a trigger per statement and kind of write, over the rows it changed (its transition
    tables): one stamp moved per learner and statement however many rows (a bulk write, an erasure). A
    trigger per row would update the same stamp row once per row inside one transaction, each update
    walking the row's growing chain of versions."""
    statements = []
    for op, tables, rows in (
        ("INSERT", "NEW TABLE AS changed", "changed"),
        ("UPDATE", "OLD TABLE AS before NEW TABLE AS changed", "before UNION ALL SELECT * FROM changed"),
        ("DELETE", "OLD TABLE AS before", "before"),
    ):
        function = f"shown_stamp_{table}_{op.lower()}"
        who = learner.replace("ROW.", "r.")
        statements += [
            f"""CREATE OR REPLACE FUNCTION {function}() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
              INSERT INTO accounts_shownstamp (user_id, n)
              SELECT DISTINCT {who}, 1 FROM (SELECT * FROM {rows}) AS r WHERE {who} IS NOT NULL
              ON CONFLICT (user_id) DO UPDATE SET n = accounts_shownstamp.n + 1;
              RETURN NULL;
            END $$""",
            f"DROP TRIGGER IF EXISTS {function} ON {table}",
            f"CREATE TRIGGER {function} AFTER {op} ON {table} REFERENCING {tables}"
            f" FOR EACH STATEMENT EXECUTE FUNCTION {function}()",
        ]
    return statements


def install(using: str = DEFAULT_DB_ALIAS, apps=global_apps, **_kwargs) -> None:
    """Make (again) the triggers on every table the stamp follows that exists in ``using``."""
    connection = connections[using]
    existing = set(connection.introspection.table_names())
    if "accounts_shownstamp" not in existing:
        return
    vendor = connection.vendor
    statements = []
    for table, learner in _tables(apps):
        if table in existing:
            statements += _postgres(table, learner) if vendor == "postgresql" else _sqlite(table, learner)
    with connection.cursor() as cursor:
        for sql in statements:
            cursor.execute(sql)


def forget(user_id: int) -> None:
    """Remove an erased account's stamp: called after its rows and the account are gone, since deleting
    those rows moved the stamp again."""
    from tutor.accounts.models import ShownStamp

    ShownStamp.objects.filter(user_id=user_id).delete()
