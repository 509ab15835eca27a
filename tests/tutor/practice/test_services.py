from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from engine.rules import PRESETS
from engine.scenarios import ENGINE_VERSION, FIXED, generate
from tutor.practice.identity import Owner
from tutor.practice.models import Attempt, Issued, Mode
from tutor.practice.services import MAX_TIME_TAKEN, AnswerRejected, ScenarioNotFound, issue, submit
from tutor.practice.signals import attempt_recorded

from .conftest import owner_of


@pytest.fixture
def received():
    calls = []

    def receiver(sender, attempt, **kwargs):
        calls.append((attempt.pk, connection.in_atomic_block))

    attempt_recorded.connect(receiver, dispatch_uid="test-services-receiver")
    yield calls
    attempt_recorded.disconnect(dispatch_uid="test-services-receiver")


def test_issue_stores_the_position_and_its_answer_key_for_the_owner(alice):
    issued = issue(owner=owner_of(alice), mode=Mode.FAMILY, family="validas", difficulty=2, seed=7)
    expected = generate("validas", 7, 2)
    stored = Issued.objects.get(pk=issued.pk)
    assert stored.learner == alice and stored.anon_id == ""
    assert stored.scenario == expected.to_dict()
    assert stored.get_scenario().answer == expected.answer
    assert (stored.family, stored.difficulty, stored.seed) == ("validas", 2, 7)
    assert stored.rule_ids == list(expected.rule_ids)
    assert stored.rules == PRESETS["guia"].to_dict()


def test_issue_aims_at_a_rule_under_other_table_rules(alice):
    rules = PRESETS["estricta"]
    issued = issue(
        owner=owner_of(alice), mode=Mode.SKILL, family="jugada", rules=rules, target="R-OBL-MONTAR", seed=3
    )
    assert "R-OBL-MONTAR" in issued.rule_ids
    assert issued.get_rules() == rules


def test_issue_for_an_anonymous_visitor_keeps_their_id(db):
    issued = issue(owner=Owner(None, "abc123"), mode=Mode.FAMILY, family="tantos")
    assert issued.learner is None and issued.anon_id == "abc123"


def test_issue_keeps_a_fixed_example_exactly_as_the_seeds_pose_it(alice):
    scenario = FIXED["guia-empate-75"]
    issued = issue(owner=owner_of(alice), mode=Mode.FIXED, family="tantos", scenario=scenario)
    assert issued.fixed_id == "guia-empate-75"
    assert issued.scenario == scenario.to_dict()


def test_issue_refuses_an_unknown_mode(alice):
    with pytest.raises(ValueError):
        issue(owner=owner_of(alice), mode="trampa", family="jugada")


def test_submit_grades_logs_and_signals_once(alice, cual_puedes_jugar, received):
    attempt, created = submit(owner=owner_of(alice), token=cual_puedes_jugar.token, raw="4c")
    assert created
    assert attempt.correct is False
    assert attempt.misconception == "no_monto"
    assert attempt.answer == "4c"
    assert attempt.learner == alice
    assert attempt.family == "jugada" and attempt.mode == Mode.FIXED
    assert attempt.rule_ids == ["R-OBL-MONTAR", "R-OBL-ASISTIR"]
    assert attempt.engine_version == ENGINE_VERSION
    assert attempt.grade["expected"] == ["12c"]
    assert received == [(attempt.pk, True)]


def test_a_replay_returns_the_first_attempt_and_counts_nothing(alice, cual_puedes_jugar, received):
    first, _ = submit(owner=owner_of(alice), token=cual_puedes_jugar.token, raw="4c")
    again, created = submit(owner=owner_of(alice), token=cual_puedes_jugar.token, raw="12c")
    assert not created
    assert again.pk == first.pk and again.correct is False
    assert Attempt.objects.count() == 1
    assert len(received) == 1


def test_another_owners_token_is_not_found(alice, bob, cual_puedes_jugar, received):
    with pytest.raises(ScenarioNotFound):
        submit(owner=owner_of(bob), token=cual_puedes_jugar.token, raw="12c")
    with pytest.raises(ScenarioNotFound):
        submit(owner=Owner(None, "anon"), token=cual_puedes_jugar.token, raw="12c")
    assert not Attempt.objects.exists() and received == []


@pytest.mark.parametrize(
    "raw, message",
    [
        ("3o", "no está entre tus cartas"),
        ("99z", "No entiendo la carta"),
        (["12c", "4c"], "Elige una sola respuesta"),
    ],
)
def test_an_unreadable_answer_is_rejected_with_a_spanish_reason(alice, cual_puedes_jugar, raw, message):
    with pytest.raises(AnswerRejected) as excinfo:
        submit(owner=owner_of(alice), token=cual_puedes_jugar.token, raw=raw)
    assert message in excinfo.value.message
    assert not Attempt.objects.exists()


def test_time_taken_is_measured_on_the_server_and_capped(alice, cual_puedes_jugar):
    Issued.objects.filter(pk=cual_puedes_jugar.pk).update(
        issued_at=cual_puedes_jugar.issued_at - timedelta(hours=5)
    )
    attempt, _ = submit(owner=owner_of(alice), token=cual_puedes_jugar.token, raw="12c")
    assert attempt.time_taken_ms == MAX_TIME_TAKEN.total_seconds() * 1000


def test_time_taken_of_a_quick_answer_is_small(alice, cual_puedes_jugar):
    Issued.objects.filter(pk=cual_puedes_jugar.pk).update(
        issued_at=cual_puedes_jugar.issued_at - timedelta(seconds=12)
    )
    attempt, _ = submit(owner=owner_of(alice), token=cual_puedes_jugar.token, raw="12c")
    assert 12_000 <= attempt.time_taken_ms < 20_000


def test_submit_reads_the_scenario_with_a_bounded_number_of_queries(alice, cual_puedes_jugar):
    with CaptureQueriesContext(connection) as queries:
        submit(owner=owner_of(alice), token=cual_puedes_jugar.token, raw="12c")
    # Practice: lock+read the issued row, look for an attempt, savepoint, insert, release (+ outer
    # transaction), about 7; the attempt_recorded receivers add a fixed handful keyed by owner and skill.
    assert len(queries) <= 22
