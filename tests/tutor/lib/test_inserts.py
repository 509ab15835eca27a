"""insert(): the row Model.objects.create writes, by an INSERT built once per model and database;
the practice loop's writes (an answer's attempt, a question issued) go through it."""

import pytest
from django.db import connection
from django.db.models.signals import post_save, pre_save
from django.test.utils import CaptureQueriesContext

from engine.rules import GUIA
from engine.scenarios import generate, grade
from tests.tutor.progress.factories import anonymous, owner_of
from tutor.lib.inserts import insert
from tutor.practice.models import Attempt, Issued, Mode
from tutor.practice.services import issue, submit

_SKIP = {"id", "token", "issued_at", "created_at", "issued_id"}


def _columns(model, pk) -> dict:
    row = model.objects.filter(pk=pk).values().get()
    return {name: value for name, value in row.items() if name not in _SKIP}


@pytest.mark.parametrize("who", ["account", "visitor"])
def test_the_rows_are_those_create_writes(alice, who):
    owner = owner_of(alice) if who == "account" else anonymous()
    scenario = generate("validas", 7, 2, GUIA)
    fields = dict(
        **owner.fields,
        mode=Mode.FAMILY,
        family=scenario.family,
        difficulty=scenario.difficulty,
        seed=scenario.seed,
        rule_ids=list(scenario.rule_ids),
        rules=scenario.rules.to_dict(),
        scenario=scenario.to_dict(),
    )
    created = Issued.objects.create(**fields)
    inserted = insert(Issued(**fields))
    assert inserted.pk is not None and inserted.pk != created.pk
    assert not inserted._state.adding and inserted._state.db == "default"
    assert inserted.issued_at is not None  # auto_now_add stamped the instance, as save() does
    assert _columns(Issued, inserted.pk) == _columns(Issued, created.pk)
    assert Issued.objects.get(pk=inserted.pk).issued_at == inserted.issued_at
    assert Issued.objects.get(pk=inserted.pk).token == inserted.token

    result = grade(scenario, [scenario.options[0].value] if scenario.options else ["0"])
    values = dict(
        **owner.fields,
        mode=Mode.FAMILY,
        family=scenario.family,
        difficulty=2,
        rule_ids=list(scenario.rule_ids),
        rules=scenario.rules.to_dict(),
        answer=result.given,
        correct=result.correct,
        misconception=result.misconception or "",
        grade=result.to_dict(),
        engine_version="x",
        time_taken_ms=1234,
    )
    by_orm = Attempt.objects.create(issued=created, **values)
    with CaptureQueriesContext(connection) as queries:
        by_insert = insert(Attempt(issued=inserted, **values))
    assert len(queries) == 1 and queries[0]["sql"].startswith("INSERT")
    assert _columns(Attempt, by_insert.pk) == _columns(Attempt, by_orm.pk)
    assert Attempt.objects.get(pk=by_insert.pk).issued_id == inserted.pk
    assert Attempt.objects.get(pk=by_insert.pk).grade == result.to_dict()


def test_the_models_written_so_have_no_save_signals():
    # insert() sends none: a receiver added for them would be skipped silently.
    for model in (Issued, Attempt):
        assert not pre_save.has_listeners(model) and not post_save.has_listeners(model)


def test_an_issued_question_is_drawn_from_the_scenario_kept_and_rebuilt_once(alice):
    issued = issue(owner=owner_of(alice), mode=Mode.FAMILY, family="jugada", difficulty=1, seed=3)
    kept = issued.get_scenario()
    assert kept == generate("jugada", 3, 1, GUIA)
    assert issued.get_scenario() is kept
    read = Issued.objects.get(pk=issued.pk)
    assert read.get_scenario() == kept and read.get_scenario() is read.get_scenario()
    read.scenario = generate("ganador", 5, 1, GUIA).to_dict()  # another value: built again
    assert read.get_scenario().family == "ganador"
    attempt, created = submit(owner=owner_of(alice), token=issued.token, raw=list(kept.answer))
    assert created and attempt.correct and Attempt.objects.filter(pk=attempt.pk, issued=issued).exists()
