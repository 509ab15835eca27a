"""What each app keeps about a person: its part of «Mis datos»' archive and of an erasure.

tutor.privacy does the generic part by itself, for every model, present or added later:
- the archive holds every row whose foreign key names the user (an ``Owned`` row's ``learner``, a
  membership's ``student``, a set's ``created_by``...), each model in ``<app>/<model>.json`` and ``.csv``;
- an erasure deletes every ``Owned`` row of the user, then the user (the database cascades the rest).

An app adds what the generic part cannot know in a module of its own, ``<app>/personal_data.py``,
which tutor.privacy imports at start-up (``autodiscover_modules``), with these decorators:

    @exports                 # fn(user) -> iterable of Table: rows that name the user only through
    def my_rows(user): ...   # another row (a match's hands), or a readable record (a hand's notation)

    @before_erasure          # fn(user) -> None, inside the erasure's transaction, before any delete:
    def keep_counts(user):   # anonymise what stays counted, hand over what others still use
        ...

    @erased_with             # fn(user) -> set of ids: the other accounts that user's erasure takes
    def children(user): ...  # with it (a teacher's managed children), for «Borrar mi cuenta» to say

Nothing here imports an app: the apps import this module.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

# The anonymous id given to rows kept, without their owner, after an account is erased (a live
# round's answers stay in its counts). Pages show them as «alumno borrado»; they never expire as
# an anonymous visitor's do. Room for 16 hex characters in Owned.anon_id (32).
ERASED_PREFIX = "borrado-"


@dataclass(frozen=True)
class Table:
    """Rows of one kind for the archive: written as ``<name>.json`` and ``<name>.csv``."""

    name: str  # "play/hands", a path inside the archive, without extension
    rows: list[dict] = field(default_factory=list)


_exporters: list[Callable[[object], Iterable[Table]]] = []
_before_erasure: list[Callable[[object], None]] = []
_erased_with: list[Callable[[object], set[int]]] = []


def exports(fn: Callable[[object], Iterable[Table]]) -> Callable[[object], Iterable[Table]]:
    if fn not in _exporters:
        _exporters.append(fn)
    return fn


def before_erasure(fn: Callable[[object], None]) -> Callable[[object], None]:
    if fn not in _before_erasure:
        _before_erasure.append(fn)
    return fn


def erased_with(fn: Callable[[object], set[int]]) -> Callable[[object], set[int]]:
    if fn not in _erased_with:
        _erased_with.append(fn)
    return fn


def accounts_erased_with(user) -> set[int]:
    """The ids of the other accounts that erasing ``user`` erases too."""
    return set().union(*(fn(user) for fn in _erased_with))


def exporters() -> tuple[Callable[[object], Iterable[Table]], ...]:
    return tuple(_exporters)


def erasure_hooks() -> tuple[Callable[[object], None], ...]:
    return tuple(_before_erasure)


def erased_anon_id() -> str:
    """A new anonymous id for the rows one erased account leaves in a count."""
    return ERASED_PREFIX + secrets.token_hex(8)


def is_erased(anon_id: str) -> bool:
    return anon_id.startswith(ERASED_PREFIX)
