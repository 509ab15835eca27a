"""Who a row belongs to: a learner, or an anonymous visitor known by an id kept in the session.

``Owned`` gives a model the two owner fields; ``Owner`` filters and fills them. Anonymous rows move
to the account at login (tutor.practice.identity) with queryset updates.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.db import models
from django.db.models import Q


class Owned(models.Model):
    """A row of one learner, or of an anonymous visitor (``learner`` empty, ``anon_id`` set).

    Rows are always read from the model's side through ``Owner.q``: the user has no reverse accessor.
    """

    learner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    anon_id = models.CharField(max_length=32, blank=True, default="")

    class Meta:
        abstract = True


def unique_per_owner(name: str, fields: list[str]) -> list[models.UniqueConstraint]:
    """One row per owner and ``fields``. NULL learners are distinct in a unique index, so an
    anonymous owner needs a constraint of its own."""
    return [
        models.UniqueConstraint(
            fields=["learner", *fields], condition=Q(learner__isnull=False), name=f"{name}_learner_unique"
        ),
        models.UniqueConstraint(
            fields=["anon_id", *fields], condition=Q(learner__isnull=True), name=f"{name}_anon_unique"
        ),
    ]


@dataclass(frozen=True, slots=True)
class Owner:
    user: object | None  # settings.AUTH_USER_MODEL instance
    anon_id: str

    @classmethod
    def of(cls, row: Owned) -> Owner:
        """The owner of a stored row (without reading its user)."""
        if row.learner_id:
            return cls(row.learner, "")
        return cls(None, row.anon_id)

    @classmethod
    def by_id(cls, user_id: int | None = None, anon_id: str = "") -> Owner:
        """The owner named by ``ids`` (its account as an unsaved instance carrying only the id:
        enough to filter by, as prepared queries do, tutor/lib/prepared.py)."""
        if user_id is not None:
            from django.contrib.auth import get_user_model

            return cls(get_user_model()(pk=user_id), "")
        return cls(None, anon_id)

    @property
    def ids(self) -> dict:
        """``{"user_id": …}`` or ``{"anon_id": …}``: the owner as plain values (``Owner.by_id(**ids)``)."""
        return {"user_id": self.user.pk} if self.user is not None else {"anon_id": self.anon_id}

    @property
    def fields(self) -> dict:
        """Keyword arguments to store on a new row that belongs to this owner."""
        if self.user is not None:
            return {"learner": self.user, "anon_id": ""}
        return {"learner": None, "anon_id": self.anon_id}

    @property
    def q(self) -> Q:
        """Filter for rows that belong to this owner."""
        return self.q_through("")

    def q_through(self, relation: str) -> Q:
        """Filter for rows whose ``relation`` (e.g. "issued") belongs to this owner: a join, not a subquery."""
        prefix = f"{relation}__" if relation else ""
        if self.user is not None:
            return Q(**{f"{prefix}learner": self.user})
        return Q(**{f"{prefix}learner__isnull": True, f"{prefix}anon_id": self.anon_id})
