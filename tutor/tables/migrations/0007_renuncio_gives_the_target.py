"""A match a renuncio lost gives its winners the points they lacked to the target (engine.match,
Match.record): tables and league fixtures finished before that kept the winners short of it (a league's
«0 – 0» with a winner). Their winners are given the target now, as the engine scores them today."""

from django.db import migrations

from engine.match import Match
from engine.rules import TableRules, preset


def give_the_target(apps, schema_editor):
    Table = apps.get_model("tables", "Table")
    Fixture = apps.get_model("tables", "Fixture")
    for table in Table.objects.filter(closed_reason="partida", winner__in=(0, 1)).iterator():
        points = list(table.points or [])
        target = Match(TableRules.from_spec(table.rules)).target
        if len(points) == 2 and points[table.winner] < target:
            points[table.winner] = target
            Table.objects.filter(pk=table.pk).update(points=points)
    played = Fixture.objects.filter(played_at__isnull=False, winner__in=(0, 1)).select_related("league")
    for f in played.iterator():
        target = Match(preset(f.league.rules)).target
        field = "home_points" if f.winner == 0 else "away_points"
        if getattr(f, field) < target:
            Fixture.objects.filter(pk=f.pk).update(**{field: target})


class Migration(migrations.Migration):
    dependencies = [("tables", "0006_seat_plain")]

    operations = [migrations.RunPython(give_the_target, migrations.RunPython.noop)]
