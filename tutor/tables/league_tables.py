"""A league fixture played at a table of the app: the two pairs seated, partners opposite, the league's
table rules; the match's end records the fixture's result (``leagues.settle_from_table``)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from engine.rules import preset
from tutor.play.table import PlayRefused
from tutor.tables import leagues, services
from tutor.tables.models import Fixture, League, RenuncioRule, Seat, Table


@dataclass(frozen=True)
class Opened:
    table: Table
    created: bool  # False: the fixture already had its table open (nothing doubled)


def open_table(*, user, league: League, fixture_id: int, manages: bool) -> Opened:
    """The table of fixture ``fixture_id``: opened by its league's manager or one of its four players.

    The home pair sits at seats 1 and 3 (0 and 2 here), the away pair at 2 and 4 — partners opposite —
    each in «examen» mode (a league match has no tutor), renuncio as at a real table. All four seats
    are people's: one who does not come is played by a bot after the table's away time, as at any
    table, and takes the seat back on arrival. A fixture whose table is open is answered with that
    table; one already played, or a league of named pairs (no accounts to seat), is refused."""
    with transaction.atomic():
        fixture = leagues._locked_fixture(league, fixture_id)
        if fixture.home.first_id is None:
            raise PlayRefused(
                _(
                    "Las parejas de esta liga son nombres, no cuentas: juega el partido en una mesa física y anota el resultado."
                )
            )
        if not manages and not leagues.plays_in(fixture, user):
            raise PlayRefused(
                _("Solo quien organiza la liga o las parejas del partido pueden abrir su mesa.")
            )
        if fixture.table_id is not None and not fixture.table.over:
            return Opened(fixture.table, False)
        seating = [fixture.home.first, fixture.away.first, fixture.home.second, fixture.away.second]
        table = services.create_table(
            user=seating[0],
            rules=preset(league.rules),
            level="normal",
            renuncio=RenuncioRule.REAL,
            seat=0,
            mode="examen",
            classroom=league.classroom,
        )
        now = timezone.now()
        Seat.objects.bulk_create(
            Seat(table=table, number=n, user=u, mode="examen", last_seen=now)
            for n, u in enumerate(seating)
            if n
        )
        if table.created_by_id != user.pk:
            Table.objects.filter(pk=table.pk).update(created_by=user)  # who opened it may close it
            table.created_by = user
        Fixture.objects.filter(pk=fixture.pk).update(table=table)
    return Opened(table, True)
