"""What a learner's pages show has changed: ``ShownStamp``, a number per account that the database moves.

The signed-in home, Mi progreso and the class dashboard keep what they drew under the stamps of the
learners they show (tutor/core/home.py, tutor/progress/views.py, tutor/classroom/views/dashboards.py):
read again with an unchanged stamp, the page is one cache read; after a change, only what the changed
learner shows is read again.

The stamp is moved by triggers on every table those pages read, for every row inserted, updated or
deleted (by the ORM, by ``update()`` and ``bulk_create``, by raw SQL), so no write path can forget it:
the answers (``practice_attempt``), the skill counts, the review queue and the FSRS cards, the retries
of table mistakes, the kept hands and their reviews; for the home, the lesson steps done and the class
tasks (a task's row; its set's title, dates, publication or class; its class's name or archiving move
the stamps of every student with a row of that set or class). A row of one learner moves that learner's stamp
(both learners' when an update gives the row to another, as a visitor's practice joining their new
account). The triggers are (re)made after every ``migrate`` (``install``, connected in
AccountsConfig.ready): SQLite drops a table's triggers when a migration rebuilds the table.

A second number, ``hands``, moves only with the writes to the kept hands and their reviews: what a
learner's «En la mesa» counts (tutor/progress/table_report.py) is kept under it, so that an answer to a
quiz, which moves ``n``, does not count the last hands again.

The session read brings the stamps with the account (``user.shown_stamp_n``, ``user.hands_stamp_n``);
``of(user)`` and ``hands_of(user)`` read them for a user that came another way.
"""

from __future__ import annotations

from dataclasses import dataclass

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
# Of those, the tables whose writes also move the ``hands`` stamp (what «En la mesa» counts).
HANDS = (("hands", "HandRecord"), ("hands", "HandReview"))
# (app label, model, the learner's SQL from a row called ROW): tables that reach their learner by a key.
BY_KEY = (
    ("hands", "HandReview", "(SELECT learner_id FROM hands_handrecord WHERE id = ROW.record_id)"),
    ("classroom", "Assignment", "ROW.student_id"),
)
# (app label, model, the learner's SQL, the columns whose change counts): tables of which only some
# columns are shown; an update of others moves no stamp (a step's «last seen», written on every visit).
WATCHED = (("lessons", "StepProgress", "ROW.learner_id", ("done_at", "learner_id", "anon_id")),)
# (app label, model, FROM tables, WHERE over a row called ROW, the learner's column, the columns whose
# change counts): a row shown on the pages of many learners (a task's set, its class), found by a join.
MANY = (
    (
        "classroom",
        "PracticeSet",
        "classroom_assignment x",
        "x.practice_set_id = ROW.id",
        "x.student_id",
        ("title", "opens_at", "due_at", "published_at", "classroom_id"),
    ),
    (
        "classroom",
        "Classroom",
        "classroom_practiceset p, classroom_assignment x",
        "p.classroom_id = ROW.id AND x.practice_set_id = p.id",
        "x.student_id",
        ("name", "archived"),
    ),
)


def of(user) -> int:
    """The account's stamp (0 before its first write)."""
    n = getattr(user, "shown_stamp_n", None)
    if n is None:
        from tutor.accounts.models import ShownStamp

        n = ShownStamp.objects.filter(user_id=user.pk).values_list("n", flat=True).first()
        user.shown_stamp_n = n = n or 0
    return n


def hands_of(user) -> int:
    """The account's ``hands`` stamp (0 before its first hand)."""
    n = getattr(user, "hands_stamp_n", None)
    if n is None:
        from tutor.accounts.models import ShownStamp

        n = ShownStamp.objects.filter(user_id=user.pk).values_list("hands", flat=True).first()
        user.hands_stamp_n = n = n or 0
    return n


@dataclass(frozen=True)
class _Source:
    """How a table's row (called ROW) finds the learners whose stamps it moves."""

    who: str  # the learner's SQL
    tables: str = ""  # more tables to join (FROM), for a row shown to many learners
    where: str = ""  # the join's condition
    watched: tuple[str, ...] = ()  # only an update of these columns moves the stamps (all when empty)
    many: bool = False  # the learners do not move with the row: an update moves the new row's only
    hands: bool = False  # its writes move the ``hands`` stamp too

    @property
    def columns(self) -> str:
        return "(user_id, n, hands)" if self.hands else "(user_id, n)"

    def moved(self, table: str) -> str:
        """The ON CONFLICT update of the stamps ``table`` (its name in the statement) moves."""
        return f"n = {table}.n + 1, hands = {table}.hands + 1" if self.hands else f"n = {table}.n + 1"


def _has_hands(apps) -> bool:
    """Whether this state of the migrations has the ``hands`` stamp (accounts 0006)."""
    try:
        stamp = apps.get_model("accounts", "ShownStamp")
    except LookupError:
        return False
    return any(f.name == "hands" for f in stamp._meta.get_fields())


def _tables(apps, hands: bool | None = None) -> list[tuple[str, _Source]]:
    """(table, how its rows find their learners) of every table the stamp follows; ``hands``: whether the
    triggers move the ``hands`` stamp too (by default, when the state of the migrations has it)."""
    tracked = HANDS if (_has_hands(apps) if hands is None else hands) else ()
    wanted = [(a, m, _Source("ROW.learner_id", hands=(a, m) in tracked)) for a, m in OWNED]
    wanted += [(a, m, _Source(who, hands=(a, m) in tracked)) for a, m, who in BY_KEY]
    wanted += [(a, m, _Source(who, watched=cols)) for a, m, who, cols in WATCHED]
    wanted += [(a, m, _Source(who, t, w, cols, many=True)) for a, m, t, w, who, cols in MANY]
    found = []
    for app, model, source in wanted:
        try:
            found.append((apps.get_model(app, model)._meta.db_table, source))
        except LookupError:  # not in this state of the migrations
            continue
    return found


def _select(source: _Source, row: str) -> str:
    """SELECT (learner, 1[, 1]) of the learners of ``row`` (the row's name in the statement)."""
    who = source.who.replace("ROW", row)
    tables = f" FROM {source.tables}" if source.tables else ""
    where = f" AND {source.where.replace('ROW', row)}" if source.where else ""
    ones = ", 1, 1" if source.hands else ", 1"
    return f"SELECT {who}{ones}{tables} WHERE {who} IS NOT NULL{where}"


def _sqlite(table: str, source: _Source) -> list[str]:
    stamp = "accounts_shownstamp"

    def bump(row: str, more: str = "") -> str:
        return (
            f"INSERT INTO {stamp} {source.columns} {_select(source, row)}{more}"
            f" ON CONFLICT(user_id) DO UPDATE SET {source.moved(stamp)};"
        )

    moved = f" AND ({source.who.replace('ROW', 'OLD')}) IS NOT ({source.who.replace('ROW', 'NEW')})"
    bodies = {
        "INSERT": bump("NEW"),
        "UPDATE": bump("NEW") + ("" if source.many else " " + bump("OLD", moved)),
        "DELETE": bump("OLD"),
    }
    statements = []
    for op, body in bodies.items():
        name = f"shown_stamp_{table}_{op.lower()}"
        when = ""
        if op == "UPDATE" and source.watched:
            when = " WHEN " + " OR ".join(f"OLD.{c} IS NOT NEW.{c}" for c in source.watched)
        statements.append(f"DROP TRIGGER IF EXISTS {name}")
        statements.append(f"CREATE TRIGGER {name} AFTER {op} ON {table} FOR EACH ROW{when} BEGIN {body} END")
    return statements


def _postgres(table: str, source: _Source) -> list[str]:
    """PostgreSQL: a trigger per statement and kind of write, over the rows it changed (its transition
    tables): one stamp moved per learner and statement however many rows (a bulk write, an erasure). A
    trigger per row would update the same stamp row once per row inside one transaction, each update
    walking the row's growing chain of versions. (A trigger with transition tables takes no column list:
    the watched columns are compared in its query.) The stamps are taken in ascending order of learner, as
    every other writer of several learners' rows takes them, so that two such statements cannot deadlock."""
    updated = "SELECT * FROM before UNION ALL SELECT * FROM changed"
    if source.watched:
        differ = " OR ".join(f"b.{c} IS DISTINCT FROM c.{c}" for c in source.watched)
        updated = (
            f"SELECT b.* FROM before b JOIN changed c ON c.id = b.id WHERE {differ}"
            f" UNION ALL SELECT c.* FROM changed c JOIN before b ON b.id = c.id WHERE {differ}"
        )
    statements = []
    for op, tables, rows in (
        ("INSERT", "NEW TABLE AS changed", "SELECT * FROM changed"),
        ("UPDATE", "OLD TABLE AS before NEW TABLE AS changed", updated),
        ("DELETE", "OLD TABLE AS before", "SELECT * FROM before"),
    ):
        function = f"shown_stamp_{table}_{op.lower()}"
        who = source.who.replace("ROW.", "r.")
        more = f", {source.tables}" if source.tables else ""
        where = f" AND {source.where.replace('ROW.', 'r.')}" if source.where else ""
        statements += [
            f"""CREATE OR REPLACE FUNCTION {function}() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
              INSERT INTO accounts_shownstamp {source.columns}
              SELECT DISTINCT {who}, 1{", 1" if source.hands else ""} FROM ({rows}) AS r{more}
              WHERE {who} IS NOT NULL{where} ORDER BY 1
              ON CONFLICT (user_id) DO UPDATE SET {source.moved("accounts_shownstamp")};
              RETURN NULL;
            END $$""",
            f"DROP TRIGGER IF EXISTS {function} ON {table}",
            f"CREATE TRIGGER {function} AFTER {op} ON {table} REFERENCING {tables}"
            f" FOR EACH STATEMENT EXECUTE FUNCTION {function}()",
        ]
    return statements


def install(using: str = DEFAULT_DB_ALIAS, apps=global_apps, hands: bool | None = None, **_kwargs) -> None:
    """Make (again) the triggers on every table the stamp follows that exists in ``using`` (``hands``:
    ``_tables``)."""
    connection = connections[using]
    existing = set(connection.introspection.table_names())
    if "accounts_shownstamp" not in existing:
        return
    vendor = connection.vendor
    statements = []
    for table, source in _tables(apps, hands):
        if table in existing:
            statements += _postgres(table, source) if vendor == "postgresql" else _sqlite(table, source)
    with connection.cursor() as cursor:
        for sql in statements:
            cursor.execute(sql)


def uninstall(using: str = DEFAULT_DB_ALIAS) -> None:
    """Drop every stamp trigger in ``using`` (a migration that makes the stamps' table again on SQLite
    cannot while other tables' triggers name it)."""
    connection = connections[using]
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(
                "SELECT t.tgname, c.relname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid"
                " WHERE t.tgname LIKE 'shown_stamp_%%'"
            )
            drops = [f"DROP TRIGGER IF EXISTS {name} ON {table}" for name, table in cursor.fetchall()]
        else:
            cursor.execute(
                "SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'shown_stamp_%'"
            )
            drops = [f"DROP TRIGGER IF EXISTS {name}" for (name,) in cursor.fetchall()]
        for sql in drops:
            cursor.execute(sql)


def forget(user_id: int) -> None:
    """Remove an erased account's stamp: called after its rows and the account are gone, since deleting
    those rows moved the stamp again."""
    from tutor.accounts.models import ShownStamp

    ShownStamp.objects.filter(user_id=user_id).delete()
