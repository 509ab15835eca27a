"""The migration that lets a hand's play hold a cante item beside its play item goes back too: the cante
items, which the schema before it cannot hold, are dropped, and every other item stays."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from tutor.hands.models import HandRecord
from tutor.progress.models import TableRetry

BEFORE = [("progress", "0005_table_retry")]


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)


def _item(row, kind: str) -> TableRetry:
    return TableRetry.objects.create(
        learner=row.learner,
        record=row,
        play=4,  # a cante asked after the first baza and the play item of the next trick's first card
        seat=0,
        kind=kind,
        card="-" if kind == TableRetry.Kind.CANTE else "1o",
        grades={},
        due=timezone.now(),
    )


@pytest.mark.django_db(transaction=True)
def test_going_back_drops_the_cante_items_and_keeps_the_rest(alice):
    row = HandRecord.objects.create(learner=alice, source="pegada", seat=0, text="", played_at=timezone.now())
    play = _item(row, TableRetry.Kind.PLAY)
    _item(row, TableRetry.Kind.CANTE)
    _migrate(BEFORE)
    with connection.cursor() as cur:
        cur.execute("SELECT id, kind FROM progress_tableretry")
        assert cur.fetchall() == [(play.pk, "jugada")]
    _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
    assert list(TableRetry.objects.values_list("pk", flat=True)) == [play.pk]
