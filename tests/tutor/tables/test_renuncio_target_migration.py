"""Matches a renuncio lost before the winners were given the target are scored as the engine scores
them now (tables 0007): a league's «0 – 0» with a winner becomes 0 – 3, a table's 1 – 0 won by pair B
becomes 1 – 3; finished matches and fixtures already at the target stay as they were."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

BEFORE = [("tables", "0006_seat_plain")]
AFTER = [("tables", "0007_renuncio_gives_the_target")]


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_matches_lost_by_a_renuncio_give_their_winners_the_target():
    apps = _migrate(BEFORE)
    User = apps.get_model("accounts", "User")
    Table = apps.get_model("tables", "Table")
    League = apps.get_model("tables", "League")
    LeaguePair = apps.get_model("tables", "LeaguePair")
    Fixture = apps.get_model("tables", "Fixture")
    ana = User.objects.create(username="ana")
    guia = {"renuncio": "pierde_partida", "partida": "tres_manos"}

    def table(token, points, winner, reason="partida"):
        return Table.objects.create(
            token=token,
            code=token[:6].upper(),
            created_by=ana,
            rules=guia,
            seed=1,
            first_dealer=0,
            points=points,
            winner=winner,
            closed_reason=reason,
        )

    by_renuncio, by_points, closed = (
        table("t" * 22, [1, 0], 1),
        table("u" * 22, [3, 1], 0),
        table("v" * 22, [2, 1], None, "cerrada"),
    )
    league = League.objects.create(organiser=ana, name="Liga", rules="guia")
    a, b, c = (LeaguePair.objects.create(league=league, name=n) for n in "ABC")
    now = timezone.now()
    pasted = Fixture.objects.create(
        league=league, round=1, home=a, away=b, home_points=0, away_points=0, winner=1, played_at=now
    )
    typed = Fixture.objects.create(
        league=league, round=2, home=a, away=c, home_points=3, away_points=2, winner=0, played_at=now
    )
    unplayed = Fixture.objects.create(league=league, round=3, home=b, away=c)
    apps = _migrate(AFTER)
    Table, Fixture = apps.get_model("tables", "Table"), apps.get_model("tables", "Fixture")
    assert Table.objects.get(pk=by_renuncio.pk).points == [1, 3]
    assert Table.objects.get(pk=by_points.pk).points == [3, 1]
    assert Table.objects.get(pk=closed.pk).points == [2, 1]
    assert Fixture.objects.filter(pk=pasted.pk).values_list("home_points", "away_points", "winner").get() == (
        0,
        3,
        1,
    )
    assert Fixture.objects.filter(pk=typed.pk).values_list("home_points", "away_points").get() == (3, 2)
    assert Fixture.objects.get(pk=unplayed.pk).played_at is None
    _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
