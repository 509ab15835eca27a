"""Leagues of pairs: the round-robin draw, results entered once, and the standings."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tutor.play.table import PlayRefused
from tutor.practice.models import only_row
from tutor.tables.models import Fixture, League, LeaguePair

MAX_PAIRS = 16


def round_robin(n: int, home_and_away: bool = False) -> list[list[tuple[int, int]]]:
    """Rounds of (home, away) indexes so that every pair meets every other once (twice, the second
    time with home and away swapped): the circle method, with a rest for one pair when ``n`` is odd."""
    slots = list(range(n)) + ([None] if n % 2 else [])
    m = len(slots)
    rounds = []
    for r in range(m - 1):
        games = []
        for i in range(m // 2):
            a, b = slots[i], slots[m - 1 - i]
            if a is not None and b is not None:
                games.append((a, b) if (r + i) % 2 == 0 else (b, a))
        rounds.append(games)
        slots = [slots[0], slots[-1], *slots[1:-1]]
    if home_and_away:
        rounds += [[(b, a) for a, b in games] for games in rounds]
    return rounds


def create_league(*, organiser, name: str, rules: str, pair_names: list[str], home_and_away: bool) -> League:
    names = list(dict.fromkeys(n.strip()[:80] for n in pair_names if n.strip()))
    if not 3 <= len(names) <= MAX_PAIRS:
        raise PlayRefused(_("Una liga tiene de 3 a 16 parejas, cada una en su línea y con nombre distinto."))
    with transaction.atomic():
        league = League.objects.create(
            organiser=organiser, name=name, rules=rules, home_and_away=home_and_away
        )
        pairs = [LeaguePair.objects.create(league=league, name=n) for n in names]
        Fixture.objects.bulk_create(
            Fixture(league=league, round=r, home=pairs[h], away=pairs[a])
            for r, games in enumerate(round_robin(len(pairs), home_and_away), 1)
            for h, a in games
        )
    return league


def enter_result(*, organiser, league_id: int, fixture_id: int, home: int, away: int) -> Fixture:
    """The match's points of a fixture, once: a fixture already played is refused (nothing changes)."""
    if home == away:
        raise PlayRefused(_("Una partida de Tute tiene ganador: los puntos no pueden ser iguales."))
    with transaction.atomic():
        fixture = only_row(
            Fixture.objects.select_for_update().filter(
                pk=fixture_id, league_id=league_id, league__organiser=organiser
            )
        )
        if fixture is None:
            raise PlayRefused(_("Ese partido no existe."))
        if fixture.played_at is not None:
            raise PlayRefused(_("Ese partido ya tiene resultado: no se juega dos veces."))
        fixture.home_points, fixture.away_points, fixture.played_at = home, away, timezone.now()
        fixture.save(update_fields=["home_points", "away_points", "played_at"])
    return fixture


@dataclass
class Row:
    pair: str
    played: int = 0
    won: int = 0
    lost: int = 0
    points_for: int = 0
    points_against: int = 0

    @property
    def difference(self) -> int:
        return self.points_for - self.points_against


def standings(league: League) -> list[Row]:
    """Matches won first, then the difference of the matches' points, then the points won."""
    rows = {p.pk: Row(p.name) for p in league.pairs.order_by("name")}
    for f in league.fixtures.filter(played_at__isnull=False):
        for me, mine, theirs in (
            (f.home_id, f.home_points, f.away_points),
            (f.away_id, f.away_points, f.home_points),
        ):
            row = rows[me]
            row.played += 1
            row.won += mine > theirs
            row.lost += mine < theirs
            row.points_for += mine
            row.points_against += theirs
    return sorted(rows.values(), key=lambda r: (-r.won, -r.difference, -r.points_for, r.pair))
